// openbridge-mcp as a library: the one app object (help text, env docs, config, secrets, server factory, hosted gate); importing it starts nothing.
import { CODE_MODE_ENV_DOCS } from '@obmcp/code-mode';
import { HOSTED_ENV_DOCS } from '@obmcp/hosted-auth';
import type { ObmcpApp } from '@obmcp/http-kit';
import { type Config, configSecrets, loadConfig } from './config.js';
import { OPENBRIDGE_ENV_DOCS } from './env-docs.js';
import { openbridgeHostedGate } from './hosted.js';
import { createServer } from './server.js';
import { VERSION } from './version.js';

/** The bin runs it (`runServerCli(app)`); tests start it in process. */
export const app: ObmcpApp<Config> = {
  name: 'openbridge-mcp',
  packageName: '@obmcp/openbridge-mcp',
  version: VERSION,
  summary:
    'MCP server for the Openbridge API (subscriptions, identities, jobs, history, warehouse queries …)',
  hostConfigEnv: { OPENBRIDGE_REFRESH_TOKEN: 'key:secret' },
  envDocs: [OPENBRIDGE_ENV_DOCS, CODE_MODE_ENV_DOCS, HOSTED_ENV_DOCS],
  loadConfig,
  secrets: configSecrets,
  createServer,
  hostedGate: openbridgeHostedGate,
};
