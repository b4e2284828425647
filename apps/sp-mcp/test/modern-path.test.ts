// sp-mcp on MCP 2026-07-28: a v2 client on the modern path (no initialize) over HTTP — listing, a call, the envelope.
import type { Client } from '@modelcontextprotocol/client';
import { validateEnvelope } from '@obmcp/contract/envelope';
import { connectModern, type InProcessHttp, startHttpInProcess, startInProcess } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app } from '../src/app.js';

let http: InProcessHttp;
let client: Client;
beforeAll(async () => {
  http = await startHttpInProcess({ app, env: { CODE_MODE: 'off' } });
  client = await connectModern(http.url);
}, 30_000);
afterAll(async () => {
  await client?.close();
  await http?.close();
});

describe('sp-mcp, 2026-07-28 client', () => {
  it('is served on the modern path; the listing is the one a 2025 client gets, in the same order', async () => {
    expect(client.getProtocolEra()).toBe('modern');
    const modern = (await client.listTools()).tools.map((t) => t.name);
    const legacy = await startInProcess({ app, env: { CODE_MODE: 'off' } });
    try {
      expect(modern).toEqual((await legacy.client.listTools()).tools.map((t) => t.name));
    } finally {
      await legacy.close();
    }
    expect(modern).toContain('get_order');
  });

  it('calls get_order against the mocks; bad arguments are the v1 envelope', async () => {
    const ok = await client.callTool({ name: 'get_order', arguments: { orderId: '902-3159896-1390916' } });
    expect(ok.isError).toBeFalsy();
    const bad = await client.callTool({ name: 'get_order', arguments: { orderId: '902-315' } });
    expect(bad.isError).toBe(true);
    const envelope = JSON.parse((bad.content as { text: string }[])[0]?.text ?? '') as unknown;
    expect(validateEnvelope(envelope).valid).toBe(true);
    expect(envelope).toMatchObject({ error_kind: 'mcp_input_validation', tool: 'get_order' });
  });
});
