// openbridge-mcp's Openbridge pipeline as server.ts wires it (JWT exchange on the same per-IP budget), in process; msw must listen.
import {
  createFetcher,
  createLimiter,
  createPipeline,
  type Pipeline,
  type RetrySettings,
} from '@obmcp/http-kit';
import { openbridgeLimits } from '@obmcp/openbridge-upstream';
import { createJwtProvider } from '../src/auth/jwt-provider.js';
import { loadConfig } from '../src/config.js';
import { openbridgeUpstream } from '../src/http/upstream.js';

/** `env` for the config and the limiter rules; `retry` overrides the upstream's retry settings (e.g. its sleep). */
export function inProcessPipeline(env: Record<string, string>, retry: Partial<RetrySettings> = {}) {
  const config = loadConfig({ OPENBRIDGE_REFRESH_TOKEN: 'unit-key:unit-secret', ...env });
  const fetcher = createFetcher({ timeoutMs: 2_000 });
  const limiter = createLimiter({ maxWaitMs: 0 });
  const jwt = createJwtProvider({
    fetcher,
    hosts: config.urls,
    refreshToken: config.refreshToken,
    maxRetries: 0,
    limits: openbridgeLimits(limiter, env),
  });
  const upstream = openbridgeUpstream({ config, jwt, fetcher, limiter, env });
  const pipeline = createPipeline({ ...upstream, retry: { ...upstream.retry, ...retry } });
  /** GET /v2/sub (the subscriptions list). */
  const listSubscriptions = (): ReturnType<Pipeline['exchange']> =>
    pipeline.exchange({ operation: 'GET sub', method: 'GET', path: `${config.urls.subscriptions}/v2/sub` });
  return { listSubscriptions, retry: upstream.retry };
}
