// The wiring through the real SDK Client over InMemoryTransport, with the example tools.
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, test } from 'vitest';
import { exampleProfile, exampleTools } from '@obmcp/contract/internal/example/example-tools.js';
import {
  EXAMPLES_META_KEY,
  type Envelope,
  ERROR_CODE_MAPPING,
  isEnvelope,
  type ToolDefinition,
} from '@obmcp/contract';
import { callWithEnvelope } from '@obmcp/contract/client';
import { createContractServer } from '../src/entries/server.js';
import { capturingLogger, expectSchemaValid, tool } from './helpers.js';

const echoMeta: ToolDefinition = tool(
  'echo_meta',
  { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'], examples: [{ id: 1 }] },
  async (args, call) => {
    const id = Number(args.id);
    await new Promise((r) => setTimeout(r, (id * 7) % 13));
    call.meta.setRequestId(`req-${id}`);
    call.meta.setRateLimit({ remaining: id });
    return { id };
  },
);

const cyclicResult: ToolDefinition = tool(
  'cyclic_result',
  { type: 'object', properties: {}, examples: [{}] },
  async () => {
    const value: Record<string, unknown> = { a: 1 };
    value.self = value;
    return value;
  },
);

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function connect(env: Record<string, string> = {}) {
  const captured = capturingLogger();
  const tools = [...exampleTools, echoMeta, cyclicResult];
  const { server } = createContractServer({ profile: exampleProfile, tools, env, logger: captured.logger });
  const client = new Client({ name: 'wiring-test', version: '0.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  closers.push(async () => {
    await client.close();
    await server.close();
  });
  const call = async (name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { client, call, log: captured.text };
}

/** isError result whose only content is the envelope JSON, exactly. */
function envelopeFrom(result: CallToolResult): Envelope {
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  expect(result.content).toHaveLength(1);
  const item = result.content[0];
  if (item?.type !== 'text') throw new Error('expected text content');
  const envelope = JSON.parse(item.text) as Envelope;
  expect(JSON.stringify(envelope)).toBe(item.text);
  expectSchemaValid(envelope);
  return envelope;
}

describe('discovery', () => {
  test('capabilities.experimental.openbridge_envelope', async () => {
    const { client } = await connect();
    expect(client.getServerCapabilities()?.experimental?.openbridge_envelope).toEqual({
      contract_version: 1,
      error_kinds: [...exampleProfile.errorKinds],
    });
  });

  test('tools/list includes get_envelope_contract; every tool carries examples in _meta, none in inputSchema', async () => {
    const { client } = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      ...exampleTools.map((t) => t.name),
      'echo_meta',
      'cyclic_result',
      'get_envelope_contract',
    ]);
    for (const t of tools) {
      const examples = t._meta?.[EXAMPLES_META_KEY];
      expect(Array.isArray(examples) && examples.length > 0, t.name).toBe(true);
      expect(t.inputSchema.examples, t.name).toBeUndefined();
      expect(t.outputSchema).toBeUndefined();
    }
  });

  test('get_envelope_contract returns the canonical mapping', async () => {
    const { call } = await connect({ MCP_STRICT_UNKNOWN_FIELDS: 'false' });
    const result = await call('get_envelope_contract');
    expect(result.isError).toBeFalsy();
    const body = result.structuredContent as Record<string, unknown>;
    expect(body.mapping).toEqual(ERROR_CODE_MAPPING);
    expect(body).toMatchObject({ contract_version: 1, error_kinds: [...exampleProfile.errorKinds] });
    expect(body.settings).toMatchObject({
      MCP_STRICT_UNKNOWN_FIELDS: false,
      MCP_SCHEMA_KEY_NORMALIZATION_META: false,
    });
  });
});

describe('failures arrive as envelopes in an isError result', () => {
  test('unknown tool → tool_not_found / TOOL_NOT_FOUND with the closest names, not a JSON-RPC error', async () => {
    const { call } = await connect();
    const envelope = envelopeFrom(await call('list_order', {}));
    expect(envelope).toMatchObject({
      error_kind: 'tool_not_found',
      error_code: 'TOOL_NOT_FOUND',
      tool: 'list_order',
    });
    expect(envelope.hints[0]).toBe('Did you mean list_orders? Got list_order.');
  });

  test('SCHEMA_REQUIRED', async () => {
    const { call } = await connect();
    const envelope = envelopeFrom(await call('list_orders', {}));
    expect(envelope).toMatchObject({ error_code: 'SCHEMA_REQUIRED', details: [{ path: 'marketplaceIds' }] });
    expect(envelope.examples).toEqual([{ marketplaceIds: ['ATVPDKIKX0DER'] }]);
  });

  test('nested type mismatch at filters/0/marketplaceId', async () => {
    const { call } = await connect();
    const envelope = envelopeFrom(
      await call('list_orders', { marketplaceIds: ['ATVPDKIKX0DER'], filters: [{ marketplaceId: 7 }] }),
    );
    expect(envelope.error_code).toBe('SCHEMA_TYPE_MISMATCH');
    expect(envelope.details[0]).toMatchObject({
      path: 'filters/0/marketplaceId',
      expected_type: 'string',
      received_type: 'integer',
    });
  });

  test('a thrown crash stays generic; the secret message is only in the log', async () => {
    const { call, log } = await connect();
    const result = await call('crash');
    const envelope = envelopeFrom(result);
    expect(envelope).toMatchObject({ error_kind: 'internal_error', error_code: 'INTERNAL_ERROR' });
    expect(envelope.summary).toBe('Internal server error; details are in the server log.');
    expect(JSON.stringify(result)).not.toContain('hunter2');
    expect(log()).toContain('database password is hunter2');
  });

  test('a handler result JSON cannot carry (a cycle) → internal_error envelope, the reason only in the log', async () => {
    const { call, log } = await connect();
    const envelope = envelopeFrom(await call('cyclic_result'));
    expect(envelope).toMatchObject({
      error_kind: 'internal_error',
      error_code: 'INTERNAL_ERROR',
      tool: 'cyclic_result',
    });
    expect(log()).toMatch(/circular/i);
  });

  test('upstream 503 with Retry-After → retryable, _meta.retry_after_seconds', async () => {
    const { call } = await connect();
    const envelope = envelopeFrom(await call('upstream_fail', { status: 503 }));
    expect(envelope).toMatchObject({
      error_kind: 'sp_api_http',
      error_code: 'SP_API_HTTP_503',
      retryable: true,
    });
    expect(envelope._meta?.retry_after_seconds).toBe(1.5);
  });
});

describe('success results', () => {
  test('rename with _meta.normalized (MCP_SCHEMA_KEY_NORMALIZATION_META=true)', async () => {
    const { call } = await connect({ MCP_SCHEMA_KEY_NORMALIZATION_META: 'true' });
    const result = await call('list_orders', { MarketplaceIds: ['ATVPDKIKX0DER'] });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      received: { marketplaceIds: ['ATVPDKIKX0DER'] },
      _meta: { normalized: [{ kind: 'renamed', from: 'MarketplaceIds', to: 'marketplaceIds' }] },
    });
  });

  test('structuredContent equals the text JSON; _meta only in object results', async () => {
    const { call } = await connect({
      MCP_SCHEMA_KEY_NORMALIZATION_META: 'true',
      MCP_STRICT_UNKNOWN_FIELDS: 'false',
    });
    const clean = await call('list_orders', { marketplaceIds: ['ATVPDKIKX0DER'] });
    const text = (clean.content[0] as { text: string }).text;
    expect(clean.structuredContent).toEqual(JSON.parse(text));
    expect(clean.structuredContent).not.toHaveProperty('_meta');
    const withEvent = await call('list_orders', { marketplaceIds: ['ATVPDKIKX0DER'], extra: 1 });
    expect((withEvent.structuredContent as Record<string, unknown>)._meta).toBeDefined();
    // list_values returns an array: forwarded untouched, no structuredContent, no _meta, despite an event
    const list = await call('list_values', { extra: 1 });
    expect(list.isError).toBeFalsy();
    expect(list.structuredContent).toBeUndefined();
    expect(list.content).toEqual([{ type: 'text', text: '[1,2,3]' }]);
  });

  test('50 concurrent calls each get their own _meta', async () => {
    const { call } = await connect();
    const ids = Array.from({ length: 50 }, (_, i) => i);
    const results = await Promise.all(ids.map((id) => call('echo_meta', { id })));
    results.forEach((result, id) => {
      expect(result.structuredContent).toEqual({
        id,
        _meta: { request_id: `req-${id}`, rate_limit: { remaining: id } },
      });
    });
  });
});

describe('client helper', () => {
  test('callWithEnvelope → { result } | { envelope }, and isEnvelope tells them apart', async () => {
    const { client } = await connect();
    const ok = await callWithEnvelope<{ orders: unknown[] }>(client, 'list_orders', {
      marketplaceIds: ['ATVPDKIKX0DER'],
    });
    expect(ok.envelope).toBeUndefined();
    expect(ok.result?.orders).toHaveLength(1);
    expect(isEnvelope(ok.result)).toBe(false);
    expect(await callWithEnvelope(client, 'list_values')).toEqual({ result: [1, 2, 3] });
    const failed = await callWithEnvelope(client, 'nope');
    expect(failed.result).toBeUndefined();
    expect(isEnvelope(failed.envelope)).toBe(true);
    expect(failed.envelope?.error_code).toBe('TOOL_NOT_FOUND');
    expect(isEnvelope({ _envelope_version: 2, error_kind: 'x', error_code: 'X' })).toBe(false);
    expect(isEnvelope(null)).toBe(false);
  });
});
