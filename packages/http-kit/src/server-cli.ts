// runServerCli: a server bin's one start-up — command line, env table, config, logger, limiter store, task records and session choices from env, transport.
import { runCli } from '@obmcp/mcp-server/cli';
import { createLogger, serve } from '@obmcp/mcp-server/server';
import type { ObmcpApp, StartConfig } from './app.js';
import { LIMITER_ENV_DOCS, limiterStoreFromEnv, readLimiterSettings } from './limiter-store-from-env.js';
import { PROXY_ENV_DOCS } from './proxy-env.js';
import { sessionChoicesFromEnv } from './session-choices-from-env.js';
import { taskRecordsFromEnv } from './tasks/task-records-from-env.js';

/** An app's bin: `await runServerCli(app)` after the Node floor. */
export async function runServerCli<Config extends StartConfig>(app: ObmcpApp<Config>): Promise<void> {
  const { envDocs, loadConfig, secrets, createServer, hostedGate, ...help } = app;
  await runCli({
    ...help,
    env: {
      docs: [...envDocs, LIMITER_ENV_DOCS, PROXY_ENV_DOCS],
      // The shared readers first: an app's loader that throws for a missing credential ends the pass.
      read: (env) => {
        readLimiterSettings(env);
        loadConfig(env);
      },
    },
    start: async ({ io, http }) => {
      // --hosted: the config is read knowing it (no refresh token in the env is needed).
      const env = http?.hostedMode === true ? { ...process.env, OBMCP_HOSTED: '1' } : process.env;
      const config = loadConfig(env);
      io.warn(config.warnings);
      const logger = createLogger({ name: app.name, level: config.logLevel, secrets: secrets(config) });
      const limiterStore = limiterStoreFromEnv(env, logger);
      const taskRecords = taskRecordsFromEnv(env, logger);
      const { newServer, tasks } = createServer(config, { logger, env, limiterStore, taskRecords });
      if (http?.hostedMode === true) {
        if (hostedGate === undefined) throw new Error(`${app.name} has no hosted mode`);
        http.gate = await hostedGate(config, env, logger);
      } else if (http) {
        // One account for every caller: its switches (set_region …) in Redis, so every replica answers with them.
        const shared = sessionChoicesFromEnv(env, app.name, http.bearerToken, logger);
        if (shared !== undefined) http.sessionChoices = shared;
      }
      await serve(newServer, { logger, http, tasks });
    },
  });
}
