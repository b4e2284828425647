// Every canonical mapping entry: one bad input through the pipeline → exactly that SCHEMA_* code and details.
import { describe, expect, test } from 'vitest';
import type { JsonSchema } from '../src/tool/types.js';
import { ERROR_CODE_MAPPING } from '../src/validation/mapping.js';
import { rejectionOf } from './validation-path.js';

interface Case {
  /** Properties of the tool's object schema. */
  props: Record<string, JsonSchema>;
  example: Record<string, unknown>;
  bad: Record<string, unknown>;
  path: string;
  details?: Record<string, unknown>;
  /** Values the mapping's templates are filled with (path defaults to `path`). */
  values?: Record<string, unknown>;
}

const filters = (item: JsonSchema): JsonSchema => ({ type: 'array', items: { type: 'object', ...item } });

const CASES: Record<string, Case> = {
  type: {
    props: { filters: filters({ properties: { marketplaceId: { type: 'string' } } }) },
    example: { filters: [{ marketplaceId: 'A' }] },
    bad: { filters: [{ marketplaceId: 5 }] },
    path: 'filters/0/marketplaceId',
    details: { expected_type: 'string', received_type: 'integer' },
    values: { expected_type: 'string', received_type: 'integer' },
  },
  required: {
    props: { filters: filters({ properties: { id: { type: 'string' } }, required: ['id'] }) },
    example: { filters: [{ id: 'x' }] },
    bad: { filters: [{}] },
    path: 'filters/0/id',
    details: { received_type: 'undefined' },
  },
  maxItems: {
    props: { ids: { type: 'array', maxItems: 2 } },
    example: { ids: [1] },
    bad: { ids: [1, 2, 3] },
    path: 'ids',
    details: { limit: 2, actual: 3 },
  },
  minItems: {
    props: { ids: { type: 'array', minItems: 2 } },
    example: { ids: [1, 2] },
    bad: { ids: [1] },
    path: 'ids',
    details: { limit: 2, actual: 1 },
  },
  maxLength: {
    props: { name: { type: 'string', maxLength: 3 } },
    example: { name: 'abc' },
    bad: { name: 'abcde' },
    path: 'name',
    details: { limit: 3, actual: 5 },
  },
  minLength: {
    props: { name: { type: 'string', minLength: 3 } },
    example: { name: 'abc' },
    bad: { name: 'a' },
    path: 'name',
    details: { limit: 3, actual: 1 },
  },
  maximum: {
    props: { n: { type: 'integer', maximum: 10 } },
    example: { n: 1 },
    bad: { n: 11 },
    path: 'n',
    details: { limit: 10, actual: 11 },
  },
  minimum: {
    props: { n: { type: 'integer', minimum: 1 } },
    example: { n: 1 },
    bad: { n: 0 },
    path: 'n',
    details: { limit: 1, actual: 0 },
  },
  enum: {
    props: { status: { type: 'string', enum: ['Shipped', 'Pending'] } },
    example: { status: 'Shipped' },
    bad: { status: 'Lost' },
    path: 'status',
    details: { allowed: ['Shipped', 'Pending'] },
    values: { allowed: ['Shipped', 'Pending'] },
  },
  pattern: {
    props: { sku: { type: 'string', pattern: '^[A-Z]{3}$' } },
    example: { sku: 'ABC' },
    bad: { sku: 'abc1' },
    path: 'sku',
    details: { pattern: '^[A-Z]{3}$' },
  },
  format: {
    props: { email: { type: 'string', format: 'email' } },
    example: { email: 'a@example.com' },
    bad: { email: 'not an email' },
    path: 'email',
    details: { format: 'email' },
    values: { format: 'email' },
  },
  additionalProperties: {
    props: { obj: { type: 'object', properties: { a: { type: 'integer' } }, additionalProperties: false } },
    example: { obj: { a: 1 } },
    bad: { obj: { a: 1, zz: 2 } },
    path: 'obj/zz',
    details: { extra: 'zz' },
    // the template names the object that owns the key
    values: { path: 'obj', extra: 'zz' },
  },
  oneOf: {
    props: {
      target: { type: 'object', properties: { v: { oneOf: [{ type: 'integer' }, { minimum: 0 }] } } },
    },
    example: { target: { v: -1 } },
    bad: { target: { v: 5 } },
    path: 'target/v',
  },
  anyOf: {
    props: { v: { anyOf: [{ type: 'string', minLength: 2 }, { type: 'integer' }] } },
    example: { v: 1 },
    bad: { v: true },
    path: 'v',
  },
  allOf: {
    // ajv never emits `allOf`: the inner keyword's code surfaces (see docs/CONTRACT.md).
    props: { n: { allOf: [{ type: 'integer' }, { minimum: 3 }] } },
    example: { n: 4 },
    bad: { n: 1 },
    path: 'n',
    details: { limit: 3, actual: 1 },
  },
  uniqueItems: {
    props: { ids: { type: 'array', uniqueItems: true } },
    example: { ids: [1, 2] },
    bad: { ids: [1, 1] },
    path: 'ids',
  },
  const: {
    props: { version: { const: 2 } },
    example: { version: 2 },
    bad: { version: 3 },
    path: 'version',
    details: { allowed: [2] },
  },
  multipleOf: {
    props: { qty: { type: 'integer', multipleOf: 5 } },
    example: { qty: 10 },
    bad: { qty: 7 },
    path: 'qty',
    details: { limit: 5 },
  },
};

/** The mapping's placeholders filled like the contract says (arrays joined, empty path → (root)). */
function fill(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = values[name];
    return Array.isArray(v) ? v.join(', ') : String(v);
  });
}

const schemaOf = (c: Case): JsonSchema => ({ type: 'object', properties: c.props, examples: [c.example] });

test('the table covers every canonical mapping entry', () => {
  expect(Object.keys(CASES).sort()).toEqual(Object.keys(ERROR_CODE_MAPPING.mapping).sort());
});

describe.each(Object.entries(CASES))('%s', (keyword, c) => {
  const surfaced = keyword === 'allOf' ? 'minimum' : keyword;
  const entry = ERROR_CODE_MAPPING.mapping[surfaced]!;

  test(`yields ${entry.error_code} with the contract's details, summary and hint`, () => {
    const envelope = rejectionOf(schemaOf(c), c.bad);
    expect(envelope).toMatchObject({ error_kind: 'mcp_input_validation', error_code: entry.error_code });
    expect(envelope.retryable).toBe(false);
    expect(envelope.examples).toEqual([c.example]);
    expect(envelope.details).toHaveLength(1);
    expect(envelope.details[0]).toMatchObject({
      path: c.path,
      field: c.path,
      validator: surfaced,
      ...c.details,
    });
    expect(envelope.details[0]?.path.startsWith('/')).toBe(false);
    const values = { path: c.path, ...c.details, ...c.values };
    expect(envelope.summary).toBe(fill(entry.summary_template, values));
    expect(envelope.hints).toContain(fill(entry.hint, values));
    expect(envelope._meta?.validator).toBeUndefined();
  });
});

test('allOf has its own mapping entry, but an allOf failure reports the inner keyword', () => {
  expect(ERROR_CODE_MAPPING.mapping.allOf?.error_code).toBe('SCHEMA_ALL_OF_FAILED');
  expect(ERROR_CODE_MAPPING.mapping.minimum?.error_code).toBe('SCHEMA_MINIMUM');
});

test('combinator branch errors are folded: one detail at the combinator path', () => {
  const props = {
    v: { anyOf: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }] },
  };
  const c: Case = { props, example: { v: { a: 'x' } }, bad: { v: { b: 1 } }, path: 'v' };
  const envelope = rejectionOf(schemaOf(c), c.bad);
  expect(envelope.error_code).toBe('SCHEMA_ANY_OF_FAILED');
  expect(envelope.details.map((d) => d.path)).toEqual(['v']);
});

describe.each([
  ['not', { v: { not: { const: 1 } } }, { v: 2 }, { v: 1 }, 'v'],
  ['dependentRequired', { a: {}, b: {} }, { b: 1 }, { a: 1 }, ''],
  ['exclusiveMaximum', { n: { type: 'number', exclusiveMaximum: 5 } }, { n: 1 }, { n: 5 }, 'n'],
  ['contains', { ids: { type: 'array', contains: { const: 1 } } }, { ids: [2, 1] }, { ids: [2, 3] }, 'ids'],
])('unknown keyword %s', (keyword, props, example, bad, path) => {
  test('→ SCHEMA_VALIDATION_FAILED with _meta.validator and the fallback template', () => {
    const schema: JsonSchema = { type: 'object', properties: props, examples: [example] };
    if (keyword === 'dependentRequired') schema.dependentRequired = { a: ['b'] };
    const envelope = rejectionOf(schema, bad);
    expect(envelope.error_code).toBe('SCHEMA_VALIDATION_FAILED');
    expect(envelope._meta?.validator).toBe(keyword);
    expect(envelope.details).toHaveLength(1);
    expect(envelope.details[0]).toMatchObject({ path, validator: keyword, code: 'SCHEMA_VALIDATION_FAILED' });
    const values = { path: path === '' ? '(root)' : path, validator: keyword };
    expect(envelope.summary).toBe(fill(ERROR_CODE_MAPPING.fallback.summary_template, values));
    expect(envelope.hints).toContain(fill(ERROR_CODE_MAPPING.fallback.hint, values));
  });
});

test('several issues: one code by priority, every issue in details, "(+N more issues)"', () => {
  const props = {
    n: { type: 'integer', maximum: 3 },
    name: { type: 'string' },
    ids: { type: 'array', maxItems: 1 },
  };
  const schema: JsonSchema = {
    type: 'object',
    properties: props,
    required: ['name'],
    examples: [{ name: 'a' }],
  };
  const envelope = rejectionOf(schema, { n: 9, ids: [1, 2] });
  expect(envelope.error_code).toBe('SCHEMA_REQUIRED');
  expect(envelope.summary).toBe('Required field name is missing. (+2 more issues)');
  expect(envelope.details.map((d) => d.code).sort()).toEqual([
    'SCHEMA_MAXIMUM',
    'SCHEMA_MAX_ITEMS',
    'SCHEMA_REQUIRED',
  ]);
});
