// Normalization in the server: each env switch, and hostile keys through the pipeline (the rules are tested in @obmcp/contract).
import { describe, expect, test } from 'vitest';
import { exampleTools } from '@obmcp/contract/internal/example/example-tools.js';
import { envelopeOf, hostWith, invoke, tool } from './helpers.js';

describe('through the pipeline', () => {
  const host = (env: Record<string, string> = {}) => hostWith(exampleTools, env);

  test('malformed stringified JSON → BODY_COERCION_INVALID_JSON, client kind, retryable', async () => {
    const envelope = await envelopeOf(host(), 'list_orders', { marketplaceIds: '["ATVPDKIKX0DER"' });
    expect(envelope).toMatchObject({
      error_kind: 'sp_api_client',
      error_code: 'BODY_COERCION_INVALID_JSON',
      retryable: true,
      examples: [{ marketplaceIds: ['ATVPDKIKX0DER'] }],
    });
    expect(envelope.details[0]).toMatchObject({ path: 'marketplaceIds', received_type: 'string' });
  });

  test('MCP_SCHEMA_KEY_NORMALIZATION_ENABLED=false bypasses: a PascalCase key then fails validation', async () => {
    const args = { MarketplaceIds: ['ATVPDKIKX0DER'] };
    expect((await host().call('list_orders', args)).ok).toBe(true);
    const off = host({
      MCP_SCHEMA_KEY_NORMALIZATION_ENABLED: 'false',
      MCP_SCHEMA_KEY_NORMALIZATION_META: 'true',
    });
    const envelope = await envelopeOf(off, 'list_orders', args);
    expect(envelope.error_code).toBe('SCHEMA_REQUIRED');
    expect(envelope.details.map((d) => d.code)).toContain('SCHEMA_ADDITIONAL_PROPERTIES');
    expect(envelope._meta?.normalized).toBeUndefined();
  });

  test('MCP_SCHEMA_KEY_NORMALIZATION_META: default off, on → success and error envelopes', async () => {
    const renamed = {
      kind: 'renamed',
      from: 'MarketplaceIds',
      to: 'marketplaceIds',
      reason: 'schema_canonical_key',
    };
    const ok = { MarketplaceIds: ['ATVPDKIKX0DER'] };
    const bad = { ...ok, maxResults: 0 };
    expect((await invoke(host(), 'list_orders', ok)).meta.normalized).toBeUndefined();
    expect((await envelopeOf(host(), 'list_orders', bad))._meta?.normalized).toBeUndefined();
    const on = host({ MCP_SCHEMA_KEY_NORMALIZATION_META: 'true' });
    expect((await invoke(on, 'list_orders', ok)).meta.normalized).toEqual([renamed]);
    expect((await envelopeOf(on, 'list_orders', bad))._meta?.normalized).toEqual([renamed]);
    // clean calls carry no event list
    expect((await invoke(on, 'list_orders', { marketplaceIds: ['ATVPDKIKX0DER'] })).meta).toEqual({});
  });
});

describe('__proto__ / constructor keys', () => {
  const hostile =
    '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"Marketplaceids":["A"]}';

  test('through the pipeline: strict rejects them, lax passes them as plain data', async () => {
    const strict = await envelopeOf(hostWith(exampleTools), 'list_orders', JSON.parse(hostile));
    expect(strict.error_code).toBe('SCHEMA_ADDITIONAL_PROPERTIES');
    expect(strict.details.map((d) => d.extra)).toEqual(expect.arrayContaining(['__proto__', 'constructor']));
    const echo = tool('echo', { type: 'object', properties: {}, examples: [{}] }, (args, call) => ({
      args,
      fields: call.passthrough?.fields,
    }));
    const lax = hostWith([{ ...echo, passthrough: 'body' }], { MCP_STRICT_UNKNOWN_FIELDS: 'false' });
    const out = await lax.call('echo', JSON.parse(hostile));
    expect(out.ok).toBe(true);
    const value = (out as { value: { args: object; fields: Record<string, unknown> } }).value;
    expect(Object.keys(value.args)).toEqual([]);
    expect(Object.hasOwn(value.fields, '__proto__')).toBe(true);
    expect(Object.keys(value.fields)).toEqual(['__proto__', 'constructor', 'Marketplaceids']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
