// ObmcpApp: one app as a library — its help text, env docs, config loader, secrets, server factory and hosted gate.
import type { Logger, LogLevel } from '@obmcp/contract';
import type { runCli } from '@obmcp/mcp-server/cli';
import type { Env, EnvDocs, EnvReader } from '@obmcp/mcp-server/config';
import type { HostedGate } from '@obmcp/mcp-server/hosted';
import type { ContractServer } from '@obmcp/mcp-server/server';
import type { TaskRecords } from '@obmcp/mcp-server/tasks';
import type { LimiterStore } from './limiter-store.js';

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

/**
 * One app, the same fields in all three: `src/app.ts` exports it (the package's main entry, side-effect free),
 * `src/bin.ts` runs `runServerCli(app)`, and the test harness starts it in process. Methods (not function-typed
 * properties), so an `ObmcpApp<SpConfig>` is an `ObmcpApp` where a caller only hands back the config it loaded.
 */
export interface ObmcpApp<Config extends StartConfig = StartConfig>
  extends Omit<Parameters<typeof runCli>[0], 'env' | 'start'> {
  /** The bin's name, also the logger's name (`sp-mcp`). */
  name: string;
  /** The npm package (`@obmcp/sp-mcp`). */
  packageName: string;
  /** The release version (equal to package.json "version"; a test checks it). */
  version: string;
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
  /** The start calls it once per process with every option set (it creates the stores from env). */
  createServer(config: Config, options: CreateServerOptions): ContractServer;
}
