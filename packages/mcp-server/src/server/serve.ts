// serve: run a contract server on stdio (default) or Streamable HTTP (`--http` / OBMCP_HTTP_PORT).
import type { Server } from '@modelcontextprotocol/server';
import { serveStdio as sdkServeStdio } from '@modelcontextprotocol/server/stdio';
import { type HttpOptions, readHttpOptions, wantsHttp } from '../http/http-options.js';
import { isLoopbackHost } from '../http/exposure.js';
import { startHttpServer } from '../http/http-server.js';
import type { ServerFactory } from './create-server.js';
import type { Logger } from '@obmcp/contract/internal/tool/logger.js';
import { GuardedStdioTransport } from './guarded-stdio-transport.js';
import { routeStrayOutput } from './stray-output.js';

/** A server, or a factory of servers (the form HTTP transports need: one server per request). */
export type ServerSource = Server | ServerFactory;

export interface ServeOptions {
  logger: Logger;
  /** Transport already decided (runCli reads it before the server is built): HTTP settings, or null = stdio. */
  http?: HttpOptions | null;
  /**
   * Without `http`: command-line arguments (default process.argv.slice(2)); `--http [--port N]
   * [--host H]` selects HTTP.
   */
  argv?: readonly string[];
  /** Default process.env; OBMCP_HTTP_* (see HTTP_ENV) configure the HTTP transport. */
  env?: Record<string, string | undefined>;
  /**
   * The server's task runner (ContractServer.tasks): on SIGTERM/SIGINT it stops taking tasks and drains
   * the running ones (OBMCP_TASK_DRAIN_MS) before the process exits.
   */
  tasks?: TaskDrain;
}

/** What serve needs of a TaskRunner. */
export interface TaskDrain {
  drain(why: string, boundMs?: number): Promise<unknown>;
}

const isBrokenPipe = (error: unknown) =>
  error !== null &&
  typeof error === 'object' &&
  ['EPIPE', 'ERR_STREAM_DESTROYED'].includes(String((error as { code?: unknown }).code));

/**
 * Routes stray output to the log (every stderr line JSON), keeps the process up on a stray exception, but
 * exits when the client is gone: a broken stdout or stderr pipe means nobody is listening (and logging
 * that failure would fail again, forever).
 */
function guardProcess(logger: Logger): void {
  routeStrayOutput(logger);
  const gone = () => process.exit(0);
  process.stdout.on('error', (error) => (isBrokenPipe(error) ? gone() : undefined));
  process.stderr.on('error', (error) => (isBrokenPipe(error) ? gone() : undefined));
  process.on('uncaughtException', (error) => {
    if (isBrokenPipe(error)) gone();
    logger.error('uncaught exception', { error });
  });
  process.on('unhandledRejection', (reason) => {
    if (isBrokenPipe(reason)) gone();
    logger.error('unhandled rejection', { reason });
  });
}

/** The HTTP settings `argv` and `env` ask for, or undefined for stdio. */
export function httpOptionsFrom(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): HttpOptions | undefined {
  return wantsHttp(argv, env) ? readHttpOptions(argv, env) : undefined;
}

export async function serve(source: ServerSource, options: ServeOptions): Promise<void> {
  const http =
    options.http !== undefined
      ? options.http
      : httpOptionsFrom(options.argv ?? process.argv.slice(2), options.env ?? process.env);
  if (http) return serveHttp(source, options.logger, http, options.tasks);
  return serveStdio(source, options.logger, options.tasks);
}

/** Runs a drain, logging (never throwing) a failure: shutdown goes on. */
const drained = (tasks: TaskDrain | undefined, why: string, logger: Logger, boundMs?: number) =>
  tasks?.drain(why, boundMs).catch((error: unknown) => logger.error('task drain failed', { error }));

async function serveHttp(
  source: ServerSource,
  logger: Logger,
  httpOptions: HttpOptions,
  tasks: TaskDrain | undefined,
): Promise<void> {
  if (typeof source !== 'function') {
    throw new Error(
      'serve: the HTTP transport needs a server factory (one Server per request): ' +
        'pass createContractServer(...).newServer to serve instead of a Server',
    );
  }
  guardProcess(logger);
  const handle = await startHttpServer(source, httpOptions, logger);
  const shutdown = async (why: string) => {
    // New requests get 503 at once; in-flight ones finish; running tasks finish or end TASK_INTERRUPTED.
    // (The listener's close always resolves, and a failed drain is logged: neither stops the exit.)
    await Promise.allSettled([handle.close(why), drained(tasks, why, logger)]);
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  if (!httpOptions.bearerToken && !isLoopbackHost(handle.host))
    logger.warn('http served without authentication', {
      host: handle.host,
      reason: '--allow-unauthenticated: anyone who can reach this address can call every tool',
    });
  logger.info('server ready', {
    transport: 'http',
    port: handle.port,
    host: handle.host,
    url: `http://${handle.host.includes(':') ? `[${handle.host}]` : handle.host}:${handle.port}/mcp`,
    auth: httpOptions.bearerToken ? 'bearer' : 'none',
  });
}

async function serveStdio(source: ServerSource, logger: Logger, tasks: TaskDrain | undefined): Promise<void> {
  guardProcess(logger);
  // The SDK's own stdio transport drops lines it cannot parse without an answer; this one answers.
  const transport = new GuardedStdioTransport({
    onRejected: (rejection) =>
      logger.warn('rejected stdin line', {
        ...(rejection.action === 'answer'
          ? { code: rejection.code, reason: rejection.message }
          : { reason: rejection.reason }),
      }),
  });
  // The SDK's entry decides the era from the opening message (initialize: 2025; a `_meta` claim:
  // 2026-07-28) and pins one server for the connection; both eras come from the same factory.
  const factory = () => {
    const server = typeof source === 'function' ? source() : source;
    server.onerror = (error) => logger.warn('protocol error', { error });
    return server;
  };
  const handle = sdkServeStdio(factory, {
    transport,
    onerror: (error) => logger.warn('protocol error', { error }),
  });
  let closing = false;
  const shutdown = async (why: string) => {
    if (closing) return;
    closing = true;
    logger.info('shutting down', { why });
    // A signal lets running tasks finish (bounded); a client that left has no one to finish them for.
    await drained(tasks, why, logger, why.startsWith('SIG') ? undefined : 0);
    await handle.close().catch(() => undefined);
    process.exit(0);
  };
  process.stdin.on('end', () => void shutdown('stdin closed'));
  process.stdin.on('close', () => void shutdown('stdin closed'));
  process.stdin.on('error', () => void shutdown('stdin failed'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  logger.info('server ready', { transport: 'stdio' });
}
