// Finances v0 workflows: list_settlements (financial event groups), summarize_fees (fee and charge
// totals over every page of an order, a group or a date range) and list_refunds (refund events).
import {
  type CallContext,
  defineTool,
  type FromSchema,
  type ToolDefinition,
  READ_UPSTREAM,
} from '@obmcp/contract';
import { payloadOf, type ToolDeps } from './deps.js';
import { totalFinancialEvents } from './fee-totals.js';
import {
  type EventsRead,
  FINANCIAL_EVENT_OPERATIONS,
  type FinancialEventSends,
  readFinancialEvents,
} from './financial-events.js';
import { dateTime, orderId, pageToken } from './schema-parts.js';

/** Pages read by default before a summary reports `truncated`. */
const DEFAULT_MAX_PAGES = 5;

const groupsSchema = {
  type: 'object',
  properties: {
    startedAfter: dateTime,
    startedBefore: dateTime,
    maxResults: { type: 'integer', minimum: 1, maximum: 100 },
    nextToken: pageToken,
  },
  examples: [{ startedAfter: '2026-03-01T00:00:00Z' }],
} as const;

const eventsSchema = {
  type: 'object',
  properties: {
    orderId,
    eventGroupId: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description: 'Group id from list_settlements.',
    },
    postedAfter: dateTime,
    postedBefore: dateTime,
    maxPages: {
      type: 'integer',
      minimum: 1,
      maximum: 20,
      description: `Default ${DEFAULT_MAX_PAGES}.`,
    },
    pageSize: { type: 'integer', minimum: 1, maximum: 100 },
    nextToken: { ...pageToken, description: 'Continues a truncated answer (same source).' },
  },
  examples: [{ eventGroupId: 'FEG-2026-03-A' }],
} as const;

type EventsArgs = FromSchema<typeof eventsSchema>;

async function readEvents(send: FinancialEventSends, args: EventsArgs, call: CallContext) {
  return readFinancialEvents(
    send,
    args,
    {
      maxPages: args.maxPages ?? DEFAULT_MAX_PAGES,
      pageSize: args.pageSize ?? 100,
      nextToken: args.nextToken,
    },
    call,
  );
}

const paging = (read: EventsRead) => ({
  pagesRead: read.pagesRead,
  truncated: read.truncated,
  ...(read.nextToken ? { nextToken: read.nextToken } : {}),
});

type Obj = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** One RefundEventList entry: order, date, items and its totals. */
function refundOf(event: Obj) {
  const items = (Array.isArray(event.ShipmentItemAdjustmentList) ? event.ShipmentItemAdjustmentList : [])
    .filter((i): i is Obj => typeof i === 'object' && i !== null)
    .map((i) => ({
      ...(str(i.SellerSKU) ? { sellerSku: str(i.SellerSKU) } : {}),
      ...(typeof i.QuantityShipped === 'number' ? { quantity: i.QuantityShipped } : {}),
    }));
  return {
    amazonOrderId: str(event.AmazonOrderId) ?? null,
    ...(str(event.PostedDate) ? { postedDate: str(event.PostedDate) } : {}),
    ...(str(event.MarketplaceName) ? { marketplaceName: str(event.MarketplaceName) } : {}),
    items,
    totals: totalFinancialEvents({ RefundEventList: [event] }).totals,
  };
}

export function financesTools(deps: ToolDeps): ToolDefinition[] {
  return [
    deps.operations.many({ groups: ['financesV0', 'listFinancialEventGroups'] }, (send) =>
      defineTool<FromSchema<typeof groupsSchema>>({
        name: 'list_settlements',
        title: 'List settlements (financial event groups)',
        description: 'Settlements (financial event groups): period, status, total (Finances v0).',
        inputSchema: groupsSchema,
        annotations: READ_UPSTREAM,
        handler: async (args, call) => {
          const { body } = await send.groups(
            // The model: the next page takes the token "and the same arguments as the call that produced it".
            {
              FinancialEventGroupStartedAfter: args.startedAfter,
              FinancialEventGroupStartedBefore: args.startedBefore,
              MaxResultsPerPage: args.maxResults,
              NextToken: args.nextToken,
            },
            call,
          );
          const p = payloadOf(body);
          return {
            groups: Array.isArray(p.FinancialEventGroupList) ? p.FinancialEventGroupList : [],
            ...(str(p.NextToken) ? { nextToken: str(p.NextToken) } : {}),
          };
        },
      }),
    ),
    deps.operations.many(FINANCIAL_EVENT_OPERATIONS, (send) =>
      defineTool<EventsArgs>({
        name: 'summarize_fees',
        title: 'Summarize fees and charges',
        description:
          'Fees, charges, promotions and withheld tax by type, per currency, for one of orderId, eventGroupId or postedAfter (Finances v0, all pages up to maxPages).',
        inputSchema: eventsSchema,
        annotations: READ_UPSTREAM,
        handler: async (args, call) => {
          const read = await readEvents(send, args, call);
          return { ...totalFinancialEvents(read.lists), ...paging(read) };
        },
      }),
    ),
    deps.operations.many(FINANCIAL_EVENT_OPERATIONS, (send) =>
      defineTool<EventsArgs>({
        name: 'list_refunds',
        title: 'List refunds',
        description:
          'Refunds with order, SKU and amounts, for one of orderId, eventGroupId or postedAfter (Finances v0). Return reasons: report GET_FBA_FULFILLMENT_CUSTOMER_RETURNS_DATA.',
        inputSchema: eventsSchema,
        annotations: READ_UPSTREAM,
        handler: async (args, call) => {
          const read = await readEvents(send, args, call);
          const events = (read.lists.RefundEventList ?? []).filter(
            (e): e is Obj => typeof e === 'object' && e !== null && !Array.isArray(e),
          );
          return {
            refunds: events.map(refundOf),
            count: events.length,
            totals: totalFinancialEvents({ RefundEventList: events }).totals,
            ...paging(read),
          };
        },
      }),
    ),
  ];
}
