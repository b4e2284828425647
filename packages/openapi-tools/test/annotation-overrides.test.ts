// annotationOverrides: which listed one-operation tools publish annotations other than their operation's.
import { CREATE_UPSTREAM, READ_LOCAL, READ_UPSTREAM, REPLACE_UPSTREAM, type ToolInfo } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import type { Catalog, CatalogOperation, HttpMethod } from '../src/catalog-types.js';
import { OPERATION_META_KEY, OPERATIONS_META_KEY } from '../src/catalog-types.js';
import { annotationOverrides } from '../src/generate/annotation-overrides.js';

const meta = (operationId: string, method: HttpMethod, path = `/${operationId}`) => ({
  api: 'api',
  operationId,
  method,
  path,
});
const op = (operationId: string, method: HttpMethod, writes: boolean, path?: string) =>
  ({
    writes,
    recipe: { method, path: path ?? `/${operationId}`, params: [] },
    meta: meta(operationId, method, path),
  }) as unknown as CatalogOperation;
const catalog = {
  format: 1,
  family: 'sp-api',
  operations: [
    op('getThing', 'GET', false),
    op('createThing', 'POST', true),
    // one operationId twice in a spec (shippingV2 linkCarrierAccount): told apart by method and path
    op('linkThing', 'POST', true, '/things/{id}'),
    op('linkThing', 'PUT', true, '/things/{id}'),
  ],
} as unknown as Catalog;
const tool = (
  name: string,
  annotations: ToolInfo['annotations'],
  _meta?: Record<string, unknown>,
): ToolInfo => ({
  name,
  description: name,
  inputSchema: { type: 'object' },
  ...(annotations ? { annotations } : {}),
  ...(_meta ? { _meta } : {}),
});

describe('annotationOverrides', () => {
  it('names, sorted, the one-operation tools whose annotations differ from their operation’s', () => {
    const tools = [
      tool('z_create', READ_UPSTREAM, { [OPERATION_META_KEY]: meta('createThing', 'POST') }),
      tool('get', { ...READ_UPSTREAM }, { [OPERATION_META_KEY]: meta('getThing', 'GET') }),
      tool('a_get', undefined, { [OPERATION_META_KEY]: meta('getThing', 'GET') }),
      tool('link_post', CREATE_UPSTREAM, { [OPERATION_META_KEY]: meta('linkThing', 'POST', '/things/{id}') }),
      tool('link_put', REPLACE_UPSTREAM, { [OPERATION_META_KEY]: meta('linkThing', 'PUT', '/things/{id}') }),
      tool('workflow', READ_LOCAL, { [OPERATIONS_META_KEY]: [meta('createThing', 'POST')] }),
      tool('local', READ_LOCAL),
    ];
    expect(annotationOverrides(tools, catalog)).toEqual(['a_get', 'z_create']);
  });

  it('throws on a declared operation the catalog lacks', () => {
    const stray = tool('stray', READ_UPSTREAM, { [OPERATION_META_KEY]: meta('gone', 'GET') });
    expect(() => annotationOverrides([stray], catalog)).toThrow(
      /stray: api GET \/gone is not in the sp-api catalog/,
    );
  });
});
