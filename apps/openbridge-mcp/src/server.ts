// createServer: config → fetcher, JWT provider, limiter, the Openbridge pipeline, tools (+ Code Mode) → contract server.
import { type ContractServer, createContractServer, type Logger } from '@obmcp/contract';
import { applyCodeMode } from '@obmcp/code-mode';
import { createFetcher, createLimiter, createPipeline, type LimiterStore } from '@obmcp/http-kit';
import { createJwtProvider } from './auth/jwt-provider.js';
import type { Config } from './config.js';
import { OpenbridgeClient } from './http/client.js';
import { openbridgeUpstream } from './http/upstream.js';
import { profile } from './profile.js';
import { buildTools } from './tools/index.js';
import { VERSION } from './version.js';

export interface ServerDeps {
  logger: Logger;
  env?: Record<string, string | undefined>;
  /** Limiter state store, created once per process (memory, or Redis via OBMCP_REDIS_URL). */
  limiterStore?: LimiterStore;
}

/** Longest pre-flight wait before a call is refused with rate_limited (the same default as sp-mcp). */
const LIMITER_MAX_WAIT_MS = { mock: 500, live: 2_000 };

export function createServer(config: Config, { logger, env, limiterStore }: ServerDeps): ContractServer {
  const fetcher = createFetcher({ timeoutMs: config.timeoutMs, userAgent: `openbridge-mcp/${VERSION}` });
  const jwt = createJwtProvider({
    fetcher,
    authUrl: config.urls.auth,
    refreshToken: config.refreshToken,
    maxRetries: config.maxRetries,
  });
  const limiter = createLimiter({
    maxWaitMs: config.mock ? LIMITER_MAX_WAIT_MS.mock : LIMITER_MAX_WAIT_MS.live,
    ...(limiterStore ? { store: limiterStore } : {}),
  });
  const upstream = openbridgeUpstream({
    config,
    jwt,
    fetcher,
    limiter,
    env: env ?? process.env,
    log: logger.child({ component: 'openbridge-client' }),
  });
  const client = new OpenbridgeClient(createPipeline(upstream));
  let contract: ContractServer | undefined;
  const callableNames = () => contract?.host.tools().map((t) => t.name) ?? [];
  const split = applyCodeMode(buildTools({ client, jwt, config }, callableNames), config.codeMode);
  contract = createContractServer({
    profile,
    tools: split.listed,
    internalTools: split.internal,
    env: env ?? process.env,
    logger,
  });
  return contract;
}
