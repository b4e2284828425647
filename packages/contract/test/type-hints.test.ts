// What an agent is told when it sends a value as the wrong type (a quoted number, boolean, array or object) and how issues are counted.
import { describe, expect, test } from 'vitest';
import type { JsonSchema } from '../src/tool/types.js';
import { sharedAjv } from '../src/validation/ajv.js';
import { describeAjvErrors } from '../src/validation/describe.js';
import { rejectionOf } from './validation-path.js';

const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}): JsonSchema => ({
  type: 'object',
  properties,
  examples: [{}],
  ...extra,
});

describe('a quoted value of the right kind names the fix', () => {
  test('numbers: a numeric string for a number or integer (trimmed), not a fraction for an integer', () => {
    const n = object({ n: { type: 'number' } });
    const envelope = rejectionOf(n, { n: ' 2.5 ' });
    expect(envelope.hints[0]).toBe('Did you mean n=2.5? Got " 2.5 " (a string); send 2.5 as a number.');
    expect(envelope.details[0]?.did_you_mean).toEqual([2.5]);
    expect(envelope._meta?.hint_categories).toEqual(['did_you_mean']);
    const i = object({ i: { type: 'integer' } });
    expect(rejectionOf(i, { i: '7' }).details[0]?.did_you_mean).toEqual([7]);
    expect(rejectionOf(i, { i: '7.5' }).details[0]?.did_you_mean).toBeUndefined();
    expect(rejectionOf(i, { i: '7.5' }).hints.join(' ')).not.toMatch(/Did you mean/);
    for (const value of ['', '   ', 'seven', 'Infinity'])
      expect(rejectionOf(n, { n: value }).details[0]?.did_you_mean, value).toBeUndefined();
    // a union that allows a number
    const union = object({ u: { type: ['number', 'boolean'] } });
    expect(rejectionOf(union, { u: '3' }).details[0]?.did_you_mean).toEqual([3]);
  });

  test('a long quoted number is cut at 40 characters in the hint', () => {
    const value = `1${'0'.repeat(49)}`;
    const hint = rejectionOf(object({ n: { type: 'number' } }), { n: value }).hints[0];
    expect(hint).toBe(
      `Did you mean n=${Number(value)}? Got "${value.slice(0, 39)}…" (a string); send ${Number(value)} as a number.`,
    );
    const forty = '1'.repeat(40);
    expect(rejectionOf(object({ n: { type: 'number' } }), { n: forty }).hints[0]).toContain(`Got "${forty}"`);
  });

  test('booleans: "true" / "FALSE" as text', () => {
    const b = object({ b: { type: 'boolean' } });
    const yes = rejectionOf(b, { b: ' TRUE ' });
    expect(yes.hints[0]).toBe('Did you mean b=true? Send a JSON boolean, not a string.');
    expect(yes.details[0]?.did_you_mean).toEqual([true]);
    expect(rejectionOf(b, { b: 'false' }).details[0]?.did_you_mean).toEqual([false]);
    expect(rejectionOf(b, { b: 'yes' }).details[0]?.did_you_mean).toBeUndefined();
    expect(rejectionOf(b, { b: 'truely' }).details[0]?.did_you_mean).toBeUndefined();
    expect(rejectionOf(b, { b: 'untrue' }).details[0]?.did_you_mean).toBeUndefined();
  });

  test('arrays and objects sent as quoted text', () => {
    const a = object({ a: { type: 'array' }, o: { type: 'object' }, s: { type: 'string' } });
    expect(rejectionOf(a, { a: '[1' }, { normalize: false }).hints[0]).toBe(
      'Send a as a native JSON array, not a quoted string.',
    );
    expect(rejectionOf(a, { o: '{}' }, { normalize: false }).hints[0]).toBe(
      'Send o as a native JSON object, not a quoted string.',
    );
    // not a string at all: no such hint
    expect(rejectionOf(a, { s: 5 }).hints.join(' ')).not.toMatch(/Did you mean|native JSON/);
  });
});

describe('counting issues', () => {
  const props = { a: { type: 'integer' }, b: { type: 'integer' }, c: { type: 'integer' } };

  test('one issue: no count; two: "(+1 more issue)"; three: "(+2 more issues)"', () => {
    const schema = object(props);
    expect(rejectionOf(schema, { a: 'x' }).summary).not.toMatch(/more issue/);
    expect(rejectionOf(schema, { a: 'x', b: 'x' }).summary).toMatch(/ \(\+1 more issue\)$/);
    expect(rejectionOf(schema, { a: 'x', b: 'x', c: 'x' }).summary).toMatch(/ \(\+2 more issues\)$/);
  });

  test('the primary issue comes first in the hints, then the others in order', () => {
    const schema = object({ a: { type: 'integer', maximum: 3 }, b: { type: 'string' } }, { required: ['r'] });
    const envelope = rejectionOf(schema, { a: 9, b: 1 });
    expect(envelope.hints[0]).toBe('Required: r. See schema.');
    expect(envelope.details.map((d) => d.path)).toEqual(['r', 'b', 'a']);
  });

  test('forty issues are described, all are counted', () => {
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, { type: 'integer' }]));
    const args = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, 'x']));
    const schema = { type: 'object', properties: many };
    const validate = sharedAjv().compile(schema);
    validate(args);
    const report = describeAjvErrors(validate.errors ?? [], args, schema);
    expect(report.details).toHaveLength(40);
    expect(report.summary).toMatch(/\(\+49 more issues\)$/);
  });

  test('no error at all: the generic failure', () => {
    expect(describeAjvErrors([], {}, {})).toEqual({
      code: 'SCHEMA_VALIDATION_FAILED',
      summary: 'Arguments failed schema validation.',
      details: [],
      hints: [],
      templateHints: [],
      orderedHints: [],
      unknownKeywords: [],
    });
  });
});
