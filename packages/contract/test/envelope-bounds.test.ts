// buildEnvelope's bounds at their edges: detail values by type and depth, list and key caps, codes, examples, hints.
import { describe, expect, test } from 'vitest';
import { LIMITS } from '../src/envelope/build.js';
import { buildEnvelope } from '../src/entries/envelope.js';
import { expectSchemaValid, MINIMAL_ENVELOPE_INPUT } from './helpers.js';

const base = MINIMAL_ENVELOPE_INPUT;
const required = { path: 'p', issue: 'i', received_type: 'string' };
/** The one detail buildEnvelope keeps from `extra` (plus the required fields). */
const detailOf = (extra: Record<string, unknown>) => {
  const envelope = buildEnvelope({ ...base, details: [{ ...required, ...extra }] });
  expectSchemaValid(envelope);
  return envelope.details[0] as Record<string, unknown>;
};

describe('detail values', () => {
  test('numbers, booleans and null stay; non-finite numbers become their text', () => {
    expect(detailOf({ count: 5, ratio: 0.5, ok: true, no: false, none: null })).toMatchObject({
      count: 5,
      ratio: 0.5,
      ok: true,
      no: false,
      none: null,
    });
    expect(detailOf({ big: Number.POSITIVE_INFINITY, nan: Number.NaN })).toMatchObject({
      big: 'Infinity',
      nan: 'NaN',
    });
  });

  test('objects are kept three levels below the detail; deeper ones become [truncated]', () => {
    expect(detailOf({ a: { b: { c: { d: { e: 1 } }, n: 2 } } }).a).toEqual({
      b: { c: { d: '[truncated]' }, n: 2 },
    });
    expect(detailOf({ a: { b: { c: ['x', ['y']] } } }).a).toEqual({ b: { c: ['x', '[truncated]'] } });
  });

  test('at most 50 array items and 30 object keys; keys at most 80 characters', () => {
    const items = Array.from({ length: 60 }, (_, i) => i);
    expect(detailOf({ items }).items).toEqual(items.slice(0, 50));
    const wide = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, i]));
    expect(Object.keys(detailOf({ wide }).wide as object)).toHaveLength(30);
    const key = 'k'.repeat(100);
    const [bounded] = Object.keys(detailOf({ nested: { [key]: 1 } }).nested as object);
    expect(bounded).toHaveLength(80);
    expect(bounded?.endsWith('…')).toBe(true);
  });

  test('undefined values leave no key; functions and symbols no value; nested keys are plain data', () => {
    const detail = detailOf({ gone: undefined, fn: () => 1, sym: Symbol('s'), nested: { a: 1 } });
    expect(Object.hasOwn(detail, 'gone')).toBe(false);
    expect(detail.fn).toBeUndefined();
    expect(detail.sym).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(detail.nested, 'a')).toEqual({
      value: 1,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    const proto = detailOf({ nested: JSON.parse('{"__proto__":{"x":1}}') }).nested as object;
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expect(Object.hasOwn(proto, '__proto__')).toBe(true);
  });

  test('path at most 200 characters, received_type at most 40; an array entry is no detail', () => {
    const detail = detailOf({ path: 'p'.repeat(300), received_type: 't'.repeat(100) });
    expect((detail.path as string).length).toBe(200);
    expect((detail.received_type as string).length).toBe(40);
    const envelope = buildEnvelope({ ...base, details: [['x', 'y'] as never] });
    expect(envelope.details).toEqual([{ path: '', issue: 'invalid value', received_type: 'unknown' }]);
  });
});

describe('the rest of the envelope', () => {
  test('a tool name is one line of at most 120 characters', () => {
    expect(buildEnvelope({ ...base, tool: 'x'.repeat(200) }).tool).toHaveLength(120);
  });

  test.each([
    ['A', true],
    ['A1_B2', true],
    ['SP_API_HTTP_404', true],
    ['1ABC', false],
    ['_ABC', false],
    ['ABc', false],
    ['AB-C', false],
    [' AB', false],
    ['AB ', false],
    ['', false],
  ])('error code %j kept: %s', (code, kept) => {
    expect(buildEnvelope({ ...base, code }).error_code).toBe(kept ? code : 'INTERNAL_ERROR');
  });

  test('empty and blank hints are dropped, duplicates once, order kept', () => {
    expect(buildEnvelope({ ...base, hints: ['b', '', ' \n ', 'a', 'b'] }).hints).toEqual(['b', 'a']);
    expect(buildEnvelope(base)).toMatchObject({ hints: [], details: [], examples: [] });
  });

  test('an example of exactly 4000 JSON characters is kept, one more is dropped; undefined is dropped', () => {
    const sized = (n: number) => ({ s: 'x'.repeat(n - 8) }); // {"s":"…"} is 8 characters around the text
    expect(JSON.stringify(sized(LIMITS.exampleBytes))).toHaveLength(LIMITS.exampleBytes);
    expect(buildEnvelope({ ...base, examples: [sized(LIMITS.exampleBytes)] }).examples).toHaveLength(1);
    expect(buildEnvelope({ ...base, examples: [sized(LIMITS.exampleBytes + 1)] }).examples).toEqual([]);
    expect(buildEnvelope({ ...base, examples: [undefined, () => 1, { a: 1 }] }).examples).toEqual([{ a: 1 }]);
  });

  test('_meta: functions and undefined dropped, numbers and strings copied, nothing left → no _meta', () => {
    const e = buildEnvelope({ ...base, meta: { request_id: 'r', fn: () => 1, gone: undefined, list: [1] } });
    expect(e._meta).toEqual({ request_id: 'r', list: [1] });
    expect(Object.keys(e._meta ?? {})).toEqual(['request_id', 'list']);
    expect(buildEnvelope({ ...base, meta: { fn: () => 1 } })).not.toHaveProperty('_meta');
    expect(buildEnvelope({ ...base, meta: {} })).not.toHaveProperty('_meta');
  });

  test('a rejected _meta value is dropped alone, and an envelope with only rejected values has no _meta', () => {
    expect(buildEnvelope({ ...base, meta: { retry_after_seconds: -1, request_id: 'r' } })._meta).toEqual({
      request_id: 'r',
    });
    expect(buildEnvelope({ ...base, meta: { retry_after_seconds: -1 } })).not.toHaveProperty('_meta');
  });

  test('_meta entries are plain data properties; an envelope the schema rejects elsewhere loses its _meta, no throw', () => {
    const e = buildEnvelope({ ...base, meta: { request_id: 'r' } });
    expect(Object.getOwnPropertyDescriptor(e._meta, 'request_id')).toEqual({
      value: 'r',
      enumerable: true,
      writable: true,
      configurable: true,
    });
    const odd = buildEnvelope({ ...base, kind: 'not_a_kind' as never, meta: { request_id: 'r' } });
    expect(odd).not.toHaveProperty('_meta');
  });
});
