// The schema a catalog stores for a tool input, keyword by keyword: what is kept, converted or dropped, recursion
// cut once, descriptions without tables or markup, patterns valid under the `u` flag, the implied type stated.
import { describe, expect, it } from 'vitest';
import { RECURSION_CUT, toInputSchema, unicodePattern } from '../src/generate/to-json-schema.js';

const convert = (schema: unknown) => toInputSchema(schema, { maxDescription: 200 });

describe('toInputSchema keywords', () => {
  it('keeps lists as lists, drops keywords of the wrong shape, states the implied type', () => {
    expect(
      convert({
        properties: {
          e: { enum: ['b', 'a'] },
          n: { type: 'integer', format: 'int64', minimum: 1 },
          i: { type: 'array', items: 'not a schema' },
          b: { type: 'array', items: false },
          all: { allOf: 'not a list' },
          any: { anyOf: [{ type: 'string' }, { type: 'number' }] },
          open: { type: 'object', additionalProperties: true, required: [] },
          closed: {
            type: 'object',
            additionalProperties: false,
            required: ['x'],
            properties: { x: { type: 'string' } },
          },
          weird: { type: 'object', properties: 'none', patternProperties: { '^a': { type: 'string' } } },
        },
      }),
    ).toEqual({
      type: 'object',
      properties: {
        e: { type: 'string', enum: ['b', 'a'] },
        n: { type: 'integer', minimum: 1 },
        i: { type: 'array' },
        b: { type: 'array', items: false },
        all: {},
        any: { anyOf: [{ type: 'string' }, { type: 'number' }] },
        open: { type: 'object' },
        closed: {
          type: 'object',
          additionalProperties: false,
          required: ['x'],
          properties: { x: { type: 'string' } },
        },
        weird: { type: 'object', patternProperties: { '^a': { type: 'string' } } },
      },
    });
  });

  it('descriptions lose tables and markup, and an empty one is left out', () => {
    expect(
      convert({
        type: 'object',
        description: 'Intro **text**.\n| a | b |\n|---|---|\nAfter.',
        properties: { x: { type: 'string', description: '<br/>' }, y: { type: 'string', description: 3 } },
      }),
    ).toEqual({
      type: 'object',
      description: 'Intro text. After.',
      properties: { x: { type: 'string' }, y: { type: 'string' } },
    });
  });

  it('patterns: kept when valid under `u`, fixed when only an identity escape breaks them, else left out', () => {
    expect(
      convert({
        type: 'object',
        properties: {
          ok: { type: 'string', pattern: '^[a-z]+$' },
          fixed: { type: 'string', pattern: '^a\\_b$' },
          broken: { type: 'string', pattern: '(' },
          odd: { type: 'string', pattern: 5 },
        },
      }),
    ).toEqual({
      type: 'object',
      properties: {
        ok: { type: 'string', pattern: '^[a-z]+$' },
        fixed: { type: 'string', pattern: '^a_b$' },
        broken: { type: 'string' },
        odd: { type: 'string' },
      },
    });
    expect(unicodePattern('^\\:x$')).toBe('^:x$');
    expect(unicodePattern('[')).toBeUndefined();
  });

  it('a recursive structure is expanded once; a $ref the dereferencer left is an open schema with a note', () => {
    const node: Record<string, unknown> = { type: 'object', properties: { name: { type: 'string' } } };
    (node.properties as Record<string, unknown>).child = node;
    expect(convert(node)).toEqual({
      type: 'object',
      properties: { name: { type: 'string' }, child: { description: RECURSION_CUT.description } },
    });
    const shared = { type: 'string' };
    expect(convert({ type: 'object', properties: { a: shared, b: shared } })).toEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' } },
    });
    expect(convert({ type: 'object', properties: { n: { $ref: '#/components/schemas/Node' } } })).toEqual({
      type: 'object',
      properties: { n: { description: 'Recursive: a Node (same shape as the enclosing Node).' } },
    });
    expect(convert('text')).toEqual({});
  });
});
