// One memory run: a fresh server, a mixed call plan, a warm-up, then the measured window of calls.
import { listTools } from '../fuzz/run.js';
import { type AppName, spawnApp } from '../servers.js';
import { planCalls } from './call-mix.js';
import { type DriveReport, drive } from './drive.js';
import { HEAP_PROBE_ARGS, liveHeapMiB } from './heap-reader.js';

export interface MemoryRunOptions {
  /** Calls before the measured window (V8 grows its heap toward a plateau over the first ~5-10k). */
  warmup: number;
  calls: number;
}

export interface MemoryReport extends DriveReport {
  /** Live heap after a full GC, before and after the measured window: what a leak keeps. */
  liveHeapBeforeMiB: number;
  liveHeapAfterMiB: number;
  liveHeapGrowthMiB: number;
}

/**
 * No pre-flight limiter pacing: the load measures memory, not the documented rates. Under those rates the
 * limiter held calls up to its 500 ms mock-mode wait (Ads: 5/s per operation after a burst of 10, and the
 * default Ads toolset has about fifteen reads; Openbridge: one budget, 3/s after a burst of 100), so every
 * batch of 20 waited for its slowest call and a run idled for about a minute; sp-mcp refused at once instead
 * (max wait 0), so most of its calls stopped at the limiter. With the test-only rule (mock mode only, as the
 * conformance suite uses it) every call passes the limiter at once and every valid call takes the whole
 * upstream path (credentials, fetch, the mocks, parsing, _meta) on all three servers.
 */
const UNPACED = { OBMCP_MOCK_RATE_LIMIT: '100000/100000' };

export async function memoryRun(app: AppName, options: MemoryRunOptions): Promise<MemoryReport> {
  const server = await spawnApp(app, { env: UNPACED, nodeArgs: HEAP_PROBE_ARGS });
  try {
    const plan = planCalls(await listTools(server), 100);
    await drive(server, plan, options.warmup);
    const liveHeapBeforeMiB = await liveHeapMiB(server);
    const report = await drive(server, plan, options.calls);
    const liveHeapAfterMiB = await liveHeapMiB(server);
    return {
      ...report,
      liveHeapBeforeMiB,
      liveHeapAfterMiB,
      liveHeapGrowthMiB: liveHeapAfterMiB - liveHeapBeforeMiB,
    };
  } finally {
    await server.close();
  }
}
