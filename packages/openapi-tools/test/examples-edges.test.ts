// The example sampler at its edges: how deep each kind of nesting is followed, which seed each value gets (what the
// committed snapshots show), length bounds on a pattern's sample, and Amazon's sandbox cases that are not requests.
import { describe, expect, it } from 'vitest';
import type { JsonSchemaObject, RecipeParam } from '../src/catalog-types.js';
import { buildExamples, sample, withDocumented } from '../src/generate/examples.js';
import type { SpecOperation } from '../src/generate/spec-operations.js';

/** `levels` schemas, each wrapping the one before in `wrap`, around an integer. */
function nested(levels: number, wrap: (inner: unknown) => unknown): unknown {
  let schema: unknown = { type: 'integer' };
  for (let i = 0; i < levels; i++) schema = wrap(schema);
  return schema;
}

/** How many `a` keys lead to the innermost value. */
function depthOf(value: unknown): number {
  let n = 0;
  let v = value as Record<string, unknown>;
  while (v && typeof v === 'object' && 'a' in v) {
    v = v['a'] as Record<string, unknown>;
    n++;
  }
  return n;
}

describe('sample: nesting is followed 15 levels down, whatever nests', () => {
  it('anyOf inside anyOf', () => {
    expect(sample(nested(20, (s) => ({ anyOf: [s] })))).toEqual({});
    expect(sample(nested(10, (s) => ({ anyOf: [s] })))).toBe(1);
  });

  it('a non-object allOf part inside another', () => {
    expect(sample(nested(20, (s) => ({ type: 'integer', allOf: [s] })))).toEqual({});
    expect(sample(nested(10, (s) => ({ type: 'integer', allOf: [s] })))).toBe(1);
  });

  it('object properties merged from allOf: two levels a property', () => {
    const value = sample(nested(20, (s) => ({ allOf: [{ properties: { a: s }, required: ['a'] }] })));
    expect(depthOf(value)).toBe(7);
  });

  it('required properties, and properties taken for minProperties', () => {
    expect(
      depthOf(sample(nested(20, (s) => ({ type: 'object', properties: { a: s }, required: ['a'] })))),
    ).toBe(15);
    expect(
      depthOf(sample(nested(20, (s) => ({ type: 'object', properties: { a: s }, minProperties: 1 })))),
    ).toBe(15);
  });
});

describe('sample: the seed of each value', () => {
  const pattern = { type: 'string', pattern: '^[a-z]{6}$' };

  it('array items take consecutive seeds', () => {
    expect(sample({ type: 'array', minItems: 3, items: pattern }, 'n', 5)).toEqual([
      'ufqcps',
      'arfoba',
      'bzsnkm',
    ]);
  });

  it('a required property is seeded with its name’s length', () => {
    expect(sample({ type: 'object', properties: { code: pattern }, required: ['code'] }, '', 5)).toEqual({
      code: 'wdvsrg',
    });
  });

  it('a required property is not sampled again for minProperties', () => {
    const schema = {
      type: 'object',
      properties: { b: pattern, a: { type: 'integer' } },
      required: ['b'],
      minProperties: 2,
    };
    expect(sample(schema, '', 5)).toEqual({ b: 'arfoba', a: 1 });
  });
});

describe('sample: strings', () => {
  it('a pattern sample within minLength and maxLength', () => {
    const schema = { type: 'string', pattern: '^[a-z]+$', minLength: 3, maxLength: 4 };
    expect([1, 2, 3, 4, 5].map((seed) => sample(schema, 'n', seed))).toEqual([
      'anzz',
      'ihnw',
      'blbt',
      'rtjt',
      'ufqc',
    ]);
  });

  it('a pattern with no sample long enough: the padded name', () => {
    expect(sample({ type: 'string', pattern: '^x$', minLength: 3 }, 'n')).toBe('example-n');
  });

  it('a pattern of fixed length past the default 12, with no maxLength: kept', () => {
    expect(sample({ type: 'string', pattern: '^[0-9a-f]{8}-[0-9a-f]{4}$' }, 'n')).toBe('08ff49b6-7726');
  });

  it('a known name’s value checked against a Unicode pattern', () => {
    expect(sample({ type: 'string', pattern: '^\\p{Lu}' }, 'asin')).toBe('B00EXAMPLE');
  });

  it('no name given: example-value cut to 12', () => {
    expect(sample({ type: 'string' })).toBe('example-valu');
  });
});

describe('sample: odd schemas', () => {
  it('a type list with a non-string entry: the first string type', () => {
    expect(sample({ type: [1, 'integer'] })).toBe(1);
  });

  it('null is not a schema', () => {
    expect(sample(null)).toEqual({});
  });

  it('an unknown type with properties: an object', () => {
    expect(sample({ type: 'weird', properties: { a: { type: 'integer' } }, required: ['a'] })).toEqual({
      a: 1,
    });
  });
});

describe('buildExamples: sandbox cases', () => {
  const op = (
    responses: Record<string, unknown>,
    parameters: Record<string, unknown>[] = [],
  ): SpecOperation => ({
    method: 'GET',
    path: '/orders',
    operationId: 'getOrders',
    summary: '',
    description: '',
    deprecated: false,
    parameters,
    consumes: [],
    produces: [],
    responses,
    raw: {},
  });
  const params: RecipeParam[] = [
    { arg: 'marketplaceIds', name: 'MarketplaceIds', in: 'query', required: true },
  ];
  const schema: JsonSchemaObject = {
    type: 'object',
    properties: { marketplaceIds: { type: 'array', items: { type: 'string' } } },
    required: ['marketplaceIds'],
    additionalProperties: false,
  };
  const withCases = (cases: unknown[]) => ({ 'x-amzn-api-sandbox': { static: cases } });

  it('only 2xx responses: a 102 with a sandbox is not a success', () => {
    const responses = {
      '102': withCases([{ request: { parameters: { MarketplaceIds: { value: ['FROM102'] } } } }]),
      '200': withCases([{ request: { parameters: { MarketplaceIds: { value: ['FROM200'] } } } }]),
    };
    expect(buildExamples(op(responses), params, schema)[0]).toEqual({ marketplaceIds: ['FROM200'] });
  });

  it('cases that are not requests, or a sandbox without static cases, are skipped', () => {
    const responses = {
      '200': { 'x-amzn-api-sandbox': { dynamic: [] } },
      '201': withCases([
        'junk',
        { request: 'x' },
        { request: { parameters: { MarketplaceIds: { value: ['Z'] } } } },
      ]),
    };
    expect(buildExamples(op(responses), params, schema)[0]).toEqual({ marketplaceIds: ['Z'] });
  });

  it('the body is the body parameter’s, not the first parameter’s; none declared: `body`', () => {
    const bodyParams: RecipeParam[] = [{ arg: 'body', name: '', in: 'body', required: true }];
    const bodySchema: JsonSchemaObject = {
      type: 'object',
      properties: { body: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } },
      required: ['body'],
    };
    const sandbox = withCases([
      {
        request: {
          parameters: { limit: { value: 5 }, payload: { value: { n: 5 } }, body: { value: { n: 6 } } },
        },
      },
    ]);
    const declared = op({ '200': sandbox }, [
      { in: 'query', name: 'limit' },
      { in: 'body', name: 'payload' },
    ]);
    expect(buildExamples(declared, bodyParams, bodySchema)[0]).toEqual({ body: { n: 5 } });
    expect(buildExamples(op({ '200': sandbox }), bodyParams, bodySchema)[0]).toEqual({ body: { n: 6 } });
  });
});

describe('withDocumented', () => {
  const schema: JsonSchemaObject = {
    type: 'object',
    properties: { n: { type: 'integer' } },
    required: ['n'],
  };

  it('documented examples that all fail: the built list, flagged', () => {
    expect(withDocumented([{ n: 'x' }], [{ n: 1 }], schema)).toEqual({
      list: [{ n: 1 }],
      documentedInvalid: true,
    });
  });

  it('none documented: the built list, not flagged', () => {
    expect(withDocumented([], [{ n: 1 }], schema)).toEqual({ list: [{ n: 1 }], documentedInvalid: false });
  });

  it('a valid documented example first, a built one equal to it dropped', () => {
    expect(withDocumented([{ n: 2 }, { n: 'x' }], [{ n: 2 }, { n: 1 }], schema)).toEqual({
      list: [{ n: 2 }, { n: 1 }],
      documentedInvalid: true,
    });
  });
});
