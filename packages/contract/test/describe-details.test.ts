// describeAjvErrors: what each detail and hint says (and leaves out) for the keywords an agent meets most.
import type { ErrorObject } from 'ajv';
import { describe, expect, test } from 'vitest';
import { sharedAjv } from '../src/validation/ajv.js';
import { describeAjvErrors } from '../src/validation/describe.js';

function describeCall(schema: Record<string, unknown>, args: unknown) {
  const validate = sharedAjv().compile(schema);
  expect(validate(args)).toBe(false);
  return describeAjvErrors(validate.errors ?? [], args, schema);
}

const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  additionalProperties: false,
  ...extra,
});

describe('details', () => {
  test('an unknown key close to a known one suggests it; one close to none carries no empty suggestion', () => {
    const schema = object({ marketplaceId: { type: 'string' } });
    const near = describeCall(schema, { marketplaceID: 'x' });
    expect(near.details[0]).toMatchObject({ path: 'marketplaceID', did_you_mean: ['marketplaceId'] });
    const far = describeCall(schema, { zzz: 1 });
    expect(far.details[0]).toMatchObject({ path: 'zzz', extra: 'zzz' });
    expect(far.details[0]).not.toHaveProperty('did_you_mean');
    expect(far.hints).toEqual([]);
  });

  test('a value outside an enum: the allowed list is capped at 50, a value close to none suggests nothing', () => {
    const values = Array.from({ length: 60 }, (_, i) => `VALUE_${i}`);
    const out = describeCall(object({ v: { enum: values } }), { v: 'qqqqqqqqqqqqqqqqqqqqqqqqqq' });
    expect(out.details[0]?.allowed).toEqual(values.slice(0, 50));
    expect(out.details[0]).not.toHaveProperty('did_you_mean');
  });

  test('"at least one of" (anyOf) and "exactly one of" (oneOf) name the fields and what was sent', () => {
    const branches = [{ required: ['sqlQuery'] }, { required: ['workflowId'] }];
    const props = { sqlQuery: { type: 'string' }, workflowId: { type: 'string' } };
    const any = describeCall(object(props, { anyOf: branches }), {});
    expect(any.details[0]).toMatchObject({
      validator: 'anyOf',
      alternatives: [['sqlQuery'], ['workflowId']],
      present: [],
    });
    expect(String(any.details[0]?.rule)).toContain('at least one of sqlQuery or workflowId');
    expect(any.templateHints[0]).toBe(any.details[0]?.rule);
    const one = describeCall(object({ query: object(props, { oneOf: branches }) }), {
      query: { sqlQuery: 'a', workflowId: 'b' },
    });
    expect(one.details[0]).toMatchObject({ validator: 'oneOf', present: ['sqlQuery', 'workflowId'] });
    expect(String(one.details[0]?.rule)).toContain('exactly one of sqlQuery or workflowId; got both');
    expect(one.templateHints[0]).toBe(`query: ${String(one.details[0]?.rule)}`);
  });

  test('a union that is not a choice of required fields adds no rule', () => {
    const out = describeCall(object({ a: { anyOf: [{ type: 'string' }, { type: 'integer' }] } }), {
      a: true,
    });
    expect(out.details[0]).toMatchObject({ path: 'a', validator: 'anyOf' });
    expect(out.details[0]).not.toHaveProperty('rule');
    expect(out.details[0]).not.toHaveProperty('alternatives');
    expect(out.templateHints.some((h) => h.includes('undefined'))).toBe(false);
  });

  test('the root sent as the wrong type is received as that type', () => {
    const out = describeCall({ type: 'object' }, [1, 2]);
    expect(out.details[0]).toMatchObject({ path: '', expected_type: 'object', received_type: 'array' });
  });

  test('a key with a slash in its name: the value is read at that key', () => {
    const out = describeCall(object({ 'a/b': { type: 'string' } }), { 'a/b': 5 });
    expect(out.details[0]).toMatchObject({ received_type: 'integer', expected_type: 'string' });
  });

  test('an error outside the mapping without a message says "invalid" and names its keyword', () => {
    const error: ErrorObject = {
      keyword: 'x-custom',
      instancePath: '/a',
      schemaPath: '#/x-custom',
      params: {},
    };
    const out = describeAjvErrors([error], { a: 1 }, {});
    expect(out.details[0]?.issue).toBe('invalid (x-custom)');
    expect(out.details[0]).not.toHaveProperty('rule');
    expect(out.unknownKeywords).toEqual(['x-custom']);
  });
});

describe('type hints', () => {
  const types = object({
    flag: { type: 'boolean' },
    list: { type: 'array' },
    count: { type: 'integer' },
    obj: { type: 'object' },
  });

  test('a quoted boolean, a quoted list: one did_you_mean hint each', () => {
    const flag = describeCall(types, { flag: 'TRUE' });
    expect(flag.details[0]).toMatchObject({ did_you_mean: [true] });
    expect(flag.hints).toEqual([
      { category: 'did_you_mean', text: 'Did you mean flag=true? Send a JSON boolean, not a string.' },
    ]);
    const list = describeCall(types, { list: '[1]' });
    expect(list.hints).toEqual([
      { category: 'did_you_mean', text: 'Send list as a native JSON array, not a quoted string.' },
    ]);
    expect(list.details[0]).not.toHaveProperty('did_you_mean');
  });

  test('"true" sent for a list is not offered as a boolean; text for a number and non-strings get no hint', () => {
    const list = describeCall(types, { list: 'true' });
    expect(list.details[0]).not.toHaveProperty('did_you_mean');
    expect(list.hints.map((h) => h.text)).toEqual(['Send list as a native JSON array, not a quoted string.']);
    expect(describeCall(types, { count: 'many' }).hints).toEqual([]);
    expect(describeCall(types, { count: 'true' }).hints).toEqual([]);
    expect(describeCall(types, { count: 1.5 }).hints).toEqual([]);
    expect(describeCall(types, { flag: 1 }).hints).toEqual([]);
  });
});

describe('hints order and counts', () => {
  test("each issue's hints appear once, the primary issue's first", () => {
    const out = describeCall(object({ a: { type: 'integer' }, b: { type: 'boolean' } }), {
      a: '1',
      b: 'false',
    });
    expect(out.orderedHints).toEqual([
      'Did you mean a=1? Got "1" (a string); send 1 as a number.',
      ...out.templateHints.slice(0, 1),
      'Did you mean b=false? Send a JSON boolean, not a string.',
      ...out.templateHints.slice(1),
    ]);
    expect(new Set(out.orderedHints).size).toBe(out.orderedHints.length);
  });

  test('exactly 2 000 raw errors of which some repeat: the summary counts the distinct issues', () => {
    const one = (i: number): ErrorObject => ({
      keyword: 'type',
      instancePath: `/${i}`,
      schemaPath: '#/items/type',
      params: { type: 'string' },
    });
    const errors = Array.from({ length: 2000 }, (_, i) => one(i % 1000));
    const out = describeAjvErrors(
      errors,
      Array.from({ length: 1000 }, () => 1),
      {
        type: 'array',
        items: { type: 'string' },
      },
    );
    expect(out.summary).toContain('(+999 more issues)');
  });
});
