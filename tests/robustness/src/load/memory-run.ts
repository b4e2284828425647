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

export async function memoryRun(app: AppName, options: MemoryRunOptions): Promise<MemoryReport> {
  // sp-mcp: no limiter wait (RATE_LIMITED at once), so the calls are not paced by SP-API's documented rates.
  const server = await spawnApp(app, { env: { SP_API_LIMITER_MAX_WAIT_MS: '0' }, nodeArgs: HEAP_PROBE_ARGS });
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
