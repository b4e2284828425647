// Which validation errors an agent is told about, and in what order: inner rules, not announcers; one per problem; required first.
import { describe, expect, test } from 'vitest';
import type { JsonSchema } from '../src/tool/types.js';
import { rejectionOf } from './validation-path.js';

const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}): JsonSchema => ({
  type: 'object',
  properties,
  examples: [{}],
  ...extra,
});
const validators = (schema: JsonSchema, args: unknown) =>
  rejectionOf(schema, args).details.map((d) => `${d.path}:${d.validator}`);

describe('announcing keywords are not reported; the rule inside them is', () => {
  test('if/then: the then-rule that failed', () => {
    const schema = object(
      { kind: { type: 'string' }, n: { type: 'integer' } },
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword
      { if: { properties: { kind: { const: 'big' } } }, then: { properties: { n: { minimum: 10 } } } },
    );
    expect(validators(schema, { kind: 'big', n: 1 })).toEqual(['n:minimum']);
  });

  test('propertyNames: the pattern the key broke', () => {
    const schema = object({}, { propertyNames: { pattern: '^[a-z]+$' }, additionalProperties: true });
    expect(validators(schema, { ABC: 1 })).toEqual([':pattern']);
  });

  test('dependentSchemas: the rule of the dependent schema', () => {
    const schema = object(
      { day: { type: 'string' }, last: { type: 'integer' } },
      { dependentSchemas: { day: { properties: { last: { maximum: 3 } } } } },
    );
    expect(validators(schema, { day: 'x', last: 9 })).toEqual(['last:maximum']);
  });
});

describe('combinators are reported at their own path, their branches folded', () => {
  test('a combinator nested in another one folds into the outer one', () => {
    const schema = object({
      v: { anyOf: [{ oneOf: [{ type: 'string' }, { type: 'integer' }] }, { type: 'boolean' }] },
    });
    expect(validators(schema, { v: 1.5 })).toEqual(['v:anyOf']);
  });

  test('two sibling combinators at one node are both reported', () => {
    const schema = object({
      v: {
        allOf: [
          { anyOf: [{ type: 'string' }, { type: 'integer' }] },
          { oneOf: [{ minimum: 5 }, { minimum: 6 }] },
        ],
      },
    });
    expect(validators(schema, { v: 7.5 })).toEqual(['v:anyOf', 'v:oneOf']);
  });

  test('a combinator does not hide errors of a sibling whose path only starts the same', () => {
    const schema = object({
      v: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
      vv: { type: 'string' },
    });
    expect(validators(schema, { v: true, vv: 1 })).toEqual(['vv:type', 'v:anyOf']);
  });

  test('contains: no single item is at fault, the array is', () => {
    const schema = object({ ids: { type: 'array', contains: { type: 'integer', minimum: 5 } } });
    expect(validators(schema, { ids: [1, 2] })).toEqual(['ids:contains']);
  });
});

describe('one detail per problem, in the order an agent should fix them', () => {
  test('the same rule failing twice at one place is told once', () => {
    const schema = object({ n: { allOf: [{ minimum: 3 }, { minimum: 3 }] } });
    expect(validators(schema, { n: 1 })).toEqual(['n:minimum']);
    // the same rule at two places is two details
    const two = object({ a: { minimum: 3 }, b: { minimum: 3 } });
    expect(validators(two, { a: 1, b: 1 })).toEqual(['a:minimum', 'b:minimum']);
  });

  test('required, unknown keys, types, enums, consts, then the rest in schema order', () => {
    const schema = object(
      {
        long: { type: 'string', maxLength: 1 },
        c: { const: 1 },
        e: { enum: ['x'] },
        t: { type: 'integer' },
        req: {},
      },
      { required: ['req'], additionalProperties: false },
    );
    expect(validators(schema, { long: 'abc', c: 2, e: 'y', t: 'no', extra: 1 })).toEqual([
      'req:required',
      'extra:additionalProperties',
      't:type',
      'e:enum',
      'c:const',
      'long:maxLength',
    ]);
    const envelope = rejectionOf(schema, { long: 'abc', c: 2, e: 'y', t: 'no', extra: 1 });
    expect(envelope.error_code).toBe('SCHEMA_REQUIRED');
  });

  test('rules without a priority keep the order ajv found them in', () => {
    const schema = object({
      a: { type: 'string', maxLength: 1 },
      b: { type: 'integer', maximum: 1 },
      c: { type: 'array', maxItems: 1 },
    });
    expect(validators(schema, { a: 'xx', b: 5, c: [1, 2] })).toEqual([
      'a:maxLength',
      'b:maximum',
      'c:maxItems',
    ]);
    expect(validators(schema, { c: [1, 2], b: 5, a: 'xx' })).toEqual([
      'a:maxLength',
      'b:maximum',
      'c:maxItems',
    ]);
  });
});
