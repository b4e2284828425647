// The rate-limit and request-id header readers the three upstreams need (each app picks its own).
import { boundText, buildRateLimit, type RateLimitMeta } from '@obmcp/contract';
import type { HeaderParser } from './types.js';

/** The first non-empty header of `names`, bounded and redacted. */
export function requestIdFrom(names: readonly string[]): (headers: Headers) => string | undefined {
  return (headers) => {
    for (const name of names) {
      const value = headers.get(name)?.trim();
      if (value) return boundText(value, 128);
    }
    return undefined;
  };
}

/** `<prefix>-limit/-remaining/-reset` (fractional rates read as numbers, never parseInt). */
export function rateLimitHeaders(prefix: string, requestIds: readonly string[]): HeaderParser {
  return {
    rateLimit: (headers): RateLimitMeta | undefined =>
      buildRateLimit({
        limit: headers.get(`${prefix}-limit`),
        remaining: headers.get(`${prefix}-remaining`),
        reset: headers.get(`${prefix}-reset`),
      }),
    requestId: requestIdFrom(requestIds),
  };
}

/** An upstream that sends no quota headers (Openbridge: only Retry-After, on a 429). */
export function noRateLimitHeaders(requestIds: readonly string[]): HeaderParser {
  return {
    rateLimit: () => undefined,
    requestId: requestIdFrom(requestIds),
  };
}
