// Orders tools: get_orders / get_order / get_order_items (v0, PascalCase upstream) and search_orders (2026-01-01).
import {
  DomainValidationError,
  defineTool,
  type FromSchema,
  type ToolDefinition,
  READ_UPSTREAM,
} from '@obmcp/contract';
import { mapQuery } from '../http/query-case.js';
import { asObject, payloadOf, type SpToolDeps, seg } from './deps.js';
import { dateTime, marketplaceIds50, orderId, pageToken } from './schema-parts.js';

const getOrdersSchema = {
  type: 'object',
  properties: {
    marketplaceIds: marketplaceIds50,
    createdAfter: dateTime,
    createdBefore: dateTime,
    lastUpdatedAfter: dateTime,
    lastUpdatedBefore: dateTime,
    orderStatuses: {
      type: 'array',
      maxItems: 8,
      uniqueItems: true,
      items: {
        type: 'string',
        enum: [
          'PendingAvailability',
          'Pending',
          'Unshipped',
          'PartiallyShipped',
          'Shipped',
          'InvoiceUnconfirmed',
          'Canceled',
          'Unfulfillable',
        ],
      },
    },
    fulfillmentChannels: {
      type: 'array',
      maxItems: 2,
      uniqueItems: true,
      items: { type: 'string', enum: ['AFN', 'MFN'] },
    },
    paymentMethods: {
      type: 'array',
      maxItems: 3,
      uniqueItems: true,
      items: { type: 'string', enum: ['COD', 'CVS', 'Other'] },
    },
    buyerEmail: { type: 'string', format: 'email', maxLength: 254 },
    sellerOrderId: { type: 'string', minLength: 1, maxLength: 100 },
    maxResultsPerPage: { type: 'integer', minimum: 1, maximum: 100 },
    amazonOrderIds: { type: 'array', maxItems: 50, items: orderId },
    nextToken: pageToken,
  },
  required: ['marketplaceIds'],
  examples: [
    { marketplaceIds: ['ATVPDKIKX0DER'], createdAfter: '2026-03-01T00:00:00Z' },
    {
      marketplaceIds: ['ATVPDKIKX0DER'],
      lastUpdatedAfter: '2026-03-01T00:00:00Z',
      orderStatuses: ['Unshipped'],
    },
  ],
} as const;

const V0_KEYS = [
  'marketplaceIds',
  'createdAfter',
  'createdBefore',
  'lastUpdatedAfter',
  'lastUpdatedBefore',
  'orderStatuses',
  'fulfillmentChannels',
  'paymentMethods',
  'buyerEmail',
  'sellerOrderId',
  'maxResultsPerPage',
  'amazonOrderIds',
  'nextToken',
] as const;

const orderIdSchema = {
  type: 'object',
  properties: { orderId },
  required: ['orderId'],
  examples: [{ orderId: '902-3159896-1390916' }],
} as const;

const orderItemsSchema = {
  type: 'object',
  properties: { orderId, nextToken: pageToken },
  required: ['orderId'],
  examples: [{ orderId: '902-3159896-1390916' }],
} as const;

const searchOrdersSchema = {
  type: 'object',
  properties: {
    createdAfter: dateTime,
    createdBefore: dateTime,
    lastUpdatedAfter: dateTime,
    lastUpdatedBefore: dateTime,
    fulfillmentStatuses: {
      type: 'array',
      maxItems: 7,
      uniqueItems: true,
      items: {
        type: 'string',
        enum: [
          'PENDING_AVAILABILITY',
          'PENDING',
          'UNSHIPPED',
          'PARTIALLY_SHIPPED',
          'SHIPPED',
          'CANCELLED',
          'UNFULFILLABLE',
        ],
      },
    },
    marketplaceIds: marketplaceIds50,
    fulfilledBy: {
      type: 'array',
      maxItems: 2,
      uniqueItems: true,
      items: { type: 'string', enum: ['MERCHANT', 'AMAZON'] },
    },
    maxResultsPerPage: { type: 'integer', minimum: 1, maximum: 100 },
    paginationToken: pageToken,
    includedData: {
      type: 'array',
      maxItems: 11,
      uniqueItems: true,
      items: {
        type: 'string',
        enum: [
          'BUYER',
          'RECIPIENT',
          'PROCEEDS',
          'EXPENSE',
          'PROMOTION',
          'CANCELLATION',
          'FULFILLMENT',
          'PACKAGES',
          'TAX',
          'PAYMENT',
          'FULFILLMENT_ORDERS',
        ],
      },
    },
  },
  examples: [{ createdAfter: '2026-03-01T00:00:00Z', marketplaceIds: ['ATVPDKIKX0DER'] }],
} as const;

const V2026_KEYS = [
  'createdAfter',
  'createdBefore',
  'lastUpdatedAfter',
  'lastUpdatedBefore',
  'fulfillmentStatuses',
  'marketplaceIds',
  'fulfilledBy',
  'maxResultsPerPage',
  'paginationToken',
  'includedData',
] as const;

function requireOneOf(args: Record<string, unknown>, fields: readonly string[], exactlyOne: boolean): void {
  const given = fields.filter((f) => args[f] !== undefined);
  if (given.length === 1 || (!exactlyOne && given.length > 1)) return;
  const [a, b] = fields;
  throw new DomainValidationError('INPUT_VALIDATION_FAILED', {
    summary: exactlyOne && given.length > 1 ? `Provide only one of ${a} and ${b}.` : `Provide ${a} or ${b}.`,
    details: fields.map((f) => ({
      path: f,
      issue: exactlyOne ? 'exactly one of these is required' : 'one of these is required',
      received_type: args[f] === undefined ? 'undefined' : 'string',
    })),
    hints: [`Required: ${a} or ${b} (ISO 8601, e.g. 2026-03-01T00:00:00Z). See schema.`],
  });
}

export function ordersTools(deps: SpToolDeps): ToolDefinition[] {
  const { client } = deps;
  return [
    defineTool<FromSchema<typeof getOrdersSchema>>({
      name: 'get_orders',
      title: 'Get orders (Orders v0)',
      description:
        'Lists orders (Orders API v0 getOrders, deprecated). Requires createdAfter or lastUpdatedAfter unless nextToken is given. PII (BuyerInfo, ShippingAddress) needs a restricted-data token, requested automatically (restricted role required); search_orders with includedData BUYER/RECIPIENT needs none. Rate 0.0167/s, burst 20.',
      inputSchema: getOrdersSchema,
      passthrough: 'query',
      annotations: READ_UPSTREAM,
      handler: async (args, call) => {
        if (args.nextToken === undefined) requireOneOf(args, ['createdAfter', 'lastUpdatedAfter'], false);
        const { body } = await client.call(
          {
            operation: 'getOrders',
            method: 'GET',
            path: '/orders/v0/orders',
            query: mapQuery(args, V0_KEYS, 'pascal'),
          },
          call,
        );
        const p = payloadOf(body);
        return {
          orders: Array.isArray(p.Orders) ? p.Orders : [],
          ...(typeof p.NextToken === 'string' ? { nextToken: p.NextToken } : {}),
          ...(typeof p.CreatedBefore === 'string' ? { createdBefore: p.CreatedBefore } : {}),
          ...(typeof p.LastUpdatedBefore === 'string' ? { lastUpdatedBefore: p.LastUpdatedBefore } : {}),
        };
      },
    }),
    defineTool<FromSchema<typeof orderIdSchema>>({
      name: 'get_order',
      title: 'Get one order (Orders v0)',
      description:
        'Returns one order by Amazon order id (Orders API v0 getOrder, deprecated). PII (BuyerInfo, ShippingAddress) needs a restricted-data token, requested automatically (restricted role required); search_orders with includedData BUYER/RECIPIENT needs none. Rate 0.5/s, burst 30.',
      inputSchema: orderIdSchema,
      passthrough: 'query',
      annotations: READ_UPSTREAM,
      handler: async (args, call) => {
        const { body } = await client.call(
          { operation: 'getOrder', method: 'GET', path: `/orders/v0/orders/${seg(args.orderId)}` },
          call,
        );
        return { order: payloadOf(body) };
      },
    }),
    defineTool<FromSchema<typeof orderItemsSchema>>({
      name: 'get_order_items',
      title: 'Get order items (Orders v0)',
      description:
        'Lists the items of one order (Orders API v0 getOrderItems, deprecated). Item BuyerInfo (gift messages, customizations) needs a restricted-data token, requested automatically (restricted role required). Rate 0.5/s, burst 30.',
      inputSchema: orderItemsSchema,
      passthrough: 'query',
      annotations: READ_UPSTREAM,
      handler: async (args, call) => {
        const { body } = await client.call(
          {
            operation: 'getOrderItems',
            method: 'GET',
            path: `/orders/v0/orders/${seg(args.orderId)}/orderItems`,
            query: mapQuery(args, ['nextToken'], 'pascal'),
          },
          call,
        );
        const p = payloadOf(body);
        return {
          orderId: typeof p.AmazonOrderId === 'string' ? p.AmazonOrderId : args.orderId,
          orderItems: Array.isArray(p.OrderItems) ? p.OrderItems : [],
          ...(typeof p.NextToken === 'string' ? { nextToken: p.NextToken } : {}),
        };
      },
    }),
    defineTool<FromSchema<typeof searchOrdersSchema>>({
      name: 'search_orders',
      title: 'Search orders (Orders 2026-01-01)',
      description:
        'Searches orders (Orders API v2026-01-01 searchOrders; successor of get_orders). Exactly one of createdAfter and lastUpdatedAfter is required unless paginationToken is given. includedData BUYER/RECIPIENT returns buyer and recipient data without a restricted-data token.',
      inputSchema: searchOrdersSchema,
      passthrough: 'query',
      annotations: READ_UPSTREAM,
      handler: async (args, call) => {
        if (args.paginationToken === undefined)
          requireOneOf(args, ['createdAfter', 'lastUpdatedAfter'], true);
        const { body } = await client.call(
          {
            operation: 'searchOrders',
            method: 'GET',
            path: '/orders/2026-01-01/orders',
            query: mapQuery(args, V2026_KEYS, 'camel'),
          },
          call,
        );
        return asObject(body);
      },
    }),
  ];
}
