// Reads X-RateLimit-Limit/-Remaining/-Reset (when present, never invented) into `_meta.rate_limit`.
import { buildRateLimit, type RateLimitMeta } from '@obmcp/contract';

export function readRateLimitHeaders(headers: Headers): RateLimitMeta | undefined {
  return buildRateLimit({
    limit: headers.get('x-ratelimit-limit'),
    remaining: headers.get('x-ratelimit-remaining'),
    reset: headers.get('x-ratelimit-reset'),
  });
}
