// What a bound tool sends upstream: the operation's own argument names (case-insensitive, an unknown one refused),
// workflows' declared operations, scope lookups, the description sentence, and declaredOperations' reading.
import type { CallContext, ToolDefinition } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import { declaredOperations, operationArgs, operationBinder, routeOf } from '../src/bind-operation.js';
import type { Catalog, CatalogOperation, HttpMethod, RecipeParam } from '../src/catalog-types.js';

const op = (
  operationId: string,
  method: HttpMethod,
  params: RecipeParam[] = [],
  api = 'ordersV0',
): CatalogOperation => ({
  name: operationId,
  title: operationId,
  description: operationId,
  toolset: 't',
  writes: method !== 'GET',
  deprecated: false,
  inputSchema: { type: 'object', properties: {} },
  examples: [{}],
  recipe: { method, path: `/${operationId}`, params },
  usagePlan: null,
  meta: { api, operationId, method, path: `/${operationId}` },
});
const param = (arg: string): RecipeParam => ({ arg, name: arg, in: 'query', required: false });

const getOrders = op('getOrders', 'GET', [param('MarketplaceIds'), param('SellerSKU'), param('nextToken')]);
const getOrder = op('getOrder', 'GET', [param('orderId')]);
const confirm = op('confirmShipment', 'POST', [param('orderId')]);
const other = op('getOrders', 'GET', [param('x')], 'reports');
const catalog: Catalog = { format: 1, family: 'sp-api', operations: [getOrders, getOrder, confirm, other] };

interface Sent {
  operationId: string;
  api: string;
  args: Record<string, unknown>;
  extra: unknown;
}

function binderWithLog(describe?: (o: CatalogOperation) => string | undefined) {
  const sent: Sent[] = [];
  let reads = 0;
  const binder = operationBinder<string, { tag: string }>({
    catalog: () => {
      reads++;
      return catalog;
    },
    call: async (o, args, _call, extra) => {
      sent.push({ operationId: o.meta.operationId, api: o.meta.api, args, extra });
      return `answer ${o.meta.operationId}`;
    },
    ...(describe ? { describe } : {}),
  });
  return { binder, sent, reads: () => reads };
}
const call = {} as CallContext;
const tool = (name: string, extra: Partial<ToolDefinition> = {}): ToolDefinition => ({
  name,
  description: 'Reads orders.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false, examples: [{}] },
  handler: () => ({}),
  ...extra,
});

describe('operationArgs', () => {
  it('renames arguments to the operation’s own names whatever their case and drops undefined ones', () => {
    expect(
      operationArgs(getOrders, { marketplaceIds: ['A'], sellerSku: 'S', nextToken: 't', other: undefined }),
    ).toEqual({ MarketplaceIds: ['A'], SellerSKU: 'S', nextToken: 't' });
  });

  it('refuses an argument the operation does not take, naming it and the operation', () => {
    expect(() => operationArgs(getOrders, { sellerId: 'x' })).toThrow(
      'ordersV0 getOrders takes no argument sellerId',
    );
  });

  it('prefers the exact name; two names differing only in case need the exact one', () => {
    const twin = op('twin', 'GET', [param('id'), param('ID')]);
    expect(operationArgs(twin, { id: 1, ID: 2 })).toEqual({ id: 1, ID: 2 });
    expect(() => operationArgs(twin, { Id: 3 })).toThrow('takes no argument Id');
  });
});

describe('operationBinder sends', () => {
  it('one: the tool’s send calls its operation with the renamed arguments and the extra', async () => {
    const { binder, sent } = binderWithLog();
    const bound = binder.one(['ordersV0', 'getOrders'], (send, o) => {
      expect(o).toBe(getOrders);
      return tool('orders', { handler: async (args, c) => ({ text: await send(args, c, { tag: 'x' }) }) });
    });
    expect(await bound.handler({ marketplaceIds: ['A'] }, call)).toEqual({ text: 'answer getOrders' });
    expect(sent).toEqual([
      { operationId: 'getOrders', api: 'ordersV0', args: { MarketplaceIds: ['A'] }, extra: { tag: 'x' } },
    ]);
    expect(bound._meta).toEqual({ 'io.obmcp/operation': getOrders.meta });
  });

  it('one: keeps the tool’s own _meta and appends the describe sentence to its description', () => {
    const { binder } = binderWithLog((o) => `Rate: ${o.meta.operationId}.`);
    const bound = binder.one(['ordersV0', 'getOrder'], () => tool('order', { _meta: { keep: 1 } }));
    expect(bound.description).toBe('Reads orders. Rate: getOrder.');
    expect(bound._meta).toEqual({ keep: 1, 'io.obmcp/operation': getOrder.meta });
    const silent = binderWithLog(() => undefined).binder.one(['ordersV0', 'getOrder'], () => tool('order'));
    expect(silent.description).toBe('Reads orders.');
  });

  it('many: one send per declared name, each to its own operation, declared in order once each', async () => {
    const { binder, sent } = binderWithLog();
    const flow = binder.many(
      { list: ['ordersV0', 'getOrders'], one: ['ordersV0', 'getOrder'], again: ['ordersV0', 'getOrder'] },
      (send) =>
        tool('flow', {
          _meta: { keep: true },
          handler: async (_args, c) => {
            await send.list({ marketplaceids: ['A'] }, c);
            await send.one({ orderid: '1' }, c);
            return {};
          },
        }),
    );
    await flow.handler({}, call);
    expect(sent.map((s) => [s.operationId, s.args])).toEqual([
      ['getOrders', { MarketplaceIds: ['A'] }],
      ['getOrder', { orderId: '1' }],
    ]);
    expect(flow._meta).toEqual({ keep: true, 'io.obmcp/operations': [getOrders.meta, getOrder.meta] });
    expect(flow.description).toBe('Reads orders.');
  });

  it('lookup: calls an undeclared operation, by api and operationId', async () => {
    const { binder, sent } = binderWithLog();
    expect(await binder.lookup(['reports', 'getOrders'], { X: 1 }, call, { tag: 'y' })).toBe(
      'answer getOrders',
    );
    expect(sent).toEqual([{ operationId: 'getOrders', api: 'reports', args: { x: 1 }, extra: { tag: 'y' } }]);
  });

  it('reads the catalog once, on the first operation asked for', () => {
    const { binder, reads } = binderWithLog();
    expect(reads()).toBe(0);
    binder.operation(['ordersV0', 'getOrders']);
    binder.operation(['reports', 'getOrders']);
    expect(reads()).toBe(1);
    expect(binder.operation(['reports', 'getOrders'])).toBe(other);
  });
});

describe('routeOf and declaredOperations', () => {
  it('names the request by method and path', () => {
    expect(routeOf(confirm)).toBe('POST /confirmShipment');
  });

  it('reads one operation, or a non-empty workflow list; neither, both or an empty list is none', () => {
    const one = { 'io.obmcp/operation': getOrder.meta };
    const many = { 'io.obmcp/operations': [getOrder.meta, confirm.meta] };
    expect(declaredOperations({ _meta: one })).toEqual([getOrder.meta]);
    expect(declaredOperations({ _meta: many })).toEqual([getOrder.meta, confirm.meta]);
    expect(declaredOperations({ _meta: { ...one, ...many } })).toBeUndefined();
    expect(declaredOperations({ _meta: { 'io.obmcp/operations': [] } })).toBeUndefined();
    expect(declaredOperations({ _meta: {} })).toBeUndefined();
    expect(declaredOperations({})).toBeUndefined();
  });
});
