// startHttpServer: Streamable HTTP on node:http — /mcp, /healthz, 404 elsewhere, bounded graceful drain.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerFactory } from '../server/create-server.js';
import type { Logger } from '@obmcp/contract/internal/tool/logger.js';
import { applyConnectionPolicy } from './connection-policy.js';
import { defaultAllowedHosts } from './host-check.js';
import type { HttpOptions } from './http-options.js';
import { isGatePath, serveAsHostedUser, serveGatePath } from './hosted-route.js';
import { HTTP_RPC_CODES, sendJson, sendRpcError } from './http-responses.js';
import { mcpRoute } from './mcp-route.js';
import { serveWithSessionChoices } from './session-route.js';

export interface HttpServerHandle {
  host: string;
  port: number;
  /** Requests currently being handled. */
  inFlight(): number;
  /** Stops accepting, lets in-flight requests finish (up to shutdownTimeoutMs), then closes. */
  close(reason: string): Promise<void>;
}

export async function startHttpServer(
  factory: ServerFactory,
  options: HttpOptions,
  logger: Logger,
): Promise<HttpServerHandle> {
  let boundPort = options.port;
  let draining = false;
  let inFlight = 0;
  let onIdle: (() => void) | undefined;
  // The Mcp-Param-* check reads tool schemas through the factory; a wrapper that drops them must not go unnoticed.
  if (factory.inputSchemaOf === undefined)
    logger.warn('Mcp-Param-* headers not checked', {
      reason: 'the server factory has no inputSchemaOf (serve createContractServer(...).newServer itself)',
    });
  const route = mcpRoute({
    factory,
    logger,
    maxBodyBytes: options.maxBodyBytes,
    ...(options.bearerToken ? { bearerToken: options.bearerToken } : {}),
    hostPolicy: () => ({
      allowedHosts: options.allowedHosts ?? defaultAllowedHosts(boundPort),
      ...(options.allowedOrigins ? { allowedOrigins: options.allowedOrigins } : {}),
    }),
  });

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '/').split('?', 1)[0];
    if (path === '/healthz' && (req.method === 'GET' || req.method === 'HEAD')) {
      sendJson(res, draining ? 503 : 200, { status: draining ? 'draining' : 'ok' });
      return;
    }
    const gate = options.gate;
    if (gate !== undefined && path !== undefined && isGatePath(path)) {
      await serveGatePath(gate, req, res);
      return;
    }
    if (path !== '/mcp') {
      sendRpcError(res, 404, 'Not found: the MCP endpoint is /mcp');
      return;
    }
    if (draining) {
      sendRpcError(res, 503, 'Server is shutting down', { connection: 'close', 'retry-after': '1' });
      return;
    }
    const shared = options.sessionChoices;
    if (gate !== undefined) await serveAsHostedUser(gate, req, res, route);
    else if (shared !== undefined)
      await serveWithSessionChoices(shared.store, shared.key, res, () => route(req, res));
    else await route(req, res);
  };

  const http = createServer((req, res) => {
    inFlight++;
    res.on('close', () => {
      inFlight--;
      if (draining) http.closeIdleConnections();
      if (inFlight === 0) onIdle?.();
    });
    handle(req, res).catch((error: unknown) => {
      logger.error('http request failed', { error });
      sendRpcError(res, 500, 'Internal error', {}, HTTP_RPC_CODES.internal);
    });
  });
  applyConnectionPolicy(http, logger);

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, options.host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  boundPort = (http.address() as AddressInfo).port;

  return {
    host: options.host,
    port: boundPort,
    inFlight: () => inFlight,
    async close(reason: string): Promise<void> {
      if (draining) return;
      draining = true;
      logger.info('http draining', { why: reason, in_flight: inFlight });
      const closed = new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeIdleConnections();
      const idle = new Promise<void>((resolve) => {
        onIdle = resolve;
        if (inFlight === 0) resolve();
      });
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), options.shutdownTimeoutMs);
      });
      const outcome = await Promise.race([idle.then(() => 'idle' as const), timeout]);
      clearTimeout(timer);
      if (outcome === 'timeout') logger.warn('http drain timed out', { in_flight: inFlight });
      http.closeAllConnections();
      await closed;
      logger.info('http stopped', { why: reason });
    },
  };
}
