// Per-call stdio latency: each obmcp server against two bare SDK baselines, all three interleaved per round.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { esm } from './resolve.mjs';
import { cpuMs, pct } from './stats.mjs';

export const kit = await import(esm('@obmcp/test-kit'));
const { CANARY_ENV } = await import(new URL('../tests/robustness/dist/canaries.js', import.meta.url).href);
const here = (file) => fileURLToPath(new URL(file, import.meta.url));
/** The two baselines: the minimal low-level `Server` and the idiomatic `McpServer` with zod input schemas. */
export const BASELINES = { server: here('./bare-server.mjs'), mcp: here('./bare-mcp-server.mjs') };
export const SIDES = ['obmcp', 'server', 'mcp'];
export const PHASE_PROBE = here('./phase-probe.mjs');

export const ENV = {
  ...CANARY_ENV,
  ADS_API_PROFILE_ID: '1111111111',
  OBMCP_LOG_LEVEL: 'warn',
  // Every server's limiter still runs on every call, but with a rule far above the bench's call rate
  // (mock mode only): with the documented rates (SP getOrder 0.5/s burst 30, Ads 5/s burst 10,
  // Openbridge 3/s burst 100) the limiter would refuse or pace the calls after the burst.
  OBMCP_MOCK_RATE_LIMIT: '100000/100000',
  // The SP mock's raised usage plan (what a learned x-amzn-RateLimit-Limit would allow), kept for the
  // SP rows' headers to look like a raised plan.
  OBMCP_MOCK_SP_RATE_HEADER: '1000',
};

/** Starts an obmcp app (by name) or a baseline (`server`, `mcp`) under the mocks preload. */
export function start(name, extraEnv = {}, preloads = []) {
  const entry = BASELINES[name] ?? kit.appEntry(name);
  const args = ['--import', kit.MOCKS_PRELOAD, ...preloads.flatMap((p) => ['--import', p]), entry];
  return kit.startServer({ command: process.execPath, args, env: { ...ENV, ...extraEnv } });
}

export const PAIRS = [
  {
    label: 'ads-mcp list_profiles',
    app: 'ads-mcp',
    tool: 'list_profiles',
    bare: 'ads_list_profiles',
    args: {},
  },
  {
    label: 'openbridge-mcp get_subscriptions',
    app: 'openbridge-mcp',
    tool: 'get_subscriptions',
    bare: 'ob_get_subscriptions',
    args: {},
  },
  {
    label: 'sp-mcp get_order',
    app: 'sp-mcp',
    tool: 'get_order',
    bare: 'sp_get_order',
    args: { orderId: '902-3159896-1390916' },
  },
];

export async function timed(client, name, args) {
  const t0 = performance.now();
  const r = await client.callTool({ name, arguments: args });
  if (r.isError) throw new Error(`${name} failed: ${JSON.stringify(r.content).slice(0, 300)}`);
  return performance.now() - t0;
}

/**
 * Zero-latency shape. A fresh process runs its first calls before V8 has optimised their code, so each
 * set warms up first (its first `coldRounds` are kept apart and reported); the ratio is judged at
 * steady state. Identical processes differ by a few per cent (memory layout, JIT decisions), so each
 * pair runs `repeats` independent sets of fresh processes and pools their samples.
 */
export const SHAPE = { warmup: 2000, coldRounds: 500, blocks: 4, rounds: 500, repeats: 3, env: {} };

const SIDE_COUNT = SIDES.length;
const emptySides = () => Object.fromEntries(SIDES.map((side) => [side, []]));

/** One set of fresh processes (obmcp or the A/A stand-in, Server, McpServer) through warm-up and the blocks. */
async function oneSet(p, shape, into) {
  // A slow upstream (`shape.upstreamMs`) starts after the warm-up: the mocks read its delay from a file at
  // every request, so the processes warm up as fast as in the zero-latency shape and are measured warm.
  const dir = shape.upstreamMs === undefined ? undefined : mkdtempSync(join(tmpdir(), 'obmcp-bench-'));
  const latencyFile = dir === undefined ? undefined : join(dir, 'latency-ms');
  const env = {
    ...shape.env,
    ...(latencyFile === undefined ? {} : { OBMCP_MOCK_LATENCY_FILE: latencyFile }),
  };
  const servers = await Promise.all([start(p.app, env), ...['server', 'mcp'].map((n) => start(n, env))]);
  const call = (i) => timed(servers[i].client, i === 0 ? p.tool : p.bare, p.args);
  // Rotate who goes first so no side always gets the warmer cache.
  const round = async (r, sink) => {
    for (let k = 0; k < SIDE_COUNT; k++) {
      const i = (r + k) % SIDE_COUNT;
      const t = await call(i);
      sink?.[i]?.push(t);
    }
  };
  for (let r = 0; r < shape.warmup; r++)
    await round(r, r < shape.coldRounds ? SIDES.map((side) => into.cold[side]) : undefined);
  if (latencyFile !== undefined) writeFileSync(latencyFile, String(shape.upstreamMs));
  const pids = servers.map((x) => x.transport.pid);
  const cpu0 = pids.map(cpuMs);
  const set = SIDES.map(() => []);
  for (let block = 0; block < shape.blocks; block++) {
    const b = SIDES.map(() => []);
    for (let r = 0; r < shape.rounds; r++) await round(r, b);
    const [o, ...bases] = b.map((v) => pct(v, 50));
    into.blocks.push(bases.map((m) => o / m));
    for (const [i, v] of b.entries()) set[i]?.push(...v);
  }
  // Server CPU (all threads, GC included): steadier than wall-clock medians on a busy machine.
  pids.forEach((pid, i) => {
    into.cpuMs[i] += cpuMs(pid) - (cpu0[i] ?? Number.NaN);
  });
  const [o, ...bases] = set.map((v) => pct(v, 50));
  into.sets.push(bases.map((m) => o / m));
  for (const [i, side] of SIDES.entries()) into[side].push(...(set[i] ?? []));
  await Promise.all(servers.map((x) => x.close()));
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
}

/** Pooled samples of `shape.repeats` sets: per side, plus block and per-set ratios, cold rounds and CPU. */
export async function latencyOf(p, shape = SHAPE) {
  const s = { ...emptySides(), cold: emptySides(), blocks: [], sets: [], cpuMs: SIDES.map(() => 0) };
  for (let r = 0; r < (shape.repeats ?? 1); r++) await oneSet(p, shape, s);
  s.cpuUs = s.cpuMs.map((v) => (v * 1000) / s.obmcp.length);
  return s;
}

// The same pairs with a realistic upstream round trip (OBMCP_MOCK_LATENCY_FILE on every side), switched on
// after the zero-latency shape's warm-up so that, like the zero-latency rows, they judge warm code.
export const UPSTREAM_MS = 20;
export const WITH_LATENCY = {
  warmup: SHAPE.warmup,
  coldRounds: 0,
  blocks: 4,
  rounds: 40,
  repeats: 1,
  upstreamMs: UPSTREAM_MS,
  env: {},
};

/** A/A control: a second bare `Server` process in obmcp's seat, same tool and shape: the machine's noise floor. */
export const CONTROL = {
  label: 'A/A control: Server vs Server (sp_get_order)',
  app: 'server',
  tool: 'sp_get_order',
  bare: 'sp_get_order',
  args: { orderId: '902-3159896-1390916' },
};

export async function latency() {
  const samples = {};
  for (const p of PAIRS) samples[p.label] = await latencyOf(p);
  for (const p of PAIRS)
    samples[`${p.label} (+${UPSTREAM_MS} ms upstream)`] = await latencyOf(p, WITH_LATENCY);
  const control = await latencyOf(CONTROL);
  // The same A/A control with the realistic upstream round trip: the noise floor the +20 ms rows compare to.
  const controlWithLatency = await latencyOf(CONTROL, WITH_LATENCY);
  return { samples, control, controlWithLatency };
}
