// storeRetry: a task-store call that met a Redis stall or a dropped connection is tried again, within a time budget.
import { UnknownCursorError } from '@obmcp/mcp-server/tasks';
import { withRetry } from '../retry.js';

/** How long one store call keeps trying (attempts, each bounded by the command timeout, plus waits). */
export interface StoreRetryOptions {
  /** Total budget of one call, ms (default 15 s: a Redis stall of a few seconds is ridden out). */
  budgetMs?: number;
  /** Backoff before retry n is random() × min(maxDelayMs, baseDelayMs × 2^(n-1)). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Told of every retry (a log line). */
  onRetry?: (error: unknown, attempt: number) => void;
}

export const STORE_RETRY_DEFAULTS = { budgetMs: 15_000, baseDelayMs: 100, maxDelayMs: 1_000 } as const;

/** Redis replies that say "not now" rather than "never": loading its data after a restart, busy, failing over. */
const TRANSIENT_REPLY = /^(LOADING|BUSY|TRYAGAIN|MASTERDOWN|CLUSTERDOWN|READONLY)\b/;

/**
 * Transient: anything but an answer that would be the same next time — a cursor this store did not
 * issue, or a Redis error reply (a script error) other than the "not now" ones. Timeouts, refused or
 * dropped connections and ioredis's own "max retries per request" are transient.
 */
export function isTransientStoreError(error: unknown): boolean {
  if (error instanceof UnknownCursorError) return false;
  if (!(error instanceof Error)) return false;
  if (error.name === 'ReplyError') return TRANSIENT_REPLY.test(error.message);
  return true;
}

/** Runs `call`, retrying transient failures with full-jitter backoff until the budget is spent. */
export function storeRetry<T>(call: () => Promise<T>, options: StoreRetryOptions = {}): Promise<T> {
  const { budgetMs, baseDelayMs, maxDelayMs } = { ...STORE_RETRY_DEFAULTS, ...options };
  return withRetry(() => call(), {
    maxAttempts: Number.POSITIVE_INFINITY,
    baseDelayMs,
    maxDelayMs,
    maxTotalMs: budgetMs,
    shouldRetry: (error, attempt) => {
      const retry = isTransientStoreError(error);
      if (retry) options.onRetry?.(error, attempt);
      return { retry };
    },
  });
}
