// Copies one upstream response's telemetry onto call.meta: request id, rate limit, warnings, Retry-After.
import { boundText, type MetaCollector, parseRetryAfter, parseWarningHeaders } from '@obmcp/contract';
import { readRateLimitHeaders } from './rate-limit-headers.js';

export function requestIdOf(headers: Headers): string | undefined {
  const id = headers.get('x-amzn-requestid') ?? headers.get('x-amz-rid') ?? headers.get('x-request-id');
  return id ? boundText(id, 100) : undefined;
}

export function recordResponseMeta(meta: MetaCollector, headers: Headers, ok: boolean): void {
  const id = requestIdOf(headers);
  if (id) meta.setRequestId(id);
  const rateLimit = readRateLimitHeaders(headers);
  if (rateLimit) meta.setRateLimit(rateLimit);
  for (const warning of parseWarningHeaders(headers)) meta.addWarning(warning);
  if (!ok) {
    const after = parseRetryAfter(headers.get('retry-after'));
    if (after !== undefined) meta.setRetryAfter(after);
  }
}
