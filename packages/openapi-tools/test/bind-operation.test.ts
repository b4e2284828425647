// operationBinder.one: a curated one-operation tool inherits its operation's annotations unless it states its own.
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

  it('keeps the annotations a tool states', () => {
    const tool = binder.one(['api', 'createThing'], () => ({ ...bare('t'), annotations: READ_LOCAL }));
    expect(tool.annotations).toBe(READ_LOCAL);
  });
});
