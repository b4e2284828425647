// What the curated tools send to the SP-API (path, query, body) and what the agent sees back: defaults,
// argument names, paging bounds, totals and refusals that come before any request.
import { gzipSync } from 'node:zlib';
import type { CallOutcome, Envelope } from '@obmcp/contract';
import { silentLogger } from '@obmcp/mcp-server/testing';
import { startMockServer } from '@obmcp/upstream-mocks';
import { HttpResponse, http } from 'msw';
import type { SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createServer } from '../src/server.js';

const SP = 'https://sellingpartnerapi-na.amazon.com';
const US = 'ATVPDKIKX0DER';
const CA = 'A2EUQ1WTGCTBG2';
const ENV = {
  OBMCP_MOCK: '1',
  SP_API_CLIENT_ID: 'mock-sp-client-id',
  SP_API_CLIENT_SECRET: 'mock-sp-client-secret',
  SP_API_REFRESH_TOKEN: 'mock-sp-refresh-token',
  SP_API_SELLER_ID: 'A2MOCKSELLER01',
  SP_API_ENABLE_WRITES: 'true',
  CODE_MODE: 'off',
  SP_API_TOOLSETS: 'curated,orders,catalog-items,reports,listings-items,product-pricing,feeds',
};

interface Sent {
  method: string;
  path: string;
  query: Record<string, string>;
  body?: unknown;
}
const sent: Sent[] = [];
const reading: Promise<void>[] = [];
let mocks: SetupServer;
beforeAll(() => {
  mocks = startMockServer();
  mocks.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.origin !== SP || url.pathname.startsWith('/tokens/')) return;
    const query: Record<string, string> = {};
    for (const key of new Set(url.searchParams.keys())) query[key] = url.searchParams.getAll(key).join('|');
    const entry: Sent = { method: request.method, path: url.pathname, query };
    sent.push(entry);
    if (request.method !== 'GET')
      reading.push(
        request
          .clone()
          .text()
          .then((t) => {
            if (t) entry.body = JSON.parse(t);
          }),
      );
  });
});
afterEach(() => {
  mocks.resetHandlers();
  sent.length = 0;
  reading.length = 0;
});
afterAll(() => mocks.close());

/** A fresh server (its own limiter) per call: what one call sends and answers. */
async function call(name: string, args: Record<string, unknown>): Promise<CallOutcome> {
  const { host } = createServer(loadConfig(ENV), { logger: silentLogger, env: ENV });
  const outcome = await host.call(name, args);
  await Promise.all(reading);
  return outcome;
}
// biome-ignore lint/suspicious/noExplicitAny: free-form tool results in assertions
async function ok(name: string, args: Record<string, unknown>): Promise<Record<string, any>> {
  const outcome = await call(name, args);
  if (!outcome.ok) throw new Error(`${name}: ${JSON.stringify(outcome.envelope)}`);
  return outcome.value as Record<string, unknown>;
}
async function refused(name: string, args: Record<string, unknown>): Promise<Envelope> {
  const outcome = await call(name, args);
  if (outcome.ok) throw new Error(`${name} should fail`);
  return outcome.envelope;
}

/** [tool, args, method, path, query, body] — the one request the tool sends. */
const ONE_REQUEST: Array<
  [string, Record<string, unknown>, string, string, Record<string, string>, unknown?]
> = [
  [
    'get_orders',
    {
      marketplaceIds: [US],
      createdAfter: '2026-03-01T00:00:00Z',
      orderStatuses: ['Unshipped', 'Shipped'],
      fulfillmentChannels: ['MFN'],
      maxResultsPerPage: 10,
    },
    'GET',
    '/orders/v0/orders',
    {
      MarketplaceIds: US,
      CreatedAfter: '2026-03-01T00:00:00Z',
      OrderStatuses: 'Unshipped,Shipped',
      FulfillmentChannels: 'MFN',
      MaxResultsPerPage: '10',
    },
  ],
  ['get_order', { orderId: '902-3159896-1390916' }, 'GET', '/orders/v0/orders/902-3159896-1390916', {}],
  [
    'search_orders',
    {
      createdAfter: '2026-03-01T00:00:00Z',
      marketplaceIds: [US],
      maxResultsPerPage: 1,
      includedData: ['BUYER'],
    },
    'GET',
    '/orders/2026-01-01/orders',
    {
      createdAfter: '2026-03-01T00:00:00Z',
      marketplaceIds: US,
      maxResultsPerPage: '1',
      includedData: 'BUYER',
    },
  ],
  [
    'list_settlements',
    { startedAfter: '2026-03-01T00:00:00Z', startedBefore: '2026-03-20T00:00:00Z', maxResults: 5 },
    'GET',
    '/finances/v0/financialEventGroups',
    {
      FinancialEventGroupStartedAfter: '2026-03-01T00:00:00Z',
      FinancialEventGroupStartedBefore: '2026-03-20T00:00:00Z',
      MaxResultsPerPage: '5',
    },
  ],
  // Finances reads: 100 a page unless told otherwise.
  [
    'summarize_fees',
    { eventGroupId: 'FEG-2026-03-A' },
    'GET',
    '/finances/v0/financialEventGroups/FEG-2026-03-A/financialEvents',
    { MaxResultsPerPage: '100' },
  ],
  [
    'list_refunds',
    { orderId: '902-3159896-1390916', pageSize: 7 },
    'GET',
    '/finances/v0/orders/902-3159896-1390916/financialEvents',
    { MaxResultsPerPage: '7' },
  ],
  [
    'list_refunds',
    { postedAfter: '2026-03-01T00:00:00Z', postedBefore: '2026-03-20T00:00:00Z' },
    'GET',
    '/finances/v0/financialEvents',
    { PostedAfter: '2026-03-01T00:00:00Z', PostedBefore: '2026-03-20T00:00:00Z', MaxResultsPerPage: '100' },
  ],
  // FBA inventory of one marketplace: granularity Marketplace, its id both as granularity and marketplace.
  [
    'get_inventory_summaries',
    { marketplaceId: CA, details: true, sellerSkus: ['SKU-1000'] },
    'GET',
    '/fba/inventory/v1/summaries',
    {
      details: 'true',
      granularityType: 'Marketplace',
      granularityId: CA,
      marketplaceIds: CA,
      sellerSkus: 'SKU-1000',
    },
  ],
  [
    'get_item_offers',
    { asin: 'B08N5WRWNW', marketplaceId: US, itemCondition: 'New' },
    'GET',
    '/products/pricing/v0/items/B08N5WRWNW/offers',
    { MarketplaceId: US, ItemCondition: 'New' },
  ],
  [
    'get_pricing',
    { marketplaceId: US, itemType: 'Asin', asins: ['B08N5WRWNW'] },
    'GET',
    '/products/pricing/v0/price',
    { MarketplaceId: US, ItemType: 'Asin', Asins: 'B08N5WRWNW' },
  ],
  [
    'get_pricing',
    { marketplaceId: US, itemType: 'Sku', skus: ['SKU-1000'], itemCondition: 'Used' },
    'GET',
    '/products/pricing/v0/price',
    { MarketplaceId: US, ItemType: 'Sku', Skus: 'SKU-1000', ItemCondition: 'Used' },
  ],
  // Business prices: the offer type asked for is the one sent (without it Amazon answers consumer prices).
  [
    'get_pricing',
    { marketplaceId: US, itemType: 'Asin', asins: ['B08N5WRWNW'], offerType: 'B2B' },
    'GET',
    '/products/pricing/v0/price',
    { MarketplaceId: US, ItemType: 'Asin', Asins: 'B08N5WRWNW', OfferType: 'B2B' },
  ],
  // A keyword search names no seller; a SKU search takes the configured seller unless given one.
  [
    'search_catalog_items',
    { marketplaceIds: [US], keywords: ['echo'] },
    'GET',
    '/catalog/2022-04-01/items',
    { marketplaceIds: US, keywords: 'echo' },
  ],
  [
    'search_catalog_items',
    { marketplaceIds: [US], identifiers: ['SKU-1000'], identifiersType: 'SKU' },
    'GET',
    '/catalog/2022-04-01/items',
    { marketplaceIds: US, identifiers: 'SKU-1000', identifiersType: 'SKU', sellerId: 'A2MOCKSELLER01' },
  ],
  [
    'search_catalog_items',
    { marketplaceIds: [US], identifiers: ['SKU-1000'], identifiersType: 'SKU', sellerId: 'A3OTHERSELLER' },
    'GET',
    '/catalog/2022-04-01/items',
    { marketplaceIds: US, identifiers: 'SKU-1000', identifiersType: 'SKU', sellerId: 'A3OTHERSELLER' },
  ],
  [
    'get_listings_item',
    { sku: 'SKU-1000', marketplaceIds: [US] },
    'GET',
    '/listings/2021-08-01/items/A2MOCKSELLER01/SKU-1000',
    { marketplaceIds: US },
  ],
  [
    'get_listings_item',
    { sku: 'SKU-1000', marketplaceIds: [US], sellerId: 'A3OTHERSELLER' },
    'GET',
    '/listings/2021-08-01/items/A3OTHERSELLER/SKU-1000',
    { marketplaceIds: US },
  ],
  [
    'patch_listings_item',
    {
      sku: 'SKU-1000',
      marketplaceIds: [US],
      productType: 'PRODUCT',
      patches: [{ op: 'delete', path: '/attributes/item_name' }],
    },
    'PATCH',
    '/listings/2021-08-01/items/A2MOCKSELLER01/SKU-1000',
    { marketplaceIds: US },
    { productType: 'PRODUCT', patches: [{ op: 'delete', path: '/attributes/item_name' }] },
  ],
  // With nextToken, the token alone (the model: any other parameter fails the request).
  [
    'list_reports',
    { reportTypes: ['GET_MERCHANT_LISTINGS_ALL_DATA'], pageSize: 3 },
    'GET',
    '/reports/2021-06-30/reports',
    { reportTypes: 'GET_MERCHANT_LISTINGS_ALL_DATA', pageSize: '3' },
  ],
  [
    'list_reports',
    { reportTypes: ['GET_MERCHANT_LISTINGS_ALL_DATA'], nextToken: 'tok-2' },
    'GET',
    '/reports/2021-06-30/reports',
    { nextToken: 'tok-2' },
  ],
  [
    'create_report',
    { reportType: 'GET_MERCHANT_LISTINGS_ALL_DATA', marketplaceIds: [US] },
    'POST',
    '/reports/2021-06-30/reports',
    {},
    { reportType: 'GET_MERCHANT_LISTINGS_ALL_DATA', marketplaceIds: [US] },
  ],
  [
    'create_feed',
    { feedType: 'JSON_LISTINGS_FEED', marketplaceIds: [US], inputFeedDocumentId: 'amzn1.tortuga.4.na.50001' },
    'POST',
    '/feeds/2021-06-30/feeds',
    {},
    { feedType: 'JSON_LISTINGS_FEED', marketplaceIds: [US], inputFeedDocumentId: 'amzn1.tortuga.4.na.50001' },
  ],
  ['get_feed', { feedId: '50002' }, 'GET', '/feeds/2021-06-30/feeds/50002', {}],
  ['get_marketplace_participations', {}, 'GET', '/sellers/v1/marketplaceParticipations', {}],
];

describe('the request each tool sends', () => {
  it.each(ONE_REQUEST)('%s %j', async (name, args, method, path, query, body) => {
    await call(name, args);
    expect(sent).toEqual([{ method, path, query, ...(body === undefined ? {} : { body }) }]);
  });
});

describe('orders', () => {
  it('get_orders hands back the page token and the dates Amazon filled in; no Orders → []', async () => {
    mocks.use(
      http.get(`${SP}/orders/v0/orders`, () =>
        HttpResponse.json({
          payload: {
            Orders: [{ AmazonOrderId: '1' }],
            NextToken: 'n2',
            CreatedBefore: '2026-03-05T00:00:00Z',
            LastUpdatedBefore: '2026-03-06T00:00:00Z',
          },
        }),
      ),
    );
    expect(
      await ok('get_orders', { marketplaceIds: [US], createdAfter: '2026-03-01T00:00:00Z' }),
    ).toMatchObject({
      orders: [{ AmazonOrderId: '1' }],
      nextToken: 'n2',
      createdBefore: '2026-03-05T00:00:00Z',
      lastUpdatedBefore: '2026-03-06T00:00:00Z',
    });
    mocks.use(http.get(`${SP}/orders/v0/orders`, () => HttpResponse.json({ payload: {} })));
    const empty = await ok('get_orders', { marketplaceIds: [US], createdAfter: '2026-03-01T00:00:00Z' });
    expect(empty.orders).toEqual([]);
    expect(Object.keys(empty).filter((k) => k !== '_meta')).toEqual(['orders']);
  });

  it('get_orders with nextToken needs no date; without one, a date is required before any request', async () => {
    await call('get_orders', { marketplaceIds: [US], nextToken: 'n2' });
    expect(sent.map((s) => s.query)).toEqual([{ MarketplaceIds: US, NextToken: 'n2' }]);
    sent.length = 0;
    expect((await refused('get_orders', { marketplaceIds: [US] })).error_code).toBe(
      'INPUT_VALIDATION_FAILED',
    );
    expect(sent).toEqual([]);
  });

  it('get_order_items: the order id, the items and the page token', async () => {
    mocks.use(
      http.get(`${SP}/orders/v0/orders/:id/orderItems`, () =>
        HttpResponse.json({ payload: { OrderItems: [{ ASIN: 'B0' }], NextToken: 'i2' } }),
      ),
    );
    const r = await ok('get_order_items', { orderId: '902-3159896-1390916', nextToken: 'i1' });
    expect(r).toMatchObject({
      orderId: '902-3159896-1390916',
      orderItems: [{ ASIN: 'B0' }],
      nextToken: 'i2',
    });
    expect(sent[0]).toMatchObject({
      path: '/orders/v0/orders/902-3159896-1390916/orderItems',
      query: { NextToken: 'i1' },
    });
  });
});

describe('get_sales_metrics', () => {
  const bucket = (units: number, amount: string, currencyCode = 'USD') => ({
    interval: 'x',
    unitCount: units,
    orderItemCount: units + 1,
    orderCount: 1,
    totalSales: { amount, currencyCode },
  });

  it('default Day granularity in UTC: the interval and its time zone are sent and echoed', async () => {
    const r = await ok('get_sales_metrics', {
      marketplaceId: US,
      startDate: '2026-03-01',
      endDate: '2026-03-03',
    });
    expect(sent[0]).toMatchObject({
      path: '/sales/v1/orderMetrics',
      query: {
        marketplaceIds: US,
        interval: '2026-03-01T00:00:00Z--2026-03-03T00:00:00Z',
        granularity: 'Day',
        granularityTimeZone: 'UTC',
      },
    });
    expect(r).toMatchObject({
      interval: '2026-03-01T00:00:00Z--2026-03-03T00:00:00Z',
      granularity: 'Day',
      granularityTimeZone: 'UTC',
    });
  });

  it('Hour sends no granularityTimeZone; the filters go as given', async () => {
    const r = await ok('get_sales_metrics', {
      marketplaceId: US,
      startDate: '2026-03-01',
      endDate: '2026-03-02',
      granularity: 'Hour',
      buyerType: 'B2B',
      fulfillmentNetwork: 'AFN',
      sku: 'SKU-1000',
    });
    expect(sent[0]?.query).toEqual({
      marketplaceIds: US,
      interval: '2026-03-01T00:00:00Z--2026-03-02T00:00:00Z',
      granularity: 'Hour',
      buyerType: 'B2B',
      fulfillmentNetwork: 'AFN',
      sku: 'SKU-1000',
    });
    expect(r).not.toHaveProperty('granularityTimeZone');
    sent.length = 0;
    await ok('get_sales_metrics', {
      marketplaceId: US,
      startDate: '2026-03-02',
      endDate: '2026-03-16',
      granularity: 'Week',
      firstDayOfWeek: 'Sunday',
      asin: 'B08N5WRWNW',
    });
    expect(sent[0]?.query).toMatchObject({
      granularity: 'Week',
      firstDayOfWeek: 'Sunday',
      asin: 'B08N5WRWNW',
    });
  });

  it('totals sum every bucket, the sales to the cent in the one currency', async () => {
    mocks.use(
      http.get(`${SP}/sales/v1/orderMetrics`, () =>
        HttpResponse.json({ payload: [bucket(1, '0.10'), bucket(2, '0.20'), bucket(0, '1000.005')] }),
      ),
    );
    const r = await ok('get_sales_metrics', {
      marketplaceId: US,
      startDate: '2026-03-01',
      endDate: '2026-03-04',
    });
    expect(r.metrics).toHaveLength(3);
    expect(r.totals).toEqual({
      unitCount: 3,
      orderItemCount: 6,
      orderCount: 3,
      totalSales: { amount: '1000.31', currencyCode: 'USD' },
    });
  });

  it('buckets in two currencies: counts summed, no sales total; no payload → zero totals', async () => {
    mocks.use(
      http.get(`${SP}/sales/v1/orderMetrics`, () =>
        HttpResponse.json({ payload: [bucket(1, '5.00'), bucket(1, '5.00', 'CAD')] }),
      ),
    );
    const two = await ok('get_sales_metrics', {
      marketplaceId: US,
      startDate: '2026-03-01',
      endDate: '2026-03-03',
    });
    expect(two.totals).toEqual({ unitCount: 2, orderItemCount: 4, orderCount: 2 });
    mocks.use(http.get(`${SP}/sales/v1/orderMetrics`, () => HttpResponse.json({})));
    const none = await ok('get_sales_metrics', {
      marketplaceId: US,
      startDate: '2026-03-01',
      endDate: '2026-03-03',
    });
    expect(none).toMatchObject({ metrics: [], totals: { unitCount: 0, orderItemCount: 0, orderCount: 0 } });
  });

  it('asin with sku is refused before any request', async () => {
    const env = await refused('get_sales_metrics', {
      marketplaceId: US,
      startDate: '2026-03-01',
      endDate: '2026-03-02',
      asin: 'B08N5WRWNW',
      sku: 'SKU-1000',
    });
    expect(env.error_code).toBe('INPUT_VALIDATION_FAILED');
    expect(env.details.map((d) => d.path)).toEqual(['asin', 'sku']);
    expect(sent).toEqual([]);
  });
});

describe('estimate_fees', () => {
  const request = (over: Record<string, unknown>) => ({
    MarketplaceId: US,
    IsAmazonFulfilled: true,
    PriceToEstimateFees: { ListingPrice: { CurrencyCode: 'USD', Amount: 49.99 } },
    Identifier: 'item-0',
    ...over,
  });

  it('one ASIN: its own operation, FBA by default, the marketplace currency; the estimate as the agent reads it', async () => {
    const r = await ok('estimate_fees', { marketplaceId: US, items: [{ asin: 'B08N5WRWNW', price: 49.99 }] });
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/products/fees/v0/items/B08N5WRWNW/feesEstimate',
        query: {},
        body: { FeesEstimateRequest: request({}) },
      },
    ]);
    expect(r.estimates).toEqual([
      {
        asin: 'B08N5WRWNW',
        status: 'Success',
        totalFees: { amount: 10.72, currency: 'USD' },
        fees: [
          { type: 'ReferralFee', amount: 7.5, currency: 'USD' },
          { type: 'VariableClosingFee', amount: 0, currency: 'USD' },
          { type: 'PerItemFee', amount: 0, currency: 'USD' },
          { type: 'FBAFees', amount: 3.22, currency: 'USD' },
        ],
      },
    ]);
  });

  it('one SKU, merchant-fulfilled, with shipping and a chosen currency', async () => {
    await ok('estimate_fees', {
      marketplaceId: US,
      currency: 'CAD',
      items: [{ sku: 'SKU-1000', price: 25.99, shipping: 5, fulfilledByAmazon: false }],
    });
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/products/fees/v0/listings/SKU-1000/feesEstimate',
        query: {},
        body: {
          FeesEstimateRequest: request({
            IsAmazonFulfilled: false,
            PriceToEstimateFees: {
              ListingPrice: { CurrencyCode: 'CAD', Amount: 25.99 },
              Shipping: { CurrencyCode: 'CAD', Amount: 5 },
            },
          }),
        },
      },
    ]);
  });

  it('several items: one batch request, each with its id and Identifier, answers matched by position', async () => {
    mocks.use(
      http.post(`${SP}/products/fees/v0/feesEstimate`, () =>
        HttpResponse.json([
          {
            Status: 'Success',
            FeesEstimate: { TotalFeesEstimate: { CurrencyCode: 'USD', Amount: 1.5 }, FeeDetailList: [] },
          },
          { Status: 'ClientError', Error: { Code: 'InvalidParameterValue', Message: 'no such SKU' } },
        ]),
      ),
    );
    const r = await ok('estimate_fees', {
      marketplaceId: US,
      items: [
        { asin: 'B08N5WRWNW', price: 10 },
        { sku: 'SKU-9', price: 20 },
      ],
    });
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/products/fees/v0/feesEstimate' });
    expect(sent[0]?.body).toEqual([
      {
        FeesEstimateRequest: request({
          PriceToEstimateFees: { ListingPrice: { CurrencyCode: 'USD', Amount: 10 } },
        }),
        IdType: 'ASIN',
        IdValue: 'B08N5WRWNW',
      },
      {
        FeesEstimateRequest: request({
          PriceToEstimateFees: { ListingPrice: { CurrencyCode: 'USD', Amount: 20 } },
          Identifier: 'item-1',
        }),
        IdType: 'SellerSKU',
        IdValue: 'SKU-9',
      },
    ]);
    expect(r.estimates).toMatchObject([
      { asin: 'B08N5WRWNW', status: 'Success', totalFees: { amount: 1.5, currency: 'USD' } },
      { sku: 'SKU-9', status: 'ClientError', error: expect.objectContaining({ message: 'no such SKU' }) },
    ]);
  });

  it('the default currency is the marketplace’s (GBP in the UK)', async () => {
    await call('estimate_fees', {
      marketplaceId: 'A1F83G8C2ARO7P',
      items: [{ asin: 'B08N5WRWNW', price: 10 }],
    });
    expect(sent[0]?.body).toMatchObject({
      FeesEstimateRequest: { PriceToEstimateFees: { ListingPrice: { CurrencyCode: 'GBP', Amount: 10 } } },
    });
  });

  it('an item with both or neither of asin and sku is refused before any request', async () => {
    for (const item of [{ price: 1 }, { asin: 'B08N5WRWNW', sku: 'SKU-1000', price: 1 }]) {
      const env = await refused('estimate_fees', {
        marketplaceId: US,
        items: [{ asin: 'B08N5WRWNW', price: 1 }, item],
      });
      expect(env.details[0]?.path).toBe('items/1');
    }
    expect(sent).toEqual([]);
  });
});

describe('finances', () => {
  it('summarize_fees reads 5 pages by default, then says truncated and hands back the token', async () => {
    let n = 0;
    mocks.use(
      http.get(`${SP}/finances/v0/financialEventGroups/:id/financialEvents`, () => {
        n += 1;
        return HttpResponse.json({ payload: { NextToken: `t${n}`, FinancialEvents: {} } });
      }),
    );
    const r = await ok('summarize_fees', { eventGroupId: 'FEG-2026-03-A' });
    expect(sent).toHaveLength(5);
    expect(r).toMatchObject({ pagesRead: 5, truncated: true, nextToken: 't5' });
  });

  it('list_settlements: the groups and the next page token', async () => {
    mocks.use(
      http.get(`${SP}/finances/v0/financialEventGroups`, () =>
        HttpResponse.json({
          payload: { FinancialEventGroupList: [{ FinancialEventGroupId: 'G1' }], NextToken: 'g2' },
        }),
      ),
    );
    expect(await ok('list_settlements', { nextToken: 'g1' })).toMatchObject({
      groups: [{ FinancialEventGroupId: 'G1' }],
      nextToken: 'g2',
    });
    expect(sent[0]?.query).toEqual({ NextToken: 'g1' });
  });

  it('list_refunds: each refund with its order, items and totals', async () => {
    const r = await ok('list_refunds', { postedAfter: '2026-03-01T00:00:00Z' });
    expect(r).toMatchObject({
      count: 1,
      refunds: [
        {
          amazonOrderId: '902-3159896-1390916',
          postedDate: '2026-03-10T09:00:00Z',
          marketplaceName: 'Amazon.com',
          items: [{ sellerSku: 'SKU-1000', quantity: 1 }],
          totals: [{ currencyCode: 'USD', net: -22.87 }],
        },
      ],
      pagesRead: 1,
      truncated: false,
    });
  });
});

describe('other reads', () => {
  it('get_inventory_summaries: the summaries and the next token from pagination', async () => {
    mocks.use(
      http.get(`${SP}/fba/inventory/v1/summaries`, () =>
        HttpResponse.json({
          payload: { inventorySummaries: [{ sellerSku: 'S' }] },
          pagination: { nextToken: 'p2' },
        }),
      ),
    );
    expect(await ok('get_inventory_summaries', { marketplaceId: CA, nextToken: 'p1' })).toMatchObject({
      granularity: { granularityType: 'Marketplace', granularityId: CA },
      inventorySummaries: [{ sellerSku: 'S' }],
      nextToken: 'p2',
    });
    expect(sent[0]?.query).toMatchObject({ nextToken: 'p1' });
  });

  it('get_pricing: itemType Asin without asins (or Sku without skus) is refused before any request', async () => {
    for (const [itemType, field] of [
      ['Asin', 'asins'],
      ['Sku', 'skus'],
    ]) {
      const env = await refused('get_pricing', {
        marketplaceId: US,
        itemType,
        asins: undefined,
        skus: undefined,
      });
      expect(env.details[0]?.path).toBe(field);
    }
    expect(sent).toEqual([]);
  });

  it('get_pricing and get_marketplace_participations: the payload list, or [] when there is none', async () => {
    mocks.use(
      http.get(`${SP}/products/pricing/v0/price`, () => HttpResponse.json({ payload: { not: 'a list' } })),
      http.get(`${SP}/sellers/v1/marketplaceParticipations`, () => HttpResponse.json({})),
    );
    expect(
      (await ok('get_pricing', { marketplaceId: US, itemType: 'Asin', asins: ['B08N5WRWNW'] })).prices,
    ).toEqual([]);
    expect((await ok('get_marketplace_participations', {})).participations).toEqual([]);
  });

  it('create_feed_document uploads the content and never returns the presigned URL', async () => {
    const r = await ok('create_feed_document', {
      contentType: 'text/plain; charset=UTF-8',
      content: 'hello',
    });
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/feeds/2021-06-30/documents',
      query: {},
      body: { contentType: 'text/plain; charset=UTF-8' },
    });
    expect(
      Object.keys(r)
        .filter((k) => k !== '_meta')
        .sort(),
    ).toEqual(['feedDocumentId', 'uploaded']);
    expect(r.uploaded).toBe(true);
    expect(JSON.stringify(r)).not.toMatch(/https?:/);
  });
});

describe('reports', () => {
  const DOCS = 'https://tortuga-prod-na.s3-external-1.amazonaws.com/NOT_A_REAL_BUCKET/:id';
  const create = { reportType: 'GET_MERCHANT_LISTINGS_ALL_DATA', marketplaceIds: [US] };

  it('run_report: creates the report (without its own wait arguments), reads it, returns the document', async () => {
    const r = await ok('run_report', { ...create, waitSeconds: 30, maxChars: 5 });
    const [post, get, doc] = sent;
    expect(post).toEqual({ method: 'POST', path: '/reports/2021-06-30/reports', query: {}, body: create });
    expect(get).toMatchObject({ method: 'GET', path: `/reports/2021-06-30/reports/${r.reportId}` });
    expect(doc).toMatchObject({ method: 'GET', path: `/reports/2021-06-30/documents/${r.reportDocumentId}` });
    expect(r).toMatchObject({
      processingStatus: 'DONE',
      ready: true,
      reportType: 'GET_MERCHANT_LISTINGS_ALL_DATA',
      truncated: true,
    });
    expect(r.content).toHaveLength(5);
  });

  it('run_report with a reportId waits on that report: nothing is created', async () => {
    const first = await ok('run_report', create);
    sent.length = 0;
    const again = await ok('run_report', { ...create, reportId: first.reportId });
    expect(sent.map((s) => s.method)).toEqual(['GET', 'GET']);
    expect(again).toMatchObject({ reportId: first.reportId, ready: true, content: first.content });
  });

  it('run_report not DONE in time: ready false with the reportId and a warning naming it', async () => {
    mocks.use(
      http.get(`${SP}/reports/2021-06-30/reports/:id`, ({ params }) =>
        HttpResponse.json({
          reportId: params.id,
          reportType: create.reportType,
          processingStatus: 'IN_QUEUE',
        }),
      ),
    );
    const r = await ok('run_report', { ...create, waitSeconds: 0 });
    expect(r).toMatchObject({ processingStatus: 'IN_QUEUE', ready: false, reportId: expect.any(String) });
    expect(r).not.toHaveProperty('content');
    expect(JSON.stringify(r._meta)).toContain(`reportId='${r.reportId}'`);
  });

  it('get_report_document: at most 100 000 characters unless told otherwise', async () => {
    const created = await ok('create_report', create);
    const report = await ok('get_report', { reportId: created.reportId });
    mocks.use(
      http.get(
        DOCS,
        () => new HttpResponse(gzipSync('x'.repeat(100_001)), { headers: { 'content-type': 'text/plain' } }),
      ),
    );
    const doc = await ok('get_report_document', {
      reportDocumentId: report.reportDocumentId,
      reportType: create.reportType,
    });
    expect(doc).toMatchObject({ truncated: true, reportType: create.reportType });
    expect(doc.content).toHaveLength(100_000);
    const whole = await ok('get_report_document', {
      reportDocumentId: report.reportDocumentId,
      reportType: create.reportType,
      maxChars: 200_000,
    });
    expect(whole).toMatchObject({ truncated: false });
    expect(whole.content).toHaveLength(100_001);
  });
});
