// checkPortableSchema where a rule depends on the node's place: `{type: "null"}` only as an anyOf branch (not at
// the root, a property, an item or a map's values), a node below the root needs a type, a required name must be a
// string, an object union needs typed object branches, and an open map is an object's.
import { describe, expect, it } from 'vitest';
import { checkPortableSchema } from '../src/schema/portable-rules.js';

const NULL_ONLY_IN_ANYOF = 'type null only as an anyOf branch (the nullable form)';
const UNTYPED = 'a sub-schema without type (Gemini needs one; use anyOf for several)';
const rows = (schema: unknown) => checkPortableSchema(schema).map((v) => [v.rule, v.pointer, v.message]);

describe('portable rules by place', () => {
  it('type null at the root is refused as the root’s type and as a bare null', () => {
    expect(rows({ type: 'null', properties: {} })).toEqual([
      ['root-object', '/type', 'the root must say type: "object"'],
      ['type-single', '/type', NULL_ONLY_IN_ANYOF],
      ['keyword-type', '/properties', 'properties only on type: "object" (Gemini rejects it elsewhere)'],
    ]);
  });

  it('type null as a property, an item or a map’s values is refused; as an anyOf branch it is the nullable form', () => {
    const schema = {
      type: 'object',
      properties: {
        p: { type: 'null' },
        l: { type: 'array', items: { type: 'null' } },
        m: { type: 'object', properties: { k: { type: 'string' } }, additionalProperties: { type: 'null' } },
        ok: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      },
    };
    expect(rows(schema)).toEqual([
      ['type-single', '/properties/p/type', NULL_ONLY_IN_ANYOF],
      ['type-single', '/properties/l/items/type', NULL_ONLY_IN_ANYOF],
      ['type-single', '/properties/m/additionalProperties/type', NULL_ONLY_IN_ANYOF],
    ]);
  });

  it('an untyped map value or anyOf branch below the root needs a type', () => {
    const schema = {
      type: 'object',
      properties: {
        m: { type: 'object', properties: { k: { type: 'string' } }, additionalProperties: {} },
        u: { anyOf: [{ type: 'string' }, {}] },
      },
    };
    expect(rows(schema)).toEqual([
      ['typed-node', '/properties/m/additionalProperties', UNTYPED],
      ['typed-node', '/properties/u/anyOf/1', UNTYPED],
    ]);
  });

  it('a required entry that is not a string is not a property, even when it names one as a number', () => {
    expect(rows({ type: 'object', properties: { '1': { type: 'string' } }, required: [1] })).toEqual([
      ['required-declared', '/required/0', 'required 1 is not a property'],
    ]);
  });

  it('a type that is not a string is unknown', () => {
    expect(rows({ type: 'object', properties: { a: { type: 5 } } })).toEqual([
      ['type-single', '/properties/a/type', 'unknown type 5'],
    ]);
  });

  it('untyped branches with properties are not an object union', () => {
    const schema = {
      type: 'object',
      properties: {
        u: { anyOf: [{ properties: { a: { type: 'string' } } }, { properties: { b: { type: 'string' } } }] },
        s: {
          anyOf: [
            { type: 'string', properties: {} },
            { type: 'string', properties: {} },
          ],
        },
      },
    };
    expect(rows(schema).filter(([rule]) => rule === 'object-union')).toEqual([]);
  });

  it('a map’s additionalProperties on a node that is not an object is a misplaced keyword, not an open map', () => {
    expect(
      rows({
        type: 'object',
        properties: { s: { type: 'string', additionalProperties: { type: 'string' } } },
      }),
    ).toEqual([
      [
        'keyword-type',
        '/properties/s/additionalProperties',
        'additionalProperties only on type: "object" (Gemini rejects it elsewhere)',
      ],
    ]);
  });
});
