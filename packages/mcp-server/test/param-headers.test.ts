// SEP-2243 Mcp-Param-* headers: decoding, the agreement rule, and the HTTP answer (400, -32020) before the SDK runs.
import { exampleProfile, exampleTools } from '@obmcp/contract/internal/example/example-tools.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customHeaderTool } from '../src/example/conformance-input.js';
import { createContractServer } from '../src/entries/server.js';
import { silentLogger } from '../src/entries/testing.js';
import { HTTP_DEFAULTS, type HttpServerHandle, startHttpServer } from '../src/entries/http.js';
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

describe('over HTTP', () => {
  let http: HttpServerHandle;
  beforeAll(async () => {
    const contract = createContractServer({
      profile: exampleProfile,
      tools: exampleTools,
      rawTools: [customHeaderTool],
      logger: silentLogger,
    });
    http = await startHttpServer(
      contract.newServer,
      { ...HTTP_DEFAULTS, port: 0, host: '127.0.0.1' },
      silentLogger,
    );
  });
  afterAll(async () => http?.close('test done'));

  const call = (headers: Record<string, string>) =>
    fetch(`http://127.0.0.1:${http.port}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
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
