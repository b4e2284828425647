// Sales v1 workflow: get_sales_metrics — sales, units and orders per hour/day/week/month/year or in total, with
// the interval and time zone built by the model's rules (sales-interval.ts) and totals over all buckets.
import {
  DomainValidationError,
  defineTool,
  type FromSchema,
  type ToolDefinition,
  READ_UPSTREAM,
} from '@obmcp/contract';
import { asObject, type ToolDeps } from './deps.js';
import { salesInterval } from './sales-interval.js';
import { asin, marketplaceId, sku } from './schema-parts.js';

/** A calendar date or a date-time (salesInterval checks the offset). */
const edge = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}', maxLength: 40 } as const;

const schema = {
  type: 'object',
  properties: {
    marketplaceId,
    startDate: { ...edge, description: 'YYYY-MM-DD (in timeZone) or date-time with offset.' },
    endDate: { ...edge, description: 'Exclusive.' },
    timeZone: { type: 'string', minLength: 1, maxLength: 64, description: 'IANA, default UTC.' },
    granularity: { type: 'string', enum: ['Hour', 'Day', 'Week', 'Month', 'Year', 'Total'] },
    buyerType: { type: 'string', enum: ['B2B', 'B2C', 'All'] },
    fulfillmentNetwork: { type: 'string', enum: ['AFN', 'MFN'] },
    firstDayOfWeek: { type: 'string', enum: ['Monday', 'Sunday'] },
    asin,
    sku,
  },
  required: ['marketplaceId', 'startDate', 'endDate'],
  examples: [
    {
      marketplaceId: 'ATVPDKIKX0DER',
      startDate: '2026-03-01',
      endDate: '2026-03-08',
      timeZone: 'US/Pacific',
    },
  ],
} as const;

type Args = FromSchema<typeof schema>;

/** Sums of every bucket (totalSales, a decimal string as the model's Money, only for one currency). */
function totalsOf(buckets: unknown[]) {
  let units = 0;
  let orders = 0;
  let items = 0;
  let sales = 0;
  const currencies = new Set<unknown>();
  for (const b of buckets.map(asObject)) {
    units += typeof b.unitCount === 'number' ? b.unitCount : 0;
    orders += typeof b.orderCount === 'number' ? b.orderCount : 0;
    items += typeof b.orderItemCount === 'number' ? b.orderItemCount : 0;
    const money = asObject(b.totalSales);
    sales += Number(money.amount ?? 0);
    currencies.add(money.currencyCode);
  }
  const [currencyCode] = [...currencies];
  return {
    unitCount: units,
    orderItemCount: items,
    orderCount: orders,
    ...(currencies.size === 1 && typeof currencyCode === 'string'
      ? { totalSales: { amount: (Math.round(sales * 100) / 100).toFixed(2), currencyCode } }
      : {}),
  };
}

export function salesTools(deps: ToolDeps): ToolDefinition[] {
  return [
    deps.operations.many({ orderMetrics: ['sales', 'getOrderMetrics'] }, (send) =>
      defineTool<Args>({
        name: 'get_sales_metrics',
        title: 'Get sales metrics',
        description:
          'Sales, units and orders per granularity (default Day) for one marketplace, with totals (Sales v1).',
        inputSchema: schema,
        annotations: READ_UPSTREAM,
        handler: async (args, call) => {
          if (args.asin !== undefined && args.sku !== undefined)
            throw new DomainValidationError('INPUT_VALIDATION_FAILED', {
              summary: 'Provide only one of asin and sku (the Sales API rejects both).',
              details: ['asin', 'sku'].map((path) => ({
                path,
                issue: 'at most one of these',
                received_type: 'string',
              })),
            });
          const granularity = args.granularity ?? 'Day';
          const { interval, timeZone } = salesInterval(args.startDate, args.endDate, args.timeZone);
          const { body } = await send.orderMetrics(
            {
              marketplaceIds: [args.marketplaceId],
              interval,
              granularity,
              // Required above Hour; its offset matches the interval's (salesInterval built both from it).
              ...(granularity === 'Hour' ? {} : { granularityTimeZone: timeZone }),
              buyerType: args.buyerType,
              fulfillmentNetwork: args.fulfillmentNetwork,
              firstDayOfWeek: args.firstDayOfWeek,
              asin: args.asin,
              sku: args.sku,
            },
            call,
          );
          const payload = asObject(body).payload;
          const buckets = Array.isArray(payload) ? payload : [];
          return {
            interval,
            granularity,
            ...(granularity === 'Hour' ? {} : { granularityTimeZone: timeZone }),
            metrics: buckets,
            totals: totalsOf(buckets),
          };
        },
      }),
    ),
  ];
}
