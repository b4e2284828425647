// POST /mcp: host check → bearer auth → bounded body → the SDK's handler (2026-07-28 and 2025 eras, a Server per request).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isPlainObject } from '@obmcp/contract/internal/validation/json-type.js';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler } from '@modelcontextprotocol/server';
import type { ServerFactory } from '../server/create-server.js';
import type { Logger } from '@obmcp/contract/internal/tool/logger.js';
import { bearerChecker } from './bearer-auth.js';
import { checkHostHeaders } from './host-check.js';
import { refuseMalformedInputResponses } from '../server/input-responses.js';
import { HTTP_RPC_CODES, sendJson, sendRpcError } from './http-responses.js';
import { RequestTooLargeError, readRequestBody } from './read-body.js';
import { paramHeaderMismatch, paramHeadersOf } from './param-headers.js';
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

/** SEP-2243's JSON-RPC code for request headers that disagree with the body. */
const HEADER_MISMATCH = -32020;

export function mcpRoute(
  options: McpRouteOptions,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const checkBearer = options.bearerToken ? bearerChecker(options.bearerToken) : undefined;
  const { logger } = options;
  // One handler for both eras: a 2026-07-28 request (its `_meta` names the revision) takes the modern,
  // stateless path; a 2025-era one (initialize, no `_meta` claim) the SDK's stateless legacy path.
  // Tasks created through a request belong to its credentials: another client cannot read them.
  const handler = createMcpHandler(
    ({ requestInfo }) =>
      options.factory({ owner: taskOwner(requestInfo?.headers.get('authorization') ?? undefined) }),
    {
      maxRequestBodySize: options.maxBodyBytes,
      onerror: (error) => logger.debug('mcp request rejected', { error }),
    },
  );
  const serveNode = toNodeHandler(handler, {
    maxRequestBodySize: options.maxBodyBytes,
    onerror: (error) => logger.warn('protocol error', { error }),
  });
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
    // SEP-2322: malformed inputResponses are a protocol error (in-band: HTTP 200), before the SDK drops them.
    const refusal = refuseMalformedInputResponses(body);
    if (refusal) {
      sendJson(res, 200, { jsonrpc: '2.0', ...refusal });
      return;
    }
    // SEP-2243: a tool's x-mcp-header arguments travel as Mcp-Param-* headers too; a gateway routes on them.
    const mismatch = paramHeaderRefusal(body, req.headers, options.factory.inputSchemaOf);
    if (mismatch) {
      sendJson(res, 400, mismatch);
      return;
    }
    await serveNode(req, res, body);
  };
}

/** -32020 HeaderMismatch (HTTP 400) for a tools/call whose Mcp-Param-* headers disagree with its arguments. */
function paramHeaderRefusal(
  body: unknown,
  headers: IncomingMessage['headers'],
  inputSchemaOf: ((tool: string) => unknown) | undefined,
): object | undefined {
  if (inputSchemaOf === undefined || !isPlainObject(body) || body.method !== 'tools/call') return undefined;
  const params = isPlainObject(body.params) ? body.params : {};
  if (typeof params.name !== 'string') return undefined;
  const declared = paramHeadersOf(inputSchemaOf(params.name));
  if (declared.length === 0) return undefined;
  const problem = paramHeaderMismatch(declared, params.arguments, headers);
  if (problem === undefined) return undefined;
  const id = typeof body.id === 'string' || typeof body.id === 'number' ? body.id : null;
  return { jsonrpc: '2.0', id, error: { code: HEADER_MISMATCH, message: `Header mismatch: ${problem}` } };
}
