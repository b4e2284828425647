// The log-level setting: one variable name on every server (old per-server names warn for one release).
import type { LogLevel } from '@obmcp/contract/internal/tool/logger.js';
import type { EnvReader } from './env-reader.js';

export const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];
export const LOG_LEVEL_ENV = 'OBMCP_LOG_LEVEL';

/** OBMCP_LOG_LEVEL (default info); `legacy` names this server used before still work, with a warning. */
export function readLogLevel(env: EnvReader, legacy: readonly string[] = []): LogLevel {
  return env.oneOf(env.renamed(LOG_LEVEL_ENV, legacy), LOG_LEVELS, 'info');
}
