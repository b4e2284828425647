// What tools/list shows for a catalog: toolsets, curated tools replacing their generated twin, the writes switch,
// operations without a valid example, and the generated tools' own shape (name, schema, annotations, result).
import { type CallContext, READ_LOCAL, READ_UPSTREAM, type ToolDefinition } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import type { Catalog, CatalogOperation, HttpMethod } from '../src/catalog-types.js';
import {
  asToolResult,
  CURATED_TOOLSET,
  catalogToolSplit,
  operationTool,
  type ToolSplitOptions,
} from '../src/catalog-tools.js';

const op = (
  name: string,
  toolset: string,
  method: HttpMethod = 'GET',
  extra: Partial<CatalogOperation> = {},
): CatalogOperation => ({
  name,
  title: `Title ${name}`,
  description: `Does ${name}.`,
  toolset,
  writes: method !== 'GET',
  deprecated: false,
  inputSchema: { type: 'object', properties: { id: { type: 'string' } } },
  examples: [{ id: '1' }],
  recipe: { method, path: `/${toolset}/${name}`, params: [] },
  usagePlan: null,
  meta: { api: toolset, operationId: name, method, path: `/${toolset}/${name}` },
  ...extra,
});

const catalog: Catalog = {
  format: 1,
  family: 'sp-api',
  operations: [
    op('get_order', 'orders-v0'),
    op('list_orders', 'orders-v0'),
    op('cancel_order', 'orders-v0', 'POST'),
    op('get_report', 'reports'),
    op('no_example', 'reports', 'GET', { examples: [] }),
  ],
};

const curatedTool = (name: string, extra: Partial<ToolDefinition> = {}): ToolDefinition => ({
  name,
  description: `${name}.`,
  inputSchema: { type: 'object', properties: {}, examples: [{}] },
  handler: () => ({}),
  ...extra,
});
const replacing = (name: string, target: CatalogOperation, extra: Partial<ToolDefinition> = {}) =>
  curatedTool(name, { _meta: { 'io.obmcp/operation': target.meta }, ...extra });
const [getOrder, listOrders, cancelOrder, getReport] = catalog.operations as [
  CatalogOperation,
  CatalogOperation,
  CatalogOperation,
  CatalogOperation,
];

const split = (o: Partial<ToolSplitOptions> = {}) => {
  const result = catalogToolSplit({
    catalog,
    curated: [],
    toolsets: undefined,
    defaultToolsets: 'curated',
    enableWrites: false,
    execute: async () => ({}),
    ...o,
  });
  return {
    listed: result.listed.map((t) => t.name),
    hidden: result.hidden.map((t) => t.name),
    unservable: result.unservable.map((u) => u.name),
  };
};

describe('catalogToolSplit', () => {
  it('lists the chosen toolsets, hides the others, and serves writes only when enabled', () => {
    expect(split({ toolsets: 'REPORTS' })).toEqual({
      listed: ['get_report'],
      hidden: ['get_order', 'list_orders'],
      unservable: ['no_example'],
    });
    expect(split({ toolsets: 'reports', enableWrites: true })).toEqual({
      listed: ['get_report'],
      hidden: ['get_order', 'list_orders', 'cancel_order'],
      unservable: ['no_example'],
    });
  });

  it('a blank toolsets value falls back to the default; `all` lists every servable operation', () => {
    expect(split({ toolsets: '  ', defaultToolsets: 'reports' }).listed).toEqual(['get_report']);
    expect(split({ toolsets: undefined, defaultToolsets: 'reports' }).listed).toEqual(['get_report']);
    expect(split({ toolsets: 'all', enableWrites: true })).toEqual({
      listed: ['get_order', 'list_orders', 'cancel_order', 'get_report'],
      hidden: [],
      unservable: ['no_example'],
    });
  });

  it('refuses an unknown toolset at start, naming curated and the catalog toolsets', () => {
    expect(() => split({ toolsets: 'orderz' })).toThrow(
      'unknown toolset(s) orderz; valid: all, curated, orders-v0, reports',
    );
  });

  it('a curated tool replaces its generated twin, which then serves nowhere', () => {
    const curated = [replacing('my_order', getOrder)];
    expect(split({ curated, toolsets: 'curated' })).toEqual({
      listed: ['my_order'],
      hidden: ['list_orders', 'get_report'],
      unservable: ['no_example'],
    });
  });

  it('a curated tool taking the plain name leaves the generated one under `<toolset>_<name>`', () => {
    const curated = [curatedTool('get_report')];
    const result = split({ curated, toolsets: 'all' });
    expect(result.listed).toEqual(['get_report', 'get_order', 'list_orders', 'reports_get_report']);
    const dashed = split({ curated: [curatedTool('get_order')], toolsets: 'all' });
    expect(dashed.listed).toContain('orders_v0_get_order');
    const cat: Catalog = { ...catalog, operations: [op('get_it', 'Big  API.v2')] };
    const spaced = catalogToolSplit({
      catalog: cat,
      curated: [curatedTool('get_it')],
      toolsets: 'all',
      defaultToolsets: 'curated',
      enableWrites: false,
      execute: async () => ({}),
    });
    expect(spaced.listed.map((t) => t.name)).toEqual(['get_it', 'big_api_v2_get_it']);
  });

  it('a qualified name is at most 64 characters', () => {
    const long = 'x'.repeat(70);
    const cat: Catalog = { ...catalog, operations: [op(long, 'reports')] };
    const result = catalogToolSplit({
      catalog: cat,
      curated: [curatedTool(long)],
      toolsets: 'all',
      defaultToolsets: 'curated',
      enableWrites: false,
      execute: async () => ({}),
    });
    const generated = result.listed.find((t) => t.name !== long);
    expect(generated?.name).toBe(`reports_${long}`.slice(0, 64));
    expect(generated?.name).toHaveLength(64);
  });

  it('refuses a curated tool whose name collides with a generated tool', () => {
    const curated = [curatedTool('get_report'), curatedTool('reports_get_report')];
    expect(() => split({ curated, toolsets: 'all' })).toThrow(
      'generated tool reports_get_report collides with a curated tool',
    );
  });

  it('a curated tool is listed with curated, or with its operation’s toolset, else hidden', () => {
    const curated = [replacing('my_report', getReport), curatedTool('free')];
    expect(split({ curated, toolsets: 'reports' })).toMatchObject({
      listed: ['my_report'],
      hidden: ['free', 'get_order', 'list_orders'],
    });
    expect(split({ curated, toolsets: 'orders-v0' })).toMatchObject({
      listed: ['get_order', 'list_orders'],
      hidden: ['my_report', 'free'],
    });
    expect(split({ curated, toolsets: 'curated' }).listed).toEqual(['my_report', 'free']);
  });

  it('a workflow is listed with the toolset of the first operation it calls', () => {
    const workflow = curatedTool('flow', {
      _meta: { 'io.obmcp/operations': [getReport.meta, listOrders.meta] },
    });
    expect(split({ curated: [workflow], toolsets: 'reports' }).listed).toEqual(['flow', 'get_report']);
    expect(split({ curated: [workflow], toolsets: 'orders-v0' }).hidden).toContain('flow');
    // A workflow replaces no operation: both stay served.
    expect(split({ curated: [workflow], toolsets: 'all' }).listed).toEqual([
      'flow',
      'get_order',
      'list_orders',
      'get_report',
    ]);
  });

  it('a local tool (openWorldHint false) is always listed', () => {
    const local = curatedTool('local', { annotations: READ_LOCAL });
    const upstream = curatedTool('remote', { annotations: READ_UPSTREAM });
    expect(split({ curated: [local, upstream], toolsets: 'reports' })).toMatchObject({
      listed: ['local', 'get_report'],
      hidden: ['remote', 'get_order', 'list_orders'],
    });
  });

  it('outsideCurated keeps a curated tool out of `curated`, still listed with its operation’s toolset', () => {
    const curated = [replacing('my_report', getReport), replacing('my_order', getOrder)];
    const outsideCurated = new Set(['my_report']);
    expect(split({ curated, outsideCurated, toolsets: 'curated' })).toMatchObject({
      listed: ['my_order'],
      hidden: ['my_report', 'list_orders'],
    });
    expect(split({ curated, outsideCurated, toolsets: 'curated,reports' }).listed).toEqual([
      'my_report',
      'my_order',
    ]);
  });

  it('insideCurated lists a generated read with `curated`, never a disabled write', () => {
    const insideCurated = new Set(['list_orders', 'cancel_order']);
    expect(split({ insideCurated, toolsets: 'curated' })).toMatchObject({
      listed: ['list_orders'],
      hidden: ['get_order', 'get_report'],
    });
    expect(split({ insideCurated, toolsets: 'reports' }).listed).toEqual(['get_report']);
    expect(split({ insideCurated, toolsets: 'curated', enableWrites: true }).listed).toEqual([
      'list_orders',
      'cancel_order',
    ]);
  });

  it('the curated toolset name is `curated`', () => {
    expect(CURATED_TOOLSET).toBe('curated');
  });
});

describe('operationTool', () => {
  const call = {} as CallContext;

  it('publishes the operation’s name, title, description, schema with examples, annotations and _meta', () => {
    const tool = operationTool(cancelOrder, async () => ({}));
    expect(tool).toMatchObject({
      name: 'cancel_order',
      title: 'Title cancel_order',
      description: 'Does cancel_order.',
      inputSchema: { type: 'object', properties: { id: { type: 'string' } }, examples: [{ id: '1' }] },
      _meta: { 'io.obmcp/operation': cancelOrder.meta },
    });
    expect(tool.annotations).toMatchObject({ readOnlyHint: false });
    expect(operationTool(getOrder, async () => ({})).annotations).toEqual(READ_UPSTREAM);
  });

  it('calls the operation with the arguments and answers an object', async () => {
    const seen: unknown[] = [];
    const tool = operationTool(getOrder, async (o, args) => {
      seen.push([o.name, args]);
      return { order: 1 };
    });
    expect(await tool.handler({ id: '7' }, call)).toEqual({ order: 1 });
    expect(seen).toEqual([['get_order', { id: '7' }]]);
  });

  it.each([
    [[1, 2], { result: [1, 2] }],
    ['text', { result: 'text' }],
    [null, { result: null }],
    [undefined, { result: null }],
    [0, { result: 0 }],
    [{ a: 1 }, { a: 1 }],
  ])('wraps a %j body as a tool result', (body, expected) => {
    expect(asToolResult(body)).toEqual(expected);
  });
});
