// createServer(config): fetcher, credential source, session, limiter, the Ads pipeline, tools, Code Mode → contract server.
import { createCodeModeServer } from '@obmcp/code-mode';
import type { ContractServer } from '@obmcp/mcp-server/server';
import {
  createFetcher,
  createPipeline,
  type CreateServerOptions,
  serverLimiter,
  userAgent,
} from '@obmcp/http-kit';
import { jwtExchangePipeline, OPENBRIDGE_DEFAULT_HOSTS, openbridgeLimits } from '@obmcp/openbridge-upstream';
import { createCredentialExchange } from './auth/credential-exchange.js';
import { createLwaSource } from './auth/lwa.js';
import { identityPipeline, listAdsIdentities } from './auth/openbridge-identities.js';
import { createJwtProvider } from './auth/openbridge-jwt.js';
import { createOpenbridgeSource } from './auth/openbridge-source.js';
import type { CredentialSource } from './auth/types.js';
import { type Config, adsRetry, configSecrets } from './config.js';
import { AdsApiClient } from './http/client.js';
import { adsUpstream } from './http/upstream.js';
import { createOperations } from './operations/bind.js';
import { profile } from './profile.js';
import { createSession } from './session/session.js';
import type { ToolDeps } from './tools/deps.js';
import { operationExecutor } from './operations/execute.js';
import { toolSplit } from './operations/listing.js';
import { createTools } from './tools/index.js';
import { VERSION } from './version.js';
import { adsRedirectHosts } from './http/redirect-hosts.js';
import { ADS_VIEWS } from './ui-views.js';

const USER_AGENT = userAgent(profile.name, VERSION);

export function createServer(config: Config, options: CreateServerOptions): ContractServer {
  const fetcher = createFetcher({
    timeoutMs: config.timeoutMs,
    userAgent: USER_AGENT,
    maxBodyBytes: config.reportMaxBytes,
    redirectHosts: adsRedirectHosts(config),
  });
  const session = createSession(config);
  const env = options.env ?? process.env;
  const limiter = serverLimiter(config.limiterMaxWaitMs, { ...options, env });
  let auth: CredentialSource;
  let listIdentities: ToolDeps['listIdentities'];
  // loadConfig sets `openbridge` in Openbridge mode only (ADS_AUTH_MODE=openbridge, or its refresh token alone).
  if (config.openbridge) {
    const { refreshToken, clientIdFallback } = config.openbridge;
    // Every Openbridge request (JWT, brokered token, /sri) spends from Openbridge's one per-IP budget.
    const limits = openbridgeLimits(limiter, env);
    const log = options.logger;
    const exchange = jwtExchangePipeline({
      fetcher,
      hosts: OPENBRIDGE_DEFAULT_HOSTS,
      secrets: () => configSecrets(config),
      retry: adsRetry(config),
      limits,
      log,
    });
    const jwt = createJwtProvider(exchange, refreshToken);
    // The brokered token is issued for the JWT: a 401 there refreshes the JWT once, as for /sri.
    const broker = createCredentialExchange(config, fetcher, {
      log,
      openbridgeLimits: limits,
      issuedFor: jwt,
    });
    auth = createOpenbridgeSource(broker, () => session.identityId, clientIdFallback);
    const identities = identityPipeline({
      fetcher,
      jwt,
      refreshToken,
      limits,
      retry: adsRetry(config),
      log: options.logger,
    });
    listIdentities = (signal) => listAdsIdentities(identities, signal);
  } else if (config.lwa) {
    const exchange = createCredentialExchange(config, fetcher, { log: options.logger });
    auth = createLwaSource(exchange, config.lwa, config.lwaEndpoint);
  } else {
    throw new Error('no credential source configured');
  }
  const pipeline = createPipeline(
    adsUpstream({ config, session, source: auth, fetcher, limiter, env, log: options.logger }),
  );
  const client = new AdsApiClient(pipeline, session, config);
  const operations = createOperations(client);
  const deps: ToolDeps = { config, session, client, auth, listIdentities, operations };
  const split = toolSplit(config, createTools(deps), operationExecutor(client));
  return createCodeModeServer(
    {
      profile,
      views: ADS_VIEWS,
      tools: split.listed,
      hiddenTools: split.hidden,
      codeMode: config.codeMode,
      settings: config.contract,
    },
    { ...options, env },
  );
}
