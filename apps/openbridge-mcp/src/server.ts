// createServer: config → fetcher, JWT provider, limiter, the Openbridge pipeline, tools (+ Code Mode) → contract server.
import { type ContractServer, createContractServer } from '@obmcp/contract';
import { applyCodeMode } from '@obmcp/code-mode';
import {
  createFetcher,
  createLimiter,
  createPipeline,
  type CreateServerOptions,
  openbridgeLimits,
} from '@obmcp/http-kit';
import { createJwtProvider } from './auth/jwt-provider.js';
import type { Config } from './config.js';
import { OpenbridgeClient } from './http/client.js';
import { openbridgeUpstream } from './http/upstream.js';
import { profile } from './profile.js';
import { buildTools } from './tools/index.js';
import { VERSION } from './version.js';
import { openbridgeRedirectHosts } from './http/redirect-hosts.js';
import { OPENBRIDGE_VIEWS } from './ui-views.js';

export function createServer(
  config: Config,
  { logger, env, limiterStore, taskRecords }: CreateServerOptions,
): ContractServer {
  const fetcher = createFetcher({
    timeoutMs: config.timeoutMs,
    userAgent: `openbridge-mcp/${VERSION}`,
    redirectHosts: openbridgeRedirectHosts(config),
  });
  const limiter = createLimiter({
    maxWaitMs: config.limiterMaxWaitMs,
    ...(limiterStore ? { store: limiterStore } : {}),
  });
  const log = logger.child({ component: 'openbridge-client' });
  // The JWT exchange spends from the same per-IP budget: Openbridge counts every request.
  const jwt = createJwtProvider({
    fetcher,
    authUrl: config.urls.auth,
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
  let contract: ContractServer | undefined;
  const callableNames = () => contract?.host.tools().map((t) => t.name) ?? [];
  const split = applyCodeMode(buildTools({ client, jwt, config }, callableNames), config.codeMode);
  contract = createContractServer({
    views: OPENBRIDGE_VIEWS,
    profile,
    tools: split.listed,
    internalTools: split.internal,
    env: env ?? process.env,
    settings: config.contract,
    logger,
    ...(taskRecords ? { taskRecords } : {}),
  });
  return contract;
}
