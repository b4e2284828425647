// Orders v0 (PascalCase query, payload wrapper) and Orders 2026-01-01 (camelCase, unwrapped).
import type { RequestHandler } from 'msw';
import { loadEngine } from '../spec/front-door.js';
import type { Json } from '../spec/json-schema.js';
import { buyerInfoOf, itemBuyerInfoOf, orderFor, shippingAddressOf } from './data/order-pii.js';
import { mockSettings } from '../settings.js';
import { bulkOrders, FIXTURE_NOW, ORDER_ITEMS, ORDERS, type V0Order } from './data/orders.js';
import { fulfillmentStatusOf, toV2026 } from './data/orders-v2026.js';
import { orderDateFilter } from './order-dates.js';
import { pageToken, queryFilters } from './page-token.js';
import { invalidInput, notFound, spJson } from './respond.js';
import { grantOf, requestRoles } from './restricted.js';
import { csv, spRoute } from './route.js';

const ORDER_ID = /^\d{3}-\d{7}-\d{7}$/;

/**
 * getOrders' list filters whose values ordersV0.json gives only in prose ("Possible values"), and the
 * model's `Order` property whose enum holds those values.
 */
const LIST_FILTERS: Record<string, string> = {
  OrderStatuses: 'OrderStatus',
  FulfillmentChannels: 'FulfillmentChannel',
  PaymentMethods: 'PaymentMethod',
};

/** The first list value outside the model's values, as `name=value` (the engine is loaded by the gate). */
async function undocumentedValue(request: Request, url: URL): Promise<string | undefined> {
  const resolved = await (await loadEngine()).resolveOperation('sp-api', request);
  const definitions = (resolved?.op.doc.definitions ?? {}) as Record<string, Json>;
  const properties = (definitions.Order?.properties ?? {}) as Record<string, Json>;
  for (const [name, field] of Object.entries(LIST_FILTERS)) {
    const values = properties[field]?.enum;
    if (!Array.isArray(values)) continue;
    const wrong = csv(url, name).find((v) => !values.includes(v));
    if (wrong !== undefined) return `${name}=${wrong}`;
  }
  return undefined;
}

const V0_DATES = {
  createdAfter: 'CreatedAfter',
  createdBefore: 'CreatedBefore',
  lastUpdatedAfter: 'LastUpdatedAfter',
  lastUpdatedBefore: 'LastUpdatedBefore',
};

/** getOrders' delivery-date filters (ordersV0.json: "before (or at)" / "after (or at)" a time). */
const DELIVERY_FILTERS: Array<[string, 'EarliestDeliveryDate' | 'LatestDeliveryDate', 'before' | 'after']> = [
  ['EarliestDeliveryDateBefore', 'EarliestDeliveryDate', 'before'],
  ['EarliestDeliveryDateAfter', 'EarliestDeliveryDate', 'after'],
  ['LatestDeliveryDateBefore', 'LatestDeliveryDate', 'before'],
  ['LatestDeliveryDateAfter', 'LatestDeliveryDate', 'after'],
];

/** The delivery-date predicate of the request, or the name of a parameter that is no ISO 8601 date. */
function deliveryFilter(url: URL): ((o: V0Order) => boolean) | string {
  const tests: Array<(o: V0Order) => boolean> = [];
  for (const [param, field, side] of DELIVERY_FILTERS) {
    const raw = url.searchParams.get(param);
    if (raw === null) continue;
    const bound = Date.parse(raw);
    if (Number.isNaN(bound)) return param;
    tests.push((o) => {
      const at = Date.parse(o[field]);
      return side === 'before' ? at <= bound : at >= bound;
    });
  }
  return (o) => tests.every((t) => t(o));
}

/**
 * A getOrders NextToken continues the query that produced it: its filters travel in the token (a next-page
 * request sends the token and MarketplaceIds), as Amazon's opaque token does. MaxResultsPerPage may change.
 */
function continuedQuery(url: URL): URL | undefined {
  const token = url.searchParams.get('NextToken');
  if (token === null) return url;
  const position = pageToken.decode(token);
  if (!position) return undefined;
  const query = new URL(url.pathname, url.origin);
  for (const [name, value] of JSON.parse(position.filters) as Array<[string, string]>)
    query.searchParams.append(name, value);
  const size = url.searchParams.get('MaxResultsPerPage');
  if (size !== null) query.searchParams.set('MaxResultsPerPage', size);
  query.searchParams.set('NextToken', String(position.offset));
  return query;
}

const getOrders = spRoute('get', '/orders/v0/orders', async ({ url: requested, request }) => {
  const op = 'getOrders';
  const url = continuedQuery(requested);
  if (!url) return invalidInput('Invalid Input', op, 'Invalid NextToken.');
  const marketplaces = csv(url, 'MarketplaceIds');
  if (marketplaces.length === 0) return invalidInput('MarketplaceIds is required.', op);
  if (marketplaces.length > 50) return invalidInput('MarketplaceIds may contain at most 50 values.', op);
  const token = url.searchParams.get('NextToken');
  const created = url.searchParams.get('CreatedAfter');
  const updated = url.searchParams.get('LastUpdatedAfter');
  if (!token && !created && !updated) {
    return invalidInput(
      'Either the CreatedAfter parameter or the LastUpdatedAfter parameter is required.',
      op,
    );
  }
  if (created && (updated || url.searchParams.get('LastUpdatedBefore'))) {
    return invalidInput('LastUpdatedAfter and LastUpdatedBefore cannot be set when CreatedAfter is set.', op);
  }
  if (updated && url.searchParams.get('CreatedBefore')) {
    return invalidInput('CreatedAfter or CreatedBefore cannot be set when LastUpdatedAfter is set.', op);
  }
  const undocumented = await undocumentedValue(request, url);
  if (undocumented)
    return invalidInput('Invalid Input', op, `${undocumented} is not one of the possible values.`);
  const size = Number(url.searchParams.get('MaxResultsPerPage') ?? '100');
  if (!Number.isInteger(size) || size < 1 || size > 100)
    return invalidInput('Invalid Input', op, 'MaxResultsPerPage must be 1 - 100.');
  const delivered = deliveryFilter(url);
  if (typeof delivered === 'string')
    return invalidInput(`Invalid ${delivered}.`, op, `${delivered} must be in ISO 8601 format.`);
  const dated = orderDateFilter(url, V0_DATES);
  if (typeof dated === 'string') return invalidInput('Invalid Input', op, dated);
  const statuses = csv(url, 'OrderStatuses');
  const channels = csv(url, 'FulfillmentChannels');
  const extra = mockSettings.spOrders();
  const matching = (extra > 0 ? [...ORDERS, ...bulkOrders(extra)] : ORDERS).filter(
    (o) =>
      marketplaces.includes(o.MarketplaceId) &&
      dated(o) &&
      delivered(o) &&
      (statuses.length === 0 || statuses.includes(o.OrderStatus)) &&
      (channels.length === 0 || channels.includes(o.FulfillmentChannel)),
  );
  const start = token === null ? 0 : Number(token);
  const items = matching.slice(start, start + size);
  const filters = queryFilters(url, ['NextToken', 'MaxResultsPerPage']);
  const next = start + size < matching.length ? pageToken.encode(start + size, filters) : undefined;
  const grant = grantOf(request);
  return spJson(
    {
      payload: {
        Orders: items.map((o) => orderFor(o, grant)),
        ...(next ? { NextToken: next } : {}),
        CreatedBefore: FIXTURE_NOW,
      },
    },
    200,
    op,
  );
});

const getOrder = spRoute('get', '/orders/v0/orders/:orderId', ({ params, request }) => {
  const id = params.orderId ?? '';
  if (!ORDER_ID.test(id))
    return invalidInput('Invalid Input', 'getOrder', `Invalid orderId: ${id.slice(0, 40)}`);
  const found = ORDERS.find((o) => o.AmazonOrderId === id);
  return found
    ? spJson({ payload: orderFor(found, grantOf(request)) }, 200, 'getOrder')
    : notFound(`Order ${id} not found.`, 'getOrder');
});

/**
 * Order items per getOrderItems page. The model documents NextToken but no page size; the mock's is small
 * so the fixture's three-item order has a second page.
 */
const ORDER_ITEMS_PAGE = 2;

const getOrderItems = spRoute('get', '/orders/v0/orders/:orderId/orderItems', ({ params, request, url }) => {
  const op = 'getOrderItems';
  const id = params.orderId ?? '';
  const items = ORDER_ITEMS[id];
  const order = ORDERS.find((o) => o.AmazonOrderId === id);
  if (!items || !order) return notFound(`Order ${id} not found.`, op);
  const token = url.searchParams.get('NextToken');
  const resumed = token === null ? { offset: 0, filters: id } : pageToken.decode(token);
  if (!resumed || resumed.filters !== id) return invalidInput('Invalid Input', op, 'Invalid NextToken.');
  const end = resumed.offset + ORDER_ITEMS_PAGE;
  const buyer = grantOf(request)?.has('buyerInfo') ? itemBuyerInfoOf(order) : undefined;
  const shown = items
    .slice(resumed.offset, end)
    .map((item) => (buyer ? { ...item, BuyerInfo: buyer } : item));
  return spJson(
    {
      payload: {
        AmazonOrderId: id,
        OrderItems: shown,
        ...(end < items.length ? { NextToken: pageToken.encode(end, id) } : {}),
      },
    },
    200,
    op,
  );
});

/**
 * The v0 PII operations: the restricted fields only with an RDT for their path (any grant). Like the
 * spec catch-all they served before, any other order id answers too (a generic order without PII data).
 */
function orderOf(id: string): V0Order {
  const first = ORDERS[0] as V0Order;
  return ORDERS.find((o) => o.AmazonOrderId === id) ?? { ...first, AmazonOrderId: id };
}

const getOrderAddress = spRoute('get', '/orders/v0/orders/:orderId/address', ({ params, request }) => {
  const order = orderOf(params.orderId ?? '');
  const address = shippingAddressOf(order, grantOf(request) !== undefined);
  return spJson(
    { payload: { AmazonOrderId: order.AmazonOrderId, ...(address ? { ShippingAddress: address } : {}) } },
    200,
    'getOrderAddress',
  );
});

const getOrderBuyerInfo = spRoute('get', '/orders/v0/orders/:orderId/buyerInfo', ({ params, request }) => {
  const order = orderOf(params.orderId ?? '');
  const buyer = grantOf(request) === undefined ? undefined : buyerInfoOf(order);
  return spJson({ payload: { AmazonOrderId: order.AmazonOrderId, ...buyer } }, 200, 'getOrderBuyerInfo');
});

const getOrderItemsBuyerInfo = spRoute(
  'get',
  '/orders/v0/orders/:orderId/orderItems/buyerInfo',
  ({ params, request }) => {
    const order = orderOf(params.orderId ?? '');
    const buyer = grantOf(request) === undefined ? undefined : itemBuyerInfoOf(order);
    const items = (ORDER_ITEMS[order.AmazonOrderId] ?? []).map((item) => ({
      OrderItemId: String(item.OrderItemId),
      ...buyer,
    }));
    return spJson(
      { payload: { AmazonOrderId: order.AmazonOrderId, OrderItems: items } },
      200,
      'getOrderItemsBuyerInfo',
    );
  },
);
/** searchOrders' cross-parameter date rules (orders_2026-01-01.json, createdAfter … lastUpdatedBefore). */
function searchDateProblem(url: URL): string | undefined {
  const has = (name: string) => url.searchParams.has(name);
  if (has('createdAfter') === has('lastUpdatedAfter'))
    return 'You must provide exactly one of createdAfter and lastUpdatedAfter.';
  if ((has('createdAfter') || has('createdBefore')) && (has('lastUpdatedAfter') || has('lastUpdatedBefore')))
    return 'createdAfter and createdBefore cannot be combined with lastUpdatedAfter or lastUpdatedBefore.';
  return undefined;
}

/** What a searchOrders page repeats (the model: every parameter but maxResultsPerPage and includedData). */
const searchFilters = (url: URL) =>
  queryFilters(url, ['paginationToken', 'maxResultsPerPage', 'includedData']);

const searchOrders = spRoute('get', '/orders/2026-01-01/orders', ({ url, request }) => {
  const op = 'searchOrders';
  const dates = searchDateProblem(url);
  if (dates) return invalidInput(dates, op);
  const filters = searchFilters(url);
  const token = url.searchParams.get('paginationToken');
  const resumed = token === null ? { offset: 0, filters } : pageToken.decode(token);
  if (!resumed) return invalidInput('Invalid Input', op, 'Invalid paginationToken.');
  if (resumed.filters !== filters) {
    return invalidInput(
      'Invalid Input',
      op,
      'paginationToken must be sent with the same parameter values as the request that generated it (except maxResultsPerPage and includedData).',
    );
  }
  const dated = orderDateFilter(url, {
    createdAfter: 'createdAfter',
    createdBefore: 'createdBefore',
    lastUpdatedAfter: 'lastUpdatedAfter',
    lastUpdatedBefore: 'lastUpdatedBefore',
  });
  if (typeof dated === 'string') return invalidInput('Invalid Input', op, dated);
  const marketplaces = csv(url, 'marketplaceIds');
  const fulfilledBy = csv(url, 'fulfilledBy');
  const statuses = csv(url, 'fulfillmentStatuses');
  const extra = mockSettings.spOrders();
  const matching = (extra > 0 ? [...ORDERS, ...bulkOrders(extra)] : ORDERS).filter((o) => {
    if (!dated(o)) return false;
    if (marketplaces.length > 0 && !marketplaces.includes(o.MarketplaceId)) return false;
    if (statuses.length > 0 && !statuses.includes(fulfillmentStatusOf(o))) return false;
    const by = o.FulfillmentChannel === 'AFN' ? 'AMAZON' : 'MERCHANT';
    return fulfilledBy.length === 0 || fulfilledBy.includes(by);
  });
  // "The value must be between 1 and 100" (the description; the schema has no bounds).
  const size = Number(url.searchParams.get('maxResultsPerPage') ?? '100');
  if (!Number.isInteger(size) || size < 1 || size > 100)
    return invalidInput('Invalid Input', op, 'maxResultsPerPage must be between 1 and 100.');
  const end = resumed.offset + size;
  const included = csv(url, 'includedData');
  return spJson(
    {
      orders: matching.slice(resumed.offset, end).map((o) => toV2026(o, included, requestRoles(request))),
      ...(end < matching.length ? { pagination: { nextToken: pageToken.encode(end, filters) } } : {}),
      createdBefore: FIXTURE_NOW,
    },
    200,
    op,
  );
});

/**
 * getOrder 2026-01-01: one order with its items always, and the datasets `includedData` names. Like the
 * v0 PII operations, an id outside the fixture answers a generic order.
 */
const getOrder2026 = spRoute('get', '/orders/2026-01-01/orders/:orderId', ({ params, url, request }) => {
  const order = orderOf(params.orderId ?? '');
  return spJson({ order: toV2026(order, csv(url, 'includedData'), requestRoles(request)) }, 200, 'getOrder');
});

export const ordersHandlers: RequestHandler[] = [
  ...getOrderItemsBuyerInfo,
  ...getOrderItems,
  ...getOrderAddress,
  ...getOrderBuyerInfo,
  ...getOrder,
  ...getOrders,
  ...searchOrders,
  ...getOrder2026,
];
