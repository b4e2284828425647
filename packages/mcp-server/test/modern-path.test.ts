// MCP 2026-07-28 over HTTP: a v2 client on the modern path, caching fields, and each bad modern request's answer.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { validateEnvelope } from '@obmcp/contract/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_TTL_MS } from '../src/server/cache-hints.js';
import { type HttpServerProcess, rawPost, startHttpExample } from './http-harness.js';

const MODERN = '2026-07-28';
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

let server: HttpServerProcess;
let client: Client;
beforeAll(async () => {
  server = await startHttpExample();
  client = new Client(
    { name: 'modern-test', version: '0.0.0' },
    { versionNegotiation: { mode: { pin: MODERN } } },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
}, 30_000);
afterAll(async () => {
  await client?.close();
  await server?.stop();
});

/** A modern request POSTed by hand: body envelope plus the standard headers, each overridable. */
function modern(
  method: string,
  params: Record<string, unknown> = {},
  headers: Record<string, string> = {},
  meta: Record<string, unknown> = ENVELOPE,
) {
  const name: Record<string, string> = typeof params.name === 'string' ? { 'mcp-name': params.name } : {};
  const body = JSON.stringify({ jsonrpc: '2.0', id: 7, method, params: { ...params, _meta: meta } });
  return rawPost(server.url, body, {
    'mcp-protocol-version': MODERN,
    'mcp-method': method,
    ...name,
    ...headers,
  });
}

const rpcError = async (response: Response) => {
  const body = (await response.json()) as { error?: { code: number; message: string; data?: unknown } };
  return { status: response.status, error: body.error };
};

describe('a 2026-07-28 client (no initialize, per-request _meta)', () => {
  it('negotiates the modern era and lists the tools in the same order every time', async () => {
    expect(client.getProtocolEra()).toBe('modern');
    const first = (await client.listTools()).tools.map((t) => t.name);
    const second = (await client.listTools()).tools.map((t) => t.name);
    expect(first.length).toBeGreaterThan(1);
    expect(second).toEqual(first);
    expect(first).toContain('get_envelope_contract');
  });

  it('calls a tool; bad arguments are still the v1 envelope', async () => {
    const ok = await client.callTool({
      name: 'list_orders',
      arguments: { marketplaceIds: ['ATVPDKIKX0DER'] },
    });
    expect(ok.isError).toBeFalsy();
    const bad = await client.callTool({ name: 'list_orders', arguments: { marketplaceIds: 'nope', x: 1 } });
    expect(bad.isError).toBe(true);
    const envelope = JSON.parse((bad.content as { text: string }[])[0]?.text ?? '') as unknown;
    expect(validateEnvelope(envelope).valid).toBe(true);
    expect(envelope).toMatchObject({ error_kind: 'mcp_input_validation', tool: 'list_orders' });
  });
});

describe('cacheable results carry ttlMs and cacheScope on 2026-07-28 only', () => {
  it('tools/list and server/discover: an hour, public (this server has no views)', async () => {
    const list = (await (await modern('tools/list')).json()) as { result: Record<string, unknown> };
    expect(list.result).toMatchObject({ ttlMs: LISTING_TTL_MS, cacheScope: 'public' });
    const discover = (await (await modern('server/discover')).json()) as { result: Record<string, unknown> };
    expect(discover.result).toMatchObject({ ttlMs: LISTING_TTL_MS, cacheScope: 'public' });
  });

  it('a 2025-era tools/list has neither field', async () => {
    const response = await rawPost(
      server.url,
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      {
        'mcp-protocol-version': '2025-11-25',
      },
    );
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text).toContain('"tools"');
    expect(text).not.toContain('ttlMs');
    expect(text).not.toContain('cacheScope');
  });
});

describe('bad modern requests: the status and JSON-RPC error the spec names', () => {
  it('no MCP-Protocol-Version header: 400, -32020', async () => {
    const { status, error } = await rpcError(await modern('tools/list', {}, { 'mcp-protocol-version': '' }));
    expect(status).toBe(400);
    expect(error?.code).toBe(-32020);
  });

  it('Mcp-Method disagreeing with the body: 400, -32020', async () => {
    const { status, error } = await rpcError(await modern('tools/list', {}, { 'mcp-method': 'tools/call' }));
    expect(status).toBe(400);
    expect(error?.code).toBe(-32020);
  });

  it('Mcp-Name disagreeing with params.name: 400, -32020', async () => {
    const call = { name: 'list_orders', arguments: {} };
    const { status, error } = await rpcError(await modern('tools/call', call, { 'mcp-name': 'other' }));
    expect(status).toBe(400);
    expect(error?.code).toBe(-32020);
  });

  it('an unsupported protocol version: 400, -32022 naming the supported ones', async () => {
    const meta = { ...ENVELOPE, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' };
    const { status, error } = await rpcError(
      await modern('tools/list', {}, { 'mcp-protocol-version': '2099-01-01' }, meta),
    );
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: -32022, data: { supported: [MODERN], requested: '2099-01-01' } });
  });

  it('a malformed or incomplete _meta envelope: 400, -32602 naming the key', async () => {
    const malformed = { ...ENVELOPE, 'io.modelcontextprotocol/clientInfo': 'nope' };
    const bad = await rpcError(await modern('tools/list', {}, {}, malformed));
    expect(bad.status).toBe(400);
    expect(bad.error).toMatchObject({
      code: -32602,
      data: { envelope: { key: 'io.modelcontextprotocol/clientInfo' } },
    });
    const partial = { 'io.modelcontextprotocol/protocolVersion': MODERN };
    const missing = await rpcError(await modern('tools/list', {}, {}, partial));
    expect(missing.status).toBe(400);
    expect(missing.error?.code).toBe(-32602);
  });

  it('the legacy-only initialize and ping on the modern path: 404, -32601', async () => {
    const init = { protocolVersion: MODERN, capabilities: {}, clientInfo: { name: 'r', version: '1' } };
    for (const [method, params] of [
      ['initialize', init],
      ['ping', {}],
    ] as const) {
      const { status, error } = await rpcError(await modern(method, params));
      expect({ method, status, code: error?.code }).toEqual({ method, status: 404, code: -32601 });
    }
  });

  it('inputResponses of the wrong shape: -32602 before the tool runs (SEP-2322); well-formed ones pass', async () => {
    for (const inputResponses of [12345, null, [], { user_name: 12345 }, { user_name: null }]) {
      const params = { name: 'get_envelope_contract', arguments: {}, inputResponses };
      const { status, error } = await rpcError(await modern('tools/call', params));
      expect({ inputResponses, status, code: error?.code }).toEqual({
        inputResponses,
        status: 200,
        code: -32602,
      });
      expect(error?.message).toMatch(/inputResponses/);
    }
    const answer = { user_name: { action: 'accept', content: { name: 'A' } } };
    const fine = await modern('tools/call', {
      name: 'get_envelope_contract',
      arguments: {},
      inputResponses: answer,
    });
    const body = (await fine.json()) as { result?: { isError?: boolean; resultType?: string } };
    expect(body.result?.resultType).toBe('complete');
    expect(body.result?.isError).toBeFalsy();
  });
});
