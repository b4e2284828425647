// The portable published schema: each rule rejects a crafted violation; the derivation fixes what it can; the full schema still holds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertPortableTools,
  checkPortableSchema,
  derivePortableSchema,
  impliedType,
  publishTool,
  sharedAjv,
} from '../src/entries/schema.js';
import { EXAMPLES_META_KEY } from '../src/schema/examples-meta-key.js';
import { PORTABILITY_RULES } from '../src/schema/portable-rules.js';
import { PortableSchemaError } from '../src/schema/published-tool.js';
import type { JsonSchema } from '../src/tool/types.js';
import { tool } from './helpers.js';
import { rootSchema } from '@obmcp/schema-arbitraries';
import { check, rejectionOf } from './validation-path.js';

const obj = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}): JsonSchema => ({
  type: 'object',
  properties,
  additionalProperties: false,
  ...extra,
});

/** rule → a schema that breaks it and the pointer the violation must name. */
const VIOLATIONS: Record<(typeof PORTABILITY_RULES)[number], [JsonSchema, string]> = {
  'root-object': [{ type: 'array', items: { type: 'string' } } as JsonSchema, '/type'],
  'root-combinator': [obj({ a: { type: 'string' } }, { oneOf: [{ required: ['a'] }] }), '/oneOf'],
  'boolean-schema': [obj({ a: false }), '/properties/a'],
  'type-single': [obj({ a: { type: ['string', 'null'] } }), '/properties/a/type'],
  'keyword-allowed': [
    obj({ a: { type: 'array', items: { type: 'string' }, uniqueItems: true } }),
    '/properties/a/uniqueItems',
  ],
  'format-allowed': [obj({ a: { type: 'string', format: 'email' } }), '/properties/a/format'],
  'enum-strings': [obj({ a: { type: 'integer', enum: [1, 2] } }), '/properties/a/enum'],
  'typed-node': [obj({ a: { description: 'anything' } }), '/properties/a'],
  'keyword-type': [obj({ a: { type: 'string', minItems: 1 } }), '/properties/a/minItems'],
  'array-items': [obj({ a: { type: 'array' } }), '/properties/a/items'],
  'required-declared': [obj({ a: { type: 'string' } }, { required: ['b'] }), '/required/0'],
  'object-union': [
    obj({ a: { anyOf: [obj({ x: { type: 'string' } }), obj({ y: { type: 'string' } })] } }),
    '/properties/a/anyOf',
  ],
  'open-map': [obj({ a: { type: 'object', additionalProperties: { type: 'string' } } }), '/properties/a'],
};

describe('checkPortableSchema: every rule rejects a crafted violation', () => {
  for (const rule of PORTABILITY_RULES) {
    it(rule, () => {
      const [schema, pointer] = VIOLATIONS[rule];
      expect(checkPortableSchema(schema)).toContainEqual(expect.objectContaining({ rule, pointer }));
    });
  }

  it.each([
    ['examples', obj({}, { examples: [{}] }), '/examples'],
    ['$ref', obj({ a: { $ref: '#/$defs/a' } }, { $defs: { a: { type: 'string' } } }), '/properties/a/$ref'],
    ['$defs', obj({}, { $defs: { a: { type: 'string' } } }), '/$defs'],
    [
      'dependentSchemas',
      obj({ a: { type: 'string' } }, { dependentSchemas: { a: {} } }),
      '/dependentSchemas',
    ],
    [
      'dependentRequired',
      obj({ a: { type: 'string' } }, { dependentRequired: { a: [] } }),
      '/dependentRequired',
    ],
    ['if', obj({ a: { type: 'object', properties: {}, if: {}, else: {} } }), '/properties/a/if'],
    ['default', obj({ a: { type: 'string', default: 'x' } }), '/properties/a/default'],
    ['const', obj({ a: { type: 'string', const: 'x' } }), '/properties/a/const'],
    ['nested oneOf', obj({ a: { oneOf: [{ type: 'string' }, { type: 'integer' }] } }), '/properties/a/oneOf'],
  ])('keyword %s anywhere is refused', (_name, schema, pointer) => {
    expect(checkPortableSchema(schema)).toContainEqual(
      expect.objectContaining({ rule: 'keyword-allowed', pointer }),
    );
  });

  it.each([
    ['anyOf', obj({}, { anyOf: [{ required: ['a'] }] }), '/anyOf'],
    ['allOf', obj({}, { allOf: [{}] }), '/allOf'],
    ['not', obj({}, { not: { required: ['a'] } }), '/not'],
    ['if', obj({}, { if: { required: ['a'] } }), '/if'],
  ])('top-level %s is refused', (_name, schema, pointer) => {
    expect(checkPortableSchema(schema)).toContainEqual(
      expect.objectContaining({ rule: 'root-combinator', pointer }),
    );
  });

  it('accepts the portable forms: nullable anyOf, additionalProperties false or a schema, date-time', () => {
    const schema = obj({
      a: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
      b: {
        type: 'object',
        properties: { n: { type: 'integer' } },
        additionalProperties: { type: 'integer', minimum: 0 },
      },
      c: { type: 'array', items: { type: 'string', enum: ['X', 'Y'] }, minItems: 1, maxItems: 3 },
    });
    expect(checkPortableSchema(schema)).toEqual([]);
  });
});

describe('derivePortableSchema', () => {
  it('turns a top-level oneOf of required lists into optional properties and a sentence', () => {
    const { schema, notes } = derivePortableSchema(
      obj(
        { instanceId: { type: 'string' }, sqlQuery: { type: 'string' }, workflowId: { type: 'string' } },
        { required: ['instanceId'], oneOf: [{ required: ['sqlQuery'] }, { required: ['workflowId'] }] },
      ),
    );
    expect(schema).not.toHaveProperty('oneOf');
    expect(schema.required).toEqual(['instanceId']);
    expect(Object.keys(schema.properties as object)).toEqual(['instanceId', 'sqlQuery', 'workflowId']);
    expect(notes).toEqual(['Send exactly one of sqlQuery or workflowId.']);
    expect(checkPortableSchema(schema)).toEqual([]);
  });

  it('says "at least one" for anyOf and merges object branches of a root union', () => {
    expect(
      derivePortableSchema(
        obj(
          { a: { type: 'integer' }, b: { type: 'integer' } },
          { anyOf: [{ required: ['a'] }, { required: ['b'] }] },
        ),
      ).notes,
    ).toEqual(['Send at least one of a or b.']);
    const merged = derivePortableSchema({
      oneOf: [
        obj({ a: { type: 'string' } }, { required: ['a'] }),
        obj({ b: { type: 'integer' } }, { required: ['b'] }),
      ],
    });
    expect(merged.schema).toMatchObject({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'integer' } },
    });
    expect(merged.notes).toEqual(['Send exactly one of a or b.']);
    expect(checkPortableSchema(merged.schema)).toEqual([]);
  });

  it('writes a type array as anyOf branches, null as the nullable branch (of a required property)', () => {
    const { schema } = derivePortableSchema(
      obj(
        {
          v: { type: ['string', 'null'], maxLength: 5 },
          m: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] } },
          e: { type: ['string', 'null'], enum: ['IMAGE', 'VIDEO', null] },
        },
        { required: ['v', 'e'] },
      ),
    );
    const props = schema.properties as Record<string, JsonSchema>;
    expect(props.v).toEqual({ anyOf: [{ type: 'string', maxLength: 5 }, { type: 'null' }] });
    // A nullable enum (OpenAPI nullable, converted): the enum on the string branch, a bare null branch.
    // The enum is also said on the node: LangChain drops unions and keeps only the node's own description.
    expect(props.e).toEqual({
      description: 'One of: IMAGE, VIDEO, or null.',
      anyOf: [{ type: 'string', enum: ['IMAGE', 'VIDEO'] }, { type: 'null' }],
    });
    expect(((props.m as JsonSchema).items as JsonSchema).properties).toMatchObject({
      value: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] },
    });
    expect(checkPortableSchema(schema)).toEqual([]);
  });

  it('publishes an optional nullable property as its non-null type, the null in words (LangChain keeps type and bounds)', () => {
    const { schema } = derivePortableSchema(
      obj({
        bid: { description: 'The bid.', anyOf: [{ type: 'number', minimum: 0.02 }, { type: 'null' }] },
        policy: { type: ['string', 'null'], enum: ['a', 'b', null] },
        nested: obj({ end: { type: ['string', 'null'], format: 'date-time' } }),
      }),
    );
    const props = schema.properties as Record<string, JsonSchema>;
    expect(props.bid).toEqual({ type: 'number', minimum: 0.02, description: 'The bid. Or null.' });
    expect(props.policy).toEqual({ type: 'string', enum: ['a', 'b'], description: 'Or null.' });
    expect((props.nested as JsonSchema).properties).toHaveProperty('end');
    expect(((props.nested as JsonSchema).properties as Record<string, JsonSchema>).end).toEqual({
      type: 'string',
      format: 'date-time',
      description: 'Or null.',
    });
    expect(checkPortableSchema(schema)).toEqual([]);
  });

  it('says additionalProperties: true on a free-form object (mcp-use otherwise makes it a strict empty object)', () => {
    const { schema } = derivePortableSchema(
      obj(
        {
          patch: { type: 'object', description: 'Any attributes.' },
          opened: { type: 'object', additionalProperties: true },
          closed: { type: 'object', additionalProperties: false },
          named: obj({ a: { type: 'string' } }),
          anything: {},
        },
        { required: ['patch'] },
      ),
    );
    const props = schema.properties as Record<string, JsonSchema>;
    expect(props.patch).toEqual({
      type: 'object',
      description: 'Any attributes.',
      additionalProperties: true,
    });
    expect(props.opened).toEqual({ type: 'object', additionalProperties: true });
    expect(props.closed).toEqual({ type: 'object', additionalProperties: false });
    expect(props.named?.additionalProperties).toBe(false);
    expect(props.anything?.anyOf).toContainEqual({ type: 'object', additionalProperties: true });
    expect(schema.additionalProperties).toBe(false);
    expect(checkPortableSchema(schema)).toEqual([]);
  });

  it('publishes a nested union of objects as one object with the choice in words (LangChain keeps both)', () => {
    const { schema } = derivePortableSchema(
      obj({
        body: { oneOf: [obj({ categoryId: { type: 'integer' } }), obj({ keyword: { type: 'string' } })] },
        list: {
          type: 'array',
          items: {
            anyOf: [
              obj({ asin: { type: 'string' } }, { required: ['asin'] }),
              obj({ sku: { type: 'string' } }),
            ],
          },
        },
      }),
    );
    const props = schema.properties as Record<string, JsonSchema>;
    expect(props.body).toMatchObject({ type: 'object', properties: { categoryId: {}, keyword: {} } });
    expect(props.body?.description).toBe('Send exactly one of categoryId or keyword.');
    expect(props.list?.items).toMatchObject({ type: 'object', properties: { asin: {}, sku: {} } });
    expect(((props.list as JsonSchema).items as JsonSchema).description).toBe(
      'Send at least one of asin or sku.',
    );
    expect(checkPortableSchema(schema)).toEqual([]);
  });

  it('publishes a nested open map as {key, value} entries (Gemini has no "any key"); the root stays an object', () => {
    const { schema } = derivePortableSchema(
      obj({
        reportOptions: {
          type: 'object',
          description: 'Report options.',
          additionalProperties: { type: 'string', maxLength: 10 },
          maxProperties: 3,
        },
      }),
    );
    expect((schema.properties as Record<string, JsonSchema>).reportOptions).toEqual({
      type: 'array',
      description: 'Report options. A map, as {key, value} entries. At most 3 entries.',
      items: {
        type: 'object',
        properties: { key: { type: 'string' }, value: { type: 'string', maxLength: 10 } },
        required: ['key', 'value'],
      },
    });
    expect(
      derivePortableSchema({ type: 'object', additionalProperties: { type: 'string' } }).schema.type,
    ).toBe('object');
  });

  it('inlines $ref/$defs and drops examples, $schema and $defs', () => {
    const { schema } = derivePortableSchema({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      ...obj({ id: { $ref: '#/$defs/id', description: 'The id.' } }),
      $defs: { id: { type: 'integer', minimum: 1 } },
      examples: [{ id: 1 }],
    });
    expect(schema).toEqual(obj({ id: { type: 'integer', minimum: 1, description: 'The id.' } }));
  });

  it('turns rules without a portable keyword into description sentences', () => {
    const { schema, notes } = derivePortableSchema(
      obj(
        {
          day: { type: 'string', format: 'date', description: 'One day.' },
          last_days: { type: 'integer', exclusiveMinimum: 0 },
          ids: { type: 'array', items: { type: 'integer' }, uniqueItems: true },
          status: { type: 'string', enum: ['A', 'B'], default: 'A' },
          mode: { const: 'fast' },
          n: { type: 'integer', enum: [1, 2] },
        },
        {
          dependentSchemas: { day: { properties: { last_days: false } } },
          dependentRequired: { ids: ['status'] },
        },
      ),
    );
    const props = schema.properties as Record<string, JsonSchema>;
    expect(props.day).toEqual({ type: 'string', description: 'One day. Format: date, YYYY-MM-DD.' });
    expect(props.last_days).toEqual({ type: 'integer', minimum: 1 });
    expect(props.ids?.description).toBe('Items must be unique.');
    expect(props.status).toMatchObject({ enum: ['A', 'B'], description: 'Default: "A".' });
    expect(props.mode).toEqual({ type: 'string', enum: ['fast'] });
    expect(props.n).toEqual({ type: 'integer', description: 'One of: 1, 2.' });
    expect(notes).toEqual([
      'When ids is given, status is required too.',
      'day and last_days exclude each other.',
    ]);
    expect(checkPortableSchema(schema)).toEqual([]);
  });

  it('drops a bare false property schema (the key is refused by the server anyway)', () => {
    const { schema } = derivePortableSchema(obj({ a: { type: 'string' }, b: false }));
    expect(Object.keys(schema.properties as object)).toEqual(['a']);
  });

  it('always yields a portable schema for arbitrary object schemas', () => {
    fc.assert(
      fc.property(rootSchema, (full) => {
        expect(checkPortableSchema(derivePortableSchema(full).schema)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('impliedType: the one rule for a typeless node (the derivation publishes it, generators state it)', () => {
  it('reads the type from enum/const values, properties or items, and nothing else', () => {
    expect(impliedType({ enum: ['a', 'b'] })).toBe('string');
    expect(impliedType({ const: true })).toBe('boolean');
    expect(impliedType({ enum: [1, 2] })).toBe('integer');
    expect(impliedType({ enum: [1, 2.5] })).toBe('number');
    expect(impliedType({ enum: ['a', 1] })).toBeUndefined();
    expect(impliedType({ properties: {} })).toBe('object');
    expect(impliedType({ items: { type: 'string' } })).toBe('array');
    expect(impliedType({ description: 'anything' })).toBeUndefined();
  });

  it('is the type the derivation publishes for a typeless node', () => {
    const props = derivePortableSchema(
      obj({ s: { enum: ['x'] }, o: { properties: { a: { type: 'string' } } } }),
    ).schema.properties as Record<string, { type?: string }>;
    expect(props.s?.type).toBe(impliedType({ enum: ['x'] }));
    expect(props.o?.type).toBe('object');
  });
});

describe('publishTool / assertPortableTools', () => {
  it('moves examples to _meta and appends the notes to the description', () => {
    const view = publishTool(
      { name: 't', description: 'Does t.' },
      obj(
        { a: { type: 'string' }, b: { type: 'string' } },
        { oneOf: [{ required: ['a'] }, { required: ['b'] }], examples: [{ a: 'x' }] },
      ),
    );
    expect(view._meta[EXAMPLES_META_KEY]).toEqual([{ a: 'x' }]);
    expect(view.description).toBe('Does t. Send exactly one of a or b.');
    expect(view.inputSchema).not.toHaveProperty('examples');
  });

  it('publishes a recursive $ref as any value (the server validates the recursion)', () => {
    const recursive = obj(
      { node: { $ref: '#/$defs/node' } },
      { $defs: { node: { type: 'object', properties: { next: { $ref: '#/$defs/node' } } } } },
    );
    const { schema } = derivePortableSchema(recursive);
    expect(checkPortableSchema(schema)).toEqual([]);
    expect(JSON.stringify(schema)).not.toContain('$ref');
  });

  it('fails naming every tool and JSON pointer it cannot make portable', () => {
    const list = { type: 'array', items: { type: 'string' }, examples: [['a']] } as JsonSchema;
    const ok = obj({}, { examples: [{}] });
    const run = () => assertPortableTools([tool('fine', ok), tool('rows', list)]);
    expect(run).toThrow(PortableSchemaError);
    expect(run).toThrow(/tool rows: inputSchema\/type \[root-object\]/);
    expect(run).not.toThrow(/tool fine/);
  });
});

describe('the server still enforces the full schema', () => {
  const amc = tool(
    'create_execution',
    obj(
      { instanceId: { type: 'string' }, sqlQuery: { type: 'string' }, workflowId: { type: 'string' } },
      {
        required: ['instanceId'],
        oneOf: [{ required: ['sqlQuery'] }, { required: ['workflowId'] }],
        examples: [{ instanceId: 'i', sqlQuery: 'SELECT 1' }],
      },
    ),
  );

  it.each([
    ['both', { instanceId: 'i', sqlQuery: 'SELECT 1', workflowId: 'w' }],
    ['neither', { instanceId: 'i' }],
  ])('an "exactly one of" violation (%s) → an envelope naming both fields', (_case, args) => {
    const envelope = rejectionOf(amc.inputSchema, args);
    expect(envelope.error_code).toBe('SCHEMA_ONE_OF_FAILED');
    const text = JSON.stringify({
      summary: envelope.summary,
      details: envelope.details,
      hints: envelope.hints,
    });
    expect(text).toContain('sqlQuery');
    expect(text).toContain('workflowId');
    expect(envelope.details[0]).toMatchObject({ alternatives: [['sqlQuery'], ['workflowId']] });
    expect(envelope.hints[0]).toMatch(
      /^Send exactly one of sqlQuery or workflowId; got (both|none of them)\.$/,
    );
    expect(envelope.examples).toEqual([{ instanceId: 'i', sqlQuery: 'SELECT 1' }]);
  });

  it('format, uniqueItems and dependentSchemas are still checked though the published view only states them', () => {
    const h = obj(
      {
        day: { type: 'string', format: 'date' },
        last: { type: 'integer' },
        ids: { type: 'array', items: { type: 'integer' }, uniqueItems: true },
      },
      { dependentSchemas: { day: { properties: { last: false } } }, examples: [{}] },
    );
    expect(rejectionOf(h, { day: 'soon' }).error_code).toBe('SCHEMA_FORMAT_INVALID');
    expect(rejectionOf(h, { ids: [1, 1] }).error_code).toBe('SCHEMA_UNIQUE_ITEMS');
    expect(rejectionOf(h, { day: '2026-01-01', last: 3 }).error_kind).toBe('mcp_input_validation');
  });
});

describe('open maps: the published entries form is accepted whatever the normalization switch', () => {
  const mapTool = tool('map_tool', {
    type: 'object',
    properties: {
      options: { type: 'object', additionalProperties: { type: 'string' } },
      list: {
        type: 'array',
        items: {
          type: 'object',
          properties: { tags: { type: 'object', additionalProperties: { type: 'integer' } } },
          additionalProperties: false,
        },
      },
    },
    additionalProperties: false,
    examples: [{}],
  });
  const entries = {
    options: [
      { key: 'reportPeriod', value: 'DAY' },
      { key: '__proto__', value: 'x' },
    ],
    list: [{ tags: [{ key: 'a', value: 1 }] }],
  };

  it.each([
    ['on', 'true'],
    ['off', 'false'],
  ])('normalization %s: entries become the object the full schema wants', (_, enabled) => {
    const outcome = check(mapTool.inputSchema, entries, { normalize: enabled === 'true' });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.envelope));
    const args = outcome.args as Record<string, unknown>;
    expect(JSON.stringify(args.options)).toBe('{"reportPeriod":"DAY","__proto__":"x"}');
    expect(Object.getPrototypeOf(args.options)).toBe(Object.prototype);
    expect(args.list).toEqual([{ tags: { a: 1 } }]);
  });

  it('published examples show open maps as entries, and validate against the published schema', () => {
    const view = publishTool(mapTool, { ...mapTool.inputSchema, examples: [{ options: { a: 'b' } }] });
    const [example] = view._meta['io.obmcp/examples'];
    expect(example).toEqual({ options: [{ key: 'a', value: 'b' }] });
    const published = structuredClone(view.inputSchema) as Record<string, unknown>;
    expect(sharedAjv().validate(published, example)).toBe(true);
  });

  it('an object is still accepted, and a malformed entry list is answered at the entry, in the published shape', () => {
    const ok = check(mapTool.inputSchema, { options: { a: 'b' } });
    expect(ok.ok).toBe(true);
    const envelope = rejectionOf(mapTool.inputSchema, { options: [{ key: 'a' }] });
    expect(envelope.error_kind).toBe('mcp_input_validation');
    expect(envelope.details[0]?.path).toBe('options/0/value');
  });
});

describe('the default note', () => {
  const published = (property: JsonSchema) =>
    (
      derivePortableSchema({ type: 'object', properties: { p: property } }).schema.properties as Record<
        string,
        JsonSchema
      >
    ).p?.description;

  it.each([
    ['Default is CSV.', 'CSV'],
    ['A list. Default: summaries.', 'summaries'],
    ['Maximum 100. Default is 30.', 30],
    ['Value must be 1 - 20. Default 20.', 20],
    ['Either Monday or Sunday. Default: Monday. Example: Sunday.', 'Monday'],
    ['The default value is `view`.', 'view'],
  ])('is left out when the description already names the default (%s)', (description, value) => {
    expect(
      published({ type: typeof value === 'number' ? 'integer' : 'string', description, default: value }),
    ).toBe(description);
  });

  it.each([
    ['Default is 300.', 30, 'Default is 300. Default: 30.'],
    ['Default is CSV-like.', 'CSV', 'Default is CSV-like. Default: "CSV".'],
    ['Sets the page size.', 10, 'Sets the page size. Default: 10.'],
    ['Defaults apply (a.b).', 'a', 'Defaults apply (a.b). Default: "a".'],
  ])('is added when the description names another value or none (%s)', (description, value, expected) => {
    expect(
      published({ type: typeof value === 'number' ? 'integer' : 'string', description, default: value }),
    ).toBe(expected);
  });

  it('is added for a default that needs escaping, once', () => {
    expect(published({ type: 'string', default: 'a.b(c)' })).toBe('Default: "a.b(c)".');
    expect(published({ type: 'string', description: 'Default: a.b(c).', default: 'a.b(c)' })).toBe(
      'Default: a.b(c).',
    );
    expect(published({ type: 'string', description: 'Default: axb(c).', default: 'a.b(c)' })).toBe(
      'Default: axb(c). Default: "a.b(c)".',
    );
  });
});
