// Pre-flight budget per Ads endpoint. Amazon documents no fixed numbers ("rate limiting will occur dynamically
// based on the overall system load"; report limits follow the regional report queue): these are conservative
// starting rules; an X-RateLimit-Limit the API sends replaces the rate, and a 429's Retry-After blocks the bucket.
import type { LimitRule } from '@obmcp/http-kit';

/** Any endpoint not listed. */
export const ADS_DEFAULT_RULE: LimitRule = { rate: 2, burst: 5 };

export const ADS_RATE_TABLE: Readonly<Record<string, LimitRule>> = {
  // Report creation is the most throttled call (queue-size tiers per region, docs: reporting rate limits).
  'POST /reporting/reports': { rate: 0.2, burst: 2 },
  // Polling a report "can take up to three hours"; repeated polling gets 429.
  'GET /reporting/reports/{id}': { rate: 1, burst: 3 },
  // "List extended data" calls "hold 5x the weight of standard calls".
  'POST /sp/campaigns/list': { rate: 1, burst: 3 },
};

export function ruleFor(operation: string): LimitRule {
  return ADS_RATE_TABLE[operation] ?? ADS_DEFAULT_RULE;
}

const ID_SEGMENT = /^(\d+|[0-9a-f]{8}-[0-9a-f-]{27,}|amzn1\.[\w.-]+|ENTITY\w+)$/i;

/** `POST /sp/campaigns/list`, `GET /reporting/reports/{id}`: the method and path with ids folded. */
export function operationOf(method: string, path: string): string {
  const pathOnly = path.split('?', 1)[0] ?? path;
  const template = pathOnly
    .split('/')
    .map((segment) => (ID_SEGMENT.test(decodeURIComponent(segment)) ? '{id}' : segment))
    .join('/');
  return `${method} ${template}`;
}
