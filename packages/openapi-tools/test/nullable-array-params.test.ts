// A nullable array query parameter (OpenAPI 3.0 `nullable`, 3.1 `type: [array, null]`, anyOf with null)
// serialises exactly like the plain array: the spec's style/explode (form/explode=true → repeated pairs),
// and Swagger 2.0 `collectionFormat`. No vendored spec has one yet, so a minimal spec fixture.
import { describe, expect, it } from 'vitest';
import { buildRequest } from '../src/build-request.js';
import type { Recipe } from '../src/catalog-types.js';
import { specArguments } from '../src/generate/parameters.js';
import type { SpecOperation } from '../src/generate/spec-operations.js';

const strings = { type: 'string' };
const OPTIONS = { serverHeaders: [], maxDescription: 200 };
const oas3Params = [
  { name: 'plain', in: 'query', schema: { type: 'array', items: strings } },
  { name: 'nullable30', in: 'query', schema: { type: 'array', items: strings, nullable: true } },
  { name: 'typeList31', in: 'query', schema: { type: ['array', 'null'], items: strings } },
  {
    name: 'anyOfNull',
    in: 'query',
    schema: { anyOf: [{ type: 'array', items: strings }, { type: 'null' }] },
  },
  {
    name: 'csvNullable',
    in: 'query',
    explode: false,
    schema: { type: 'array', items: strings, nullable: true },
  },
];

function operation(parameters: Array<Record<string, unknown>>): SpecOperation {
  return {
    method: 'get',
    path: '/things',
    operationId: 'listThings',
    summary: '',
    description: '',
    deprecated: false,
    parameters,
    consumes: [],
    produces: [],
    responses: {},
    raw: {},
  } as unknown as SpecOperation;
}

const styles = (parameters: Array<Record<string, unknown>>) =>
  Object.fromEntries(
    specArguments(operation(parameters), OPTIONS).args.map((a) => [a.param.name, a.param.style]),
  );

describe('nullable array query parameters', () => {
  it('OpenAPI 3: the same style as the plain array (form/explode=true by default, csv when explode=false)', () => {
    expect(styles(oas3Params)).toEqual({
      plain: 'multi',
      nullable30: 'multi',
      typeList31: 'multi',
      anyOfNull: 'multi',
      csvNullable: 'csv',
    });
  });

  it('Swagger 2.0: collectionFormat, as for the plain array', () => {
    const swagger = [
      { name: 'plain', in: 'query', type: 'array', items: strings, collectionFormat: 'csv' },
      {
        name: 'nullableMulti',
        in: 'query',
        type: 'array',
        items: strings,
        'x-nullable': true,
        collectionFormat: 'multi',
      },
    ];
    expect(styles(swagger)).toEqual({ plain: 'csv', nullableMulti: 'multi' });
  });

  it('a request repeats the nullable array like the plain one, and leaves a null out', () => {
    const { args } = specArguments(operation(oas3Params), OPTIONS);
    const recipe: Recipe = { method: 'GET', path: '/things', params: args.map((a) => a.param) };
    const built = buildRequest(recipe, {
      plain: ['a', 'b'],
      nullable30: ['a', 'b'],
      typeList31: ['c'],
      csvNullable: ['d', 'e'],
      anyOfNull: null,
    });
    expect(built.pathAndQuery).toBe(
      '/things?plain=a&plain=b&nullable30=a&nullable30=b&typeList31=c&csvNullable=d%2Ce',
    );
  });
});
