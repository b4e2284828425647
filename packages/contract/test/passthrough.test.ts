// passthroughParts: forwarded unknown fields in the shape of an upstream request (http-kit's extraQuery / extraBody).
import { describe, expect, test } from 'vitest';
import { passthroughParts } from '../src/index.js';

describe('passthroughParts', () => {
  test('no passthrough: nothing to add', () => {
    expect(passthroughParts(undefined)).toEqual({});
  });

  test('query: scalars and scalar arrays as they are, anything else as JSON text', () => {
    const fields = {
      newFilter: 'x',
      ids: ['A', 'B'],
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
