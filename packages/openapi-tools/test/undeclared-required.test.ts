// Required names a request schema never declares (generation stops on them: a strict tool could never send them):
// what counts as declared (properties, combinator branches, the object a branch belongs to, maps, matching patterns)
// and where each is reported; cyclic and shared schemas are walked once.
import { describe, expect, it } from 'vitest';
import { undeclaredRequired } from '../src/generate/undeclared-required.js';

describe('undeclaredRequired', () => {
  it('reports a required name no property declares, at its place in the argument', () => {
    expect(
      undeclaredRequired(
        {
          type: 'object',
          required: ['a', 'missing', 7],
          properties: {
            a: { type: 'string' },
            list: { type: 'array', items: { type: 'object', required: ['x'], properties: {} } },
            map: { type: 'object', additionalProperties: { type: 'object', required: ['y'] } },
          },
        },
        'body',
      ),
    ).toEqual([
      { at: 'body', name: 'missing' },
      { at: 'body/list/*', name: 'x' },
      { at: 'body/map/*', name: 'y' },
    ]);
  });

  it('a name a branch, or the object a branch belongs to, declares is declared', () => {
    expect(
      undeclaredRequired(
        {
          required: ['fromBranch'],
          properties: { own: {} },
          allOf: [{ properties: { fromBranch: {} } }, { required: ['own', 'nowhere'] }, 'not a schema'],
          anyOf: [{ oneOf: [{ properties: { deep: {} } }] }, { required: ['deep'] }],
        },
        'body',
      ),
    ).toEqual([{ at: 'body', name: 'nowhere' }]);
  });

  it('an open map admits any name; patternProperties admit the names their patterns match', () => {
    expect(
      undeclaredRequired({ required: ['any'], additionalProperties: { type: 'string' } }, 'body'),
    ).toEqual([]);
    expect(undeclaredRequired({ required: ['any'], additionalProperties: true }, 'body')).toEqual([
      { at: 'body', name: 'any' },
    ]);
    expect(
      undeclaredRequired(
        {
          required: ['x-id', 'other', 'Caf\u00e9'],
          patternProperties: { '^x-': {}, '[': {}, '^\\p{Lu}\\p{Ll}+$': {} },
        },
        'body',
      ),
    ).toEqual([{ at: 'body', name: 'other' }]);
    expect(undeclaredRequired({ required: ['a'], patternProperties: 'no' }, 'body')).toEqual([
      { at: 'body', name: 'a' },
    ]);
  });

  it('walks a cyclic schema once and a shared one once per place with nothing inherited', () => {
    const node: Record<string, unknown> = { type: 'object', required: ['gone'], properties: {} };
    (node.properties as Record<string, unknown>).self = node;
    expect(undeclaredRequired(node, 'body')).toEqual([{ at: 'body', name: 'gone' }]);
    const shared = { type: 'object', required: ['s'] };
    expect(undeclaredRequired({ properties: { a: shared, b: shared } }, 'body')).toEqual([
      { at: 'body/a', name: 's' },
    ]);
    // A shared branch reached with inherited names is judged with them each time.
    const branch = { required: ['p'] };
    expect(
      undeclaredRequired(
        {
          properties: {
            one: { properties: { p: {} }, allOf: [branch] },
            two: { properties: { q: {} }, allOf: [branch] },
          },
        },
        'body',
      ),
    ).toEqual([{ at: 'body/two', name: 'p' }]);
    const cyclicBranch: Record<string, unknown> = { required: ['z'] };
    cyclicBranch.allOf = [cyclicBranch];
    expect(undeclaredRequired(cyclicBranch, 'body')).toEqual([{ at: 'body', name: 'z' }]);
    expect(undeclaredRequired('not a schema', 'body')).toEqual([]);
    expect(undeclaredRequired([{ required: ['a'] }], 'body')).toEqual([]);
  });
});
