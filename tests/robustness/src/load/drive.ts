// Runs a planned call mix N times over one server, `concurrency` in flight, and reports RSS before/after.
import type { RawServer } from '../raw-stdio.js';
import { rssMiB } from './answer.js';
import type { PlannedCall } from './call-mix.js';

export interface DriveReport {
  calls: number;
  unanswered: number;
  rssBeforeMiB: number;
  rssAfterMiB: number;
  /** VmRSS after every batch. */
  samples: number[];
  /** Min of the last quarter of samples − min of the first quarter (post-GC troughs: a leak keeps rising). */
  troughGrowthMiB: number;
  peakMiB: number;
  ms: number;
}

export function troughGrowth(samples: readonly number[]): number {
  const q = Math.max(1, Math.floor(samples.length / 4));
  return Math.min(...samples.slice(-q)) - Math.min(...samples.slice(0, q));
}

export async function drive(
  server: RawServer,
  plan: readonly PlannedCall[],
  total: number,
  concurrency = 20,
): Promise<DriveReport> {
  const started = Date.now();
  const rssBeforeMiB = await rssMiB(server.pid);
  let unanswered = 0;
  const samples: number[] = [];
  for (let i = 0; i < total; i += concurrency) {
    await Promise.all(
      Array.from({ length: Math.min(concurrency, total - i) }, (_, j) => {
        const call = plan[(i + j) % plan.length]!;
        return server.callToolText(call.tool, JSON.stringify(call.args), 30_000).catch(() => {
          unanswered += 1;
        });
      }),
    );
    samples.push(await rssMiB(server.pid));
  }
  return {
    calls: total,
    unanswered,
    rssBeforeMiB,
    rssAfterMiB: samples.at(-1) ?? rssBeforeMiB,
    samples,
    troughGrowthMiB: troughGrowth(samples),
    peakMiB: Math.max(...samples),
    ms: Date.now() - started,
  };
}
