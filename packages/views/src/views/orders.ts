// sp-mcp get_orders / search_orders: one page of orders with its revenue, sortable and filterable; the next page
// and each order's items through the tools.
import { arr, type JsonObject, num, obj, str } from '../shared/json.js';
import { formatMoney } from '../shared/format.js';
import { channelName, sellerCentralOrderUrl } from '../shared/names.js';
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
      channel: channelName(str(o.FulfillmentChannel)),
      items: (num(o.NumberOfItemsShipped) ?? 0) + (num(o.NumberOfItemsUnshipped) ?? 0),
      total: num(obj(o.OrderTotal).Amount),
      currency: str(obj(o.OrderTotal).CurrencyCode),
      prime: o.IsPrime === true ? 'yes' : 'no',
      marketplaceId: str(o.MarketplaceId),
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
        marketplaceId: str(obj(o.salesChannel).marketplaceId),
      };
    });
  }
  const currency = single(currencies);
  const asked = input.arguments.marketplaceIds;
  const onlyMarketplace = Array.isArray(asked) && asked.length === 1 ? String(asked[0]) : null;
  const columns: Column[] = [
    {
      key: 'orderId',
      label: 'Order',
      kind: 'text',
      priority: 'key',
      // The order's page in Seller Central (where the seller refunds, ships or contacts the buyer).
      link: (row) =>
        typeof row.orderId === 'string'
          ? sellerCentralOrderUrl(
              row.orderId,
              typeof row.marketplaceId === 'string' ? row.marketplaceId : onlyMarketplace,
            )
          : undefined,
    },
    { key: 'purchased', label: 'Purchased', kind: 'date', priority: 'key' },
    { key: 'status', label: 'Status', kind: 'text', priority: 'low' },
    { key: 'channel', label: v0 ? 'Fulfilled by' : 'Marketplace', kind: 'text', priority: 'low' },
    { key: 'items', label: 'Items', kind: 'number', priority: 'low' },
    // The 2026 model has no order total: the sum of the items' prices is what it is, and is named so.
    {
      key: 'total',
      label: v0 ? 'Total' : 'Items subtotal',
      kind: 'money',
      priority: 'key',
      ...(currency ? { currency } : {}),
    },
    ...(currency ? [] : [{ key: 'currency', label: 'Currency', kind: 'text', priority: 'low' } as Column]),
    { key: 'prime', label: 'Prime', kind: 'text', priority: 'low' },
  ];
  const revenue = rows.reduce((sum, r) => sum + (typeof r.total === 'number' ? r.total : 0), 0);
  const itemsTotal = rows.reduce((sum, r) => sum + (typeof r.items === 'number' ? r.items : 0), 0);
  const token = v0 ? str(data.nextToken) : str(obj(data.pagination).nextToken);
  const marketplaceIds = asked;
  return {
    title: 'Orders',
    facts: [
      ['On this page', String(rows.length)],
      ...(currency
        ? [['Page revenue', formatMoney(Math.round(revenue * 100) / 100, currency)] as [string, string]]
        : []),
      ['More pages', token ? 'yes' : 'no'],
    ],
    columns,
    rows,
    ...(rows.length > 0
      ? {
          totals: {
            orderId: `Page total (${rows.length})`,
            items: itemsTotal,
            ...(currency ? { total: Math.round(revenue * 100) / 100 } : {}),
          },
        }
      : {}),
    ...(v0
      ? {
          drill: {
            label: 'Items',
            tool: 'get_order_items',
            rowsKey: 'orderItems',
            arguments: (row: Row) => (row.orderId ? { orderId: row.orderId } : undefined),
          },
        }
      : {}),
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

export const ordersProgram: ViewProgram = {
  name: 'orders',
  title: 'Orders',
  defaultTool: 'get_orders',
  build: buildOrders,
};
