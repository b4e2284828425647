// Where Δ goes (phase-probe.mjs in obmcp and the Server baseline) and cold start to the first tools/list.
import { PHASE_PROBE, SHAPE, start, timed } from './latency.mjs';
import { pct } from './stats.mjs';

export const PHASES = ['toHandler', 'toFetch', 'inFetch', 'afterFetch', 'toWrite'];
export const PHASE_ROUNDS = 1500;

export async function phasesOf(p) {
  const [ob, bare] = await Promise.all([start(p.app, {}, [PHASE_PROBE]), start('server', {}, [PHASE_PROBE])]);
  for (let round = 0; round < SHAPE.warmup + PHASE_ROUNDS; round++) {
    await timed(ob.client, p.tool, p.args);
    await timed(bare.client, p.bare, p.args);
  }
  await Promise.all([ob.close(), bare.close()]);
  await new Promise((r) => setTimeout(r, 300));
  const read = (s) => JSON.parse(/OBMCP_PHASES (.*)/.exec(s.stderr())?.[1] ?? '{}');
  return { obmcp: read(ob), bare: read(bare) };
}

/** Spawn → initialize → tools/list, median of `runs`, for an app or a baseline. */
export async function coldStart(name, runs = 3) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const s = await start(name);
    await s.client.listTools();
    samples.push(performance.now() - t0);
    await s.close();
  }
  return pct(samples, 50);
}
