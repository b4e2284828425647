// openbridge-mcp command line: --help/--version, else env → config → createServer → serve (a startup failure is one stderr line, exit 2).
import { CODE_MODE_ENV_DOCS } from '@obmcp/code-mode';
import { createLogger, runCli, serve } from '@obmcp/contract/server';
import {
  LIMITER_ENV_DOCS,
  limiterStoreFromEnv,
  readLimiterSettings,
  taskRecordsFromEnv,
} from '@obmcp/http-kit';
import { loadConfig } from './config.js';
import { OPENBRIDGE_ENV_DOCS } from './env-docs.js';
import { profile } from './profile.js';
import { createServer } from './server.js';

await runCli({
  name: profile.name,
  packageName: '@obmcp/openbridge-mcp',
  version: profile.version,
  summary:
    'MCP server for the Openbridge API (subscriptions, identities, jobs, history, warehouse queries …)',
  hostConfigEnv: { OPENBRIDGE_REFRESH_TOKEN: 'key:secret' },
  env: {
    docs: [OPENBRIDGE_ENV_DOCS, CODE_MODE_ENV_DOCS, LIMITER_ENV_DOCS],
    read: (env) => {
      loadConfig(env);
      readLimiterSettings(env);
    },
  },
  start: async ({ io, http }) => {
    const config = loadConfig(process.env);
    io.warn(config.warnings);
    const logger = createLogger({
      name: profile.name,
      level: config.logLevel,
      secrets: [config.refreshToken],
    });
    const limiterStore = limiterStoreFromEnv(process.env, logger);
    const taskRecords = taskRecordsFromEnv(process.env, logger);
    const { newServer } = createServer(config, { logger, limiterStore, taskRecords });
    await serve(newServer, { logger, http });
  },
});
