// --hosted for openbridge-mcp: users connect with their own Openbridge API key (checked at Openbridge, kept encrypted).
import type { Logger } from '@obmcp/contract';
import { hostedGateFromEnv, openbridgeLogin } from '@obmcp/hosted-auth';
import type { HostedGate } from '@obmcp/mcp-server/hosted';
import type { Config } from './config.js';

type HostedSetup = Parameters<typeof hostedGateFromEnv>[0];

/** What openbridge-mcp hands hosted-auth's gate: the server's name, the key login at the configured auth host, its log lines. */
export function openbridgeHostedSetup(
  config: Config,
  env: Record<string, string | undefined>,
  logger: Logger,
): HostedSetup {
  return {
    server: 'openbridge',
    serverName: 'obmcp for Openbridge',
    env,
    upstream: openbridgeLogin({ authUrl: config.urls.auth }),
    log: (event, fields) => logger.info(`hosted auth: ${event}`, fields),
    warn: (message) => logger.warn(message),
  };
}

export async function openbridgeHostedGate(
  config: Config,
  env: Record<string, string | undefined>,
  logger: Logger,
): Promise<HostedGate> {
  return hostedGateFromEnv(openbridgeHostedSetup(config, env, logger));
}
