// ads-mcp's Openbridge credential chain as server.ts builds it (config, fetcher, limits, JWT), for the in-process tests.
import { createFetcher, createLimiter } from '@obmcp/http-kit';
import { jwtExchangePipeline, OPENBRIDGE_DEFAULT_HOSTS, openbridgeLimits } from '@obmcp/openbridge-upstream';
import { createJwtProvider } from '../../src/auth/openbridge-jwt.js';
import { adsRetry, configSecrets, loadConfig } from '../../src/config.js';

/** The Openbridge refresh token the chain is configured with. */
export const REFRESH_TOKEN = 'unit-key:unit-secret';

/**
 * The config (Openbridge mode, `env` plus the refresh token), one fetcher, the Openbridge limits (read from
 * `limiterEnv`, `env` unless given) and the JWT provider over the exchange pipeline.
 */
export function openbridgeChain({
  env = { OBMCP_MOCK: '1' },
  limiterEnv = env,
}: {
  env?: Record<string, string>;
  limiterEnv?: Record<string, string>;
} = {}) {
  const config = loadConfig({ ...env, ADS_AUTH_MODE: 'openbridge', OPENBRIDGE_REFRESH_TOKEN: REFRESH_TOKEN });
  const fetcher = createFetcher({ timeoutMs: 10_000 });
  const limits = openbridgeLimits(createLimiter({ maxWaitMs: 0 }), limiterEnv);
  const exchange = jwtExchangePipeline({
    fetcher,
    hosts: OPENBRIDGE_DEFAULT_HOSTS,
    secrets: () => configSecrets(config),
    retry: adsRetry(config),
    limits,
  });
  const jwt = createJwtProvider(exchange, REFRESH_TOKEN);
  return { config, fetcher, limits, jwt };
}
