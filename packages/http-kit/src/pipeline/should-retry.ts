// Which failed attempts the pipeline repeats: throttling always, 5xx/408 and timeouts only when safe to repeat.
import { UpstreamHttpError, UpstreamTransportError } from '@obmcp/contract';
import type { RetryDecision } from '../retry.js';
import { defaultShouldRetry } from '../should-retry.js';

/** A throttled request was not executed upstream, so repeating it is safe even for a write. */
export function pipelineShouldRetry(idempotent: boolean): (error: unknown, attempt: number) => RetryDecision {
  return (error, attempt) => {
    if (error instanceof UpstreamHttpError && error.status === 429) return defaultShouldRetry(error, attempt);
    if (!idempotent) return { retry: false };
    if (error instanceof UpstreamHttpError || error instanceof UpstreamTransportError) {
      return defaultShouldRetry(error, attempt);
    }
    return { retry: false };
  };
}
