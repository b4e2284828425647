// CI-sized fuzz of every fuzz target of every app over real stdio: envelopes valid, process up, answers bounded.
import { describe, expect, it } from 'vitest';
import { fuzzServer } from '../src/fuzz/run.js';
import { formatStats } from '../src/fuzz/stats.js';
import { APPS, spawnApp } from '../src/servers.js';

const CASES_PER_TOOL = Number(process.env.FUZZ_CASES_PER_TOOL ?? 4);
const SEED = Number(process.env.FUZZ_SEED ?? 20260);

describe.each(APPS)('fuzz %s', (app) => {
  it(`${CASES_PER_TOOL} cases per tool keep every invariant`, async () => {
    const first = await spawnApp(app);
    const { stats, server } = await fuzzServer(first, {
      name: app,
      casesPerTool: CASES_PER_TOOL,
      seed: SEED,
    });
    console.log(formatStats(stats));
    const exit = await server.close();
    expect(stats.violations, formatStats(stats)).toEqual([]);
    expect(stats.crashes).toBe(0);
    expect(stats.cases).toBeGreaterThan(40);
    expect(exit).toMatchObject({ code: 0, killed: false });
  });
});
