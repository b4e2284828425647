// Runs a planned call mix N times over one server, `concurrency` in flight, and reports RSS before/after.
import type { RawServer } from '../raw-stdio.js';
import { rssMiB } from './answer.js';
import type { PlannedCall } from './call-mix.js';

export interface DriveReport {
  calls: number;
  unanswered: number;
  rssBeforeMiB: number;
  rssAfterMiB: number;
  ms: number;
}

export async function drive(server: RawServer, plan: readonly PlannedCall[], total: number, concurrency = 20): Promise<DriveReport> {
  const started = Date.now();
  const rssBeforeMiB = await rssMiB(server.pid);
  let unanswered = 0;
  for (let i = 0; i < total; i += concurrency) {
    await Promise.all(
      Array.from({ length: Math.min(concurrency, total - i) }, (_, j) => {
        const call = plan[(i + j) % plan.length]!;
        return server.callToolText(call.tool, JSON.stringify(call.args), 30_000).catch(() => {
          unanswered += 1;
        });
      }),
    );
  }
  return { calls: total, unanswered, rssBeforeMiB, rssAfterMiB: await rssMiB(server.pid), ms: Date.now() - started };
}
