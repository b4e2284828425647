// The tool host: internal tools callable only through it, unknown names, duplicates, gathered input, nested results.
import { exampleProfile } from '@obmcp/contract/internal/example/example-tools.js';
import type { ToolDefinition } from '@obmcp/contract';
import type { InputRequestSpec } from '@obmcp/contract/internal/tool/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createContractServer } from '../src/server/create-server.js';
import { silentLogger } from '../src/entries/testing.js';
import { capturingLogger, tool } from './helpers.js';
import { connectInMemory, envelopeOfResult, type InMemorySession } from './in-memory-client.js';

const sessions: InMemorySession[] = [];
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.close();
});

const EMPTY = { type: 'object', properties: {}, examples: [{}] } as const;
const listOrders = tool('list_orders', EMPTY, () => ({ listed: true }));
const listSecrets = tool('list_secrets', EMPTY, (_a, call) => {
  call.meta.setRequestId('secret-req');
  return { secret: true };
});
const values = tool('values', EMPTY, () => [1, 2]);

function build(tools: ToolDefinition[], internalTools: ToolDefinition[] = []) {
  return createContractServer({
    profile: exampleProfile,
    tools,
    internalTools,
    env: {},
    logger: silentLogger,
  });
}

describe('internal tools', () => {
  it('are not listed and not callable over MCP; their names are never suggested', async () => {
    const session = await connectInMemory({ tools: [listOrders], internalTools: [listSecrets] });
    sessions.push(session);
    const { tools } = await session.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['list_orders', 'get_envelope_contract']);
    const envelope = envelopeOfResult(await session.call('list_secrets'));
    expect(envelope).toMatchObject({
      error_kind: 'tool_not_found',
      error_code: 'TOOL_NOT_FOUND',
      tool: 'list_secrets',
      retryable: false,
    });
    expect(JSON.stringify(envelope.details)).not.toContain('"list_secrets"]');
    expect(envelope.details[0]?.did_you_mean ?? []).not.toContain('list_secrets');
    const close = envelopeOfResult(await session.call('list_secret'));
    expect(close.details[0]?.did_you_mean ?? []).not.toContain('list_secrets');
    expect(close.hints.join(' ')).not.toContain('list_secrets');
  });

  it('are callable through the host (Code Mode), with the success _meta merged as on the wire', async () => {
    const { host } = build([listOrders, values], [listSecrets]);
    expect(await host.call('list_secrets', {})).toEqual({
      ok: true,
      value: { secret: true, _meta: { request_id: 'secret-req' } },
    });
    // a value that is not an object comes back untouched
    expect(await host.call('values', {})).toEqual({ ok: true, value: [1, 2] });
    const missing = await host.call('nope', {});
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.envelope.error_code).toBe('TOOL_NOT_FOUND');
  });

  it('through the host an internal tool’s close name is suggested (it is callable there)', async () => {
    const { host } = build([listOrders], [listSecrets]);
    const missing = await host.call('list_secret', {});
    if (missing.ok) throw new Error('expected an envelope');
    expect(missing.envelope.details[0]?.did_you_mean).toContain('list_secrets');
  });

  it('do not count toward the large-listing warning (only listed tools reach the model)', () => {
    const many = (prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) => tool(`${prefix}${i}`, EMPTY));
    const captured = capturingLogger();
    // 127 + get_envelope_contract = 128 listed: at the smallest provider limit, with 50 internal tools beside
    createContractServer({
      profile: exampleProfile,
      tools: many('listed_', 127),
      internalTools: many('internal_', 50),
      env: {},
      logger: captured.logger,
    });
    expect(captured.records().filter((r) => r.level === 'warn')).toEqual([]);
  });

  it('describe and tools() see every tool, listed() only the published ones', () => {
    const { host } = build([listOrders], [listSecrets]);
    expect(host.listed().map((t) => t.name)).toEqual(['list_orders', 'get_envelope_contract']);
    expect(host.tools().map((t) => t.name)).toEqual(['list_orders', 'get_envelope_contract', 'list_secrets']);
    expect(host.describe('list_secrets')?.name).toBe('list_secrets');
    expect(host.describe('nope')).toBeUndefined();
    expect(host.profile).toBe(exampleProfile);
  });
});

describe('tool names', () => {
  it('a duplicate name is a startup error, listed or internal', () => {
    expect(() => build([listOrders, listOrders])).toThrow('duplicate tool name: list_orders');
    expect(() => build([listOrders], [listOrders])).toThrow('duplicate tool name: list_orders');
    expect(() => build([tool('get_envelope_contract', EMPTY)])).toThrow(
      'duplicate tool name: get_envelope_contract',
    );
  });
});

describe('gather (input asked before a task exists)', () => {
  const asking: ToolDefinition = {
    ...tool('asking', EMPTY),
    gatherInput: (_args, answers): Record<string, InputRequestSpec> =>
      'confirm' in answers ? {} : { confirm: { method: 'elicitation/create', params: { message: 'Sure?' } } },
  };

  it('a listed tool’s open requests; none once answered, none for internal, unknown or plain tools', () => {
    const { host } = build([asking, listOrders], [{ ...asking, name: 'asking_internal' }]);
    expect(host.gather('asking', {}, {})).toEqual({
      confirm: { method: 'elicitation/create', params: { message: 'Sure?' } },
    });
    expect(host.gather('asking', {}, { confirm: { action: 'accept' } })).toBeUndefined();
    expect(host.gather('asking_internal', {}, {})).toBeUndefined();
    expect(host.gather('list_orders', {}, {})).toBeUndefined();
    expect(host.gather('nope', {}, {})).toBeUndefined();
  });
});
