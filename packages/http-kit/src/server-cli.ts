// runServerCli: a server bin's one start-up — command line, env table, config, logger, limiter store, task records and session choices from env, transport.
import type { Logger, LogLevel } from '@obmcp/contract';
import type { Env, EnvDocs, EnvReader } from '@obmcp/mcp-server/config';
import type { HostedGate } from '@obmcp/mcp-server/hosted';
import { runCli } from '@obmcp/mcp-server/cli';
import { type ContractServer, createLogger, serve } from '@obmcp/mcp-server/server';
import type { TaskRecords } from '@obmcp/mcp-server/tasks';
import { LIMITER_ENV_DOCS, limiterStoreFromEnv, readLimiterSettings } from './limiter-store-from-env.js';
import type { LimiterStore } from './limiter-store.js';
import { PROXY_ENV_DOCS } from './proxy-env.js';
import { sessionChoicesFromEnv } from './session-choices-from-env.js';
import { taskRecordsFromEnv } from './tasks/task-records-from-env.js';

/** What every app's config has for the start: its warnings (one stderr line each) and log level. */
export interface StartConfig {
  warnings: readonly string[];
  logLevel: LogLevel;
}

/** What an app's createServer takes besides its config: the same roles and names in all three apps. */
export interface CreateServerOptions {
  logger: Logger;
  /** Env handed to the contract (MCP_* switches). Default process.env. */
  env?: Record<string, string | undefined>;
  /** Limiter state store, created once per process (memory, or Redis via OBMCP_REDIS_URL). */
  limiterStore?: LimiterStore;
  /** Where MCP tasks live, created once per process (memory, or Redis via OBMCP_REDIS_URL). */
  taskRecords?: TaskRecords;
}

/** The app's part: its help text, its variables, its config loader and its server factory. */
export interface ServerCliSpec<Config extends StartConfig>
  extends Omit<Parameters<typeof runCli>[0], 'env' | 'start'> {
  /** Meanings of the app's own variables and those of the packages it uses (the limiter's and proxy's are added). */
  envDocs: readonly EnvDocs[];
  /** Reads the app's variables strictly; a ConfigError is the one stderr line of a failed start. */
  loadConfig(env: Env | EnvReader): Config;
  /** Configured credentials, redacted from every log line. */
  secrets(config: Config): readonly string[];
  /**
   * --hosted: the gate (authorization server + bearer check) for this server, from its config and env. The
   * config was read with OBMCP_HOSTED=1 (upstream refresh tokens come from each user's login, not the env).
   * Without it, --hosted is refused.
   */
  hostedGate?(config: Config, env: Record<string, string | undefined>, logger: Logger): Promise<HostedGate>;
  /** Called once per process with every option set (the start creates the stores from env). */
  createServer(config: Config, options: CreateServerOptions): Pick<ContractServer, 'newServer' | 'tasks'>;
}

export async function runServerCli<Config extends StartConfig>(spec: ServerCliSpec<Config>): Promise<void> {
  const { envDocs, loadConfig, secrets, createServer, hostedGate, ...help } = spec;
  await runCli({
    ...help,
    env: {
      docs: [...envDocs, LIMITER_ENV_DOCS, PROXY_ENV_DOCS],
      read: (env) => {
        loadConfig(env);
        readLimiterSettings(env);
      },
    },
    start: async ({ io, http }) => {
      // --hosted: the config is read knowing it (no refresh token in the env is needed).
      const env = http?.hostedMode === true ? { ...process.env, OBMCP_HOSTED: '1' } : process.env;
      const config = loadConfig(env);
      io.warn(config.warnings);
      const logger = createLogger({ name: spec.name, level: config.logLevel, secrets: secrets(config) });
      const limiterStore = limiterStoreFromEnv(env, logger);
      const taskRecords = taskRecordsFromEnv(env, logger);
      const { newServer, tasks } = createServer(config, { logger, env, limiterStore, taskRecords });
      if (http?.hostedMode === true) {
        if (hostedGate === undefined) throw new Error(`${spec.name} has no hosted mode`);
        http.gate = await hostedGate(config, env, logger);
      } else if (http) {
        // One account for every caller: its switches (set_region …) in Redis, so every replica answers with them.
        const shared = sessionChoicesFromEnv(env, spec.name, http.bearerToken, logger);
        if (shared !== undefined) http.sessionChoices = shared;
      }
      await serve(newServer, { logger, http, tasks });
    },
  });
}
