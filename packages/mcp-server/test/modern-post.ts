// A 2026-07-28 request POSTed by hand to an in-process HTTP server (the fields the SDK client would hide stay visible).
import { exampleProfile, exampleTools } from '@obmcp/contract/internal/example/example-tools.js';
import { HTTP_DEFAULTS, type HttpServerHandle, startHttpServer } from '../src/entries/http.js';
import { createContractServer } from '../src/entries/server.js';
import type { ContractServerOptions } from '../src/server/create-server.js';
import { silentLogger } from '../src/entries/testing.js';
import { rawPost } from './http-harness.js';

export const MODERN = '2026-07-28';
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'modern-post', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

export interface ModernReply {
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

/** An example server (plus `options`) on a loopback port; `post` sends one modern request with its headers. */
export async function modernServer(options: Partial<ContractServerOptions> = {}) {
  const { newServer } = createContractServer({
    profile: exampleProfile,
    tools: exampleTools,
    env: {},
    logger: silentLogger,
    ...options,
  });
  const http: HttpServerHandle = await startHttpServer(
    newServer,
    { ...HTTP_DEFAULTS, port: 0, host: '127.0.0.1' },
    silentLogger,
  );
  const url = `http://127.0.0.1:${http.port}/mcp`;
  const post = async (method: string, params: Record<string, unknown> = {}): Promise<ModernReply> => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: ENVELOPE } });
    const name = params.name ?? params.uri;
    const headers = {
      'mcp-protocol-version': MODERN,
      'mcp-method': method,
      ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
    };
    return (await (await rawPost(url, body, headers)).json()) as ModernReply;
  };
  return { post, close: () => http.close('test done') };
}
