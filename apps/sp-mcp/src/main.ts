// sp-mcp command line: --help/--version, else env → config → createServer → serve (a startup failure is one stderr line, exit 2).
import { CODE_MODE_ENV_DOCS } from '@obmcp/code-mode';
import { createLogger, runCli, serve } from '@obmcp/contract/server';
import {
  LIMITER_ENV_DOCS,
  limiterStoreFromEnv,
  readLimiterSettings,
  taskRecordsFromEnv,
} from '@obmcp/http-kit';
import { configSecrets, loadConfig } from './config.js';
import { SP_ENV_DOCS } from './env-docs.js';
import { createServer } from './server.js';
import { VERSION } from './version.js';

await runCli({
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
  env: {
    docs: [SP_ENV_DOCS, CODE_MODE_ENV_DOCS, LIMITER_ENV_DOCS],
    read: (env) => {
      loadConfig(env);
      readLimiterSettings(env);
    },
  },
  start: async ({ io, http }) => {
    const config = loadConfig(process.env);
    io.warn(config.warnings);
    const logger = createLogger({ name: 'sp-mcp', level: config.logLevel, secrets: configSecrets(config) });
    const limiterStore = limiterStoreFromEnv(process.env, logger);
    const taskRecords = taskRecordsFromEnv(process.env, logger);
    const { newServer } = createServer(config, { logger, env: process.env, limiterStore, taskRecords });
    await serve(newServer, { logger, http });
  },
});
