// fast-check arbitraries shared by the contract's and mcp-server's property tests: tool input schemas and argument objects.
import fc from 'fast-check';

/** A JSON Schema node, the same shape as @obmcp/contract's JsonSchema (not imported: contract tests depend on this package). */
export type JsonSchema = { [key: string]: unknown };

const KEYS = [
  'a',
  'b',
  'Ab',
  'AB',
  'ab',
  'marketplaceIds',
  'MarketplaceIds',
  'x_y',
  'XY',
  '__proto__',
  'constructor',
];
const key = fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 6 }));
const scalar = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.integer({ min: -50, max: 50 }),
  fc.boolean(),
  fc.constant(null),
);
const opt = { requiredKeys: ['type'] as ['type'] };

const leaf: fc.Arbitrary<JsonSchema> = fc.oneof(
  fc.record(
    {
      type: fc.constant('string'),
      minLength: fc.nat(4),
      maxLength: fc.nat(8),
      pattern: fc.constant('^[a-z]*$'),
    },
    opt,
  ),
  fc.record({ type: fc.constant('string'), format: fc.constantFrom('email', 'date-time', 'uri') }, opt),
  fc.record(
    {
      type: fc.constantFrom('integer', 'number'),
      minimum: fc.integer(),
      maximum: fc.integer(),
      multipleOf: fc.constantFrom(1, 2, 5),
    },
    opt,
  ),
  fc.record({ type: fc.constant('boolean') }),
  fc.record({ enum: fc.array(scalar, { minLength: 1, maxLength: 4 }) }),
  fc.record({ const: scalar }),
  fc.record({ type: fc.constant(['string', 'array']) }),
  fc.record({ not: fc.record({ type: fc.constant('null') }) }),
);

const { schema } = fc.letrec<{
  schema: JsonSchema;
  array: JsonSchema;
  object: JsonSchema;
  combo: JsonSchema;
}>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    tie('array'),
    tie('object'),
    tie('combo'),
  ),
  array: fc.record(
    {
      type: fc.constant('array'),
      items: tie('schema'),
      minItems: fc.nat(2),
      maxItems: fc.nat(4),
      uniqueItems: fc.boolean(),
    },
    { requiredKeys: ['type', 'items'] },
  ),
  object: fc.dictionary(key, tie('schema'), { maxKeys: 4 }).chain((properties) =>
    fc.record(
      {
        type: fc.constant('object'),
        properties: fc.constant(properties),
        required: fc.subarray(Object.keys(properties)),
        additionalProperties: fc.oneof(fc.boolean(), leaf),
      },
      { requiredKeys: ['type', 'properties'] },
    ),
  ),
  combo: fc
    .record({ [`${'any'}Of`]: fc.array(tie('schema'), { minLength: 1, maxLength: 3 }) })
    .chain((anyOf) => fc.constantFrom(anyOf, { oneOf: anyOf.anyOf }, { allOf: anyOf.anyOf })),
}));

/** The root never requires a key, so `{}` is always a valid example (the wiring insists on one). */
export const rootSchema = fc
  .dictionary(key, schema, { maxKeys: 5 })
  .map((properties): JsonSchema => ({ type: 'object', properties, examples: [{}] }));
export const args = fc.dictionary(
  key,
  fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom('["a"]', '[1,', '{"a":1}')),
  {
    maxKeys: 6,
  },
);

/** A schema node the validate-first path accepts, with an arbitrary for values that validate against it. */
export interface Typed {
  schema: JsonSchema;
  value: fc.Arbitrary<unknown>;
}

const CLOSED_KEYS = ['a', 'ab', 'Ab', 'AB', 'marketplaceIds', 'MarketplaceIds', '__proto__', 'constructor'];

const typedLeaf: fc.Arbitrary<Typed> = fc.constantFrom<Typed>(
  // Strings that look like JSON stay strings: the schema allows a string there.
  {
    schema: { type: 'string' },
    value: fc.oneof(fc.string({ maxLength: 5 }), fc.constantFrom('["a"]', '{"a":1}')),
  },
  { schema: { type: 'integer' }, value: fc.integer() },
  {
    schema: { type: ['array', 'string'] },
    value: fc.oneof(fc.string(), fc.array(fc.string(), { maxLength: 2 })),
  },
  { schema: { enum: ['x', 1, null] }, value: fc.constantFrom('x', 1, null) },
  { schema: {}, value: fc.jsonValue({ maxDepth: 2 }) },
);

/** An own-property object even for `__proto__` (what JSON.parse gives a server). */
const objectOf = (entries: [string, unknown][]) => JSON.parse(JSON.stringify(Object.fromEntries(entries)));

/** Closed object schemas (typed nodes, arrays, nested objects) paired with values that validate. */
export const closedSchemaWithValue: fc.Arbitrary<Typed> = fc.letrec<{ node: Typed }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    typedLeaf,
    tie('node').map(
      (item): Typed => ({
        schema: { type: 'array', items: item.schema },
        value: fc.array(item.value, { maxLength: 3 }),
      }),
    ),
    fc.uniqueArray(fc.constantFrom(...CLOSED_KEYS), { maxLength: 4 }).chain((keys) =>
      fc.tuple(...keys.map(() => tie('node'))).map(
        (children): Typed => ({
          schema: {
            type: 'object',
            additionalProperties: false,
            properties: Object.fromEntries(keys.map((k, i) => [k, children[i]?.schema ?? {}])),
          },
          value: fc
            .tuple(
              ...keys.map((k, i) =>
                fc.option((children[i] as Typed).value, { nil: undefined }).map((v) => [k, v]),
              ),
            )
            .map((pairs) => objectOf(pairs.filter((p): p is [string, unknown] => p[1] !== undefined))),
        }),
      ),
    ),
  ),
})).node;
