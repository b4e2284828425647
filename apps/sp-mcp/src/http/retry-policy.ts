// Bounded retry for SP-API calls: GETs retry 429/5xx/timeouts with jitter; writes retry only 429.
import { UpstreamHttpError } from '@obmcp/contract';
import { defaultShouldRetry, type RetryPolicy } from '@obmcp/http-kit';
import type { SpConfig } from '../config.js';

export function spRetryPolicy(config: SpConfig, idempotent: boolean, signal?: AbortSignal): RetryPolicy {
  return {
    maxAttempts: config.maxAttempts,
    ...config.retryDelays,
    maxTotalMs: config.retryMaxTotalMs,
    // A throttled write was not executed, so repeating it is safe; a 5xx or timeout may have been.
    shouldRetry: idempotent
      ? defaultShouldRetry
      : (error, attempt) =>
          error instanceof UpstreamHttpError && error.status === 429
            ? defaultShouldRetry(error, attempt)
            : { retry: false },
    ...(signal ? { signal } : {}),
  };
}
