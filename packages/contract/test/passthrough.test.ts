// Passthrough (strict mode off): unknown fields leave the args (splitPassthrough) and reach the upstream request (passthroughParts).
import { describe, expect, test } from 'vitest';
import { passthroughParts } from '../src/index.js';
import { splitPassthrough } from '../src/tool/passthrough.js';

describe('passthroughParts', () => {
  test('no passthrough: nothing to add', () => {
    expect(passthroughParts(undefined)).toEqual({});
  });

  test('query: scalars and scalar arrays as they are, anything else as JSON text', () => {
    const fields = {
      newFilter: 'x',
      ids: ['A', 'B'],
      nums: [1, 2],
      both: ['a', 1],
      n: 2,
      flag: false,
      nested: { k: 1 },
      nothing: null,
      mixed: [1, {}],
    };
    expect(passthroughParts({ target: 'query', fields })).toEqual({
      extraQuery: {
        newFilter: 'x',
        ids: ['A', 'B'],
        nums: [1, 2],
        both: ['a', 1],
        n: 2,
        flag: false,
        nested: '{"k":1}',
        nothing: 'null',
        mixed: '[1,{}]',
      },
    });
  });

  test('body: the fields as they are, own data properties even for __proto__', () => {
    const fields = JSON.parse('{"__proto__":{"polluted":true},"newField":{"a":1}}') as Record<
      string,
      unknown
    >;
    const { extraBody } = passthroughParts({ target: 'body', fields });
    expect(Object.keys(extraBody ?? {})).toEqual(['__proto__', 'newField']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('splitPassthrough', () => {
  const schema = { type: 'object', properties: { region: { type: 'string' }, ids: { type: 'array' } } };

  test('fields the schema does not name leave the args and travel to the target', () => {
    const args = { region: 'eu', newFilter: 'x', ids: [1], extra: { a: 1 } };
    expect(splitPassthrough(args, schema, 'query')).toEqual({
      args: { region: 'eu', ids: [1] },
      passthrough: { target: 'query', fields: { newFilter: 'x', extra: { a: 1 } } },
    });
    expect(splitPassthrough(args, schema, 'body').passthrough?.target).toBe('body');
  });

  test('no target, no unknown field, or no object: the args stay as sent, with no passthrough', () => {
    const args = { region: 'eu', newFilter: 'x' };
    const noTarget = splitPassthrough(args, schema, undefined);
    expect(noTarget).toEqual({ args });
    expect(noTarget.args).toBe(args);
    const known = { region: 'eu' };
    const noUnknown = splitPassthrough(known, schema, 'query');
    expect(noUnknown).toEqual({ args: known });
    expect(noUnknown).not.toHaveProperty('passthrough');
    expect(splitPassthrough(['x'], schema, 'query')).toEqual({ args: ['x'] });
    expect(splitPassthrough('x', schema, 'body')).toEqual({ args: 'x' });
  });

  test('__proto__ and constructor travel as own data properties, never touching prototypes', () => {
    const args = JSON.parse('{"region":"eu","__proto__":{"polluted":true},"constructor":1}') as object;
    const { args: kept, passthrough } = splitPassthrough(args, schema, 'body');
    expect(kept).toEqual({ region: 'eu' });
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
    expect(Object.keys(passthrough?.fields ?? {})).toEqual(['__proto__', 'constructor']);
    expect(Object.hasOwn(passthrough?.fields ?? {}, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
