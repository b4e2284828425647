// defaultShouldRetry: retry throttling/5xx/408 statuses and timeouts/unreachable, nothing else.
import { UpstreamHttpError, UpstreamTransportError } from '@obmcp/contract';
import type { RetryDecision } from './retry.js';

export const RETRYABLE_HTTP_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

/**
 * Retries UpstreamHttpError 408/429/500/502/503/504 (with its retryAfterSeconds) and
 * UpstreamTransportError UPSTREAM_TIMEOUT/UPSTREAM_UNREACHABLE. Not UPSTREAM_INVALID_RESPONSE,
 * other statuses, aborts or anything else. Only use it for calls that are safe to repeat.
 */
export function defaultShouldRetry(error: unknown, _attempt: number): RetryDecision {
  if (error instanceof UpstreamHttpError) {
    if (!RETRYABLE_HTTP_STATUSES.has(error.status)) return { retry: false };
    return error.retryAfterSeconds === undefined
      ? { retry: true }
      : { retry: true, retryAfterSeconds: error.retryAfterSeconds };
  }
  if (error instanceof UpstreamTransportError) {
    return { retry: error.code === 'UPSTREAM_TIMEOUT' || error.code === 'UPSTREAM_UNREACHABLE' };
  }
  return { retry: false };
}
