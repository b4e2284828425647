// Pre-flight budget per Ads endpoint and profile. Amazon publishes no fixed numbers ("rate limiting will occur
// dynamically based on the overall system load"; report limits follow the regional report queue), so these are
// ceilings that keep a runaway agent from hammering the API; an X-RateLimit-Limit the API sends replaces the rate,
// and a 429's Retry-After blocks the bucket until then (on every replica when Redis is shared).
import type { LimitRule } from '@obmcp/http-kit';

/** Any endpoint not listed. */
export const ADS_DEFAULT_RULE: LimitRule = { rate: 5, burst: 10 };

export const ADS_RATE_TABLE: Readonly<Record<string, LimitRule>> = {
  // Report creation is the most throttled call (queue-size tiers per region; "spread report requests").
  'POST /reporting/reports': { rate: 1, burst: 5 },
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
