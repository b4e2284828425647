// How ads-mcp waits on an Ads job (report, export, snapshot): the polling cadence and the "still running" warning.
import type { CallContext } from '@obmcp/contract';
import { backoff } from '@obmcp/contract/tasks';
import type { AdsConfig } from '../config.js';

/**
 * Milliseconds before poll n: Amazon Ads documents exponential backoff (2 s, 4 s, 8 s … with a maximum delay,
 * reference/concepts/rate-limiting.md); the limiter paces every poll too. Short in mock mode.
 */
export function adsJobCadence(config: Pick<AdsConfig, 'mock'>): (n: number) => number {
  return config.mock ? backoff(20, 1_000) : backoff(2_000, 30_000);
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
