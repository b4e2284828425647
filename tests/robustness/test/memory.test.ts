// Memory stays flat across many mixed calls (child VmRSS sampled per batch; 10 000 calls run in `pnpm fuzz`).
import { describe, expect, it } from 'vitest';
import { listTools } from '../src/fuzz/run.js';
import { planCalls } from '../src/load/call-mix.js';
import { drive } from '../src/load/drive.js';
import { APPS, spawnApp } from '../src/servers.js';

const CALLS = Number(process.env.MEMORY_CALLS ?? 2_000);
const MAX_GROWTH_MIB = 60;

describe('memory', () => {
  it.each(APPS)(`%s: RSS trough growth over ${CALLS} calls < ${MAX_GROWTH_MIB} MiB`, async (app) => {
    // sp-mcp: no limiter wait (RATE_LIMITED at once) so 2 000 calls are not paced by SP-API's documented rates.
    const server = await spawnApp(app, { env: { SP_API_LIMITER_MAX_WAIT_MS: '0' } });
    const plan = planCalls(await listTools(server), 100);
    await drive(server, plan, 1_000); // warm-up: V8 grows its heap to a plateau over the first ~1-3k calls
    const report = await drive(server, plan, CALLS);
    const { samples: _s, ...summary } = report;
    console.log(`${app}: ${JSON.stringify(summary)}`);
    expect(report.unanswered).toBe(0);
    // Post-GC troughs must not climb (a plain before/after delta mostly measures when V8 last collected).
    expect(report.troughGrowthMiB).toBeLessThan(MAX_GROWTH_MIB);
    expect(report.peakMiB - report.rssBeforeMiB).toBeLessThan(2 * MAX_GROWTH_MIB);
    await server.close();
  });
});
