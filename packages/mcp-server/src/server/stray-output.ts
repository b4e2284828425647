// Output the server did not log itself (a dependency's console call, a Node process warning) becomes a JSON log line on stderr.
import { format } from 'node:util';
import type { Logger, LogLevel } from '@obmcp/contract/internal/tool/logger.js';

/** Console methods and the level their text is logged at (console.log too: stdout is the protocol). */
const CONSOLE_LEVELS: ReadonlyArray<
  readonly ['log' | 'info' | 'debug' | 'warn' | 'error' | 'trace', LogLevel]
> = [
  ['log', 'info'],
  ['info', 'info'],
  ['debug', 'debug'],
  ['warn', 'warn'],
  ['error', 'error'],
  ['trace', 'debug'],
];

/**
 * Once a server serves, every line on stderr is JSON and nothing but the protocol reaches stdout: console
 * calls become `console output` log lines, and process warnings (deprecations, listener leaks) `node
 * warning` lines instead of Node's plain-text print.
 */
export function routeStrayOutput(logger: Logger): void {
  for (const [method, level] of CONSOLE_LEVELS)
    console[method] = (...args: unknown[]) =>
      logger[level]('console output', { method, text: format(...args) });
  // Node prints warnings through its own 'warning' listener; this one replaces it.
  process.removeAllListeners('warning');
  process.on('warning', (warning: Error & { code?: string }) =>
    logger.warn('node warning', {
      name: warning.name,
      message: warning.message,
      // A warning without a code: the JSON line has no code field (undefined is not written).
      code: warning.code,
    }),
  );
}
