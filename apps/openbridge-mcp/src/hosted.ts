// --hosted for openbridge-mcp: users connect with their own Openbridge API key (checked at Openbridge, kept encrypted).
import type { Logger } from '@obmcp/contract';
import { hostedGateFromEnv, openbridgeLogin } from '@obmcp/hosted-auth';
import type { HostedGate } from '@obmcp/mcp-server/hosted';
import type { Config } from './config.js';

export async function openbridgeHostedGate(
  config: Config,
  env: Record<string, string | undefined>,
  logger: Logger,
): Promise<HostedGate> {
  return hostedGateFromEnv({
    server: 'openbridge',
    serverName: 'obmcp for Openbridge',
    env,
    upstream: openbridgeLogin({ authUrl: config.urls.auth }),
    log: (event, fields) => logger.info(`hosted auth: ${event}`, fields),
    warn: (message) => logger.warn(message),
  });
}
