// createServer: config → fetcher, JWT provider, limiter, the Openbridge pipeline, tools (+ Code Mode) → contract server.
import type { ContractServer } from '@obmcp/mcp-server/server';
import { createCodeModeServer } from '@obmcp/code-mode';
import {
  createFetcher,
  createPipeline,
  type CreateServerOptions,
  serverLimiter,
  userAgent,
} from '@obmcp/http-kit';
import { openbridgeLimits, openbridgeRedirectHosts } from '@obmcp/openbridge-upstream';
import { createJwtProvider } from './auth/jwt-provider.js';
import type { Config } from './config.js';
import { OpenbridgeClient } from './http/client.js';
import { openbridgeUpstream } from './http/upstream.js';
import { profile } from './profile.js';
import { createOperations } from './operations/bind.js';
import { createTools } from './tools/index.js';
import { VERSION } from './version.js';
import { OPENBRIDGE_VIEWS } from './ui-views.js';

export function createServer(
  config: Config,
  { logger, env, limiterStore, taskRecords }: CreateServerOptions,
): ContractServer {
  const fetcher = createFetcher({
    timeoutMs: config.timeoutMs,
    userAgent: userAgent(profile.name, VERSION),
    redirectHosts: openbridgeRedirectHosts(config.urls),
  });
  const limiter = serverLimiter(config.limiterMaxWaitMs, { env, limiterStore });
  const log = logger.child({ component: 'openbridge-client' });
  // The JWT exchange spends from the same per-IP budget: Openbridge counts every request.
  const jwt = createJwtProvider({
    fetcher,
    hosts: config.urls,
    refreshToken: config.refreshToken,
    maxRetries: config.maxRetries,
    limits: openbridgeLimits(limiter, env ?? process.env),
    log,
  });
  const upstream = openbridgeUpstream({
    config,
    jwt,
    fetcher,
    limiter,
    env: env ?? process.env,
    log,
  });
  const client = new OpenbridgeClient(createPipeline(upstream), config.urls);
  return createCodeModeServer(
    {
      profile,
      views: OPENBRIDGE_VIEWS,
      tools: createTools({ operations: createOperations(client), jwt, config }),
      codeMode: config.codeMode,
      settings: config.contract,
    },
    { logger, env: env ?? process.env, taskRecords },
  );
}
