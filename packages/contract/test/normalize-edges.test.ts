// normalizeArgs at its edges: the depth guard, which strings are parsed, malformed JSON's envelope, curated renames, open schemas.
import { describe, expect, test } from 'vitest';
import { ClientSideError } from '../src/index.js';
import { normalizeArgs } from '../src/normalize/normalize.js';

const objectOf = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  ...extra,
});
const strict = { strictUnknown: true };

function thrown(run: () => unknown): ClientSideError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ClientSideError);
    return error as ClientSideError;
  }
  throw new Error('expected a ClientSideError');
}

describe('depth guard', () => {
  const schema = objectOf({ a: objectOf({ b: objectOf({ c: { type: 'string' } }) }) });

  test('levels below maxDepth are left as sent', () => {
    const args = { A: { B: { C: 'x' } } };
    expect(normalizeArgs(args, schema, { ...strict, maxDepth: 1 }).args).toEqual({ a: { b: { C: 'x' } } });
    expect(normalizeArgs(args, schema, { ...strict, maxDepth: 2 }).args).toEqual({ a: { b: { c: 'x' } } });
    expect(normalizeArgs(args, schema, { ...strict, maxDepth: 0 }).args).toEqual({ a: { B: { C: 'x' } } });
  });

  test('array items count as a level too', () => {
    const schema = { type: 'array', items: { type: 'array' } };
    expect(normalizeArgs(['x'], schema, { ...strict, maxDepth: 0 }).args).toEqual(['x']);
    expect(normalizeArgs(['x'], schema, { ...strict, maxDepth: 1 }).args).toEqual([['x']]);
  });

  test('by default 12 levels are normalized, the 13th is not', () => {
    let leafSchema: unknown = { type: 'array', items: { type: 'string' } };
    let at12: unknown = 'x';
    let at13: unknown = 'x';
    for (let i = 0; i < 12; i += 1) {
      leafSchema = objectOf({ a: leafSchema });
      at12 = { a: at12 };
      at13 = { a: at13 };
    }
    at13 = { a: at13 };
    const deepSchema = objectOf({ a: leafSchema });
    // at12: the string sits at depth 12 and is wrapped; at13 it sits one level deeper than the schema reaches.
    expect(JSON.stringify(normalizeArgs(at12, leafSchema, strict).args)).toContain('["x"]');
    expect(JSON.stringify(normalizeArgs(at13, deepSchema, strict).args)).toContain('"a":"x"');
    expect(normalizeArgs(at13, deepSchema, strict).events).toEqual([]);
  });
});

describe('stringified JSON', () => {
  test('an object schema takes a JSON object string, with an event to_type object', () => {
    const schema = objectOf({ filter: objectOf({ a: { type: 'integer' } }) });
    expect(normalizeArgs({ filter: '{"a":1}' }, schema, strict)).toEqual({
      args: { filter: { a: 1 } },
      events: [
        {
          kind: 'coerced',
          field: 'filter',
          from_type: 'string',
          to_type: 'object',
          reason: 'json_string_parsed',
        },
      ],
    });
  });

  test('a schema that also allows a string keeps the string', () => {
    const schema = objectOf({ ids: { type: ['string', 'array'] } });
    expect(normalizeArgs({ ids: '["a"]' }, schema, strict)).toEqual({ args: { ids: '["a"]' }, events: [] });
  });

  test('text that opens with neither [ nor { is no JSON: an array schema wraps it', () => {
    const schema = objectOf({ ids: { type: 'array' } });
    expect(normalizeArgs({ ids: 'a,b' }, schema, strict).args).toEqual({ ids: ['a,b'] });
    expect(normalizeArgs({ ids: '"a"' }, schema, strict).args).toEqual({ ids: ['"a"'] });
  });

  test('JSON of a type the schema does not declare stays text (then wrapped for an array)', () => {
    const schema = objectOf({ ids: { type: 'array' }, filter: { type: 'object' } });
    expect(normalizeArgs({ ids: '{"a":1}', filter: '[1]' }, schema, strict)).toEqual({
      args: { ids: ['{"a":1}'], filter: '[1]' },
      events: [
        { kind: 'coerced', field: 'ids', from_type: 'string', to_type: 'array', reason: 'schema_array_wrap' },
      ],
    });
  });

  test('malformed JSON object text: BODY_COERCION_INVALID_JSON naming an object and the field', () => {
    const schema = objectOf({ filter: { type: 'object' } });
    const error = thrown(() => normalizeArgs({ filter: ' {"a": ' }, schema, strict));
    expect(error.code).toBe('BODY_COERCION_INVALID_JSON');
    expect(error.retryable).toBe(true);
    expect(error.summary).toBe('Invalid JSON-like string in request body field.');
    expect(error.details).toEqual([
      {
        path: 'filter',
        issue: 'expected JSON object, got malformed string',
        received_type: 'string',
        field: 'filter',
      },
    ]);
    expect(error.hints).toEqual(['Use a native JSON object for filter instead of an invalid string value.']);
  });

  test('malformed JSON array text as the whole arguments: the hint names the arguments', () => {
    const error = thrown(() => normalizeArgs('[1,', { type: ['array', 'object'] }, strict));
    expect(error.details[0]).toMatchObject({ path: '', issue: 'expected JSON array, got malformed string' });
    expect(error.hints).toEqual([
      'Use a native JSON array for the arguments instead of an invalid string value.',
    ]);
  });
});

describe('array wrap', () => {
  const schema = objectOf({ ids: { type: ['array', 'string'] }, list: { type: 'array' } });

  test('only an integer fits a number type: a string where number|array is declared is wrapped', () => {
    const numeric = objectOf({ amount: { type: ['number', 'array'] } });
    expect(normalizeArgs({ amount: 'x' }, numeric, strict).args).toEqual({ amount: ['x'] });
    expect(normalizeArgs({ amount: 2.5 }, numeric, strict).args).toEqual({ amount: 2.5 });
  });

  test('a value that already fits a declared type is not wrapped; an undefined value is not wrapped', () => {
    expect(normalizeArgs({ ids: 'x', list: undefined }, schema, strict)).toEqual({
      args: { ids: 'x', list: undefined },
      events: [],
    });
  });

  test('an object is wrapped too, reported from its own type', () => {
    expect(normalizeArgs({ list: { a: 1 } }, schema, strict).events).toEqual([
      { kind: 'coerced', field: 'list', from_type: 'object', to_type: 'array', reason: 'schema_array_wrap' },
    ]);
  });
});

describe('keys', () => {
  const schema = objectOf({ marketplaceIds: { type: 'array' }, region: { type: 'string' } });

  test('a curated rename wins over folding; one naming no schema key falls back to folding', () => {
    const tables = { keyRenames: { mpids: 'marketplaceIds', Region: 'nowhere' } };
    expect(normalizeArgs({ mpids: ['A'], Region: 'na' }, schema, { ...strict, tables })).toEqual({
      args: { marketplaceIds: ['A'], region: 'na' },
      events: [
        { kind: 'renamed', from: 'mpids', to: 'marketplaceIds', reason: 'schema_canonical_key' },
        { kind: 'renamed', from: 'Region', to: 'region', reason: 'schema_canonical_key' },
      ],
    });
  });

  test('hint tables without curated renames: folding alone', () => {
    expect(normalizeArgs({ Region: 'na', x: 1 }, schema, { ...strict, tables: {} }).args).toEqual({
      region: 'na',
      x: 1,
    });
  });

  test('an unknown key passed through keeps its very value (a list is not copied)', () => {
    const list = [1, 2];
    const { args } = normalizeArgs({ extra: list }, schema, { strictUnknown: false });
    expect((args as { extra: unknown }).extra).toBe(list);
  });

  test('a canonical key sent as undefined does not block its alias', () => {
    expect(normalizeArgs({ marketplaceIds: undefined, MarketplaceIds: ['A'] }, schema, strict)).toEqual({
      args: { marketplaceIds: ['A'] },
      events: [
        { kind: 'renamed', from: 'MarketplaceIds', to: 'marketplaceIds', reason: 'schema_canonical_key' },
      ],
    });
  });

  test('unknown keys: rejected where extras are refused, passed through where the schema allows them', () => {
    const closed = objectOf({ a: { type: 'string' } }, { additionalProperties: false });
    const open = objectOf({ a: { type: 'string' } }, { additionalProperties: true });
    expect(normalizeArgs({ x: 1 }, closed, { strictUnknown: false }).events).toEqual([
      { kind: 'unknown_field_rejected', field: 'x', reason: 'no_schema_match' },
    ]);
    expect(normalizeArgs({ x: 1 }, open, strict).events).toEqual([
      { kind: 'unknown_field_passed_through', field: 'x', reason: 'no_schema_match' },
    ]);
  });

  test('an object schema without properties is not walked: keys stay as sent, no events', () => {
    const args = { A: 1 };
    expect(normalizeArgs(args, { type: 'object' }, strict)).toEqual({ args: { A: 1 }, events: [] });
    expect(normalizeArgs(args, true, strict)).toEqual({ args: { A: 1 }, events: [] });
  });

  test('renamed and unknown keys become plain data properties, `__proto__` included', () => {
    const { args } = normalizeArgs(JSON.parse('{"__proto__":{"x":1},"Region":"na"}'), schema, {
      strictUnknown: false,
    });
    for (const key of ['__proto__', 'region'])
      expect(Object.getOwnPropertyDescriptor(args, key)).toMatchObject({
        enumerable: true,
        writable: true,
        configurable: true,
      });
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
  });
});
