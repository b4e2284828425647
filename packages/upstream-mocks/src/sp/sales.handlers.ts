// Sales v1 getOrderMetrics: the interval and time-zone rules of the model (sales-interval.ts), the filter
// rules of its descriptions, and one metric per granularity bucket, counted from the orders fixture.
import type { RequestHandler } from 'msw';
import type { DateTime } from 'luxon';
import { participatingMarketplace } from './data/marketplaces.js';
import { ORDER_ITEMS, ORDERS, type V0Order } from './data/orders.js';
import { invalidInput, spJson } from './respond.js';
import { csv, spRoute } from './route.js';
import type { Granularity } from './sales-interval.js';

/** The interval rules and buckets (on luxon), loaded on the first Sales request, not at preload. */
let interval: Promise<typeof import('./sales-interval.js')> | undefined;
const intervalRules = () => {
  interval ??= import('./sales-interval.js');
  return interval;
};

const op = 'getOrderMetrics';

interface Filters {
  marketplaceId: string;
  buyerType: string;
  fulfillmentNetwork: string | null;
  asin: string | null;
  sku: string | null;
  amazonProgram: string | null;
}

interface Sale {
  at: number;
  units: number;
  /** Item price in cents. */
  cents: number;
  orderId: string;
}

/** The fixture's order items that pass the filters, with their order's purchase time. */
function salesOf(f: Filters): Sale[] {
  // None of the fixture's orders belongs to a program such as Amazon Haul.
  if (f.amazonProgram !== null) return [];
  const orders = ORDERS.filter(
    (o: V0Order) =>
      o.MarketplaceId === f.marketplaceId &&
      (f.fulfillmentNetwork === null || o.FulfillmentChannel === f.fulfillmentNetwork) &&
      (f.buyerType === 'All' || o.IsBusinessOrder === (f.buyerType === 'B2B')),
  );
  return orders.flatMap((o) =>
    (ORDER_ITEMS[o.AmazonOrderId] ?? [])
      .filter(
        (item) => (f.asin === null || item.ASIN === f.asin) && (f.sku === null || item.SellerSKU === f.sku),
      )
      .map((item) => ({
        at: Date.parse(o.PurchaseDate),
        units: Number(item.QuantityOrdered),
        cents: Math.round(Number((item.ItemPrice as { Amount: string }).Amount) * 100),
        orderId: o.AmazonOrderId,
      })),
  );
}

const decimal = (cents: number) => (cents / 100).toFixed(2);

/** One OrderMetricsInterval: sales inside both the bucket and the requested interval. */
function metric(
  sales: Sale[],
  bucket: [DateTime, DateTime],
  window: [number, number],
  label: string,
  currency: string,
) {
  const from = Math.max(bucket[0].toMillis(), window[0]);
  const to = Math.min(bucket[1].toMillis(), window[1]);
  const inside = sales.filter((s) => s.at >= from && s.at < to);
  const units = inside.reduce((n, s) => n + s.units, 0);
  const cents = inside.reduce((n, s) => n + s.cents, 0);
  return {
    interval: label,
    unitCount: units,
    orderItemCount: inside.length,
    orderCount: new Set(inside.map((s) => s.orderId)).size,
    averageUnitPrice: {
      amount: decimal(units === 0 ? 0 : Math.round(cents / units)),
      currencyCode: currency,
    },
    totalSales: { amount: decimal(cents), currencyCode: currency },
  };
}

const orderMetrics = spRoute('get', '/sales/v1/orderMetrics', async ({ url, host }) => {
  const { bucketLabel, fixtureNow, salesBuckets, salesWindow } = await intervalRules();
  const q = (name: string) => url.searchParams.get(name);
  const marketplaces = csv(url, 'marketplaceIds');
  if (marketplaces.length !== 1) return invalidInput('Only one marketplace can be specified.', op);
  const marketplace = participatingMarketplace(host.region, marketplaces[0]);
  if (!marketplace) return invalidInput(`Invalid marketplaceId: ${marketplaces[0] ?? ''}.`, op);
  if (q('asin') !== null && q('sku') !== null)
    return invalidInput('Specifying both asin and sku is not allowed.', op);
  const network = q('fulfillmentNetwork');
  if (network !== null && network !== 'AFN' && network !== 'MFN')
    return invalidInput('fulfillmentNetwork must be AFN or MFN.', op);
  const granularity = (q('granularity') ?? 'Total') as Granularity;
  const window = salesWindow(q('interval') ?? '', granularity, q('granularityTimeZone'), fixtureNow());
  if (typeof window === 'string') return invalidInput(window, op);
  const sales = salesOf({
    marketplaceId: marketplace.id,
    buyerType: q('buyerType') ?? 'All',
    fulfillmentNetwork: network,
    asin: q('asin'),
    sku: q('sku'),
    amazonProgram: q('amazonProgram'),
  });
  const firstDay = q('firstDayOfWeek') === 'Sunday' ? 'Sunday' : 'Monday';
  const span: [number, number] = [window.start.toMillis(), window.end.toMillis()];
  const payload = salesBuckets(window, granularity, firstDay).map((bucket) =>
    metric(sales, bucket, span, bucketLabel(bucket, window.zulu), marketplace.defaultCurrencyCode),
  );
  return spJson({ payload }, 200, op);
});

export const salesHandlers: RequestHandler[] = [...orderMetrics];
