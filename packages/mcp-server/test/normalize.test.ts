// Pre-flight normalization: every rule, nested JSON-pointer paths, each env switch, no prototype pollution.
import { describe, expect, test } from 'vitest';
import { exampleTools } from '@obmcp/contract/internal/example/example-tools.js';
import type { JsonSchema } from '@obmcp/contract';
import { normalizeArgs } from '@obmcp/contract/internal/normalize/normalize.js';
import { envelopeOf, hostWith, invoke, tool } from './helpers.js';

const SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    marketplaceIds: { type: 'array', items: { type: 'string' } },
    amount: { type: ['number', 'array'] },
    filters: {
      type: 'array',
      items: { type: 'object', properties: { marketplaceId: { type: 'string' }, tags: { type: 'array' } } },
    },
    ab: { type: 'string' },
    AB: { type: 'string' },
  },
};
const norm = (args: unknown, strictUnknown = true) => normalizeArgs(args, SCHEMA, { strictUnknown });

describe('rules', () => {
  test('unique case-insensitive match → renamed', () => {
    expect(norm({ MarketplaceIds: ['A'] })).toEqual({
      args: { marketplaceIds: ['A'] },
      events: [
        { kind: 'renamed', from: 'MarketplaceIds', to: 'marketplaceIds', reason: 'schema_canonical_key' },
      ],
    });
    expect(norm({ marketplace_ids: ['A'] }).args).toEqual({ marketplaceIds: ['A'] });
  });

  test('ambiguous match (two schema keys fold equal) → left, with an unknown-field event', () => {
    expect(norm({ Ab: 'x' })).toEqual({
      args: { Ab: 'x' },
      events: [{ kind: 'unknown_field_rejected', field: 'Ab', reason: 'ambiguous_schema_match' }],
    });
  });

  test('canonical + alias → canonical kept, dropped_alias', () => {
    const { args, events } = norm({ marketplaceIds: ['KEEP'], MARKETPLACEIDS: ['DROP'] });
    expect(args).toEqual({ marketplaceIds: ['KEEP'] });
    expect(events).toEqual([
      {
        kind: 'dropped_alias',
        from: 'MARKETPLACEIDS',
        canonical: 'marketplaceIds',
        reason: 'canonical_key_also_present',
      },
    ]);
  });

  test('scalar for an array → coerced (an integer where number|array is declared stays)', () => {
    expect(norm({ marketplaceIds: 'A' })).toEqual({
      args: { marketplaceIds: ['A'] },
      events: [
        {
          kind: 'coerced',
          field: 'marketplaceIds',
          from_type: 'string',
          to_type: 'array',
          reason: 'schema_array_wrap',
        },
      ],
    });
    expect(norm({ amount: 5 })).toEqual({ args: { amount: 5 }, events: [] });
  });

  test('stringified JSON array → parsed, coerced from string', () => {
    expect(norm({ marketplaceIds: ' ["A","B"] ' })).toEqual({
      args: { marketplaceIds: ['A', 'B'] },
      events: [
        {
          kind: 'coerced',
          field: 'marketplaceIds',
          from_type: 'string',
          to_type: 'array',
          reason: 'json_string_parsed',
        },
      ],
    });
  });

  test('unknown field: rejected when strict, passed through when not', () => {
    expect(norm({ bogus: 1 }).events).toEqual([
      { kind: 'unknown_field_rejected', field: 'bogus', reason: 'no_schema_match' },
    ]);
    expect(norm({ bogus: 1 }, false)).toEqual({
      args: { bogus: 1 },
      events: [{ kind: 'unknown_field_passed_through', field: 'bogus', reason: 'no_schema_match' }],
    });
  });

  test('nested levels use JSON-pointer paths', () => {
    const { args, events } = norm({ filters: [{ ok: 1 }, { MarketplaceID: 'A', tags: 't' }] });
    expect(args).toEqual({ filters: [{ ok: 1 }, { marketplaceId: 'A', tags: ['t'] }] });
    expect(events).toEqual([
      { kind: 'unknown_field_rejected', field: 'filters/0/ok', reason: 'no_schema_match' },
      {
        kind: 'renamed',
        from: 'filters/1/MarketplaceID',
        to: 'filters/1/marketplaceId',
        reason: 'schema_canonical_key',
      },
      {
        kind: 'coerced',
        field: 'filters/1/tags',
        from_type: 'string',
        to_type: 'array',
        reason: 'schema_array_wrap',
      },
    ]);
  });

  test('`properties: {}` still reports its unknown keys', () => {
    const { events } = normalizeArgs({ x: 1 }, { type: 'object', properties: {} }, { strictUnknown: true });
    expect(events).toEqual([{ kind: 'unknown_field_rejected', field: 'x', reason: 'no_schema_match' }]);
  });
});

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

  test('normalization keeps them as own data properties, never touching prototypes', () => {
    const { args } = norm(JSON.parse(hostile), false);
    const out = args as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(out.marketplaceIds).toEqual(['A']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  test('a schema key named constructor is renamed onto an own property', () => {
    const schema = { type: 'object', properties: { constructor: { type: 'integer' } } };
    const { args } = normalizeArgs({ Constructor: 1 }, schema, { strictUnknown: true });
    expect(Object.hasOwn(args as object, 'constructor')).toBe(true);
    expect((args as Record<string, unknown>).constructor).toBe(1);
  });

  test('schema keys named like Object.prototype members are validated as own properties only', async () => {
    const props = { constructor: { type: 'integer' }, toString: { type: 'string' } };
    const host = hostWith([tool('t', { type: 'object', properties: props, examples: [{}] })]);
    expect((await host.call('t', {})).ok).toBe(true);
    const envelope = await envelopeOf(host, 't', JSON.parse('{"constructor":"x"}'));
    expect(envelope).toMatchObject({
      error_code: 'SCHEMA_TYPE_MISMATCH',
      details: [{ path: 'constructor' }],
    });
  });

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
