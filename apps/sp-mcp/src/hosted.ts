// --hosted for sp-mcp: sellers log in with Seller Central website authorization; their refresh tokens drive every call.
import type { Logger } from '@obmcp/contract';
import { hostedGateFromEnv, spApiLogin } from '@obmcp/hosted-auth';
import type { HostedGate } from '@obmcp/mcp-server/hosted';
import type { Config } from './config.js';

type HostedSetup = Parameters<typeof hostedGateFromEnv>[0];

/** What sp-mcp hands hosted-auth's gate: the server's name, Seller Central's consent login and its log lines. */
export function spHostedSetup(
  config: Config,
  env: Record<string, string | undefined>,
  logger: Logger,
): HostedSetup {
  const applicationId = env.SP_API_APPLICATION_ID;
  if (applicationId === undefined || applicationId === '')
    throw new Error('--hosted needs SP_API_APPLICATION_ID (your SP-API app id)');
  return {
    server: 'sp',
    serverName: 'obmcp for Amazon SP-API',
    env,
    upstream: spApiLogin({
      applicationId,
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      tokenUrl: config.lwaEndpoint,
      ...(env.SP_API_CONSENT_URL ? { consentUrl: env.SP_API_CONSENT_URL } : {}),
      draft: env.SP_API_APP_DRAFT === 'true',
    }),
    log: (event, fields) => logger.info(`hosted auth: ${event}`, fields),
    warn: (message) => logger.warn(message),
  };
}

export async function spHostedGate(
  config: Config,
  env: Record<string, string | undefined>,
  logger: Logger,
): Promise<HostedGate> {
  return hostedGateFromEnv(spHostedSetup(config, env, logger));
}
