// What sp-mcp tells the shared pipeline about SP-API: regional host, LWA auth, x-amzn-RateLimit-Limit, errors, rates.
import type { Logger } from '@obmcp/contract';
import {
  type AuthPlugin,
  type Fetcher,
  type Limiter,
  rateLimitHeaders,
  limitRules,
  type UpstreamDescription,
} from '@obmcp/http-kit';
import type { Config } from '../config.js';
import type { Session } from '../session/session.js';
import { spBaseUrl } from './hosts.js';
import { operationRule, UNDOCUMENTED_RULE } from '../operations/usage-plan.js';
import { errorBodyOn2xx, parseSpError } from './upstream-error.js';

export interface SpUpstreamDeps {
  config: Config;
  session: Session;
  auth: AuthPlugin;
  fetcher: Fetcher;
  limiter: Limiter;
  env: Record<string, string | undefined>;
  log?: Logger;
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
      // Every request names its operation (`<api>.<operationId>`): the rule is that operation's usage plan.
      ...limitRules((operation) => operationRule(operation) ?? UNDOCUMENTED_RULE, deps.env),
    },
    retry: {
      maxAttempts: config.maxAttempts,
      ...config.retryDelays,
      maxTotalMs: config.retryMaxTotalMs,
    },
    ...(deps.log ? { log: deps.log } : {}),
  };
}
