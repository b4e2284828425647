// createServer(config): fetchers, auth, limiter, session, the SP-API pipeline, tools, Code Mode → the contract server.
import type { ContractServer } from '@obmcp/mcp-server/server';
import { createCodeModeServer } from '@obmcp/code-mode';
import {
  createFetcher,
  createPipeline,
  type CreateServerOptions,
  type Pipeline,
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
  // The RDT plug-in asks the pipeline it belongs to for its tokens (createRestrictedDataToken).
  let spPipeline: Pipeline | undefined;
  const rdt = createRdtAuth(() => {
    if (!spPipeline) throw new Error('SP-API pipeline not ready');
    return spPipeline;
  });
  const pipeline = createPipeline(
    spUpstream({
      config,
      session,
      auth: routeSpAuth(createSpAuth(config, lwa, session, options.logger), rdt),
      fetcher: api,
      limiter,
      env,
      log: options.logger,
    }),
  );
  spPipeline = pipeline;
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
