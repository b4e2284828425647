// Openbridge's documented budget: 1,000 requests per 5 minutes (rolling), per IP address — one bucket for every call.
import { type Limiter, type LimitRule, type LimitSettings, limitRules } from '@obmcp/http-kit';

/**
 * A token bucket that can never exceed the rolling window: burst + rate × 300 s = 100 + 3 × 300 = 1,000
 * requests in any 5 minutes. (A bucket of 1,000 refilling at 3.33/s would allow ~2,000 in the first 5.)
 */
export const OPENBRIDGE_RULE: LimitRule = { rate: 3, burst: 100 };

/** Every operation spends from the same budget. */
export const OPENBRIDGE_BUCKET = 'requests';

/** The limiter settings of every Openbridge exchange (API calls and the JWT exchange alike). */
export function openbridgeLimits(limiter: Limiter, env: Record<string, string | undefined>): LimitSettings {
  return { limiter, ...limitRules(() => OPENBRIDGE_RULE, env), bucket: () => OPENBRIDGE_BUCKET };
}
