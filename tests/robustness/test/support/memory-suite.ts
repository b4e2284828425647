// The memory test of one app (one file per app, so the three runs spread over both workers): live heap after a full
// GC, and VmRSS per batch (`pnpm fuzz`: 10 000).
import { describe, expect, it } from 'vitest';
import { memoryRun } from '../../src/load/memory-run.js';
import type { AppName } from '../../src/servers.js';

const CALLS = Number(process.env.MEMORY_CALLS ?? 2_000);
const MAX_GROWTH_MIB = 60;
const MAX_LIVE_HEAP_GROWTH_MIB = 8;

export function memorySuite(app: AppName): void {
  describe('memory', () => {
    it(`${app}: over ${CALLS} calls live heap grows < ${MAX_LIVE_HEAP_GROWTH_MIB} MiB, RSS trough < ${MAX_GROWTH_MIB} MiB`, async () => {
      // CI-sized warm-up: the heap is still growing toward its plateau here (the long run warms up 5 000).
      const report = await memoryRun(app, { warmup: 1_000, calls: CALLS });
      const { samples: _s, ...summary } = report;
      console.log(`${app}: ${JSON.stringify(summary)}`);
      expect(report.unanswered).toBe(0);
      // The precise check: live heap after a full GC, before vs after the measured window.
      expect(report.liveHeapGrowthMiB).toBeLessThan(MAX_LIVE_HEAP_GROWTH_MIB);
      // Post-GC troughs must not climb (a plain before/after delta mostly measures when V8 last collected).
      expect(report.troughGrowthMiB).toBeLessThan(MAX_GROWTH_MIB);
      expect(report.peakMiB - report.rssBeforeMiB).toBeLessThan(2 * MAX_GROWTH_MIB);
    });
  });
}
