// createServer(config): fetchers, auth, limiter, session, the SP-API pipeline, tools, Code Mode → the contract server.
import type { ContractServer } from '@obmcp/mcp-server/server';
import { createCodeModeServer } from '@obmcp/code-mode';
import {
  createFetcher,
  createPipeline,
  type CreateServerOptions,
  type AuthPlugin,
  RedirectHosts,
  serverLimiter,
  userAgent,
} from '@obmcp/http-kit';
import { createRdtAuth } from './auth/rdt-auth.js';
import { routeSpAuth } from './auth/sp-auth.js';
import { createSpAuth } from './auth/token-provider.js';
import type { Config } from './config.js';
import { SpApiClient } from './http/client.js';
import { spUpstream } from './http/upstream.js';
import { createSession } from './session/session.js';
import { profile } from './profile.js';
import { RestrictedData } from './restricted/restricted-data.js';
import { createOperations } from './operations/bind.js';
import { operationExecutor } from './operations/execute.js';
import { toolSplit } from './operations/listing.js';
import { createTools } from './tools/index.js';
import { VERSION } from './version.js';
import { spRedirectHosts } from './http/redirect-hosts.js';
import { SP_VIEWS } from './ui-views.js';

const USER_AGENT = userAgent(profile.name, VERSION);

export function createServer(config: Config, options: CreateServerOptions): ContractServer {
  const env = options.env ?? process.env;
  const redirectHosts = spRedirectHosts(config);
  const api = createFetcher({ timeoutMs: config.timeoutMs, userAgent: USER_AGENT, redirectHosts });
  const lwa = createFetcher({ timeoutMs: config.timeoutMs, userAgent: USER_AGENT, redirectHosts });
  const documents = {
    fetcher: createFetcher({
      timeoutMs: config.documentTimeoutMs,
      userAgent: USER_AGENT,
      maxBodyBytes: config.maxDocumentBytes,
      redirectHosts,
    }),
    hosts: new RedirectHosts(redirectHosts),
  };
  const session = createSession(config, env);
  const limiter = serverLimiter(config.limiterMaxWaitMs, { ...options, env });
  const lwaAuth = createSpAuth(config, lwa, session, options.logger);
  const upstream = (auth: AuthPlugin) =>
    spUpstream({ config, session, auth, fetcher: api, limiter, env, log: options.logger });
  // Built in order, nothing refers to itself: the Tokens API (createRestrictedDataToken, LWA tokens) first, then the
  // RDT plug-in that asks it for tokens, then the SP-API pipeline that routes restricted scopes to that plug-in.
  const tokens = createPipeline(upstream(lwaAuth));
  const rdt = createRdtAuth(() => tokens);
  const pipeline = createPipeline(upstream(routeSpAuth(lwaAuth, rdt)));
  const restricted = new RestrictedData({
    rdt,
    enabled: config.restrictedDataTokens,
    sandbox: () => session.sandbox,
  });
  const client = new SpApiClient(pipeline, session, restricted);
  const curated = createTools({ config, session, documents, operations: createOperations(client) });
  const split = toolSplit(config, curated, operationExecutor(client));
  return createCodeModeServer(
    {
      profile,
      views: SP_VIEWS,
      tools: split.listed,
      hiddenTools: split.hidden,
      codeMode: config.codeMode,
      settings: config.contract,
    },
    { ...options, env },
  );
}
