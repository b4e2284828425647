// sp-mcp get_orders / search_orders: one page of orders, sortable and filterable; the next page through the tool.
import { arr, type JsonObject, num, obj, str } from '../shared/json.js';
import type { CallInput, Column, Row, ViewModel } from '../shared/view-model.js';
import type { ViewProgram } from '../shared/run-view.js';

const single = (values: Array<string | null>) => {
  const set = new Set(values.filter((v): v is string => v !== null));
  return set.size === 1 ? [...set][0] : undefined;
};

/** Orders v0 (PascalCase, `nextToken`) or Orders 2026-01-01 (camelCase, `pagination.nextToken`). */
export function buildOrders(data: JsonObject, input: CallInput): ViewModel {
  const orders = arr(data.orders).map(obj);
  const v0 = orders.some((o) => 'AmazonOrderId' in o) || typeof data.nextToken === 'string';
  let rows: Row[];
  let currencies: Array<string | null>;
  if (v0) {
    currencies = orders.map((o) => str(obj(o.OrderTotal).CurrencyCode));
    rows = orders.map((o) => ({
      orderId: str(o.AmazonOrderId),
      purchased: str(o.PurchaseDate),
      status: str(o.OrderStatus),
      channel: str(o.FulfillmentChannel),
      items: (num(o.NumberOfItemsShipped) ?? 0) + (num(o.NumberOfItemsUnshipped) ?? 0),
      total: num(obj(o.OrderTotal).Amount),
      currency: str(obj(o.OrderTotal).CurrencyCode),
      prime: o.IsPrime === true ? 'yes' : 'no',
    }));
  } else {
    currencies = [];
    rows = orders.map((o) => {
      let items = 0;
      let total = 0;
      let currency: string | null = null;
      for (const item of arr(o.orderItems).map(obj)) {
        const qty = num(item.quantityOrdered) ?? 0;
        const price = obj(obj(obj(item.product).price).unitPrice);
        items += qty;
        total += qty * (num(price.amount) ?? 0);
        currency = str(price.currencyCode) ?? currency;
      }
      currencies.push(currency);
      return {
        orderId: str(o.orderId),
        purchased: str(o.createdTime),
        status: str(obj(o.fulfillment).fulfillmentStatus) ?? str(o.orderStatus),
        channel: str(obj(o.salesChannel).marketplaceName) ?? str(obj(o.salesChannel).channelName),
        items,
        total: Math.round(total * 100) / 100,
        currency,
        prime: arr(o.programs).includes('PRIME') ? 'yes' : 'no',
      };
    });
  }
  const currency = single(currencies);
  const columns: Column[] = [
    { key: 'orderId', label: 'Order', kind: 'text' },
    { key: 'purchased', label: 'Purchased', kind: 'date' },
    { key: 'status', label: 'Status', kind: 'text' },
    { key: 'channel', label: v0 ? 'Fulfilment' : 'Marketplace', kind: 'text' },
    { key: 'items', label: 'Items', kind: 'number' },
    { key: 'total', label: 'Total', kind: 'money', ...(currency ? { currency } : {}) },
    ...(currency ? [] : [{ key: 'currency', label: 'Currency', kind: 'text' } as Column]),
    { key: 'prime', label: 'Prime', kind: 'text' },
  ];
  const token = v0 ? str(data.nextToken) : str(obj(data.pagination).nextToken);
  const marketplaceIds = input.arguments.marketplaceIds;
  return {
    title: 'Orders',
    facts: [
      ['On this page', String(rows.length)],
      ['More pages', token ? 'yes' : 'no'],
    ],
    columns,
    rows,
    ...(token
      ? {
          next: {
            label: 'Load the next page',
            // Named, not inferred: a host that does not say which tool ran still pages the right one.
            tool: v0 ? 'get_orders' : 'search_orders',
            arguments: v0
              ? { ...(marketplaceIds ? { marketplaceIds } : {}), nextToken: token }
              : { paginationToken: token },
          },
        }
      : {}),
    emptyText: 'No orders match these filters.',
  };
}

export const ordersProgram: ViewProgram = { name: 'orders', defaultTool: 'get_orders', build: buildOrders };
