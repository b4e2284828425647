// impliedType: the type the published view states for a schema node that has none (every provider needs one).
import { describe, expect, test } from 'vitest';
import { impliedType } from '../src/schema/implied-type.js';

describe('impliedType', () => {
  test('enum and const values imply their common type; mixed or empty lists imply none', () => {
    expect(impliedType({ enum: ['DAY', 'WEEK'] })).toBe('string');
    expect(impliedType({ const: 'DAY' })).toBe('string');
    expect(impliedType({ enum: [true, false] })).toBe('boolean');
    expect(impliedType({ enum: [1, 2] })).toBe('integer');
    expect(impliedType({ enum: [1, 2.5] })).toBe('number');
    expect(impliedType({ const: 0.5 })).toBe('number');
    expect(impliedType({ enum: [true, 1] })).toBeUndefined();
    expect(impliedType({ enum: ['a', 1] })).toBeUndefined();
    expect(impliedType({ enum: [] })).toBeUndefined();
    expect(impliedType({ const: null })).toBeUndefined();
    expect(impliedType({})).toBeUndefined();
  });

  test('a falsy const implies its type too (false, 0 and the empty string are values, not "no const")', () => {
    expect(impliedType({ const: false })).toBe('boolean');
    expect(impliedType({ const: 0 })).toBe('integer');
    expect(impliedType({ const: '' })).toBe('string');
  });

  test('properties imply an object, items an array', () => {
    expect(impliedType({ properties: {} })).toBe('object');
    expect(impliedType({ items: {} })).toBe('array');
    expect(impliedType({ enum: [], items: {} })).toBe('array');
  });

  test('a union whose every branch is an object (by type or by properties) is an object', () => {
    expect(impliedType({ oneOf: [{ type: 'object' }] })).toBe('object');
    expect(impliedType({ anyOf: [{ properties: { a: {} } }, { type: 'object' }] })).toBe('object');
    expect(impliedType({ oneOf: [{ type: 'string' }], anyOf: [{ type: 'object' }] })).toBe('object');
  });

  test('a union with any branch that is not surely an object implies nothing', () => {
    expect(impliedType({ oneOf: [] })).toBeUndefined();
    expect(impliedType({ anyOf: [{ type: 'object' }, { type: 'string' }] })).toBeUndefined();
    expect(impliedType({ anyOf: [{ type: 'string', properties: { a: {} } }] })).toBeUndefined();
    expect(impliedType({ anyOf: [{}] })).toBeUndefined();
    expect(impliedType({ anyOf: ['object'] })).toBeUndefined();
    expect(impliedType({ anyOf: [{ type: 'object' }, null] })).toBeUndefined();
    expect(impliedType({ oneOf: { type: 'object' } })).toBeUndefined();
  });
});
