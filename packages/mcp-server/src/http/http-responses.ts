// Small JSON(-RPC) error replies the HTTP layer sends before a request reaches the MCP transport.
import type { ServerResponse } from 'node:http';

/** JSON-RPC error codes used at the HTTP layer (-32000 = transport refused, -32700 = parse error). */
export const HTTP_RPC_CODES = { refused: -32000, parse: -32700, internal: -32603 } as const;

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

/** A JSON-RPC error object with id null (the request was not read as JSON-RPC). */
export function sendRpcError(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
  code: number = HTTP_RPC_CODES.refused,
): void {
  sendJson(res, status, { jsonrpc: '2.0', error: { code, message }, id: null }, headers);
}
