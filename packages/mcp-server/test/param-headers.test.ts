// SEP-2243 Mcp-Param-* headers: decoding, the agreement rule, and the HTTP answer (400, -32020) before the SDK runs.
import { exampleProfile, exampleTools } from '@obmcp/contract/internal/example/example-tools.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customHeaderTool } from '../src/example/conformance-input.js';
import { createContractServer, createLogger } from '../src/entries/server.js';
import type { ServerContext } from '../src/server/create-server.js';
import { silentLogger } from '../src/entries/testing.js';
import type { HostedGate } from '../src/entries/hosted.js';
import { HTTP_DEFAULTS, type HttpServerHandle, startHttpServer } from '../src/entries/http.js';
import type { HttpOptions } from '../src/http/http-options.js';
import { decodeParamHeader, paramHeaderMismatch, paramHeadersOf } from '../src/http/param-headers.js';

const DECLARED = paramHeadersOf(customHeaderTool.tool.inputSchema);

describe('Mcp-Param headers', () => {
  it('reads the x-mcp-header declarations of a schema', () => {
    expect(DECLARED).toEqual([{ property: 'region', header: 'Region' }]);
    expect(paramHeadersOf({ type: 'object', properties: { a: { type: 'string' } } })).toEqual([]);
  });

  it('decodes strict Base64 inside =?base64?…?= and takes anything else literally', () => {
    const hello = Buffer.from('Hello').toString('base64');
    expect(decodeParamHeader(`=?base64?${hello}?=`)).toEqual({ ok: true, value: 'Hello' });
    expect(decodeParamHeader(' =?base64?SGVsbG8=?= ')).toEqual({ ok: true, value: 'Hello' });
    expect(decodeParamHeader('=?base64?SGVsbG8?=')).toEqual({ ok: false });
    expect(decodeParamHeader('=?base64?SGVs!!!bG8=?=')).toEqual({ ok: false });
    expect(decodeParamHeader(hello)).toEqual({ ok: true, value: hello });
    expect(decodeParamHeader(`=?base64?${hello}`)).toEqual({ ok: true, value: `=?base64?${hello}` });
  });

  it('agrees only when the header carries the argument', () => {
    expect(paramHeaderMismatch(DECLARED, { region: 'eu' }, { 'mcp-param-region': 'eu' })).toBeUndefined();
    expect(paramHeaderMismatch(DECLARED, { region: 'eu' }, {})).toMatch(/Mcp-Param-Region is missing/);
    expect(paramHeaderMismatch(DECLARED, { region: 'eu' }, { 'mcp-param-region': 'us' })).toMatch(
      /does not match/,
    );
    expect(paramHeaderMismatch(DECLARED, {}, { 'mcp-param-region': 'us' })).toMatch(/is sent but/);
    expect(paramHeaderMismatch(DECLARED, {}, {})).toBeUndefined();
  });
});

/** In-memory session choices (what a Redis-backed deployment shares). */
const memoryChoices = () => {
  const data = new Map<string, Record<string, string>>();
  return {
    load: async (key: string) => ({ ...(data.get(key) ?? {}) }),
    save: async (key: string, name: string, value: string | undefined) => {
      const next = { ...(data.get(key) ?? {}) };
      if (value === undefined) delete next[name];
      else next[name] = value;
      data.set(key, next);
    },
  };
};

/** A --hosted gate that knows one token and no OAuth endpoints. */
const gate = (origin: () => string): HostedGate => ({
  get origin() {
    return origin();
  },
  handle: async () => undefined,
  authenticate: async (request) =>
    request.headers.get('authorization') === 'Bearer good'
      ? { subject: 'sp:A1', account: 'A1', secret: 's' }
      : new Response('{"error":"invalid_token"}', { status: 401 }),
  sessionChoices: memoryChoices(),
});

// Every way runServerCli starts HTTP (plain, a bearer token, shared session choices, --hosted) puts the
// framework's factory behind the same route: each applies the check.
const modes: Record<string, (origin: () => string) => Partial<HttpOptions>> = {
  plain: () => ({}),
  bearer: () => ({ bearerToken: 'good' }),
  'shared session choices': () => ({ sessionChoices: { store: memoryChoices(), key: 'deployment' } }),
  '--hosted': (origin) => ({ hostedMode: true, gate: gate(origin) }),
};

describe.each(Object.keys(modes))('over HTTP (%s)', (mode) => {
  let http: HttpServerHandle;
  beforeAll(async () => {
    const contract = createContractServer({
      profile: exampleProfile,
      tools: exampleTools,
      rawTools: [customHeaderTool],
      logger: silentLogger,
    });
    let origin = '';
    http = await startHttpServer(
      contract.newServer,
      { ...HTTP_DEFAULTS, port: 0, host: '127.0.0.1', ...modes[mode]?.(() => origin) },
      silentLogger,
    );
    origin = `http://127.0.0.1:${http.port}`;
  });
  afterAll(async () => http?.close('test done'));

  const call = (headers: Record<string, string>) =>
    fetch(`http://127.0.0.1:${http.port}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: 'Bearer good',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'test_custom_header',
        ...headers,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 9,
        method: 'tools/call',
        params: {
          name: 'test_custom_header',
          arguments: { region: 'Hello' },
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientInfo': { name: 'p', version: '1' },
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      }),
    });

  it('a matching header is served; a missing or bad one is 400, -32020, before the tool runs', async () => {
    const ok = await call({ 'mcp-param-region': '=?base64?SGVsbG8=?=' });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('Region: Hello');
    const bad: Record<string, string>[] = [
      {},
      { 'mcp-param-region': '=?base64?SGVsbG8?=' },
      { 'mcp-param-region': 'Bye' },
    ];
    for (const headers of bad) {
      const refused = await call(headers);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { id: number; error: { code: number } }).error.code).toBe(-32020);
    }
  });
});

describe('a factory without its tool schemas', () => {
  it('is served with a warning that Mcp-Param-* headers go unchecked (the factory itself: no warning)', async () => {
    const contract = createContractServer({
      profile: exampleProfile,
      tools: exampleTools,
      logger: silentLogger,
    });
    for (const [factory, warned] of [
      [(context?: ServerContext) => contract.newServer(context), true],
      [contract.newServer, false],
    ] as const) {
      const lines: string[] = [];
      const logger = createLogger({ name: 't', write: (line) => void lines.push(line) });
      const handle = await startHttpServer(factory, { ...HTTP_DEFAULTS, port: 0, host: '127.0.0.1' }, logger);
      await handle.close('test done');
      expect(lines.some((l) => l.includes('Mcp-Param-* headers not checked'))).toBe(warned);
    }
  });
});
