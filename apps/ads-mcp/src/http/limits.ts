// The one Ads limiter rule. Amazon publishes no fixed numbers ("rate limiting will occur dynamically based on
// the overall system load"; report limits follow the regional report queue), so these are ceilings that keep a
// runaway agent from hammering the API; an X-RateLimit-Limit the API sends replaces the rate, and a 429's
// Retry-After blocks the bucket until then (on every replica when Redis is shared). Buckets are per operation
// (`<api>.<operationId>`, as every request names it) and per profile.
import type { LimitRule } from '@obmcp/http-kit';

/** Every operation but report creation. */
export const ADS_DEFAULT_RULE: LimitRule = { rate: 5, burst: 10 };

/** Report creation is the most throttled call (queue-size tiers per region; "spread report requests"). */
export const REPORT_CREATION = 'ReportingVersion3.createAsyncReport';
const REPORT_CREATION_RULE: LimitRule = { rate: 1, burst: 5 };

export function adsRule(operation: string): LimitRule {
  return operation === REPORT_CREATION ? REPORT_CREATION_RULE : ADS_DEFAULT_RULE;
}
