// The MCP 2026-07-28 `server/discover` probe: a 2025-era server answers it "method not found", quietly.
import { isPlainObject } from '@obmcp/contract/internal/validation/json-type.js';

/** JSON-RPC "Method not found": the answer a client reads as "legacy server, fall back to initialize". */
export const METHOD_NOT_FOUND = -32601;

/**
 * The JSON-RPC reply for a lone `server/discover` request, or undefined for any other body. Clients
 * (e.g. the AI SDK's MCP client) probe every connection with it; the SDK transport would refuse the
 * probe's 2026 protocol header with HTTP 400 and report it as a protocol error on every connection.
 */
export function discoverProbeReply(body: unknown): Record<string, unknown> | undefined {
  if (!isPlainObject(body) || body.method !== 'server/discover' || body.jsonrpc !== '2.0') return undefined;
  const { id } = body;
  if (typeof id !== 'string' && typeof id !== 'number') return undefined; // a notification needs no answer
  return { jsonrpc: '2.0', id, error: { code: METHOD_NOT_FOUND, message: 'Method not found' } };
}
