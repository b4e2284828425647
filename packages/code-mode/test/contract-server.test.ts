// End to end: code-mode tools wired into a contract server, driven by the SDK Client over InMemoryTransport.
import type { Client } from '@modelcontextprotocol/client';
import { defineTool, type FromSchema } from '@obmcp/contract';
import { validateEnvelope } from '@obmcp/contract/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeModeTools } from '../src/code-mode-tools.js';
import { connectCodeModeClient } from './connect-client.js';

const orderSchema = {
  type: 'object',
  properties: { order_id: { type: 'string', minLength: 1 } },
  required: ['order_id'],
  additionalProperties: false,
  examples: [{ order_id: '123' }],
} as const;

const getOrder = defineTool<FromSchema<typeof orderSchema>>({
  name: 'get_order',
  description: 'Get one order by id.',
  inputSchema: orderSchema,
  handler: (args, call) => {
    call.meta.setRateLimit({ limit_per_second: 0.5, remaining: 3 });
    call.meta.setRequestId(`req-${args.order_id}`);
    return { order_id: args.order_id, status: 'Shipped' };
  },
});

let client: Client;

beforeAll(async () => {
  const tools = codeModeTools({ defaultTimeoutMs: 2000 });
  client = await connectCodeModeClient([getOrder], 'only', tools, 'code-mode-test');
});

afterAll(async () => {
  await client.close();
});

const text = (result: Awaited<ReturnType<Client['callTool']>>) =>
  JSON.parse((result.content as Array<{ text: string }>)[0]?.text ?? 'null');

describe('code mode through a contract server', () => {
  it('lists only the code-mode tools in only mode', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'execute',
      'get_envelope_contract',
      'get_tool_schema',
      'search_tools',
    ]);
  });

  it('runs an execute round-trip: pipeline envelope as a value, fixed call, internal tool result', async () => {
    const code = `
      const bad = await call_tool('get_order', { order_id: 123 });
      const ok = await call_tool('get_order', { order_id: String(bad._envelope_version === 1 ? 123 : 0) });
      console.log('kind', bad.error_kind);
      return { kind: bad.error_kind, ok };`;
    const result = await client.callTool({ name: 'execute', arguments: { code } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      result: {
        kind: 'mcp_input_validation',
        ok: {
          order_id: '123',
          status: 'Shipped',
          _meta: { rate_limit: { limit_per_second: 0.5, remaining: 3 }, request_id: 'req-123' },
        },
      },
      logs: ['kind mcp_input_validation'],
      calls: 2,
    });
  });

  it("a nested call's _meta reaches the script, so it can pace itself on the rate headroom", async () => {
    const code = `
      const r = await call_tool('get_order', { order_id: '7' });
      return { remaining: r._meta.rate_limit.remaining, id: r._meta.request_id };`;
    const result = await client.callTool({ name: 'execute', arguments: { code } });
    expect(result.structuredContent).toMatchObject({ result: { remaining: 3, id: 'req-7' } });
  });

  it("an unknown call_tool name points to search_tools (tools/list shows only Code Mode's tools here)", async () => {
    const code = "return await call_tool('get_ordr', { order_id: '1' });";
    const result = await client.callTool({ name: 'execute', arguments: { code } });
    const envelope = (result.structuredContent as { result: { hints: string[] } }).result;
    expect(validateEnvelope(envelope).valid).toBe(true);
    expect(envelope).toMatchObject({
      error_kind: 'tool_not_found',
      details: [{ did_you_mean: ['get_order'] }],
    });
    expect(envelope.hints.join(' ')).toContain('search_tools');
    expect(envelope.hints.join(' ')).not.toContain('tools/list');
  });

  it('reports a sandbox limitation as a valid sandbox_runtime envelope', async () => {
    const result = await client.callTool({ name: 'execute', arguments: { code: "return require('fs');" } });
    expect(result.isError).toBe(true);
    const envelope = text(result);
    expect(validateEnvelope(envelope).valid).toBe(true);
    expect(envelope).toMatchObject({
      error_kind: 'sandbox_runtime',
      error_code: 'CODE_MODE_SANDBOX_LIMITATION',
      tool: 'execute',
    });
    expect(envelope.details[0]).toMatchObject({
      issue: "ReferenceError: 'require' is not defined",
      received_type: 'QuickJSRuntimeError',
    });
  });

  it('validates execute args like any tool', async () => {
    const result = await client.callTool({ name: 'execute', arguments: { code: 'return 1', timeout_ms: 5 } });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatchObject({ error_kind: 'mcp_input_validation' });
  });

  it('finds and describes internal tools', async () => {
    const found = await client.callTool({ name: 'search_tools', arguments: { query: 'order' } });
    expect(found.structuredContent).toMatchObject({ tools: [{ name: 'get_order' }] });
    const schema = await client.callTool({ name: 'get_tool_schema', arguments: { name: 'get_ordr' } });
    expect(schema.isError).toBe(true);
    expect(text(schema)).toMatchObject({
      error_kind: 'mcp_input_validation',
      details: [{ path: 'name', did_you_mean: ['get_order'] }],
    });
  });
});
