// Orders tools: get_orders / get_order / get_order_items (v0, PascalCase upstream) and search_orders (2026-01-01).
import { defineTool, type FromSchema, type ToolDefinition } from '@obmcp/contract';
import { asObject, payloadOf, type ToolDeps } from './deps.js';
import { checkOrderDates } from './order-date-rules.js';
import { PageFilterMemory } from './page-filters.js';
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

/** What search_orders must send unchanged on every page (the model: all but maxResultsPerPage and includedData). */
const SEARCH_FILTER_KEYS = Object.keys(searchOrdersSchema.properties).filter(
  (k) => k !== 'paginationToken' && k !== 'maxResultsPerPage' && k !== 'includedData',
);

/** `pagination.nextToken` of a searchOrders body. */
function nextTokenOf(body: Record<string, unknown>): string | undefined {
  const pagination = body.pagination as { nextToken?: unknown } | undefined;
  return typeof pagination?.nextToken === 'string' ? pagination.nextToken : undefined;
}

export function ordersTools(deps: ToolDeps): ToolDefinition[] {
  const { operations, session } = deps;
  const pages = new PageFilterMemory(SEARCH_FILTER_KEYS);
  return [
    operations.one(['ordersV0', 'getOrders'], (send) =>
      defineTool<FromSchema<typeof getOrdersSchema>>({
        name: 'get_orders',
        title: 'Get orders (Orders v0)',
        description:
          'Lists orders (Orders v0 getOrders, deprecated). Needs createdAfter or lastUpdatedAfter unless nextToken is given; never mix created* and lastUpdated*. PII comes with an automatic restricted-data token (restricted role); search_orders with includedData BUYER/RECIPIENT needs none.',
        inputSchema: getOrdersSchema,
        handler: async (args, call) => {
          checkOrderDates(args, args.nextToken === undefined);
          const { body } = await send(args, call);
          const p = payloadOf(body);
          return {
            orders: Array.isArray(p.Orders) ? p.Orders : [],
            ...(typeof p.NextToken === 'string' ? { nextToken: p.NextToken } : {}),
            ...(typeof p.CreatedBefore === 'string' ? { createdBefore: p.CreatedBefore } : {}),
            ...(typeof p.LastUpdatedBefore === 'string' ? { lastUpdatedBefore: p.LastUpdatedBefore } : {}),
          };
        },
      }),
    ),
    operations.one(['ordersV0', 'getOrder'], (send) =>
      defineTool<FromSchema<typeof orderIdSchema>>({
        name: 'get_order',
        title: 'Get one order (Orders v0)',
        description:
          'One order by Amazon order id (Orders v0 getOrder, deprecated). PII comes with an automatic restricted-data token (restricted role); search_orders with includedData BUYER/RECIPIENT needs none.',
        inputSchema: orderIdSchema,
        handler: async (args, call) => {
          const { body } = await send(args, call);
          return { order: payloadOf(body) };
        },
      }),
    ),
    operations.one(['ordersV0', 'getOrderItems'], (send) =>
      defineTool<FromSchema<typeof orderItemsSchema>>({
        name: 'get_order_items',
        title: 'Get order items (Orders v0)',
        description:
          'The items of one order (Orders v0 getOrderItems, deprecated). Item BuyerInfo comes with an automatic restricted-data token (restricted role).',
        inputSchema: orderItemsSchema,
        handler: async (args, call) => {
          const { body } = await send(args, call);
          const p = payloadOf(body);
          return {
            orderId: typeof p.AmazonOrderId === 'string' ? p.AmazonOrderId : args.orderId,
            orderItems: Array.isArray(p.OrderItems) ? p.OrderItems : [],
            ...(typeof p.NextToken === 'string' ? { nextToken: p.NextToken } : {}),
          };
        },
      }),
    ),
    operations.one(['orders_2026-01-01', 'searchOrders'], (send) =>
      defineTool<FromSchema<typeof searchOrdersSchema>>({
        name: 'search_orders',
        title: 'Search orders (Orders 2026-01-01)',
        description:
          "Searches orders (Orders API v2026-01-01 searchOrders; successor of get_orders). Exactly one of createdAfter and lastUpdatedAfter; created* and lastUpdated* dates cannot be mixed. Next page: send paginationToken alone and the server resends page 1's filters (Amazon requires them unchanged; only maxResultsPerPage and includedData may change). includedData BUYER/RECIPIENT returns buyer and recipient data without a restricted-data token.",
        inputSchema: searchOrdersSchema,
        handler: async (args, call) => {
          const identity = session.active().id;
          const request =
            args.paginationToken === undefined ? args : pages.complete(identity, args.paginationToken, args);
          checkOrderDates(request, true);
          const { body } = await send(request, call);
          const result = asObject(body);
          const next = nextTokenOf(result);
          if (next !== undefined) pages.remember(identity, next, request);
          return result;
        },
      }),
    ),
  ];
}
