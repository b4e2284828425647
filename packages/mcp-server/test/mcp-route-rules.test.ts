// The /mcp route behind a bare node:http listener: which requests reach the SDK, the Mcp-Param check's id, the SDK's own refusals logged.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exampleProfile, exampleTools } from '@obmcp/contract/internal/example/example-tools.js';
import { afterEach, describe, expect, it } from 'vitest';
import { customHeaderTool } from '../src/example/conformance-input.js';
import { createContractServer, createLogger } from '../src/entries/server.js';
import { mcpRoute } from '../src/http/mcp-route.js';
import type { ServerContext, ServerFactory } from '../src/server/create-server.js';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** The route alone on a loopback port, any Host accepted; `reached` lists each request a server was built for. */
async function route(options: { withSchemas?: boolean; bearerToken?: string } = {}) {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    name: 'route',
    level: 'debug',
    write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  const contract = createContractServer({
    profile: exampleProfile,
    tools: exampleTools,
    rawTools: [customHeaderTool],
    logger: createLogger({ name: 'tools', level: 'error', write: () => undefined }),
  });
  const reached: (string | undefined)[] = [];
  const build = (context?: ServerContext) => {
    reached.push(context?.owner);
    return contract.newServer(context);
  };
  const factory: ServerFactory =
    options.withSchemas === false
      ? build
      : Object.assign(build, { inputSchemaOf: contract.newServer.inputSchemaOf });
  const handler = mcpRoute({
    factory,
    logger,
    maxBodyBytes: 64 * 1024,
    ...(options.bearerToken ? { bearerToken: options.bearerToken } : {}),
    hostPolicy: () => ({ allowedHosts: ['*'] }),
  });
  const server = createServer((req, res) => void handler(req, res));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  const post = async (body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, text: await res.text() };
  };
  return { post, reached, lines };
}

const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'p', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const MODERN_HEADERS = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call' };

/** A tools/call of the header tool without its Mcp-Param-Region header (a mismatch when checked). */
const unheadered = (id: unknown, extra: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  ...(id === undefined ? {} : { id }),
  method: 'tools/call',
  params: { name: 'test_custom_header', arguments: { region: 'eu' }, _meta: MODERN_META, ...extra },
});

describe('the Mcp-Param check on /mcp', () => {
  it('answers -32020 with the request id (string or number; null otherwise) before a server is built', async () => {
    const r = await route();
    for (const [id, echoed] of [
      [7, 7],
      ['a-1', 'a-1'],
      [{ x: 1 }, null],
      [undefined, null],
    ] as const) {
      const answer = await r.post(unheadered(id), { ...MODERN_HEADERS, 'mcp-name': 'test_custom_header' });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text)).toEqual({
        jsonrpc: '2.0',
        id: echoed,
        error: {
          code: -32020,
          message: expect.stringMatching(/^Header mismatch: .*Mcp-Param-Region is missing/),
        },
      });
    }
    expect(r.reached).toEqual([]);
  });

  it('is skipped for a factory without schemas, another method, a batch, a nameless call and a tool without headers', async () => {
    const unchecked = await route({ withSchemas: false });
    const skipped = await unchecked.post(unheadered(1), {
      ...MODERN_HEADERS,
      'mcp-name': 'test_custom_header',
    });
    expect(skipped.status).not.toBe(400);
    expect(unchecked.reached).toHaveLength(1);
    const r = await route();
    const bodies: Array<[unknown, Record<string, string>]> = [
      [{ ...unheadered(2), method: 'tools/list' }, { 'mcp-method': 'tools/list' }],
      [[unheadered(3)], {}],
      [{ jsonrpc: '2.0', id: 4, method: 'tools/call', params: 'x' }, {}],
      [{ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { arguments: {}, _meta: MODERN_META } }, {}],
      [
        unheadered(6, { name: 'get_envelope_contract', arguments: {} }),
        { 'mcp-name': 'get_envelope_contract' },
      ],
    ];
    for (const [body, headers] of bodies) {
      const answer = await r.post(body, { ...MODERN_HEADERS, ...headers });
      expect(answer.text, JSON.stringify(body)).not.toContain('Header mismatch');
    }
    expect(r.reached.length).toBeGreaterThanOrEqual(2);
  });
});

describe('what reaches the SDK', () => {
  it('a parsed body is served as parsed (UTF-8), and the SDK’s own refusal is logged at debug', async () => {
    const r = await route();
    const text = 'grüße ✓';
    const echo = await r.post(unheadered(9, { arguments: { region: text } }), {
      ...MODERN_HEADERS,
      'mcp-name': 'test_custom_header',
      'mcp-param-region': `=?base64?${Buffer.from(text).toString('base64')}?=`,
    });
    expect(echo.status).toBe(200);
    expect(echo.text).toContain(`Region: ${text}`);
    // JSON that is not JSON-RPC: the SDK refuses it, and the route logs why (debug, not a warning).
    const refused = await r.post({ hello: 'world' });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(r.lines.some((l) => l.msg === 'mcp request rejected' && l.level === 'debug')).toBe(true);
  });

  it('a request without Authorization is anonymous; with one, owned by it', async () => {
    const r = await route();
    await r.post(unheadered(1, { name: 'get_envelope_contract', arguments: {} }), {
      ...MODERN_HEADERS,
      'mcp-name': 'get_envelope_contract',
    });
    await r.post(unheadered(2, { name: 'get_envelope_contract', arguments: {} }), {
      ...MODERN_HEADERS,
      'mcp-name': 'get_envelope_contract',
      authorization: 'Bearer x',
    });
    expect(r.reached[0]).toBe('anonymous');
    expect(r.reached[1]).toMatch(/^auth:[0-9a-f]{32}$/);
  });
});
