// operationBinder.one: a curated one-operation tool inherits its operation's annotations and passthrough target
// unless it states a different one (restating the same throws); pickInput takes its schema from the operation.
import {
  CHANGE_UPSTREAM,
  CREATE_UPSTREAM,
  READ_LOCAL,
  READ_UPSTREAM,
  REPLACE_UPSTREAM,
  type ToolDefinition,
} from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import { operationBinder } from '../src/bind-operation.js';
import { pickInput } from '../src/pick-input.js';
import type { Catalog, CatalogOperation, HttpMethod } from '../src/catalog-types.js';

const op = (operationId: string, method: HttpMethod, writes: boolean): CatalogOperation =>
  ({
    name: operationId,
    title: operationId,
    description: operationId,
    toolset: 't',
    writes,
    deprecated: false,
    inputSchema: { type: 'object', properties: {} },
    examples: [{}],
    recipe: { method, path: `/${operationId}`, params: [] },
    usagePlan: null,
    meta: { api: 'api', operationId },
  }) as unknown as CatalogOperation;

const catalog: Catalog = {
  format: 1,
  family: 'sp-api',
  operations: [
    op('getThing', 'GET', false),
    op('getWrites', 'GET', true),
    op('searchThings', 'POST', false),
    op('createThing', 'POST', true),
    op('patchThing', 'PATCH', true),
    op('putThing', 'PUT', true),
    op('deleteThing', 'DELETE', true),
  ],
};
const binder = operationBinder({ catalog: () => catalog, call: async () => ({}) });
const bare = (name: string): ToolDefinition => ({
  name,
  description: `${name}.`,
  inputSchema: { type: 'object', properties: {}, examples: [{}] },
  handler: () => ({}),
});

describe('operationBinder.one', () => {
  it.each([
    ['getThing', READ_UPSTREAM],
    ['getWrites', READ_UPSTREAM],
    ['searchThings', READ_UPSTREAM],
    ['createThing', CREATE_UPSTREAM],
    ['patchThing', CHANGE_UPSTREAM],
    ['putThing', REPLACE_UPSTREAM],
    ['deleteThing', REPLACE_UPSTREAM],
  ])('a tool stating no annotations gets %s’s', (operationId, expected) => {
    expect(binder.one(['api', operationId], () => bare('t')).annotations).toEqual(expected);
  });

  it('refuses a ref that names two operations (one operationId on two methods)', () => {
    const twice = operationBinder({
      catalog: () => ({ ...catalog, operations: [...catalog.operations, op('getThing', 'PUT', true)] }),
      call: async () => ({}),
    });
    expect(() => twice.operation(['api', 'getThing'])).toThrow(
      'api getThing names 2 operations (GET /getThing, PUT /getThing)',
    );
    expect(twice.operation(['api', 'createThing']).recipe.method).toBe('POST');
    expect(() => twice.operation(['api', 'nothing'])).toThrow('api nothing is not in the sp-api catalog');
  });

  it('keeps the annotations a tool states', () => {
    const tool = binder.one(['api', 'createThing'], () => ({ ...bare('t'), annotations: READ_LOCAL }));
    expect(tool.annotations).toBe(READ_LOCAL);
  });
});

describe('operationBinder.one: passthrough from the operation', () => {
  const withParams = (operationId: string, method: HttpMethod, body: boolean): CatalogOperation =>
    ({
      ...op(operationId, method, method !== 'GET'),
      inputSchema: {
        type: 'object',
        properties: {
          id: { type: 'string', pattern: '^[0-9]+$' },
          ...(body ? { body: { type: 'object' } } : {}),
        },
        required: ['id'],
        additionalProperties: false,
      },
      examples: [{ id: '1', ...(body ? { body: {} } : {}) }, { id: '1' }],
      recipe: {
        method,
        path: `/${operationId}/{id}`,
        params: [
          { arg: 'id', name: 'id', in: 'path', required: true },
          ...(body ? [{ arg: 'body', name: '', in: 'body', required: true }] : []),
        ],
      },
    }) as unknown as CatalogOperation;
  const bound = operationBinder({
    catalog: () => ({
      format: 1,
      family: 'sp-api',
      operations: [withParams('readIt', 'GET', false), withParams('writeIt', 'POST', true)],
    }),
    call: async () => ({}),
  });
  const closed = (name: string): ToolDefinition => ({
    ...bare(name),
    inputSchema: { type: 'object', properties: {}, additionalProperties: false, examples: [{}] },
  });

  it.each([
    ['readIt', 'query'],
    ['writeIt', 'body'],
  ])('a tool whose top level is open gets %s’s target: %s', (operationId, target) => {
    expect(bound.one(['api', operationId], () => bare('t')).passthrough).toBe(target);
  });

  it('a tool that closes its top level gets none', () => {
    expect(bound.one(['api', 'readIt'], () => closed('t')).passthrough).toBeUndefined();
  });

  it('keeps a target that differs from the operation’s', () => {
    expect(bound.one(['api', 'writeIt'], () => ({ ...bare('t'), passthrough: 'query' })).passthrough).toBe(
      'query',
    );
  });

  it('throws when a tool restates what its operation says', () => {
    expect(() => bound.one(['api', 'readIt'], () => ({ ...bare('t'), passthrough: 'query' }))).toThrow(
      /t restates its operation's passthrough 'query'/,
    );
    expect(() =>
      bound.one(['api', 'readIt'], () => ({ ...bare('t'), annotations: { ...READ_UPSTREAM } })),
    ).toThrow(/t restates its operation's annotations/);
    expect(() =>
      bound.one(['api', 'writeIt'], () => ({ ...bare('t'), annotations: CREATE_UPSTREAM })),
    ).toThrow(/restates/);
  });

  it('pickInput: the named arguments with the operation’s schemas, required flags and reduced examples', () => {
    const picked = pickInput(bound.operation(['api', 'writeIt']), ['ID']);
    expect(picked).toEqual({
      type: 'object',
      properties: { id: { type: 'string', pattern: '^[0-9]+$' } },
      required: ['id'],
      examples: [{ id: '1' }],
    });
    expect(bound.one(['api', 'writeIt'], () => ({ ...bare('t'), inputSchema: picked })).passthrough).toBe(
      'body',
    );
    expect(() => pickInput(bound.operation(['api', 'writeIt']), ['nope'])).toThrow(/takes no argument nope/);
  });
});
