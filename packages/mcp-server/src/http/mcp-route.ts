// POST /mcp: host check → bearer auth → bounded body → discover probe → a fresh Server + stateless transport per request.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { ServerFactory } from '../server/create-server.js';
import type { Logger } from '@obmcp/contract/internal/tool/logger.js';
import { bearerChecker } from './bearer-auth.js';
import { discoverProbeReply } from './discover-probe.js';
import { checkHostHeaders } from './host-check.js';
import { HTTP_RPC_CODES, sendJson, sendRpcError } from './http-responses.js';
import { RequestTooLargeError, readRequestBody } from './read-body.js';
import { taskOwner } from './task-owner.js';

export interface McpRouteOptions {
  factory: ServerFactory;
  logger: Logger;
  maxBodyBytes: number;
  bearerToken?: string;
  /** Resolved lazily: the default list depends on the bound port. */
  hostPolicy: () => { allowedHosts: readonly string[]; allowedOrigins?: readonly string[] };
}

const METHODS = new Set(['POST', 'GET', 'DELETE']);

export function mcpRoute(
  options: McpRouteOptions,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const checkBearer = options.bearerToken ? bearerChecker(options.bearerToken) : undefined;
  const { logger } = options;
  return async (req, res) => {
    const method = req.method ?? 'GET';
    if (!METHODS.has(method)) {
      sendRpcError(res, 405, 'Method not allowed', { allow: 'POST, GET, DELETE' });
      return;
    }
    const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
    const refused = checkHostHeaders(req.headers.host, origin, options.hostPolicy());
    if (refused) {
      logger.warn('http request refused', { reason: refused, host: req.headers.host, origin });
      sendRpcError(res, 403, refused);
      return;
    }
    if (checkBearer) {
      const verdict = checkBearer(req.headers.authorization);
      if (!verdict.ok) {
        // Worded so the log's own redaction (which removes 'Bearer <value>') leaves it readable.
        logger.warn('http request refused', { reason: 'token missing or wrong (Authorization: Bearer)' });
        sendRpcError(res, 401, 'Unauthorized', { 'www-authenticate': verdict.challenge });
        return;
      }
    }
    if (method !== 'POST') {
      // Stateless: no sessions to delete and no standalone SSE stream to offer (spec: answer 405).
      sendRpcError(res, 405, 'Method not allowed: this server is stateless (POST only)', { allow: 'POST' });
      return;
    }
    let body: unknown;
    try {
      const bytes = await readRequestBody(req, options.maxBodyBytes);
      body = JSON.parse(bytes.toString('utf8'));
    } catch (error) {
      if (error instanceof RequestTooLargeError) {
        sendRpcError(res, 413, `Request body exceeds ${error.maxBytes} bytes`, { connection: 'close' });
      } else {
        sendRpcError(res, 400, 'Parse error: body is not JSON', {}, HTTP_RPC_CODES.parse);
      }
      return;
    }
    const probe = discoverProbeReply(body);
    if (probe) {
      // A 2026-era client's probe: "method not found" makes it fall back to initialize; not an error.
      logger.debug('server/discover probe answered: method not found (2025-era server)');
      sendJson(res, 200, probe);
      return;
    }
    // Tasks created through this request belong to its credentials: another client cannot read them.
    const server = options.factory({ owner: taskOwner(req.headers.authorization) });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close().catch(() => undefined);
      void server.close().catch(() => undefined);
    });
    server.onerror = (error) => logger.warn('protocol error', { error });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  };
}
