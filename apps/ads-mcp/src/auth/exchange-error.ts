// Turns a failed credential exchange (LWA, Openbridge) into an AuthError or RateLimitedError.
import { AuthError, parseRetryAfter, RateLimitedError } from '@obmcp/contract';
import type { UpstreamResponse } from '@obmcp/http-kit';
import { parseErrorBody } from '../http/error-body.js';
import { requestIdOf } from '../http/headers.js';

export function exchangeFailure(
  service: string,
  res: UpstreamResponse,
  hints: string[],
  secrets: readonly string[],
): AuthError | RateLimitedError {
  const parsed = parseErrorBody(res.text(), res.headers.get('content-type'), secrets);
  const requestId = requestIdOf(res.headers) ?? parsed.requestId;
  if (res.status === 429) {
    return new RateLimitedError({
      summary: `${service} throttled the credential exchange (HTTP 429).`,
      details: parsed.details,
      retryAfterSeconds: parseRetryAfter(res.headers.get('retry-after')),
      hints: ['Wait before retrying; the credential exchange is rate-limited separately from API calls.'],
      requestId,
    });
  }
  const transient = res.status >= 500;
  return new AuthError({
    status: res.status,
    summary: transient
      ? `${service} credential exchange failed with HTTP ${res.status}; no access token could be obtained.`
      : `${service} rejected the configured credentials (HTTP ${res.status}${parsed.code ? `, ${parsed.code}` : ''}).`,
    details: parsed.details,
    hints: transient
      ? ['The credential service failed server-side; retry after a short backoff.', ...hints]
      : hints,
    requestId,
  });
}
