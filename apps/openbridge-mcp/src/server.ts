// createServer: config → fetcher, JWT provider, Openbridge client, tools (+ Code Mode) → contract server.
import { type ContractServer, createContractServer, type Logger } from '@obmcp/contract';
import { applyCodeMode } from '@obmcp/code-mode';
import { createFetcher } from '@obmcp/http-kit';
import { createJwtProvider } from './auth/jwt-provider.js';
import type { Config } from './config.js';
import { OpenbridgeClient } from './http/client.js';
import { profile } from './profile.js';
import { buildTools } from './tools/index.js';
import { VERSION } from './version.js';

export interface ServerDeps {
  logger: Logger;
  env?: Record<string, string | undefined>;
}

export function createServer(config: Config, { logger, env }: ServerDeps): ContractServer {
  const fetcher = createFetcher({ timeoutMs: config.timeoutMs, userAgent: `openbridge-mcp/${VERSION}` });
  const jwt = createJwtProvider({
    fetcher,
    authUrl: config.urls.auth,
    refreshToken: config.refreshToken,
    maxRetries: config.maxRetries,
  });
  const client = new OpenbridgeClient({
    fetcher,
    jwt,
    maxRetries: config.maxRetries,
    secrets: [config.refreshToken],
    log: logger.child({ component: 'openbridge-client' }),
  });
  let contract: ContractServer | undefined;
  const callableNames = () => contract?.host.tools().map((t) => t.name) ?? [];
  const split = applyCodeMode(buildTools({ client, jwt, config }, callableNames), config.codeMode);
  contract = createContractServer({
    profile,
    tools: split.listed,
    internalTools: split.internal,
    env: env ?? process.env,
    settings: config.contract,
    logger,
  });
  return contract;
}
