// The fields of a validation detail an agent reads to fix its call: limits and actual sizes, allowed values, the keyword.
import { describe, expect, test } from 'vitest';
import type { JsonSchema } from '../src/tool/types.js';
import { rejectionOf } from './validation-path.js';

const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}): JsonSchema => ({
  type: 'object',
  properties,
  examples: [{}],
  ...extra,
});
const detailOf = (props: Record<string, unknown>, args: unknown) =>
  rejectionOf(object(props), args).details[0];

describe('limits: the bound and what was sent', () => {
  test('size limits count items, characters and properties; number limits show the number', () => {
    expect(detailOf({ a: { type: 'array', maxItems: 1 } }, { a: [1, 2, 3] })).toMatchObject({
      limit: 1,
      actual: 3,
    });
    expect(detailOf({ s: { type: 'string', minLength: 5 } }, { s: 'abc' })).toMatchObject({
      limit: 5,
      actual: 3,
    });
    expect(detailOf({ n: { type: 'number', exclusiveMinimum: 2 } }, { n: 2 })).toMatchObject({
      limit: 2,
      actual: 2,
    });
    expect(detailOf({ n: { type: 'number', exclusiveMaximum: 2 } }, { n: 3 })).toMatchObject({
      limit: 2,
      actual: 3,
    });
    expect(detailOf({ o: { type: 'object', maxProperties: 1 } }, { o: { a: 1, b: 2 } })).toMatchObject({
      path: 'o',
      limit: 1,
      validator: 'maxProperties',
    });
    expect(detailOf({ o: { type: 'object', minProperties: 2 } }, { o: { a: 1 } })).toMatchObject({
      limit: 2,
      validator: 'minProperties',
    });
  });

  test('multipleOf names its factor; const and enum the allowed values (at most 50)', () => {
    expect(detailOf({ q: { type: 'integer', multipleOf: 4 } }, { q: 6 })).toMatchObject({ limit: 4 });
    expect(detailOf({ v: { const: 'x' } }, { v: 'y' })).toMatchObject({ allowed: ['x'] });
    const values = Array.from({ length: 60 }, (_, i) => `v${i}`);
    const detail = detailOf({ e: { type: 'string', enum: values } }, { e: 'zzz' });
    expect(detail?.allowed).toEqual(values.slice(0, 50));
  });

  test('type details say every expected type of a union', () => {
    expect(detailOf({ u: { type: ['string', 'integer'] } }, { u: true })).toMatchObject({
      expected_type: 'string|integer',
      received_type: 'boolean',
    });
  });

  test('format and pattern name the rule', () => {
    expect(detailOf({ d: { type: 'string', format: 'date' } }, { d: 'soon' })).toMatchObject({
      format: 'date',
    });
    expect(detailOf({ p: { type: 'string', pattern: '^a+$' } }, { p: 'b' })).toMatchObject({
      pattern: '^a+$',
    });
  });

  test('a keyword outside the mapping: the validator message, the keyword, SCHEMA_VALIDATION_FAILED', () => {
    const detail = detailOf({ n: { type: 'number', exclusiveMaximum: 5 } }, { n: 5 });
    expect(detail).toMatchObject({ code: 'SCHEMA_VALIDATION_FAILED', validator: 'exclusiveMaximum' });
    expect(detail?.issue).toBe('must be < 5 (exclusiveMaximum)');
  });
});
