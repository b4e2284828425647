// serve: connect a contract server to stdio; exit cleanly when the client goes away.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Logger } from './logger.js';

export interface ServeOptions {
  logger: Logger;
}

export async function serve(server: Server, options: ServeOptions): Promise<void> {
  const { logger } = options;
  process.on('uncaughtException', (error) => logger.error('uncaught exception', { error }));
  process.on('unhandledRejection', (reason) => logger.error('unhandled rejection', { reason }));
  const transport = new StdioServerTransport();
  const shutdown = async (why: string) => {
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
