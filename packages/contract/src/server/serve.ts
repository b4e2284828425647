// serve: run a contract server on stdio; exit cleanly when the client goes away.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Logger } from './logger.js';

/** A server, or a factory of servers (the form HTTP transports need: one server per request). */
export type ServerSource = Server | (() => Server);

export interface ServeOptions {
  logger: Logger;
  /** Command-line arguments (default process.argv.slice(2)); transports beyond stdio read them. */
  argv?: readonly string[];
  env?: Record<string, string | undefined>;
}

function guardProcess(logger: Logger): void {
  process.on('uncaughtException', (error) => logger.error('uncaught exception', { error }));
  process.on('unhandledRejection', (reason) => logger.error('unhandled rejection', { reason }));
}

export async function serve(source: ServerSource, options: ServeOptions): Promise<void> {
  const { logger } = options;
  guardProcess(logger);
  const server = typeof source === 'function' ? source() : source;
  const transport = new StdioServerTransport();
  let closing = false;
  const shutdown = async (why: string) => {
    if (closing) return;
    closing = true;
    logger.info('shutting down', { why });
    await server.close().catch(() => undefined);
    process.exit(0);
  };
  process.stdin.on('end', () => void shutdown('stdin closed'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  server.onerror = (error) => logger.warn('protocol error', { error });
  await server.connect(transport);
  logger.info('server ready', { transport: 'stdio' });
}
