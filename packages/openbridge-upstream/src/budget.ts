// Openbridge's one per-IP budget, its response headers and its JWT rejection rule (openbridge-mcp, ads-mcp's brokered mode).
import {
  type Limiter,
  type LimitRule,
  type LimitSettings,
  limitRules,
  noRateLimitHeaders,
  type UpstreamResponse,
} from '@obmcp/http-kit';

/**
 * Openbridge's documented budget: 1,000 requests per 5 minutes (rolling), per IP address. A token bucket
 * that can never exceed the rolling window: burst + rate × 300 s = 100 + 3 × 300 = 1,000 requests in any
 * 5 minutes. (A bucket of 1,000 refilling at 3.33/s would allow ~2,000 in the first 5.)
 */
export const OPENBRIDGE_RULE: LimitRule = { rate: 3, burst: 100 };

/** Every operation spends from the same budget. */
export const OPENBRIDGE_BUCKET = 'requests';

/** Limiter keys read `openbridge:requests@default` on every server, so one Redis shares the budget across them. */
export const OPENBRIDGE_LIMIT_NAME = 'openbridge';

/** The limiter settings of every Openbridge exchange (API calls and credential exchanges alike). */
export function openbridgeLimits(limiter: Limiter, env: Record<string, string | undefined>): LimitSettings {
  return { limiter, ...limitRules(() => OPENBRIDGE_RULE, env), bucket: () => OPENBRIDGE_BUCKET };
}

/** Openbridge response headers: no quota headers in normal responses (Retry-After only on a 429); the request ids. */
export const OPENBRIDGE_HEADERS = noRateLimitHeaders([
  'x-request-id',
  'x-amzn-requestid',
  'x-amz-apigw-id',
  'x-correlation-id',
]);

/**
 * Openbridge's answer to a JWT it no longer accepts (expired early, revoked): 401, the mocks' copy of the docs
 * too. Every server's Openbridge auth plug-in uses it as `isExpired`, so the pipeline exchanges the refresh
 * token once more and resends once; a second 401 stands.
 */
export function isOpenbridgeJwtRejected(res: UpstreamResponse): boolean {
  return res.status === 401;
}
