// Validate-first: on the schemas it is used for, normalization never changes arguments that already validate.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { normalizesValidArgsUnchanged } from '../src/normalize/identity-when-valid.js';
import { normalizeArgs } from '../src/normalize/normalize.js';
import type { JsonSchema } from '../src/tool/types.js';
import { sharedAjv } from '../src/validation/ajv.js';
import { injectStrictUnknown } from '../src/validation/strict-unknown.js';
import { args, closedSchemaWithValue, rootSchema } from '@obmcp/schema-arbitraries';

const closed = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}): JsonSchema => ({
  type: 'object',
  properties,
  additionalProperties: false,
  ...extra,
});

describe('normalizesValidArgsUnchanged', () => {
  test('closed objects with typed nodes, nested through properties, items and prefixItems → true', () => {
    const schema = closed({
      ids: { type: 'array', items: { type: 'string' } },
      pair: { type: 'array', prefixItems: [{ type: 'integer' }, closed({ a: { enum: ['x'] } })] },
      filter: closed({ tags: { type: ['array', 'string'] }, any: {} }),
    });
    expect(normalizesValidArgsUnchanged(schema)).toBe(true);
  });

  test.each([
    ['an object that allows extra keys', { type: 'object', properties: { a: { type: 'string' } } }],
    ['patternProperties beside properties', closed({ a: {} }, { patternProperties: { '^x': {} } })],
    ['types only from anyOf branches', closed({ a: { anyOf: [{ type: 'array' }, { enum: ['all'] }] } })],
    ['an open object in array items', closed({ f: { type: 'array', items: { properties: { a: {} } } } })],
    ['an open object in prefixItems', closed({ f: { type: 'array', prefixItems: [{ properties: {} }] } })],
  ])('%s → false', (_why, schema) => {
    expect(normalizesValidArgsUnchanged(schema)).toBe(false);
  });

  test('the anyOf case is real: normalization would wrap a valid scalar into an array', () => {
    const schema = closed({
      a: { anyOf: [{ type: 'array', items: { type: 'integer' } }, { enum: ['all'] }] },
    });
    expect(sharedAjv().validate(schema, { a: 'all' })).toBe(true);
    expect(normalizeArgs({ a: 'all' }, schema, { strictUnknown: true }).args).toEqual({ a: ['all'] });
  });
});

describe('property: arguments that validate come out of normalization unchanged', () => {
  test('generated closed schemas with values that validate', () => {
    let checked = 0;
    fc.assert(
      fc.property(
        closedSchemaWithValue.chain(({ schema, value }) => fc.tuple(fc.constant(schema), value)),
        ([schema, value]) => {
          expect(normalizesValidArgsUnchanged(schema)).toBe(true);
          if (!sharedAjv().validate(schema, value)) return;
          checked++;
          expect(normalizeArgs(value, schema, { strictUnknown: true })).toEqual({ args: value, events: [] });
        },
      ),
      { numRuns: 400 },
    );
    // Not vacuous: most generated values validate.
    expect(checked).toBeGreaterThan(300);
  });

  test('arbitrary schemas (strict and not) and arguments, raw and once normalized', () => {
    fc.assert(
      fc.property(rootSchema, args, fc.boolean(), (declared, input, strict) => {
        const schema = strict ? injectStrictUnknown(declared) : declared;
        if (!normalizesValidArgsUnchanged(schema)) return;
        const { examples: _e, ...body } = schema as Record<string, unknown>;
        const validate = sharedAjv().compile(body);
        const raw: unknown = JSON.parse(JSON.stringify(input));
        const candidates = [raw];
        try {
          candidates.push(normalizeArgs(raw, schema, { strictUnknown: strict }).args);
        } catch {
          // A malformed JSON-looking string: raw cannot validate there either.
        }
        for (const candidate of candidates) {
          if (!validate(candidate)) continue;
          expect(normalizeArgs(candidate, schema, { strictUnknown: strict })).toEqual({
            args: candidate,
            events: [],
          });
        }
      }),
      { numRuns: 400 },
    );
  }, 60_000);
});
