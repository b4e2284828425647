// The examples a generated tool shows an agent: the sampler's value for each schema shape (what `_meta` examples
// and the mocks send), Amazon's sandbox request mapped onto argument keys, and which examples are kept, in order.
import { describe, expect, it } from 'vitest';
import type { JsonSchemaObject, RecipeParam } from '../src/catalog-types.js';
import { buildExamples, sample, validates } from '../src/generate/examples.js';
import type { SpecOperation } from '../src/generate/spec-operations.js';

describe('sample: one value per schema shape', () => {
  const cases: [string, unknown, string, unknown][] = [
    ['a const, even a falsy one', { const: 0 }, '', 0],
    ['the first enum value', { type: 'string', enum: ['b', 'a'] }, '', 'b'],
    ['an empty enum is no enum', { type: 'string', enum: [] }, 'x', 'example-x'],
    ['a default that validates', { type: 'integer', default: 7, minimum: 1 }, '', 7],
    ['a default that does not validate is skipped', { type: 'integer', default: 0, minimum: 1 }, '', 1],
    [
      'anyOf: the first branch that is not null',
      { anyOf: [{ type: 'null' }, { type: 'integer', minimum: 3 }] },
      '',
      3,
    ],
    ['oneOf: the first branch', { oneOf: [{ type: 'boolean' }, { type: 'string' }] }, '', true],
    ['anyOf of null only', { anyOf: [{ type: 'null' }] }, '', null],
    [
      'allOf: the parts’ properties and required names merged',
      {
        allOf: [
          { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
          { properties: { b: { type: 'integer' } }, required: ['b'] },
        ],
      },
      '',
      { a: 'example-a', b: 1 },
    ],
    [
      'allOf of a non-object part: that part',
      { allOf: [{ type: 'string', minLength: 3 }] },
      '',
      'example-valu',
    ],
    ['date-time', { type: 'string', format: 'date-time' }, '', '2026-01-01T00:00:00Z'],
    ['date', { type: 'string', format: 'date' }, '', '2026-01-01'],
    ['uri', { type: 'string', format: 'uri' }, '', 'https://example.com/resource'],
    ['url', { type: 'string', format: 'url' }, '', 'https://example.com/resource'],
    ['email', { type: 'string', format: 'email' }, '', 'seller@example.com'],
    ['uuid', { type: 'string', format: 'uuid' }, '', '00000000-0000-4000-8000-000000000000'],
    ['marketplaceIds', { type: 'string' }, 'marketplaceIds', 'ATVPDKIKX0DER'],
    ['MarketplaceId', { type: 'string' }, 'MarketplaceId', 'ATVPDKIKX0DER'],
    ['sellerId', { type: 'string' }, 'sellerId', 'A2EXAMPLESELLER'],
    ['asin', { type: 'string' }, 'asin', 'B00EXAMPLE'],
    ['sellerSku', { type: 'string' }, 'sellerSku', 'SKU-001'],
    ['amazonOrderId', { type: 'string' }, 'amazonOrderId', '902-3159896-1390916'],
    ['locale', { type: 'string' }, 'locale', 'en_US'],
    ['issueLocale', { type: 'string' }, 'issueLocale', 'en_US'],
    ['currencyCode', { type: 'string' }, 'currencyCode', 'USD'],
    ['countryCode', { type: 'string' }, 'countryCode', 'US'],
    [
      'a known name whose value the pattern refuses',
      { type: 'string', pattern: '^[0-9]+$' },
      'asin',
      '059926',
    ],
    ['a known name whose value the pattern allows', { type: 'string', pattern: '^B0' }, 'asin', 'B00EXAMPLE'],
    ['any other name, cut to 12', { type: 'string' }, 'reportType', 'example-repo'],
    ['no name', { type: 'string' }, '', 'example-valu'],
    ['a name’s odd characters dropped', { type: 'string' }, 'a.b_c', 'example-abc'],
    ['padded to minLength', { type: 'string', minLength: 20 }, 'x', 'example-xxxxxxxxxxxx'],
    ['cut to maxLength', { type: 'string', maxLength: 5 }, 'reportType', 'examp'],
    ['a pattern', { type: 'string', pattern: '^[A-Z]{3}$' }, 'code', 'ANZ'],
    ['an integer', { type: 'integer' }, '', 1],
    ['a number from its minimum', { type: 'number', minimum: 2.5 }, '', 2.5],
    ['an integer from its minimum, rounded up', { type: 'integer', minimum: 2.5 }, '', 3],
    ['a maximum under 1', { type: 'integer', maximum: 0 }, '', 0],
    ['a maximum over 1', { type: 'integer', maximum: 5 }, '', 1],
    ['an exclusive minimum', { type: 'integer', exclusiveMinimum: 4 }, '', 5],
    ['a boolean', { type: 'boolean' }, '', true],
    ['null', { type: 'null' }, '', null],
    ['a type list: the first that is not null', { type: ['null', 'integer'] }, '', 1],
    ['a type list of null only', { type: ['null'] }, '', null],
    [
      'an array: one item, named like the array',
      { type: 'array', items: { type: 'string' } },
      'asins',
      ['B00EXAMPLE'],
    ],
    ['an array: minItems items', { type: 'array', minItems: 3, items: { type: 'integer' } }, '', [1, 1, 1]],
    ['an array: at least one item', { type: 'array', minItems: 0, items: { type: 'integer' } }, '', [1]],
    [
      'an object: its required properties only',
      {
        type: 'object',
        properties: { a: { type: 'integer' }, sellerId: { type: 'string' }, c: { type: 'boolean' } },
        required: ['sellerId'],
      },
      '',
      { sellerId: 'A2EXAMPLESELLER' },
    ],
    [
      'an object: the first properties up to minProperties',
      {
        type: 'object',
        properties: { a: { type: 'integer' }, b: { type: 'boolean' }, c: { type: 'boolean' } },
        minProperties: 2,
      },
      '',
      { a: 1, b: true },
    ],
    ['a required name with no schema', { type: 'object', required: ['x'] }, '', { x: 'example' }],
    [
      'properties without a type: an object',
      { properties: { a: { type: 'integer' } }, required: ['a'] },
      '',
      { a: 1 },
    ],
    ['no type at all', {}, '', 'example'],
    ['an unknown type', { type: 'weird' }, '', 'example'],
    ['not a schema', 'x', '', {}],
  ];
  it.each(cases)('%s', (_label, schema, name, expected) => {
    expect(sample(schema, name)).toEqual(expected);
  });

  it('stops 15 levels down', () => {
    let deep: unknown = { type: 'integer' };
    for (let i = 0; i < 16; i++) deep = { type: 'array', items: deep };
    let value: unknown = sample(deep);
    let levels = 0;
    while (Array.isArray(value)) {
      value = value[0];
      levels++;
    }
    expect([levels, value]).toEqual([15, {}]);
  });

  it('the same schema gives the same pattern sample every time; another seed may differ', () => {
    const schema = { type: 'string', pattern: '^[a-z]{6}$' };
    expect(sample(schema, 'n', 5)).toBe(sample(schema, 'n', 5));
    const seen = new Set([1, 2, 3, 4, 5, 6].map((seed) => sample(schema, 'n', seed)));
    expect(seen.size).toBeGreaterThan(1);
    for (const value of seen) expect(validates(schema, value)).toBe(true);
  });
});

describe('buildExamples', () => {
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
  const sandbox = (...cases: Record<string, unknown>[]) => ({
    'x-amzn-api-sandbox': { static: cases.map((parameters) => ({ request: { parameters } })) },
  });
  const params: RecipeParam[] = [
    { arg: 'marketplaceIds', name: 'MarketplaceIds', in: 'query', required: true },
    { arg: 'createdAfter', name: 'CreatedAfter', in: 'query', required: false },
  ];
  const schema: JsonSchemaObject = {
    type: 'object',
    properties: {
      marketplaceIds: { type: 'array', items: { type: 'string' } },
      createdAfter: { type: 'string' },
    },
    required: ['marketplaceIds'],
    additionalProperties: false,
  };
  const minimal = { marketplaceIds: ['ATVPDKIKX0DER'] };

  it('the sandbox request (by wire name, onto argument keys) first, then the minimal sample', () => {
    const responses = {
      '200': sandbox({
        MarketplaceIds: { value: ['A1PA6795UKMFR9'] },
        CreatedAfter: { value: 'TEST_CASE_200' },
      }),
    };
    expect(buildExamples(op(responses), params, schema)).toEqual([
      { marketplaceIds: ['A1PA6795UKMFR9'], createdAfter: 'TEST_CASE_200' },
      minimal,
    ]);
  });

  it('the first 2xx response with a static case, in code order; cases without values are skipped', () => {
    const responses = {
      '400': sandbox({ MarketplaceIds: { value: ['BAD'] } }),
      '201': sandbox({ MarketplaceIds: { value: ['FROM201'] } }),
      '200': sandbox({ MarketplaceIds: { note: 'no value' } }, { MarketplaceIds: { value: ['FROM200'] } }),
    };
    expect(buildExamples(op(responses), params, schema)[0]).toEqual({ marketplaceIds: ['FROM200'] });
  });

  it('no sandbox, or one that does not name a known parameter: the sample alone', () => {
    expect(buildExamples(op({ '200': { description: 'ok' } }), params, schema)).toEqual([minimal]);
    expect(buildExamples(op({ '200': sandbox({ Other: { value: 1 } }) }), params, schema)).toEqual([minimal]);
  });

  it('a sandbox request equal to the sample is listed once', () => {
    const responses = { '200': sandbox({ MarketplaceIds: { value: ['ATVPDKIKX0DER'] } }) };
    expect(buildExamples(op(responses), params, schema)).toEqual([minimal]);
  });

  it('a sandbox request lacking a required argument is completed from the sample and listed third', () => {
    const responses = { '200': sandbox({ CreatedAfter: { value: 'TEST_CASE_200' } }) };
    expect(buildExamples(op(responses), params, schema)).toEqual([
      minimal,
      { marketplaceIds: ['ATVPDKIKX0DER'], createdAfter: 'TEST_CASE_200' },
    ]);
  });

  it('a sandbox value of the wrong type is dropped, completed or not', () => {
    const responses = { '200': sandbox({ CreatedAfter: { value: 42 } }) };
    expect(buildExamples(op(responses), params, schema)).toEqual([minimal]);
  });

  it('the body from the body parameter’s own name, else from `body`', () => {
    const bodyParams: RecipeParam[] = [{ arg: 'body', name: '', in: 'body', required: true }];
    const bodySchema: JsonSchemaObject = {
      type: 'object',
      properties: { body: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } },
      required: ['body'],
    };
    const named = op({ '200': sandbox({ payload: { value: { n: 5 } }, body: { value: { n: 6 } } }) }, [
      { in: 'body', name: 'payload' },
    ]);
    expect(buildExamples(named, bodyParams, bodySchema)[0]).toEqual({ body: { n: 5 } });
    const plain = op({ '200': sandbox({ body: { value: { n: 6 } } }) }, [{ in: 'body', name: 'payload' }]);
    expect(buildExamples(plain, bodyParams, bodySchema)[0]).toEqual({ body: { n: 6 } });
    const unnamed = op({ '200': sandbox({ body: { value: { n: 7 } } }) }, [{ in: 'body' }]);
    expect(buildExamples(unnamed, bodyParams, bodySchema)[0]).toEqual({ body: { n: 7 } });
  });

  it('nothing that validates: no example', () => {
    const impossible: JsonSchemaObject = {
      type: 'object',
      properties: { a: { type: 'string', minLength: 5, maxLength: 2 } },
      required: ['a'],
    };
    expect(buildExamples(op({}), [{ arg: 'a', name: 'a', in: 'query', required: true }], impossible)).toEqual(
      [],
    );
  });
});
