// derivePortableSchema, shape by shape: the exact published schema and root notes an agent is given for each rule
// ($ref inlining, allOf merging, type lists, open maps, object and array keywords, values, numbers, unions, nullables).
import { describe, expect, it } from 'vitest';
import { checkPortableSchema } from '../src/schema/portable-rules.js';
import { derivePortableSchema } from '../src/schema/portable-schema.js';
import type { JsonSchema } from '../src/tool/types.js';

const CASES: [string, Record<string, unknown>][] = [
  ['an empty root', {}],
  ['a typeless root with properties', { properties: { a: { type: 'string' } } }],
  [
    'a root of one union of objects',
    {
      oneOf: [
        { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
        { type: 'object', properties: { b: { type: 'integer' } }, required: ['b'] },
      ],
    },
  ],
  [
    'a required-only oneOf at the root',
    {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' } },
      oneOf: [{ required: ['a'] }, { required: ['b'] }],
    },
  ],
  [
    'a required-only anyOf at the root',
    {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' } },
      anyOf: [{ required: ['a'] }, { required: ['b'] }],
    },
  ],
  [
    'a $ref inlined with its siblings',
    {
      type: 'object',
      properties: { a: { $ref: '#/$defs/A', description: 'the a' } },
      required: ['a'],
      $defs: { A: { type: 'string', minLength: 2, description: 'an A' } },
    },
  ],
  [
    'a recursive $ref',
    {
      type: 'object',
      properties: { n: { $ref: '#/$defs/N' } },
      required: ['n'],
      $defs: { N: { type: 'object', properties: { next: { $ref: '#/$defs/N' } } } },
    },
  ],
  [
    'an external, missing, false and encoded $ref',
    {
      type: 'object',
      properties: {
        e: { $ref: 'https://x.test/s.json' },
        m: { $ref: '#/$defs/missing' },
        f: { $ref: '#/$defs/F' },
        p: { $ref: '#/$defs/a%20b' },
      },
      required: ['e', 'm', 'f', 'p'],
      $defs: { F: false, 'a b': { type: 'integer' } },
    },
  ],
  [
    'allOf merged',
    {
      type: 'object',
      allOf: [
        { properties: { a: { type: 'string' } }, required: ['a'], description: 'first.' },
        { $ref: '#/$defs/B' },
        5,
        { allOf: [{ properties: { c: { type: 'boolean' } }, required: ['c', 'a'], title: 'T' }] },
      ],
      description: 'root.',
      $defs: { B: { properties: { b: { type: 'integer' } }, description: 'second.' } },
    },
  ],
  [
    'type lists',
    {
      type: 'object',
      properties: {
        s: {
          type: ['string', 'null'],
          minLength: 1,
          enum: ['x', null],
          description: 'S',
          title: 'St',
          default: 'x',
        },
        m: { type: ['integer', 'string'], enum: [1, 'a', 2.5], minimum: 0, maxLength: 3 },
        one: { type: ['string'], maxLength: 4 },
        arr: { type: ['array', 'null'], items: { type: 'string' } },
      },
      required: ['s', 'm', 'one', 'arr'],
    },
  ],
  [
    'a nested open map',
    {
      type: 'object',
      properties: {
        tags: {
          type: 'object',
          additionalProperties: { type: 'string' },
          minProperties: 1,
          maxProperties: 5,
          description: 'Tags.',
          title: 'Tg',
        },
      },
      required: ['tags'],
    },
  ],
  [
    'object keywords',
    {
      type: 'object',
      properties: {
        o: {
          type: 'object',
          title: 'O',
          description: 'An o.',
          properties: { x: { type: 'string' }, gone: false },
          required: ['x', 'ghost'],
          additionalProperties: false,
          minProperties: 1,
          maxProperties: 3,
          dependentRequired: { x: ['y'] },
          dependentSchemas: { x: { required: ['z'] } },
        },
        free: { type: 'object' },
        open: {
          type: 'object',
          properties: { k: { type: 'string' } },
          additionalProperties: { type: 'integer' },
        },
        emptyExtra: { type: 'object', properties: { k: { type: 'string' } }, additionalProperties: {} },
      },
      required: ['o', 'free', 'open', 'emptyExtra'],
    },
  ],
  [
    'array keywords',
    {
      type: 'object',
      properties: {
        a: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3, uniqueItems: true },
        t: { type: 'array', items: true },
        tuple: { type: 'array', items: [{ type: 'string' }] },
        none: { type: 'array' },
      },
      required: ['a', 't', 'tuple', 'none'],
    },
  ],
  [
    'values',
    {
      type: 'object',
      properties: {
        e: { type: 'string', enum: ['a', 'b'] },
        c: { type: 'string', const: 'x' },
        n: { type: 'integer', const: 5 },
        ns: { type: 'integer', enum: [1, 2] },
        blank: { type: 'string', enum: ['', 'a'] },
        dt: { type: 'string', format: 'date-time' },
        em: { type: 'string', format: 'email' },
        d: { type: 'integer', default: 10 },
        ee: { type: 'string', enum: [] },
      },
      required: ['e', 'c', 'n', 'ns', 'blank', 'dt', 'em', 'd', 'ee'],
    },
  ],
  [
    'numbers',
    {
      type: 'object',
      properties: {
        i: { type: 'integer', exclusiveMinimum: 2.5, exclusiveMaximum: 10 },
        j: { type: 'integer', minimum: 5, exclusiveMinimum: 2, maximum: 6, exclusiveMaximum: 100 },
        k: { type: 'integer', exclusiveMinimum: 3 },
        r: {
          type: 'number',
          exclusiveMinimum: 0,
          exclusiveMaximum: 1,
          multipleOf: 0.5,
          minimum: -1,
          maximum: 2,
        },
      },
      required: ['i', 'j', 'k', 'r'],
    },
  ],
  [
    'combinators below the root',
    {
      type: 'object',
      properties: {
        typed: { type: 'string', anyOf: [{ minLength: 1 }, { pattern: 'x' }] },
        mixed: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
        objs: {
          oneOf: [
            { properties: { a: { type: 'string' } }, required: ['a'] },
            { properties: { b: { type: 'string' } } },
          ],
        },
        objTyped: {
          type: 'object',
          properties: { z: { type: 'string' } },
          anyOf: [
            { type: 'object', properties: { a: { type: 'string' } } },
            { properties: { b: { type: 'string', description: 'B' } }, required: ['b'] },
          ],
        },
        n: { type: 'string', not: { enum: ['x'] } },
        cond: {
          type: 'object',
          properties: { a: { type: 'string' } },
          if: { required: ['a'] },
          // biome-ignore lint/suspicious/noThenProperty: JSON Schema's then keyword
          then: { required: ['b'] },
        },
      },
      required: ['typed', 'mixed', 'objs', 'objTyped', 'n', 'cond'],
    },
  ],
  [
    'opaque keywords, one note',
    {
      type: 'object',
      properties: {
        o: {
          type: 'object',
          properties: { k: { type: 'string' } },
          patternProperties: { '^x': { type: 'string' } },
          propertyNames: { pattern: '^x' },
        },
        l: { type: 'array', items: { type: 'string' }, contains: { const: 'a' }, prefixItems: [] },
      },
      required: ['o', 'l'],
    },
  ],
  [
    'typeless values and anything',
    {
      type: 'object',
      properties: {
        e: { enum: ['a', 1, null, 2.5, true, [1], { k: 1 }] },
        c: { const: [1] },
        any: {},
        t: true,
        emptyEnum: { enum: [] },
      },
      required: ['e', 'c', 'any', 't', 'emptyEnum'],
    },
  ],
  [
    'nullables',
    {
      type: 'object',
      properties: {
        opt: { anyOf: [{ type: 'string', description: 'inner' }, { type: 'null' }], description: 'outer' },
        same: { anyOf: [{ type: 'string', description: 'd' }, { type: 'null' }], description: 'd' },
        req: {
          anyOf: [{ type: 'string', enum: ['a', 'b'], description: 'inner' }, { type: 'null' }],
          description: 'outer',
        },
        optUnion: { anyOf: [{ anyOf: [{ type: 'string' }, { type: 'integer' }] }, { type: 'null' }] },
        three: { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] },
        twoVals: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
      },
      required: ['req'],
    },
  ],
  [
    'a choice inside object branches is lifted',
    {
      type: 'object',
      properties: {
        u: {
          anyOf: [
            {
              type: 'object',
              properties: { a: { type: 'string' }, b: { type: 'string' } },
              oneOf: [{ required: ['a'] }, { required: ['b'] }],
            },
            { type: 'string' },
          ],
        },
      },
      required: ['u'],
    },
  ],
  [
    'a __proto__ property',
    JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"]}'),
  ],
];

/** What each case publishes (schema, and the root's notes for the tool description). */
const PUBLISHED: Record<string, { schema: unknown; notes: string[] }> = {
  'a typeless root with properties': {
    schema: {
      type: 'object',
      properties: {
        a: {
          type: 'string',
        },
      },
    },
    notes: [],
  },
  'a root of one union of objects': {
    schema: {
      type: 'object',
      properties: {
        a: {
          type: 'string',
        },
        b: {
          type: 'integer',
        },
      },
    },
    notes: ['Send exactly one of a or b.'],
  },
  'a required-only oneOf at the root': {
    schema: {
      type: 'object',
      properties: {
        a: {
          type: 'string',
        },
        b: {
          type: 'string',
        },
      },
    },
    notes: ['Send exactly one of a or b.'],
  },
  'a required-only anyOf at the root': {
    schema: {
      type: 'object',
      properties: {
        a: {
          type: 'string',
        },
        b: {
          type: 'string',
        },
      },
    },
    notes: ['Send at least one of a or b.'],
  },
  'a $ref inlined with its siblings': {
    schema: {
      type: 'object',
      properties: {
        a: {
          type: 'string',
          description: 'the a',
          minLength: 2,
        },
      },
      required: ['a'],
    },
    notes: [],
  },
  'a recursive $ref': {
    schema: {
      type: 'object',
      properties: {
        n: {
          type: 'object',
          properties: {
            next: {
              anyOf: [
                {
                  type: 'string',
                },
                {
                  type: 'number',
                },
                {
                  type: 'boolean',
                },
                {
                  type: 'object',
                  additionalProperties: true,
                },
              ],
              description: 'Further rules apply (checked by the server).',
            },
          },
        },
      },
      required: ['n'],
    },
    notes: [],
  },
  'an external, missing, false and encoded $ref': {
    schema: {
      type: 'object',
      properties: {
        e: {
          anyOf: [
            {
              type: 'string',
            },
            {
              type: 'number',
            },
            {
              type: 'boolean',
            },
            {
              type: 'object',
              additionalProperties: true,
            },
          ],
          description: 'Further rules apply (checked by the server).',
        },
        m: {
          anyOf: [
            {
              type: 'string',
            },
            {
              type: 'number',
            },
            {
              type: 'boolean',
            },
            {
              type: 'object',
              additionalProperties: true,
            },
          ],
          description: 'Further rules apply (checked by the server).',
        },
        f: false,
        p: {
          type: 'integer',
        },
      },
      required: ['e', 'm', 'f', 'p'],
    },
    notes: [],
  },
  'allOf merged': {
    schema: {
      type: 'object',
      title: 'T',
      description: 'root. first. second.',
      properties: {
        c: {
          type: 'boolean',
        },
        b: {
          type: 'integer',
        },
        a: {
          type: 'string',
        },
      },
      required: ['a', 'c'],
    },
    notes: [],
  },
  'type lists': {
    schema: {
      type: 'object',
      properties: {
        s: {
          description: 'S Default: "x". One of: x, or null.',
          title: 'St',
          anyOf: [
            {
              type: 'string',
              minLength: 1,
              enum: ['x'],
            },
            {
              type: 'null',
            },
          ],
        },
        m: {
          anyOf: [
            {
              type: 'integer',
              minimum: 0,
              description: 'Must be 1.',
            },
            {
              type: 'string',
              maxLength: 3,
              enum: ['a'],
            },
          ],
        },
        one: {
          type: 'string',
          maxLength: 4,
        },
        arr: {
          anyOf: [
            {
              type: 'array',
              items: {
                type: 'string',
              },
            },
            {
              type: 'null',
            },
          ],
        },
      },
      required: ['s', 'm', 'one', 'arr'],
    },
    notes: [],
  },
  'a nested open map': {
    schema: {
      type: 'object',
      properties: {
        tags: {
          type: 'array',
          title: 'Tg',
          description: 'Tags. A map, as {key, value} entries. At least 1 entries. At most 5 entries.',
          items: {
            type: 'object',
            properties: {
              key: {
                type: 'string',
              },
              value: {
                type: 'string',
              },
            },
            required: ['key', 'value'],
          },
        },
      },
      required: ['tags'],
    },
    notes: [],
  },
  'object keywords': {
    schema: {
      type: 'object',
      properties: {
        o: {
          type: 'object',
          title: 'O',
          description:
            'An o. Also required: ghost. At least 1 entries. At most 3 entries. When x is given, y is required too. When x is given, z must be given too.',
          properties: {
            x: {
              type: 'string',
            },
          },
          required: ['x'],
          additionalProperties: false,
        },
        free: {
          type: 'object',
          additionalProperties: true,
        },
        open: {
          type: 'object',
          properties: {
            k: {
              type: 'string',
            },
          },
          additionalProperties: {
            type: 'integer',
          },
        },
        emptyExtra: {
          type: 'object',
          properties: {
            k: {
              type: 'string',
            },
          },
        },
      },
      required: ['o', 'free', 'open', 'emptyExtra'],
    },
    notes: [],
  },
  'array keywords': {
    schema: {
      type: 'object',
      properties: {
        a: {
          type: 'array',
          minItems: 1,
          maxItems: 3,
          items: {
            type: 'string',
          },
          description: 'Items must be unique.',
        },
        t: {
          type: 'array',
          items: {
            anyOf: [
              {
                type: 'string',
              },
              {
                type: 'number',
              },
              {
                type: 'boolean',
              },
              {
                type: 'object',
                additionalProperties: true,
              },
            ],
            description: 'Any JSON value.',
          },
        },
        tuple: {
          type: 'array',
          items: {
            anyOf: [
              {
                type: 'string',
              },
              {
                type: 'number',
              },
              {
                type: 'boolean',
              },
              {
                type: 'object',
                additionalProperties: true,
              },
            ],
          },
          description: 'Further rules apply (checked by the server).',
        },
        none: {
          type: 'array',
          items: {
            anyOf: [
              {
                type: 'string',
              },
              {
                type: 'number',
              },
              {
                type: 'boolean',
              },
              {
                type: 'object',
                additionalProperties: true,
              },
            ],
          },
        },
      },
      required: ['a', 't', 'tuple', 'none'],
    },
    notes: [],
  },
  values: {
    schema: {
      type: 'object',
      properties: {
        e: {
          type: 'string',
          enum: ['a', 'b'],
        },
        c: {
          type: 'string',
          enum: ['x'],
        },
        n: {
          type: 'integer',
          description: 'Must be 5.',
        },
        ns: {
          type: 'integer',
          description: 'One of: 1, 2.',
        },
        blank: {
          type: 'string',
          description: 'One of: "", "a".',
        },
        dt: {
          type: 'string',
          format: 'date-time',
        },
        em: {
          type: 'string',
          description: 'Format: email address.',
        },
        d: {
          type: 'integer',
          description: 'Default: 10.',
        },
        ee: {
          type: 'string',
          description: 'One of: .',
        },
      },
      required: ['e', 'c', 'n', 'ns', 'blank', 'dt', 'em', 'd', 'ee'],
    },
    notes: [],
  },
  numbers: {
    schema: {
      type: 'object',
      properties: {
        i: {
          type: 'integer',
          minimum: 3,
          maximum: 9,
        },
        j: {
          type: 'integer',
          minimum: 5,
          maximum: 6,
        },
        k: {
          type: 'integer',
          minimum: 4,
        },
        r: {
          type: 'number',
          minimum: -1,
          maximum: 2,
          description: 'Must be greater than 0. Must be less than 1. Must be a multiple of 0.5.',
        },
      },
      required: ['i', 'j', 'k', 'r'],
    },
    notes: [],
  },
  'combinators below the root': {
    schema: {
      type: 'object',
      properties: {
        typed: {
          type: 'string',
          description: 'Further rules apply (checked by the server).',
        },
        mixed: {
          anyOf: [
            {
              type: 'string',
            },
            {
              type: 'integer',
            },
          ],
        },
        objs: {
          type: 'object',
          properties: {
            a: {
              type: 'string',
            },
            b: {
              type: 'string',
            },
          },
          description: 'Send exactly one of a or b.',
        },
        objTyped: {
          type: 'object',
          properties: {
            z: {
              type: 'string',
            },
            a: {
              type: 'string',
            },
            b: {
              type: 'string',
              description: 'B',
            },
          },
          description: 'Send at least one of a or b.',
        },
        n: {
          type: 'string',
          description: 'Further rules apply (checked by the server).',
        },
        cond: {
          type: 'object',
          properties: {
            a: {
              type: 'string',
            },
          },
          description: 'When a is given, b must be given too.',
        },
      },
      required: ['typed', 'mixed', 'objs', 'objTyped', 'n', 'cond'],
    },
    notes: [],
  },
  'opaque keywords, one note': {
    schema: {
      type: 'object',
      properties: {
        o: {
          type: 'object',
          properties: {
            k: {
              type: 'string',
            },
          },
          description: 'Further rules apply (checked by the server).',
        },
        l: {
          type: 'array',
          items: {
            type: 'string',
          },
          description: 'Further rules apply (checked by the server).',
        },
      },
      required: ['o', 'l'],
    },
    notes: [],
  },
  'typeless values and anything': {
    schema: {
      type: 'object',
      properties: {
        e: {
          anyOf: [
            {
              type: 'string',
            },
            {
              type: 'integer',
            },
            {
              type: 'null',
            },
            {
              type: 'number',
            },
            {
              type: 'boolean',
            },
            {
              type: 'array',
              items: {
                anyOf: [
                  {
                    type: 'string',
                  },
                  {
                    type: 'number',
                  },
                  {
                    type: 'boolean',
                  },
                  {
                    type: 'object',
                    additionalProperties: true,
                  },
                ],
              },
            },
            {
              type: 'object',
            },
          ],
          description: 'One of: "a", 1, null, 2.5, true, [1], {"k":1}.',
        },
        c: {
          anyOf: [
            {
              type: 'array',
              items: {
                anyOf: [
                  {
                    type: 'string',
                  },
                  {
                    type: 'number',
                  },
                  {
                    type: 'boolean',
                  },
                  {
                    type: 'object',
                    additionalProperties: true,
                  },
                ],
              },
            },
          ],
          description: 'Must be [1].',
        },
        any: {
          anyOf: [
            {
              type: 'string',
            },
            {
              type: 'number',
            },
            {
              type: 'boolean',
            },
            {
              type: 'object',
              additionalProperties: true,
            },
          ],
          description: 'Any JSON value.',
        },
        t: {
          anyOf: [
            {
              type: 'string',
            },
            {
              type: 'number',
            },
            {
              type: 'boolean',
            },
            {
              type: 'object',
              additionalProperties: true,
            },
          ],
          description: 'Any JSON value.',
        },
        emptyEnum: {
          anyOf: [
            {
              type: 'string',
            },
            {
              type: 'number',
            },
            {
              type: 'boolean',
            },
            {
              type: 'object',
              additionalProperties: true,
            },
          ],
          description: 'One of: .',
        },
      },
      required: ['e', 'c', 'any', 't', 'emptyEnum'],
    },
    notes: [],
  },
  nullables: {
    schema: {
      type: 'object',
      properties: {
        opt: {
          type: 'string',
          description: 'outer inner Or null.',
        },
        same: {
          type: 'string',
          description: 'd Or null.',
        },
        req: {
          description: 'outer inner One of: a, b, or null.',
          anyOf: [
            {
              type: 'string',
              enum: ['a', 'b'],
            },
            {
              type: 'null',
            },
          ],
        },
        optUnion: {
          anyOf: [
            {
              anyOf: [
                {
                  type: 'string',
                },
                {
                  type: 'integer',
                },
              ],
            },
            {
              type: 'null',
            },
          ],
        },
        three: {
          anyOf: [
            {
              type: 'string',
            },
            {
              type: 'integer',
            },
            {
              type: 'null',
            },
          ],
        },
        twoVals: {
          anyOf: [
            {
              type: 'string',
            },
            {
              type: 'integer',
            },
          ],
        },
      },
      required: ['req'],
    },
    notes: [],
  },
  'a choice inside object branches is lifted': {
    schema: {
      type: 'object',
      properties: {
        u: {
          anyOf: [
            {
              type: 'object',
              properties: {
                a: {
                  type: 'string',
                },
                b: {
                  type: 'string',
                },
              },
              description: 'Send exactly one of a or b.',
            },
            {
              type: 'string',
            },
          ],
          description: 'Send exactly one of a or b.',
        },
      },
      required: ['u'],
    },
    notes: [],
  },
  'a __proto__ property': JSON.parse(
    '{"schema":{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"]},"notes":[]}',
  ),
  'an empty root': {
    schema: {
      type: 'object',
      properties: {},
    },
    notes: [],
  },
};

describe('derivePortableSchema: the exact published view', () => {
  it.each(CASES)('%s', (label, full) => {
    expect(derivePortableSchema(full as JsonSchema)).toEqual(PUBLISHED[label]);
  });

  it('every published view but a $ref to false is portable', () => {
    for (const [label, full] of CASES) {
      const violations = checkPortableSchema(derivePortableSchema(full as JsonSchema).schema);
      if (label === 'an external, missing, false and encoded $ref')
        expect(violations.map((v) => v.rule)).toEqual(['boolean-schema']);
      else expect([label, violations]).toEqual([label, []]);
    }
  });
});
