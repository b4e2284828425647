// The example server as a real stdio subprocess: SDK client over StdioClientTransport, and raw JSON-RPC lines.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Envelope } from '@obmcp/contract';
import { expectSchemaValid } from './helpers.js';
import { spawnRawStdio } from './http-harness.js';

const SERVER = fileURLToPath(new URL('../dist/example/server.js', import.meta.url));
/** StdioClientTransport passes only a few variables: everything the server reads is given explicitly. */
const ENV = {
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  MCP_SCHEMA_KEY_NORMALIZATION_META: 'true',
  MCP_SCHEMA_KEY_NORMALIZATION_ENABLED: 'true',
  MCP_STRICT_UNKNOWN_FIELDS: 'true',
};

beforeAll(() => {
  if (!existsSync(SERVER))
    throw new Error(`${SERVER} missing: run \`pnpm --filter @obmcp/contract build\` first`);
});

function envelopeFrom(result: CallToolResult): Envelope {
  expect(result.isError).toBe(true);
  const item = result.content[0];
  if (item?.type !== 'text') throw new Error('expected text content');
  const envelope = JSON.parse(item.text) as Envelope;
  expectSchemaValid(envelope);
  return envelope;
}

describe('SDK client over a stdio subprocess', () => {
  let client: Client;
  let stderr = '';
  const call = async (name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;

  beforeAll(async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [SERVER],
      env: ENV,
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    client = new Client({ name: 'stdio-test', version: '0.0.0' });
    await client.connect(transport);
  });
  afterAll(async () => {
    await client?.close();
  });

  test('capability and tool list', async () => {
    expect(client.getServerCapabilities()?.experimental?.openbridge_envelope).toMatchObject({
      contract_version: 1,
    });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('get_envelope_contract');
  });

  test('unknown tool → tool_not_found envelope', async () => {
    const envelope = envelopeFrom(await call('list_ordersz'));
    expect(envelope).toMatchObject({ error_kind: 'tool_not_found', error_code: 'TOOL_NOT_FOUND' });
    expect(envelope.hints[0]).toContain('list_orders');
  });

  test('SCHEMA_REQUIRED', async () => {
    expect(envelopeFrom(await call('list_orders')).error_code).toBe('SCHEMA_REQUIRED');
  });

  test('nested type mismatch', async () => {
    const envelope = envelopeFrom(
      await call('list_orders', { marketplaceIds: ['ATVPDKIKX0DER'], filters: [{ marketplaceId: 1 }] }),
    );
    expect(envelope).toMatchObject({
      error_code: 'SCHEMA_TYPE_MISMATCH',
      details: [{ path: 'filters/0/marketplaceId' }],
    });
  });

  test('rename with _meta.normalized', async () => {
    const result = await call('list_orders', { MarketplaceIds: ['ATVPDKIKX0DER'] });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      _meta: { normalized: [{ kind: 'renamed', from: 'MarketplaceIds', to: 'marketplaceIds' }] },
    });
  });

  test('a thrown crash stays generic on the wire; its message is a JSON log line on stderr', async () => {
    const result = await call('crash');
    expect(envelopeFrom(result).summary).toBe('Internal server error; details are in the server log.');
    expect(JSON.stringify(result)).not.toContain('hunter2');
    await expect.poll(() => stderr.includes('hunter2'), { timeout: 5000 }).toBe(true);
    const line = stderr.split('\n').find((l) => l.includes('hunter2')) ?? '';
    expect(JSON.parse(line)).toMatchObject({ level: 'error', tool: 'crash' });
  });
});

describe('raw stdio: stdout carries only JSON-RPC', () => {
  let raw: ReturnType<typeof spawnRawStdio> | undefined;
  afterAll(() => {
    raw?.child.kill();
  });

  test('initialize + calls as lines; every stdout line is a JSON-RPC message', async () => {
    raw = spawnRawStdio(SERVER, ENV);
    const { send } = raw;
    const stdout = () => raw?.stdout() ?? '';
    const stderr = () => raw?.stderr() ?? '';
    send({
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
    });
    send({ method: 'notifications/initialized' });
    send({ id: 2, method: 'tools/call', params: { name: 'crash', arguments: {} } });
    send({ id: 3, method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } });
    send({
      id: 4,
      method: 'tools/call',
      params: { name: 'list_orders', arguments: { MarketplaceIds: ['ATVPDKIKX0DER'] } },
    });
    await expect
      .poll(
        () =>
          stdout()
            .split('\n')
            .filter((l) => l.trim() !== '').length,
        { timeout: 10_000 },
      )
      .toBe(4);
    const messages = stdout()
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as { jsonrpc: string; id: number; result?: CallToolResult; error?: unknown });
    for (const m of messages) expect(m.jsonrpc).toBe('2.0');
    expect(messages.map((m) => m.id).sort()).toEqual([1, 2, 3, 4]);
    for (const m of messages) expect(m.error).toBeUndefined();
    const byId = new Map(messages.map((m) => [m.id, m.result]));
    expect(byId.get(2)?.isError).toBe(true);
    expect(byId.get(3)?.isError).toBe(true);
    expect(byId.get(4)?.isError).toBeFalsy();
    expect(stdout()).not.toContain('hunter2');
    await expect.poll(() => stderr().includes('hunter2'), { timeout: 5000 }).toBe(true);
    for (const line of stderr()
      .split('\n')
      .filter((l) => l !== ''))
      expect(() => JSON.parse(line)).not.toThrow();
  });
});
