// The environment variables http-kit reads for every server, as the servers' --help and docs list them (data: not mutated).
import type { EnvDocs } from '@obmcp/mcp-server/config';
import { RATE_OVERRIDE_ENV } from './pipeline/rate-override.js';

/** The limiter's variables (limiter-store-from-env.ts reads them). */
export const LIMITER_ENV = {
  redisUrl: 'OBMCP_REDIS_URL',
  keyPrefix: 'OBMCP_REDIS_KEY_PREFIX',
  commandTimeoutMs: 'OBMCP_REDIS_TIMEOUT_MS',
  arrivalMarginMs: 'OBMCP_LIMITER_ARRIVAL_MARGIN_MS',
} as const;

/** The variables undici's EnvHttpProxyAgent reads (the lower-case spellings win, as in curl). */
export const PROXY_ENV_DOCS: EnvDocs = {
  HTTPS_PROXY:
    'forward proxy URL (http://[user:password@]host:port) for https upstreams; also https_proxy. Unset = direct',
  HTTP_PROXY:
    'forward proxy URL for http upstreams (and https ones when HTTPS_PROXY is unset); also http_proxy',
  NO_PROXY:
    'comma-separated hosts (example.com, .example.com, host:port, *) reached directly, never through the proxy; also no_proxy',
};

export const LIMITER_ENV_DOCS: EnvDocs = {
  [LIMITER_ENV.redisUrl]:
    'redis:// URL: share the pre-flight rate limiter, the MCP task records and the session switches (set_region …) between replicas (unset = in-process memory; see docs/DEPLOYING.md)',
  [LIMITER_ENV.keyPrefix]: 'prefix of the limiter keys in Redis',
  [LIMITER_ENV.commandTimeoutMs]:
    'Redis command timeout in ms; a slower Redis falls back to the local limiter',
  [LIMITER_ENV.arrivalMarginMs]:
    'ms a token must have existed before a request uses it (default 100): headroom for requests whose transit to the upstream varies more',
  [RATE_OVERRIDE_ENV]:
    'tests only, honoured with OBMCP_MOCK=1: <rate>/<burst> replaces every pre-flight limiter rule',
};
