// Pre-flight normalization: every rule, nested JSON-pointer paths, no prototype pollution.
import { describe, expect, test } from 'vitest';
import { normalizeArgs } from '../src/normalize/normalize.js';
import type { JsonSchema } from '../src/tool/types.js';
import { check, rejectionOf } from './validation-path.js';

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

  test('schema keys named like Object.prototype members are validated as own properties only', () => {
    const props = { constructor: { type: 'integer' }, toString: { type: 'string' } };
    const schema: JsonSchema = { type: 'object', properties: props, examples: [{}] };
    expect(check(schema, {}).ok).toBe(true);
    const envelope = rejectionOf(schema, JSON.parse('{"constructor":"x"}'));
    expect(envelope).toMatchObject({
      error_code: 'SCHEMA_TYPE_MISMATCH',
      details: [{ path: 'constructor' }],
    });
  });
});
