// createServer(config): fetchers, auth, limiter, session, tools, Code Mode → the contract server.
import { type ContractServer, createContractServer, type Logger } from '@obmcp/contract';
import { applyCodeMode } from '@obmcp/code-mode';
import { createFetcher, createLimiter, type LimiterStore } from '@obmcp/http-kit';
import { createTokenProvider } from './auth/token-provider.js';
import type { SpConfig } from './config.js';
import { SpApiClient } from './http/sp-client.js';
import { Session } from './identity/session.js';
import { spProfile } from './profile.js';
import { spToolSplit } from './operations/index.js';
import { spTools } from './tools/index.js';
import { SP_MCP_VERSION } from './version.js';

export const USER_AGENT = `obmcp-sp/${SP_MCP_VERSION} (Language=TypeScript)`;

export interface CreateServerOptions {
  logger: Logger;
  /** Env handed to the contract (MCP_* switches). Default process.env. */
  env?: Record<string, string | undefined>;
  /** Limiter state store, created once per process (memory, or Redis via OBMCP_REDIS_URL). */
  limiterStore?: LimiterStore;
}

export function createServer(config: SpConfig, options: CreateServerOptions): ContractServer {
  const env = options.env ?? process.env;
  const api = createFetcher({ timeoutMs: config.timeoutMs, userAgent: USER_AGENT });
  const lwa = createFetcher({ timeoutMs: config.timeoutMs, userAgent: USER_AGENT });
  const documents = createFetcher({
    timeoutMs: Math.max(config.timeoutMs, config.mock ? 2_000 : 60_000),
    userAgent: USER_AGENT,
    maxBodyBytes: config.maxDocumentBytes,
  });
  const session = new Session(config, env);
  const tokens = createTokenProvider(config, lwa);
  const limiter = createLimiter({
    maxWaitMs: config.limiterMaxWaitMs,
    ...(options.limiterStore ? { store: options.limiterStore } : {}),
  });
  const client = new SpApiClient({ config, session, tokens, fetcher: api, limiter });
  const curated = spTools({ config, session, client, documents });
  const split = spToolSplit({
    client,
    curated,
    toolsets: config.toolsets,
    enableWrites: config.enableWrites,
  });
  const { listed, internal } = applyCodeMode(split.listed, config.codeMode, undefined, split.hidden);
  return createContractServer({
    profile: spProfile,
    tools: listed,
    internalTools: internal,
    env,
    logger: options.logger,
  });
}
