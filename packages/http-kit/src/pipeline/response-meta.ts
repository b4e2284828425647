// One exchange's telemetry across its attempts → `_meta`: the last answer's headers, Retry-After only on failure, warnings once.
import {
  type MetaCollector,
  parseRetryAfter,
  parseWarningHeaders,
  type RateLimitMeta,
} from '@obmcp/contract';
import type { HeaderParser } from './types.js';

export interface ResponseMeta {
  rateLimit: RateLimitMeta | undefined;
  limitPerSecond: number | undefined;
  retryAfterSeconds: number | undefined;
  requestId: string | undefined;
}

export function readResponseMeta(headers: Headers, parser: HeaderParser): ResponseMeta {
  const rateLimit = parser.rateLimit(headers);
  return {
    rateLimit,
    limitPerSecond: parser.limitPerSecond ? parser.limitPerSecond(headers, rateLimit) : positive(rateLimit),
    retryAfterSeconds: parseRetryAfter(headers.get('retry-after')),
    requestId: parser.requestId(headers),
  };
}

function positive(meta: RateLimitMeta | undefined): number | undefined {
  const limit = meta?.limit_per_second;
  return typeof limit === 'number' && limit > 0 ? limit : undefined;
}

/** Collects what every attempt's answer said and reports it once, by the same rules on every server. */
export class MetaTrail {
  private last: { meta: ResponseMeta; ok: boolean } | undefined;
  private readonly warnings = new Map<string, ReturnType<typeof parseWarningHeaders>[number]>();

  record(headers: Headers, ok: boolean, meta: ResponseMeta): void {
    this.last = { meta, ok };
    for (const warning of parseWarningHeaders(headers)) {
      if (!this.warnings.has(warning.summary)) this.warnings.set(warning.summary, warning);
    }
  }

  /** Rate limit and request id of the last answer; its Retry-After only when the call failed; each warning once. */
  applyTo(into: MetaCollector, failed: boolean): void {
    for (const warning of this.warnings.values()) into.addWarning(warning);
    if (this.last === undefined) return;
    const { meta, ok } = this.last;
    if (meta.rateLimit) into.setRateLimit(meta.rateLimit);
    if (meta.requestId) into.setRequestId(meta.requestId);
    if (failed && !ok && meta.retryAfterSeconds !== undefined) into.setRetryAfter(meta.retryAfterSeconds);
  }
}
