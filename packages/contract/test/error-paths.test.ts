// Where a validation error points and what it says it received: escaped keys, own properties, the schema's own words, one detail per problem.
import { describe, expect, test } from 'vitest';
import type { JsonSchema } from '../src/tool/types.js';
import { jsonType, toPath, valueAt } from '../src/validation/json-type.js';
import {
  allowsExtra,
  childSchema,
  declaredTypes,
  describedBy,
  propertyNames,
  publishedChild,
  schemaAt,
  siblingKeys,
} from '../src/validation/schema-walk.js';
import { rejectionOf } from './validation-path.js';

const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}): JsonSchema => ({
  type: 'object',
  properties,
  examples: [{}],
  ...extra,
});

describe('received_type names JSON types', () => {
  test.each([
    [null, 'null'],
    [{}, 'object'],
    [[1], 'array'],
    [1.5, 'number'],
    [2, 'integer'],
    [true, 'boolean'],
  ])('%j sent for a string → received_type %s', (value, type) => {
    const envelope = rejectionOf(object({ s: { type: 'string' } }), { s: value });
    expect(envelope.details[0]).toMatchObject({ path: 's', received_type: type });
  });

  test('values that JSON cannot carry still get a JSON name', () => {
    expect(jsonType(undefined)).toBe('undefined');
    expect(jsonType(10n)).toBe('integer');
    expect(jsonType('x')).toBe('string');
    expect(jsonType(Symbol('s'))).toBe('symbol');
  });
});

describe('keys with / or ~ are escaped in paths (JSON Pointer) and still found', () => {
  test('a bad value under such a key', () => {
    const envelope = rejectionOf(object({ 'a/b': { type: 'integer' }, 'c~d': { type: 'integer' } }), {
      'a/b': 'x',
      'c~d': 1,
    });
    expect(envelope.details[0]).toMatchObject({ path: 'a~1b', received_type: 'string' });
    const tilde = rejectionOf(object({ 'c~d': { type: 'integer' } }), { 'c~d': 'x' });
    expect(tilde.details[0]).toMatchObject({ path: 'c~0d', received_type: 'string' });
  });

  test('an unknown key with a slash, and one with both', () => {
    const schema = object({ a: { type: 'integer' } }, { additionalProperties: false });
    expect(rejectionOf(schema, { 'x/y': 1 }).details[0]).toMatchObject({ path: 'x~1y', extra: 'x/y' });
    expect(rejectionOf(schema, { '~/': 1 }).details[0]).toMatchObject({ path: '~0~1', extra: '~/' });
    expect(rejectionOf(schema, { plain: 1 }).details[0]).toMatchObject({ path: 'plain', extra: 'plain' });
  });

  test('toPath and valueAt, the two halves', () => {
    expect(toPath('/a/0')).toBe('a/0');
    expect(toPath('a/0')).toBe('a/0');
    expect(toPath('', 'k')).toBe('k');
    expect(toPath('/a', 'k/~')).toBe('a/k~1~0');
    expect(toPath('/a', 'k~')).toBe('a/k~0');
    expect(valueAt({ a: { 'b/c': { '~': 7 } } }, '/a/b~1c/~0')).toBe(7);
    expect(valueAt([5, 6], '/1')).toBe(6);
    expect(valueAt({ a: 1 }, '')).toEqual({ a: 1 });
    expect(valueAt({ a: null }, '/a/b')).toBeUndefined();
    expect(valueAt({ a: 'str' }, '/a/length')).toBeUndefined();
    expect(valueAt({}, '/constructor')).toBeUndefined();
    expect(valueAt({ a: { b: 1 } }, 'a/b')).toBe(1);
  });
});

describe("outside the mapping, the schema's own description says the rule", () => {
  test('the nearest description below the root, not the root one', () => {
    const schema = object(
      { n: { type: 'number', description: 'A number below five, never five.', exclusiveMaximum: 5 } },
      { description: 'The tool itself.' },
    );
    const envelope = rejectionOf(schema, { n: 5 });
    expect(envelope.details[0]?.rule).toBe('A number below five, never five.');
    const rootOnly = object(
      { n: { type: 'number', exclusiveMaximum: 5 } },
      { description: 'The tool itself.' },
    );
    expect(rejectionOf(rootOnly, { n: 5 }).details[0]?.rule).toBeUndefined();
  });

  test('describedBy walks up from the keyword to the first described node', () => {
    const root = {
      description: 'root',
      properties: { a: { description: 'a', items: { properties: { 'x/y': { type: 'string' } } } } },
    };
    expect(describedBy(root, '#/properties/a/items/properties/x~1y/type')).toBe('a');
    expect(describedBy(root, '#/properties/a/items')).toBe('a');
    expect(describedBy(root, '#/description')).toBeUndefined();
    expect(describedBy(root, '#')).toBeUndefined();
    expect(describedBy({ properties: { d: { description: 7 } } }, '#/properties/d/type')).toBeUndefined();
    expect(describedBy(root, 'properties/a/minItems')).toBe('a');
    expect(describedBy({ not: { description: 'never X' } }, '#/not')).toBe('never X');
  });
});

describe('schema walking', () => {
  const root = {
    properties: {
      'a/b': { items: [{ type: 'string' }, { type: 'integer' }] },
      'c~': { type: 'boolean' },
      list: { prefixItems: [{ type: 'string' }], items: { type: 'integer' } },
    },
  };

  test('schemaAt reads escaped segments, array indexes, and stops at a non-schema', () => {
    expect(schemaAt(root, '#/properties/a~1b/items/1')).toEqual({ type: 'integer' });
    expect(schemaAt(root, '#/properties/c~0/type')).toBe('boolean');
    expect(schemaAt(root, '#/properties/c~0/type/x')).toBeUndefined();
    expect(schemaAt(root, '#/properties/c~0/type/length')).toBeUndefined();
    expect(schemaAt(root, '#')).toBe(root);
    expect(schemaAt(root, '#/')).toBe(root);
    expect(schemaAt(root, 'properties/c~0')).toEqual({ type: 'boolean' });
    expect(schemaAt(root, '#/properties//c~0')).toEqual({ type: 'boolean' });
    expect(schemaAt({ properties: { 'x#': { type: 'null' } } }, 'properties/x#/type')).toBe('null');
  });

  test('siblingKeys: the property names of the object that owns a keyword', () => {
    expect(siblingKeys(root, '#/additionalProperties')).toEqual(['a/b', 'c~', 'list']);
    expect(siblingKeys(root, '#/properties/c~0/additionalProperties')).toEqual([]);
    expect(siblingKeys({ properties: [] }, '#/additionalProperties')).toEqual([]);
    const nested = { properties: { o: { properties: { x: {}, y: {} } } } };
    expect(siblingKeys(nested, '#/properties/o/additionalProperties')).toEqual(['x', 'y']);
  });

  test('childSchema: prefixItems by position, then items; own properties only', () => {
    const list = root.properties.list;
    expect(childSchema(list, 0)).toEqual({ type: 'string' });
    expect(childSchema(list, 1)).toEqual({ type: 'integer' });
    expect(childSchema({ prefixItems: [{ type: 'string' }] }, 1)).toBeUndefined();
    expect(childSchema(root, 'constructor')).toBeUndefined();
    expect(childSchema(root, 'c~')).toEqual({ type: 'boolean' });
    expect(childSchema('x', 'a')).toBeUndefined();
  });

  test('publishedChild: own first, then allOf, oneOf, anyOf branches in order, nine levels at most', () => {
    const node = {
      anyOf: [{ properties: { k: { title: 'anyOf' } } }],
      oneOf: [{ properties: { k: { title: 'oneOf' } } }],
      allOf: [{ properties: { j: {} } }, { properties: { k: { title: 'allOf' } } }],
    };
    expect(publishedChild(node, 'k')).toEqual({ title: 'allOf' });
    expect(publishedChild({ ...node, properties: { k: { title: 'own' } } }, 'k')).toEqual({ title: 'own' });
    expect(publishedChild({ oneOf: node.oneOf, anyOf: node.anyOf }, 'k')).toEqual({ title: 'oneOf' });
    expect(publishedChild({ allOf: 'x', anyOf: node.anyOf }, 'k')).toEqual({ title: 'anyOf' });
    let deep: Record<string, unknown> = { properties: { k: { title: 'deep' } } };
    for (let i = 0; i < 8; i++) deep = { allOf: [deep] };
    expect(publishedChild(deep, 'k')).toEqual({ title: 'deep' });
    expect(publishedChild({ allOf: [deep] }, 'k')).toBeUndefined();
  });

  test('declaredTypes: the type keyword, else the anyOf and oneOf branches', () => {
    expect(declaredTypes({ type: 'string' })).toEqual(['string']);
    expect(declaredTypes({ type: ['string', 7, 'null'] })).toEqual(['string', 'null']);
    expect(declaredTypes({ anyOf: [{ type: 'array' }], oneOf: [{ type: 'integer' }] })).toEqual([
      'array',
      'integer',
    ]);
    expect(declaredTypes({ anyOf: 'x', oneOf: [{ type: 'integer' }] })).toEqual(['integer']);
    expect(declaredTypes({ anyOf: [{ type: 'array' }], oneOf: 'x' })).toEqual(['array']);
    expect(declaredTypes({})).toEqual([]);
    expect(declaredTypes(true)).toEqual([]);
  });

  test('propertyNames and allowsExtra', () => {
    expect(propertyNames({ properties: { a: {}, b: {} } })).toEqual(['a', 'b']);
    expect(propertyNames({ properties: ['a'] })).toEqual([]);
    expect(propertyNames(null)).toEqual([]);
    expect(allowsExtra({})).toBe(true);
    expect(allowsExtra(false)).toBe(true);
    expect(allowsExtra(null)).toBe(true);
    expect(allowsExtra({ additionalProperties: false })).toBe(false);
    expect(allowsExtra({ unevaluatedProperties: false })).toBe(false);
    expect(allowsExtra({ additionalProperties: true, unevaluatedProperties: {} })).toBe(true);
  });
});
