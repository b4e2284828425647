// --hosted for ads-mcp: users log in with Login with Amazon and pick their advertising profiles; their refresh tokens drive every call.
import type { Logger } from '@obmcp/contract';
import { adsLogin, hostedGateFromEnv } from '@obmcp/hosted-auth';
import type { HostedGate } from '@obmcp/mcp-server/hosted';
import type { Config } from './config.js';
import { REGION_INFO } from './regions.js';

export async function adsHostedGate(
  config: Config,
  env: Record<string, string | undefined>,
  logger: Logger,
): Promise<HostedGate> {
  if (config.lwa === undefined)
    throw new Error('--hosted needs ADS_API_CLIENT_ID and ADS_API_CLIENT_SECRET (your LWA security profile)');
  return hostedGateFromEnv({
    server: 'ads',
    serverName: 'obmcp for Amazon Ads',
    env,
    upstream: adsLogin({
      clientId: config.lwa.clientId,
      clientSecret: config.lwa.clientSecret,
      tokenUrl: config.lwaEndpoint ?? REGION_INFO[config.region].tokenUrl,
      adsApiUrl: config.endpoint ?? REGION_INFO[config.region].apiHost,
      ...(env.ADS_API_AUTHORIZE_URL ? { authorizeUrl: env.ADS_API_AUTHORIZE_URL } : {}),
      ...(env.ADS_API_PROFILE_URL ? { profileUrl: env.ADS_API_PROFILE_URL } : {}),
    }),
    log: (event, fields) => logger.info(`hosted auth: ${event}`, fields),
    warn: (message) => logger.warn(message),
  });
}
