// SP-API response headers → _meta: x-amzn-RateLimit-* (only when present), Retry-After, Warning, request id.
import {
  buildRateLimit,
  type MetaCollector,
  parseRetryAfter,
  parseWarningHeaders,
  type RateLimitMeta,
  type WarningEntry,
} from '@obmcp/contract';

export interface ResponseMeta {
  rateLimit: RateLimitMeta | undefined;
  /** x-amzn-RateLimit-Limit as a number (fractional; never parseInt). */
  limitPerSecond: number | undefined;
  retryAfterSeconds: number | undefined;
  warnings: WarningEntry[];
  requestId: string | undefined;
}

export function readResponseMeta(headers: Headers, now: number = Date.now()): ResponseMeta {
  const rateLimit = buildRateLimit({
    limit: headers.get('x-amzn-ratelimit-limit'),
    remaining: headers.get('x-amzn-ratelimit-remaining'),
    reset: headers.get('x-amzn-ratelimit-reset'),
  });
  const limit = rateLimit?.limit_per_second;
  const requestId = headers.get('x-amzn-requestid')?.trim();
  return {
    rateLimit,
    limitPerSecond: typeof limit === 'number' && limit > 0 ? limit : undefined,
    retryAfterSeconds: parseRetryAfter(headers.get('retry-after'), now),
    warnings: parseWarningHeaders(headers),
    requestId: requestId ? requestId.slice(0, 128) : undefined,
  };
}

export function applyResponseMeta(meta: ResponseMeta, into: MetaCollector): void {
  if (meta.rateLimit) into.setRateLimit(meta.rateLimit);
  if (meta.retryAfterSeconds !== undefined) into.setRetryAfter(meta.retryAfterSeconds);
  for (const w of meta.warnings) into.addWarning(w);
  if (meta.requestId) into.setRequestId(meta.requestId);
}
