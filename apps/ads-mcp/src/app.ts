// ads-mcp as a library: the one app object (help text, env docs, config, secrets, server factory, hosted gate); importing it starts nothing.
import { CODE_MODE_ENV_DOCS } from '@obmcp/code-mode';
import { HOSTED_ENV_DOCS } from '@obmcp/hosted-auth';
import type { ObmcpApp } from '@obmcp/http-kit';
import { type Config, configSecrets, loadConfig } from './config.js';
import { ADS_ENV_DOCS } from './env-docs.js';
import { adsHostedGate } from './hosted.js';
import { createServer } from './server.js';
import { VERSION } from './version.js';

/** The bin runs it (`runServerCli(app)`); tests start it in process. */
export const app: ObmcpApp<Config> = {
  name: 'ads-mcp',
  packageName: '@obmcp/ads-mcp',
  version: VERSION,
  summary: 'MCP server for the Amazon Ads API (Sponsored Products/Brands/Display, DSP, reporting, AMC …)',
  hostConfigEnv: {
    ADS_API_CLIENT_ID: '…',
    ADS_API_CLIENT_SECRET: '…',
    ADS_API_REFRESH_TOKEN: 'Atzr|…',
    ADS_API_REGION: 'na',
  },
  envDocs: [ADS_ENV_DOCS, CODE_MODE_ENV_DOCS, HOSTED_ENV_DOCS],
  loadConfig,
  secrets: configSecrets,
  createServer,
  hostedGate: adsHostedGate,
};
