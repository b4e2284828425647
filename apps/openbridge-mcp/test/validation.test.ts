// Input contract over stdio: privileged gating, strict integer ids, healthcheck exclusivity, table did-you-mean.
import { assertEnvelope, callTool, type TestServer } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from './harness.js';

const PRIVILEGED = [
  'create_subscription',
  'update_subscription',
  'cancel_subscription',
  'create_job',
  'update_history_status',
  'get_amazon_api_access_token',
];

let server: TestServer;
beforeAll(async () => {
  server = await start();
});
afterAll(async () => {
  await server.close();
});

describe('privileged gating (default catalog)', () => {
  it('lists no privileged tool and reports them as disabled', async () => {
    const { tools } = await server.client.listTools();
    const names = tools.map((t) => t.name);
    for (const name of PRIVILEGED) expect(names).not.toContain(name);
    expect(names).toContain('get_subscriptions');
    const caps = await callTool(server.client, 'get_capabilities');
    expect(((caps.result?.disabled ?? []) as Array<{ name: string }>).map((d) => d.name).sort()).toEqual(
      [...PRIVILEGED, 'execute_query'].sort(),
    );
  });

  it('calling a hidden privileged tool is tool_not_found', async () => {
    const { envelope } = await callTool(server.client, 'get_amazon_api_access_token', {
      remote_identity_id: 7460,
    });
    assertEnvelope(envelope);
    expect(envelope).toMatchObject({ error_kind: 'tool_not_found', error_code: 'TOOL_NOT_FOUND' });
  });

  it('every listed tool has additionalProperties:false, examples (in _meta) and annotations', async () => {
    const { tools } = await server.client.listTools();
    for (const tool of tools) {
      const schema = tool.inputSchema as Record<string, unknown>;
      expect(schema.additionalProperties, tool.name).toBe(false);
      const examples = tool._meta?.['io.obmcp/examples'];
      expect(Array.isArray(examples) && examples.length > 0, tool.name).toBe(true);
      expect(tool.annotations, tool.name).toBeDefined();
    }
  });
});

describe('strict integer ids', () => {
  it.each([
    ['get_subscription_by_id', 'subscription_id'],
    ['get_remote_identity_by_id', 'remote_identity_id'],
    ['get_job_by_id', 'job_id'],
    ['get_history_by_id', 'history_id'],
    ['get_product_stage_ids', 'product_id'],
  ])('%s with "123" → SCHEMA_TYPE_MISMATCH and a "send 123" hint', async (tool, field) => {
    const { envelope } = await callTool(server.client, tool, { [field]: '123' });
    assertEnvelope(envelope);
    expect(envelope).toMatchObject({
      error_kind: 'mcp_input_validation',
      error_code: 'SCHEMA_TYPE_MISMATCH',
    });
    expect(envelope.details[0]).toMatchObject({ path: field, received_type: 'string' });
    expect(envelope.hints.join(' ')).toMatch(/send 123\b/);
    expect(envelope.examples.length).toBeGreaterThan(0);
  });

  it('list_product_tables without product_id or subscription_id → SCHEMA_ANY_OF_FAILED naming both', async () => {
    const { envelope } = await callTool(server.client, 'list_product_tables', {});
    assertEnvelope(envelope);
    expect(envelope.error_code).toBe('SCHEMA_ANY_OF_FAILED');
    expect(envelope.details[0]).toMatchObject({
      alternatives: [['product_id'], ['subscription_id']],
      present: [],
    });
    expect(envelope.hints[0]).toBe('Send at least one of product_id or subscription_id; got none of them.');
    const listed = (await server.client.listTools()).tools.find((t) => t.name === 'list_product_tables');
    expect(listed?.inputSchema).not.toHaveProperty('anyOf');
  });

  it('1.5 is not an integer either', async () => {
    const { envelope } = await callTool(server.client, 'get_job_by_id', { job_id: 1.5 });
    expect(envelope?.error_code).toBe('SCHEMA_TYPE_MISMATCH');
  });
});

describe('healthchecks exclusivity', () => {
  it('filter_date + last_days → a SCHEMA_* envelope from the validator', async () => {
    const { envelope } = await callTool(server.client, 'get_healthchecks', {
      filter_date: '2025-11-01',
      last_days: 3,
    });
    assertEnvelope(envelope);
    expect(envelope.error_kind).toBe('mcp_input_validation');
    expect(envelope.error_code).toMatch(/^SCHEMA_/);
    expect(envelope.details[0]?.path).toBe('last_days');
  });

  it('a malformed filter_date → SCHEMA_FORMAT_INVALID', async () => {
    const { envelope } = await callTool(server.client, 'get_healthchecks', { filter_date: '11/01/2025' });
    expect(envelope?.error_code).toBe('SCHEMA_FORMAT_INVALID');
  });
});

describe('tables', () => {
  it('a table miss → INPUT_VALIDATION_FAILED with did_you_mean and the hint', async () => {
    const { envelope } = await callTool(server.client, 'get_table_schema', {
      table_name: 'amzadv_sp_campains',
    });
    assertEnvelope(envelope);
    expect(envelope).toMatchObject({
      error_kind: 'mcp_input_validation',
      error_code: 'INPUT_VALIDATION_FAILED',
    });
    expect(envelope.details[0]).toMatchObject({ path: 'table_name', reason: 'table_not_found' });
    expect(envelope.details[0]?.did_you_mean).toEqual(expect.arrayContaining(['amzadv_sp_campaigns']));
    expect((envelope.details[0]?.did_you_mean as string[] | undefined)?.[0]).toBe('amzadv_sp_campaigns');
    expect(envelope.hints[0]).toMatch(/^Did you mean: amzadv_sp_campaigns/);
  });
});

describe('server survives bad input', () => {
  it('unknown field, wrong types, empty args', async () => {
    const extra = await callTool(server.client, 'get_jobs', { subscription_id: 107003, bogus_param: 'x' });
    expect(extra.envelope?.error_code).toBe('SCHEMA_ADDITIONAL_PROPERTIES');
    const missing = await callTool(server.client, 'get_jobs', {});
    expect(missing.envelope?.error_code).toBe('SCHEMA_REQUIRED');
    const ok = await callTool(server.client, 'get_jobs', { subscription_id: 107003 });
    expect(ok.result).toBeDefined();
  });
});
