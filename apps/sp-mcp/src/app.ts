// sp-mcp as a library: the one app object (help text, env docs, config, secrets, server factory, hosted gate); importing it starts nothing.
import { CODE_MODE_ENV_DOCS } from '@obmcp/code-mode';
import { HOSTED_ENV_DOCS } from '@obmcp/hosted-auth';
import type { ObmcpApp } from '@obmcp/http-kit';
import { configSecrets, loadConfig, type Config } from './config.js';
import { SP_ENV_DOCS } from './env-docs.js';
import { spHostedGate } from './hosted.js';
import { createServer } from './server.js';
import { VERSION } from './version.js';

/** The bin runs it (`runServerCli(app)`); tests start it in process. */
export const app: ObmcpApp<Config> = {
  name: 'sp-mcp',
  packageName: '@obmcp/sp-mcp',
  version: VERSION,
  summary:
    'MCP server for the Amazon Selling Partner API (orders, catalog, inventory, reports, listings, feeds …)',
  hostConfigEnv: {
    SP_API_CLIENT_ID: '…',
    SP_API_CLIENT_SECRET: '…',
    SP_API_REFRESH_TOKEN: 'Atzr|…',
    SP_API_REGION: 'na',
  },
  envDocs: [SP_ENV_DOCS, CODE_MODE_ENV_DOCS, HOSTED_ENV_DOCS],
  loadConfig,
  secrets: configSecrets,
  createServer,
  hostedGate: spHostedGate,
};
