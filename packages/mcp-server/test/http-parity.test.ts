// Streamable HTTP serves the same tools, envelopes and capabilities as stdio (example server, real Clients).
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpServerProcess, httpClient, startHttpExample, stdioClient } from './http-harness.js';

type ToolResult = {
  content?: { type: string; text?: string }[];
  isError?: boolean;
  structuredContent?: unknown;
};

function envelopeOf(result: ToolResult): Record<string, unknown> {
  expect(result.isError).toBe(true);
  const text = result.content?.[0]?.text ?? '';
  return JSON.parse(text) as Record<string, unknown>;
}

describe('HTTP/stdio parity', () => {
  let server: HttpServerProcess;
  let http: Client;
  let stdio: Client;

  beforeAll(async () => {
    // The stdio child starts while the HTTP one does.
    const stdioConnected = stdioClient();
    server = await startHttpExample();
    [http, stdio] = await Promise.all([httpClient(server.url), stdioConnected]);
  }, 30_000);

  afterAll(async () => {
    await Promise.all([http?.close(), stdio?.close()]);
    await server?.stop();
  });

  it('binds 127.0.0.1 and logs a structured ready line', () => {
    const ready =
      server
        .stderr()
        .split('\n')
        .find((l) => l.includes('"server ready"')) ?? '';
    expect(JSON.parse(ready)).toMatchObject({
      msg: 'server ready',
      transport: 'http',
      host: '127.0.0.1',
      port: server.port,
    });
  });

  it('advertises the same capabilities, server info and instructions', () => {
    expect(http.getServerCapabilities()).toEqual(stdio.getServerCapabilities());
    expect(http.getServerCapabilities()?.experimental?.openbridge_envelope).toBeDefined();
    expect(http.getServerVersion()).toEqual(stdio.getServerVersion());
    expect(http.getInstructions()).toEqual(stdio.getInstructions());
  });

  it('lists the same tools', async () => {
    const [a, b] = await Promise.all([http.listTools(), stdio.listTools()]);
    expect(a.tools.length).toBeGreaterThan(0);
    expect(a).toEqual(b);
  });

  it('returns the same success result', async () => {
    const args = { name: 'list_orders', arguments: { marketplaceIds: ['ATVPDKIKX0DER'] } };
    const [a, b] = await Promise.all([http.callTool(args), stdio.callTool(args)]);
    expect(a.isError).toBeFalsy();
    expect(a).toEqual(b);
  });

  it('returns the same tool_not_found envelope for an unknown tool', async () => {
    const args = { name: 'list_ordrs', arguments: {} };
    const [a, b] = await Promise.all([http.callTool(args), stdio.callTool(args)]);
    expect(envelopeOf(a as ToolResult)).toMatchObject({
      error_kind: 'tool_not_found',
      error_code: 'TOOL_NOT_FOUND',
    });
    expect(a).toEqual(b);
  });

  it('returns the same SCHEMA_REQUIRED envelope for a missing required field', async () => {
    const args = { name: 'list_orders', arguments: {} };
    const [a, b] = await Promise.all([http.callTool(args), stdio.callTool(args)]);
    expect(envelopeOf(a as ToolResult)).toMatchObject({
      error_kind: 'mcp_input_validation',
      error_code: 'SCHEMA_REQUIRED',
    });
    expect(a).toEqual(b);
  });

  it('returns the same upstream and internal envelopes', async () => {
    for (const args of [
      { name: 'upstream_fail', arguments: { status: 503 } },
      { name: 'crash', arguments: {} },
    ]) {
      const [a, b] = await Promise.all([http.callTool(args), stdio.callTool(args)]);
      envelopeOf(a as ToolResult);
      expect(a).toEqual(b);
    }
  });

  it('serves many clients at once (stateless: one Server per request)', async () => {
    const calls = Array.from({ length: 20 }, (_, i) =>
      http.callTool({
        name: 'list_orders',
        arguments: { marketplaceIds: ['ATVPDKIKX0DER'], maxResults: i + 1 },
      }),
    );
    const results = await Promise.all(calls);
    expect(results.every((r) => !r.isError)).toBe(true);
  });
});
