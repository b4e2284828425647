// checkPortableSchema, rule by rule: the exact violations (rule, JSON pointer, message) a published schema yields,
// so a check that stops firing, fires at the wrong place or says the wrong thing fails here.
import { describe, expect, it } from 'vitest';
import { checkPortableSchema } from '../src/schema/portable-rules.js';

const obj = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  ...extra,
});
const NOT_OBJECT = 'the inputSchema is not a JSON object';
const combinator = (k: string) =>
  ['root-combinator', `/${k}`, `no top-level ${k}: OpenAI and Anthropic reject the whole request`] as const;
const bound = (p: string, k: string, t: string) =>
  ['keyword-type', `${p}/${k}`, `${k} only on type: "${t}" (Gemini rejects it elsewhere)`] as const;
const BAD_ENUM = 'enum must list non-empty strings (Gemini enums are strings)';
const MIN_MAX = 'minimum/maximum only on type integer or number';
const OPEN_MAP = 'an object with no properties (a map): publish it as {key, value} entries';
const TYPE_AND_ANYOF = 'type and anyOf on one node: put the type into each branch';

const CASES: [string, unknown, (readonly [string, string, string])[]][] = [
  [
    'every portable keyword in its place',
    obj(
      {
        a: { type: 'string', format: 'date-time', pattern: '^x', minLength: 1, maxLength: 3 },
        n: { type: 'integer', minimum: 0, maximum: 9 },
        r: { type: 'number', minimum: 0.5 },
        l: { type: 'array', items: { type: 'number' }, minItems: 1, maxItems: 2 },
        e: { type: 'string', enum: ['a'] },
        o: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        m: {
          type: 'object',
          properties: { k: { type: 'string' } },
          additionalProperties: false,
          required: ['k'],
        },
        f: { type: 'object', properties: {}, additionalProperties: true },
        b: { type: 'boolean', title: 'B', description: 'a flag' },
      },
      { required: ['a'], additionalProperties: false, title: 't', description: 'd' },
    ),
    [],
  ],
  ['an array', [], [['root-object', '', NOT_OBJECT]]],
  ['null', null, [['root-object', '', NOT_OBJECT]]],
  ['a boolean', true, [['root-object', '', NOT_OBJECT]]],
  [
    'a root that is not an object',
    { type: 'string', properties: {} },
    [['root-object', '/type', 'the root must say type: "object"'], bound('', 'properties', 'object')],
  ],
  [
    'a root without properties',
    { type: 'object' },
    [['root-object', '/properties', 'the root must have a properties object (may be empty)']],
  ],
  [
    'a root whose properties is not an object',
    { type: 'object', properties: [] },
    [['root-object', '/properties', 'the root must have a properties object (may be empty)']],
  ],
  [
    'every root combinator',
    {
      type: 'object',
      properties: {},
      oneOf: [],
      anyOf: [],
      allOf: [],
      not: {},
      if: {},
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword
      then: {},
      else: {},
      enum: ['a'],
      const: 1,
    },
    [
      ...['oneOf', 'anyOf', 'allOf', 'not', 'if', 'then', 'else', 'enum', 'const'].map(combinator),
      ['typed-node', '/anyOf', TYPE_AND_ANYOF],
      ['enum-strings', '/enum', 'enum only on type: "string"'],
    ],
  ],
  [
    'a root anyOf is reported, not walked',
    { type: 'object', properties: {}, anyOf: [{ type: 'bad' }] },
    [combinator('anyOf'), ['typed-node', '/anyOf', TYPE_AND_ANYOF]],
  ],
  ['a root map is a root', { type: 'object', properties: {}, additionalProperties: { type: 'string' } }, []],
  [
    'bare boolean sub-schemas',
    obj({ a: true, b: false }),
    [
      [
        'boolean-schema',
        '/properties/a',
        'a bare true schema (only additionalProperties: false is portable)',
      ],
      [
        'boolean-schema',
        '/properties/b',
        'a bare false schema (only additionalProperties: false is portable)',
      ],
    ],
  ],
  [
    'a sub-schema that is a number',
    obj({ a: 3 }),
    [['boolean-schema', '/properties/a', 'a sub-schema is not a JSON object']],
  ],
  [
    'keywords outside the subset, pointer-escaped',
    obj({ a: { type: 'string', examples: ['x'], 'we/ird~': 1 } }),
    [
      ['keyword-allowed', '/properties/a/examples', 'keyword examples is not in the portable subset'],
      ['keyword-allowed', '/properties/a/we~1ird~0', 'keyword we/ird~ is not in the portable subset'],
    ],
  ],
  [
    'a combinator below the root is a keyword outside the subset',
    obj({ a: { type: 'string', oneOf: [] } }),
    [['keyword-allowed', '/properties/a/oneOf', 'keyword oneOf is not in the portable subset']],
  ],
  [
    'a type list',
    obj({ a: { type: ['string', 'null'] } }),
    [['type-single', '/properties/a/type', 'type is an array ["string","null"]: use anyOf branches']],
  ],
  [
    'no type below the root',
    obj({ a: { description: 'x' } }),
    [['typed-node', '/properties/a', 'a sub-schema without type (Gemini needs one; use anyOf for several)']],
  ],
  [
    'an unknown type',
    obj({ a: { type: 'date' } }),
    [['type-single', '/properties/a/type', 'unknown type "date"']],
  ],
  [
    'a type that is not a string',
    obj({ a: { type: 5 } }),
    [['type-single', '/properties/a/type', 'unknown type 5']],
  ],
  [
    'null outside an anyOf',
    obj({ a: { type: 'null' } }),
    [['type-single', '/properties/a/type', 'type null only as an anyOf branch (the nullable form)']],
  ],
  [
    'type and anyOf on one node',
    obj({ a: { type: 'string', anyOf: [{ type: 'string' }] } }),
    [['typed-node', '/properties/a/anyOf', TYPE_AND_ANYOF]],
  ],
  [
    'a format other than date-time',
    obj({ a: { type: 'string', format: 'email' }, b: { type: 'string', format: 5 } }),
    [
      ['format-allowed', '/properties/a/format', 'format "email" (only date-time is portable)'],
      ['format-allowed', '/properties/b/format', 'format 5 (only date-time is portable)'],
    ],
  ],
  [
    'type-bound keywords on another type',
    obj({
      a: {
        type: 'string',
        properties: {},
        required: [],
        additionalProperties: false,
        items: { type: 'string' },
        minItems: 1,
        maxItems: 2,
      },
      b: {
        type: 'array',
        items: { type: 'string' },
        pattern: 'x',
        minLength: 1,
        maxLength: 2,
        format: 'date-time',
      },
    }),
    [
      bound('/properties/a', 'properties', 'object'),
      bound('/properties/a', 'required', 'object'),
      bound('/properties/a', 'additionalProperties', 'object'),
      bound('/properties/a', 'items', 'array'),
      bound('/properties/a', 'minItems', 'array'),
      bound('/properties/a', 'maxItems', 'array'),
      bound('/properties/b', 'pattern', 'string'),
      bound('/properties/b', 'minLength', 'string'),
      bound('/properties/b', 'maxLength', 'string'),
      bound('/properties/b', 'format', 'string'),
    ],
  ],
  [
    'minimum and maximum only on numbers',
    obj({
      a: { type: 'string', minimum: 1 },
      b: { type: 'number', maximum: 1 },
      c: { type: 'integer', minimum: 0 },
      d: { type: 'boolean', maximum: 1 },
    }),
    [
      ['keyword-type', '/properties/a', MIN_MAX],
      ['keyword-type', '/properties/d', MIN_MAX],
    ],
  ],
  [
    'enums of anything but non-empty strings, or on another type',
    obj({
      a: { type: 'string', enum: [] },
      b: { type: 'string', enum: [1] },
      c: { type: 'string', enum: [''] },
      d: { type: 'string', enum: 'x' },
      g: { type: 'string', enum: ['ok', ''] },
      e: { type: 'integer', enum: ['1'] },
    }),
    [
      ['enum-strings', '/properties/a/enum', BAD_ENUM],
      ['enum-strings', '/properties/b/enum', BAD_ENUM],
      ['enum-strings', '/properties/c/enum', BAD_ENUM],
      ['enum-strings', '/properties/d/enum', BAD_ENUM],
      ['enum-strings', '/properties/g/enum', BAD_ENUM],
      ['enum-strings', '/properties/e/enum', 'enum only on type: "string"'],
    ],
  ],
  [
    'an array without items',
    obj({ a: { type: 'array' } }),
    [['array-items', '/properties/a/items', 'an array schema needs items (Gemini: "items: missing field")']],
  ],
  [
    'required names that are not properties (own properties only)',
    obj({ a: { type: 'string' } }, { required: ['a', 'b', 3, 'toString'] }),
    [
      ['required-declared', '/required/1', 'required "b" is not a property'],
      ['required-declared', '/required/2', 'required 3 is not a property'],
      ['required-declared', '/required/3', 'required "toString" is not a property'],
    ],
  ],
  [
    'a nested required with no properties',
    obj({ x: { type: 'object', required: ['q'] } }),
    [['required-declared', '/properties/x/required/0', 'required "q" is not a property']],
  ],
  [
    'items and additionalProperties are walked, pointers escaped',
    obj({
      a: {
        type: 'array',
        items: {
          type: 'object',
          properties: { 'x/y': { type: 'bad' } },
          additionalProperties: { type: 'string', format: 'uri' },
        },
      },
    }),
    [
      ['type-single', '/properties/a/items/properties/x~1y/type', 'unknown type "bad"'],
      [
        'format-allowed',
        '/properties/a/items/additionalProperties/format',
        'format "uri" (only date-time is portable)',
      ],
    ],
  ],
  [
    'a union of two or more object branches below the root',
    obj({
      a: {
        anyOf: [
          { type: 'object', properties: {} },
          { type: 'object', properties: { b: { type: 'string' } } },
        ],
      },
      b: { anyOf: [{ type: 'object', properties: {} }] },
      c: { anyOf: [{ type: 'object', properties: {} }, { type: 'null' }] },
      d: { anyOf: [{ type: 'object' }, { type: 'object', properties: {} }] },
    }),
    [
      [
        'object-union',
        '/properties/a/anyOf',
        'a union of objects below the root: merge it and say the choice in words',
      ],
    ],
  ],
  [
    'an open map below the root',
    obj({
      a: { type: 'object', properties: {}, additionalProperties: { type: 'string' } },
      b: { type: 'object', additionalProperties: { type: 'string' } },
      c: { type: 'object', properties: { k: { type: 'string' } }, additionalProperties: { type: 'string' } },
      d: { type: 'object', properties: {}, additionalProperties: true },
    }),
    [
      ['open-map', '/properties/a', OPEN_MAP],
      ['open-map', '/properties/b', OPEN_MAP],
    ],
  ],
  [
    'anyOf branches: null allowed, each branch checked',
    obj({ a: { anyOf: [{ type: 'null' }, { type: 'string', anyOf: [] }, true] } }),
    [
      ['typed-node', '/properties/a/anyOf/1/anyOf', TYPE_AND_ANYOF],
      [
        'boolean-schema',
        '/properties/a/anyOf/2',
        'a bare true schema (only additionalProperties: false is portable)',
      ],
    ],
  ],
  [
    'a null branch nested deeper is not an anyOf branch',
    obj({ a: { anyOf: [{ type: 'array', items: { type: 'null' } }] } }),
    [
      [
        'type-single',
        '/properties/a/anyOf/0/items/type',
        'type null only as an anyOf branch (the nullable form)',
      ],
    ],
  ],
];

describe('checkPortableSchema: the exact violations', () => {
  it.each(CASES)('%s', (_label, schema, expected) => {
    expect(checkPortableSchema(schema)).toEqual(
      expected.map(([rule, pointer, message]) => ({ rule, pointer, message })),
    );
  });
});
