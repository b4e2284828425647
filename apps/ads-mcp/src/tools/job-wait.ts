// How ads-mcp waits on an Ads job (report, export, snapshot): the polling cadence and the "still running" warning.
import type { CallContext } from '@obmcp/contract';
import { pollCadence } from '@obmcp/mcp-server/tasks';
import type { Config } from '../config.js';

/**
 * Milliseconds before the next poll: 2.5 % of the time waited so far, from 2 s up to 30 s (Amazon Ads
 * documents backing off between 2 s and a maximum delay, reference/concepts/rate-limiting.md), so a job
 * is seen done at most 2.5 % of its run time late; the limiter paces every poll too. Divided by the
 * mocks' time scale in mock mode.
 */
export function adsJobCadence(
  config: Pick<Config, 'pollTimeScale'>,
): (n: number, elapsedMs: number) => number {
  return pollCadence({ firstMs: 2_000, maxMs: 30_000, share: 0.025 }, config.pollTimeScale);
}

export interface StillRunning {
  /** 'Report', 'Export', 'Snapshot'. */
  what: string;
  id: string;
  status: string;
  waitSeconds: number;
  /** What to call later. */
  later: string;
}

/** The partial_results warning of a job that was not done when the wait ran out. */
export function warnStillRunning(call: CallContext, s: StillRunning): void {
  const lower = s.what.toLowerCase();
  call.meta.addWarning({
    kind: 'partial_results',
    summary: `${s.what} ${s.id} is still ${s.status} after ${s.waitSeconds} s.`,
    details: [{ path: 'waitSeconds', issue: `${lower} not done in time`, received_type: 'integer' }],
    hints: [s.later],
  });
}
