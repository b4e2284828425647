// withRetry: bounded attempts with full-jitter backoff, Retry-After honoured within a total budget.
import { sleep as defaultSleep } from './sleep.js';

export interface RetryDecision {
  retry: boolean;
  /** Upstream's Retry-After (seconds); replaces the jittered backoff for this wait. */
  retryAfterSeconds?: number;
}

export interface RetryPolicy {
  /** Total attempts including the first (≥ 1). */
  maxAttempts: number;
  /** Backoff before retry n is random() × min(maxDelayMs, baseDelayMs × 2^(n-1)). */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Budget for attempts + waits; a wait that would end past it is not started. */
  maxTotalMs: number;
  shouldRetry(error: unknown, attempt: number): RetryDecision;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** In [0, 1); default Math.random. */
  random?: () => number;
  /** Clock in ms; default Date.now. */
  now?: () => number;
  /** Aborting stops retrying (the pending wait rejects with the signal's reason). */
  signal?: AbortSignal;
}

/** Runs attempt(1), attempt(2)… until one resolves or the policy gives up; throws the last error. */
export function withRetry<T>(attempt: (n: number) => Promise<T>, policy: RetryPolicy): Promise<T> {
  const started = (policy.now ?? Date.now)();
  // The first attempt runs without an async frame of ours: most calls succeed on it.
  let first: Promise<T>;
  try {
    first = attempt(1);
  } catch (error) {
    first = Promise.reject(error);
  }
  return first.catch((error: unknown) => retryAfter(error, attempt, policy, started));
}

/** Attempts 2… after attempt 1 failed with `error`. */
async function retryAfter<T>(
  error: unknown,
  attempt: (n: number) => Promise<T>,
  policy: RetryPolicy,
  started: number,
): Promise<T> {
  const now = policy.now ?? Date.now;
  const random = policy.random ?? Math.random;
  const sleep = policy.sleep ?? defaultSleep;
  const maxAttempts = Math.max(1, Math.floor(policy.maxAttempts));
  let last = error;
  for (let n = 1; ; n++) {
    if (n >= maxAttempts || policy.signal?.aborted) throw last;
    const decision = policy.shouldRetry(last, n);
    if (!decision.retry) throw last;
    const waitMs = retryWaitMs(decision, n, policy, random);
    const remainingMs = policy.maxTotalMs - (now() - started);
    if (!(waitMs <= remainingMs)) throw last;
    await sleep(waitMs, policy.signal);
    try {
      return await attempt(n + 1);
    } catch (next) {
      last = next;
    }
  }
}

function retryWaitMs(decision: RetryDecision, n: number, policy: RetryPolicy, random: () => number): number {
  const after = decision.retryAfterSeconds ?? Number.NaN;
  if (Number.isFinite(after) && after >= 0) return after * 1000;
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (n - 1));
  return Math.max(0, Math.min(1, random())) * Math.max(0, ceiling);
}
