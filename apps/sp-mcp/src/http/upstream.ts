// What sp-mcp tells the shared pipeline about SP-API: regional host, LWA auth, x-amzn-RateLimit-Limit, errors, rates.
import type { Logger } from '@obmcp/contract';
import {
  type AuthPlugin,
  type Fetcher,
  type Limiter,
  type LimitRule,
  rateLimitHeaders,
  limitRules,
  type UpstreamDescription,
} from '@obmcp/http-kit';
import type { SpConfig } from '../config.js';
import type { Session } from '../identity/session.js';
import { spBaseUrl } from './hosts.js';
import { ruleFor } from './rate-table.js';
import { errorBodyOn2xx, parseSpError } from './upstream-error.js';

export interface SpUpstreamDeps {
  config: SpConfig;
  session: Session;
  auth: AuthPlugin;
  fetcher: Fetcher;
  limiter: Limiter;
  env: Record<string, string | undefined>;
  log?: Logger;
  /** Usage plans of generated operations (`<api>.<operationId>`); the rate table covers the curated ones. */
  rules?: (operation: string) => LimitRule | undefined;
}

export function spUpstream(deps: SpUpstreamDeps): UpstreamDescription {
  const { config, session } = deps;
  return {
    name: 'sp',
    service: 'SP-API',
    fetcher: deps.fetcher,
    baseUrl: () => spBaseUrl(session.region, session.sandbox, config.endpoint),
    auth: deps.auth,
    // SP-API documents only x-amzn-RateLimit-Limit (best effort, never on 429) and x-amzn-RequestId.
    headers: rateLimitHeaders('x-amzn-ratelimit', ['x-amzn-requestid']),
    errors: (res) => parseSpError(res, session.sandbox),
    failureOn2xx: errorBodyOn2xx,
    limits: {
      limiter: deps.limiter,
      ...limitRules((operation) => deps.rules?.(operation) ?? ruleFor(operation), deps.env),
    },
    retry: {
      maxAttempts: config.maxAttempts,
      ...config.retryDelays,
      maxTotalMs: config.retryMaxTotalMs,
    },
    ...(deps.log ? { log: deps.log } : {}),
  };
}
