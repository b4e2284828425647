// What the orders, finances, fees, pricing and sales tools answer an agent for each shape of upstream body
// (missing lists, odd types, errors per item) and the request each input shape sends, beyond tool-requests.test.ts.
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { bare, CA, SP, toolHarness, US } from './support/tool-calls.js';

const t = toolHarness();
const use = (...handlers: Parameters<ReturnType<typeof t.mocks>['use']>) => t.mocks().use(...handlers);
const ORDER = '902-3159896-1390916';

describe('orders', () => {
  it('get_order answers the payload as the order, nothing else', async () => {
    use(
      http.get(`${SP}/orders/v0/orders/:id`, () =>
        HttpResponse.json({ payload: { AmazonOrderId: ORDER, OrderStatus: 'Shipped' } }),
      ),
    );
    expect(bare(await t.ok('get_order', { orderId: ORDER }))).toEqual({
      order: { AmazonOrderId: ORDER, OrderStatus: 'Shipped' },
    });
    use(http.get(`${SP}/orders/v0/orders/:id`, () => HttpResponse.json({ payload: ['not', 'an', 'order'] })));
    expect(bare(await t.ok('get_order', { orderId: ORDER }))).toEqual({ order: {} });
  });

  it('get_order_items without AmazonOrderId, items or token: the asked id, [] and no nextToken', async () => {
    use(
      http.get(`${SP}/orders/v0/orders/:id/orderItems`, () =>
        HttpResponse.json({ payload: { OrderItems: 'x' } }),
      ),
    );
    expect(bare(await t.ok('get_order_items', { orderId: ORDER }))).toEqual({
      orderId: ORDER,
      orderItems: [],
    });
    expect(t.sent).toEqual([{ method: 'GET', path: `/orders/v0/orders/${ORDER}/orderItems`, query: {} }]);
  });

  it('get_order_items prefers the order id Amazon answers', async () => {
    use(
      http.get(`${SP}/orders/v0/orders/:id/orderItems`, () =>
        HttpResponse.json({
          payload: { AmazonOrderId: '111-0000000-0000000', OrderItems: [], NextToken: 7 },
        }),
      ),
    );
    expect(bare(await t.ok('get_order_items', { orderId: ORDER }))).toEqual({
      orderId: '111-0000000-0000000',
      orderItems: [],
    });
  });

  it('get_orders sends every filter under its model name; a non-string token or date is left out', async () => {
    use(
      http.get(`${SP}/orders/v0/orders`, () =>
        HttpResponse.json({
          payload: { Orders: { not: 'a list' }, NextToken: 5, CreatedBefore: null, LastUpdatedBefore: 1 },
        }),
      ),
    );
    const r = await t.ok('get_orders', {
      marketplaceIds: [US, CA],
      lastUpdatedAfter: '2026-03-01T00:00:00Z',
      lastUpdatedBefore: '2026-03-02T00:00:00Z',
      paymentMethods: ['COD', 'Other'],
      buyerEmail: 'buyer@example.com',
      sellerOrderId: 'S-1',
      amazonOrderIds: [ORDER],
    });
    expect(bare(r)).toEqual({ orders: [] });
    expect(t.sent).toEqual([
      {
        method: 'GET',
        path: '/orders/v0/orders',
        query: {
          MarketplaceIds: `${US},${CA}`,
          LastUpdatedAfter: '2026-03-01T00:00:00Z',
          LastUpdatedBefore: '2026-03-02T00:00:00Z',
          PaymentMethods: 'COD,Other',
          BuyerEmail: 'buyer@example.com',
          SellerOrderId: 'S-1',
          AmazonOrderIds: ORDER,
        },
      },
    ]);
  });

  it('get_orders: createdBefore is sent with createdAfter; mixing created and lastUpdated is refused', async () => {
    await t.call('get_orders', {
      marketplaceIds: [US],
      createdAfter: '2026-03-01T00:00:00Z',
      createdBefore: '2026-03-02T00:00:00Z',
    });
    expect(t.sent[0]?.query).toEqual({
      MarketplaceIds: US,
      CreatedAfter: '2026-03-01T00:00:00Z',
      CreatedBefore: '2026-03-02T00:00:00Z',
    });
    t.sent.length = 0;
    const env = await t.refused('get_orders', {
      marketplaceIds: [US],
      createdAfter: '2026-03-01T00:00:00Z',
      lastUpdatedAfter: '2026-03-01T00:00:00Z',
    });
    expect(env.error_code).toBe('INPUT_VALIDATION_FAILED');
    expect(t.sent).toEqual([]);
  });

  it('get_orders: maxResultsPerPage 100 is sent, 101 and 0 are refused before any request', async () => {
    await t.call('get_orders', {
      marketplaceIds: [US],
      createdAfter: '2026-03-01T00:00:00Z',
      maxResultsPerPage: 100,
    });
    expect(t.sent[0]?.query.MaxResultsPerPage).toBe('100');
    t.sent.length = 0;
    for (const n of [0, 101]) {
      const env = await t.refused('get_orders', {
        marketplaceIds: [US],
        createdAfter: '2026-03-01T00:00:00Z',
        maxResultsPerPage: n,
      });
      expect(env.details[0]?.path).toBe('maxResultsPerPage');
    }
    expect(t.sent).toEqual([]);
  });

  it('search_orders answers the body as it is; a page token alone resends page 1’s filters', async () => {
    let page = 0;
    use(
      http.get(`${SP}/orders/2026-01-01/orders`, () => {
        page += 1;
        return HttpResponse.json({
          orders: [{ orderId: `o${page}` }],
          ...(page === 1 ? { pagination: { nextToken: 'p2' } } : {}),
        });
      }),
    );
    const server = t.server();
    const first = await server.ok('search_orders', {
      lastUpdatedAfter: '2026-03-01T00:00:00Z',
      marketplaceIds: [US],
      fulfilledBy: ['AMAZON'],
      fulfillmentStatuses: ['SHIPPED'],
      maxResultsPerPage: 5,
    });
    expect(bare(first)).toEqual({ orders: [{ orderId: 'o1' }], pagination: { nextToken: 'p2' } });
    const second = await server.ok('search_orders', { paginationToken: 'p2', includedData: ['RECIPIENT'] });
    expect(bare(second)).toEqual({ orders: [{ orderId: 'o2' }] });
    expect(t.sent.map((s) => s.query)).toEqual([
      {
        lastUpdatedAfter: '2026-03-01T00:00:00Z',
        marketplaceIds: US,
        fulfilledBy: 'AMAZON',
        fulfillmentStatuses: 'SHIPPED',
        maxResultsPerPage: '5',
      },
      {
        lastUpdatedAfter: '2026-03-01T00:00:00Z',
        marketplaceIds: US,
        fulfilledBy: 'AMAZON',
        fulfillmentStatuses: 'SHIPPED',
        paginationToken: 'p2',
        includedData: 'RECIPIENT',
      },
    ]);
  });

  it('search_orders: a token the server never handed out is sent as given (no filters added)', async () => {
    use(http.get(`${SP}/orders/2026-01-01/orders`, () => HttpResponse.json(['odd'])));
    const r = await t.ok('search_orders', {
      paginationToken: 'unknown',
      createdAfter: '2026-03-01T00:00:00Z',
      marketplaceIds: [US],
    });
    expect(bare(r)).toEqual({});
    expect(t.sent[0]?.query).toEqual({
      paginationToken: 'unknown',
      createdAfter: '2026-03-01T00:00:00Z',
      marketplaceIds: US,
    });
  });

  it('search_orders without createdAfter or lastUpdatedAfter is refused before any request', async () => {
    const env = await t.refused('search_orders', { marketplaceIds: [US] });
    expect(env.error_code).toBe('INPUT_VALIDATION_FAILED');
    expect(t.sent).toEqual([]);
  });
});

describe('finances', () => {
  const events = (FinancialEvents: unknown, NextToken?: string) =>
    HttpResponse.json({ payload: { FinancialEvents, ...(NextToken ? { NextToken } : {}) } });

  it('list_settlements: no list → [], a non-string token is left out; every argument has its model name', async () => {
    use(
      http.get(`${SP}/finances/v0/financialEventGroups`, () =>
        HttpResponse.json({ payload: { FinancialEventGroupList: {}, NextToken: 3 } }),
      ),
    );
    expect(bare(await t.ok('list_settlements', {}))).toEqual({ groups: [] });
    expect(t.sent).toEqual([{ method: 'GET', path: '/finances/v0/financialEventGroups', query: {} }]);
  });

  it('list_settlements: maxResults 100 is sent, 101 is refused', async () => {
    await t.call('list_settlements', { maxResults: 100 });
    expect(t.sent[0]?.query).toEqual({ MaxResultsPerPage: '100' });
    t.sent.length = 0;
    expect((await t.refused('list_settlements', { maxResults: 101 })).details[0]?.path).toBe('maxResults');
    expect(t.sent).toEqual([]);
  });

  it('summarize_fees reads until the last page, merges the lists and totals them', async () => {
    let n = 0;
    use(
      http.get(`${SP}/finances/v0/orders/:id/financialEvents`, () => {
        n += 1;
        return events(
          {
            ServiceFeeEventList: [
              {
                FeeList: [
                  { FeeType: 'FBAInboundFee', FeeAmount: { CurrencyCode: 'USD', CurrencyAmount: -n } },
                ],
              },
            ],
          },
          n < 2 ? `t${n}` : undefined,
        );
      }),
    );
    const r = await t.ok('summarize_fees', { orderId: ORDER, pageSize: 3 });
    expect(r).toMatchObject({ pagesRead: 2, truncated: false });
    expect(r).not.toHaveProperty('nextToken');
    expect(JSON.stringify(r)).toContain('FBAInboundFee');
    expect(JSON.stringify(r)).toContain('-3');
    expect(t.sent.map((s) => s.query)).toEqual([
      { MaxResultsPerPage: '3' },
      { MaxResultsPerPage: '3', NextToken: 't1' },
    ]);
  });

  it('summarize_fees: maxPages as given (20 at most), and a nextToken continues that read', async () => {
    let n = 0;
    use(
      http.get(`${SP}/finances/v0/financialEventGroups/:id/financialEvents`, () => {
        n += 1;
        return events({}, `t${n}`);
      }),
    );
    const r = await t.ok('summarize_fees', { eventGroupId: 'G1', maxPages: 2, nextToken: 'start' });
    expect(r).toMatchObject({ pagesRead: 2, truncated: true, nextToken: 't2' });
    expect(t.sent.map((s) => s.query)).toEqual([
      { MaxResultsPerPage: '100', NextToken: 'start' },
      { MaxResultsPerPage: '100', NextToken: 't1' },
    ]);
    t.sent.length = 0;
    expect((await t.refused('summarize_fees', { eventGroupId: 'G1', maxPages: 21 })).details[0]?.path).toBe(
      'maxPages',
    );
    expect(t.sent).toEqual([]);
  });

  it('summarize_fees: a group and a date range together are refused before any request', async () => {
    const env = await t.refused('summarize_fees', {
      eventGroupId: 'G1',
      postedAfter: '2026-03-01T00:00:00Z',
      postedBefore: '2026-03-02T00:00:00Z',
    });
    expect(env).toMatchObject({
      error_code: 'INPUT_VALIDATION_FAILED',
      summary: 'Provide only one of eventGroupId, postedAfter.',
    });
    expect(t.sent).toEqual([]);
  });

  it('list_refunds: each refund as the agent reads it, odd entries skipped, missing fields absent', async () => {
    use(
      http.get(`${SP}/finances/v0/financialEvents`, () =>
        events({
          RefundEventList: [
            {
              AmazonOrderId: ORDER,
              PostedDate: '2026-03-10T09:00:00Z',
              MarketplaceName: 'Amazon.com',
              ShipmentItemAdjustmentList: [
                {
                  SellerSKU: 'SKU-1',
                  QuantityShipped: 2,
                  ItemChargeAdjustmentList: [
                    { ChargeType: 'Principal', ChargeAmount: { CurrencyCode: 'USD', CurrencyAmount: -20 } },
                  ],
                },
                'not an item',
                null,
                { QuantityShipped: '3' },
              ],
            },
            { ShipmentItemAdjustmentList: 'x' },
            ['an array'],
            null,
            7,
            'a refund',
          ],
        }),
      ),
    );
    const r = await t.ok('list_refunds', { postedAfter: '2026-03-01T00:00:00Z' });
    expect(r.count).toBe(2);
    expect(r.refunds).toHaveLength(2);
    expect(r.refunds[0]).toMatchObject({
      amazonOrderId: ORDER,
      postedDate: '2026-03-10T09:00:00Z',
      marketplaceName: 'Amazon.com',
    });
    // A quantity that is no number is left out, not passed on as text.
    expect(r.refunds[0].items).toEqual([{ sellerSku: 'SKU-1', quantity: 2 }, {}]);
    expect(r.refunds[0].items[1]).not.toHaveProperty('quantity');
    expect(r.refunds[0].totals).toEqual(r.totals);
    expect(JSON.stringify(r.totals)).toContain('-20');
    expect(r.refunds[1]).toEqual({ amazonOrderId: null, items: [], totals: expect.anything() });
    expect(r).toMatchObject({ pagesRead: 1, truncated: false });
  });

  it('list_refunds with no refund events: none, count 0', async () => {
    use(http.get(`${SP}/finances/v0/financialEvents`, () => events({ ShipmentEventList: [{}] })));
    const r = await t.ok('list_refunds', { postedAfter: '2026-03-01T00:00:00Z' });
    expect(r).toMatchObject({ refunds: [], count: 0 });
  });
});

describe('estimate_fees', () => {
  it('an answer without status, amounts or fee values reads as nulls, an error message defaults to ""', async () => {
    use(
      http.post(`${SP}/products/fees/v0/feesEstimate`, () =>
        HttpResponse.json([
          {
            FeesEstimate: {
              TotalFeesEstimate: { Amount: '1' },
              FeeDetailList: [{ FinalFee: { Amount: 2 } }, { FeeType: 'X', FinalFee: {} }],
            },
          },
          { Status: 'ServerError', Error: { Code: 'InternalError' } },
          { Error: { Message: 'no code' } },
        ]),
      ),
    );
    const r = await t.ok('estimate_fees', {
      marketplaceId: US,
      items: [
        { asin: 'B08N5WRWNW', price: 1 },
        { sku: 'SKU-2', price: 2 },
        { sku: 'SKU-3', price: 3 },
      ],
    });
    expect(r.estimates).toEqual([
      {
        asin: 'B08N5WRWNW',
        status: null,
        totalFees: null,
        fees: [
          { type: null, amount: 2, currency: null },
          { type: 'X', amount: null, currency: null },
        ],
      },
      {
        sku: 'SKU-2',
        status: 'ServerError',
        totalFees: null,
        fees: [],
        error: { code: 'InternalError', message: '' },
      },
      { sku: 'SKU-3', status: null, totalFees: null, fees: [] },
    ]);
  });

  it('JSON nulls where Amazon’s model has objects read as absent values, never a failure', async () => {
    use(
      http.post(`${SP}/products/fees/v0/feesEstimate`, () =>
        HttpResponse.json([
          { Status: 'Success', FeesEstimate: null, Error: null },
          { Status: 'Success', FeesEstimate: { TotalFeesEstimate: null, FeeDetailList: [null, []] } },
        ]),
      ),
    );
    const r = await t.ok('estimate_fees', {
      marketplaceId: US,
      items: [
        { asin: 'B08N5WRWNW', price: 1 },
        { sku: 'SKU-2', price: 2 },
      ],
    });
    expect(r.estimates).toEqual([
      { asin: 'B08N5WRWNW', status: 'Success', totalFees: null, fees: [] },
      {
        sku: 'SKU-2',
        status: 'Success',
        totalFees: null,
        fees: [
          { type: null, amount: null, currency: null },
          { type: null, amount: null, currency: null },
        ],
      },
    ]);
  });

  it('a batch answered with no list: one null estimate per item, in order', async () => {
    use(http.post(`${SP}/products/fees/v0/feesEstimate`, () => HttpResponse.json({ payload: [] })));
    const r = await t.ok('estimate_fees', {
      marketplaceId: US,
      items: [
        { sku: 'A', price: 1 },
        { sku: 'B', price: 1 },
      ],
    });
    expect(r.estimates).toEqual([
      { sku: 'A', status: null, totalFees: null, fees: [] },
      { sku: 'B', status: null, totalFees: null, fees: [] },
    ]);
  });

  it('one SKU: the FeesEstimateResult of the payload', async () => {
    use(
      http.post(`${SP}/products/fees/v0/listings/:sku/feesEstimate`, () =>
        HttpResponse.json({
          payload: {
            FeesEstimateResult: {
              Status: 'Success',
              FeesEstimate: { TotalFeesEstimate: { CurrencyCode: 'USD', Amount: 4 } },
            },
          },
        }),
      ),
    );
    const r = await t.ok('estimate_fees', { marketplaceId: US, items: [{ sku: 'SKU-1', price: 9 }] });
    expect(r.estimates).toEqual([
      { sku: 'SKU-1', status: 'Success', totalFees: { amount: 4, currency: 'USD' }, fees: [] },
    ]);
    expect(t.sent[0]).toMatchObject({
      method: 'POST',
      path: '/products/fees/v0/listings/SKU-1/feesEstimate',
    });
  });

  it('20 items go in one batch with item-0 … item-19; 21 are refused before any request', async () => {
    const items = Array.from({ length: 20 }, (_, i) => ({ sku: `S${i}`, price: i }));
    await t.call('estimate_fees', { marketplaceId: US, items });
    expect(t.sent).toHaveLength(1);
    const body = t.sent[0]?.body as Array<{ FeesEstimateRequest: { Identifier: string }; IdValue: string }>;
    expect(body.map((b) => [b.IdValue, b.FeesEstimateRequest.Identifier])).toEqual(
      items.map((it, i) => [it.sku, `item-${i}`]),
    );
    t.sent.length = 0;
    const env = await t.refused('estimate_fees', {
      marketplaceId: US,
      items: [...items, { sku: 'S20', price: 1 }],
    });
    expect(env.details[0]?.path).toBe('items');
    expect(t.sent).toEqual([]);
  });

  it('an item naming both asin and sku: the refusal names the item and shows the two forms', async () => {
    const env = await t.refused('estimate_fees', {
      marketplaceId: US,
      items: [{ asin: 'B08N5WRWNW', sku: 'S', price: 1 }],
    });
    expect(env).toMatchObject({
      error_code: 'INPUT_VALIDATION_FAILED',
      summary: 'items[0] must name exactly one of asin and sku.',
      details: [{ path: 'items/0', issue: 'exactly one of asin, sku is required', received_type: 'object' }],
    });
    expect(JSON.stringify(env.hints)).toContain('{asin: \\"B08N5WRWNW\\", price: 49.99}');
  });
});

describe('pricing', () => {
  it('get_item_offers sends the customer type and answers the payload as offers', async () => {
    use(
      http.get(`${SP}/products/pricing/v0/items/:asin/offers`, () =>
        HttpResponse.json({ payload: { ASIN: 'B08N5WRWNW', Offers: [] } }),
      ),
    );
    const r = await t.ok('get_item_offers', {
      asin: 'B08N5WRWNW',
      marketplaceId: US,
      itemCondition: 'Used',
      customerType: 'Business',
    });
    expect(bare(r)).toEqual({ offers: { ASIN: 'B08N5WRWNW', Offers: [] } });
    expect(t.sent).toEqual([
      {
        method: 'GET',
        path: '/products/pricing/v0/items/B08N5WRWNW/offers',
        query: { MarketplaceId: US, ItemCondition: 'Used', CustomerType: 'Business' },
      },
    ]);
  });

  it('get_pricing sends only the list its itemType names; the payload list is the answer', async () => {
    use(
      http.get(`${SP}/products/pricing/v0/price`, () =>
        HttpResponse.json({ payload: [{ status: 'Success', SellerSKU: 'SKU-1' }] }),
      ),
    );
    const r = await t.ok('get_pricing', {
      marketplaceId: US,
      itemType: 'Sku',
      skus: ['SKU-1', 'SKU-2'],
      asins: ['B08N5WRWNW'],
      offerType: 'B2C',
    });
    expect(bare(r)).toEqual({ prices: [{ status: 'Success', SellerSKU: 'SKU-1' }] });
    expect(t.sent[0]?.query).toEqual({
      MarketplaceId: US,
      ItemType: 'Sku',
      Skus: 'SKU-1,SKU-2',
      OfferType: 'B2C',
    });
  });

  it('get_pricing without its list: the refusal says which list and why', async () => {
    const env = await t.refused('get_pricing', { marketplaceId: US, itemType: 'Sku', asins: ['B08N5WRWNW'] });
    expect(env).toMatchObject({
      error_kind: 'mcp_input_validation',
      error_code: 'INPUT_VALIDATION_FAILED',
      summary: 'skus is required when itemType is Sku.',
      details: [{ path: 'skus', issue: 'required when itemType=Sku', received_type: 'undefined' }],
      hints: expect.arrayContaining(['Required: skus. See schema.']),
    });
    expect(t.sent).toEqual([]);
  });

  it('get_pricing: 20 asins are sent, 21 refused', async () => {
    const asins = Array.from({ length: 21 }, (_, i) => `B0000000${String(i).padStart(2, '0')}`);
    await t.call('get_pricing', { marketplaceId: US, itemType: 'Asin', asins: asins.slice(0, 20) });
    expect(t.sent[0]?.query.Asins?.split(',')).toHaveLength(20);
    t.sent.length = 0;
    expect(
      (await t.refused('get_pricing', { marketplaceId: US, itemType: 'Asin', asins })).details[0]?.path,
    ).toBe('asins');
    expect(t.sent).toEqual([]);
  });
});

describe('get_sales_metrics', () => {
  const metrics = (payload: unknown) =>
    use(http.get(`${SP}/sales/v1/orderMetrics`, () => HttpResponse.json({ payload })));

  it('a time zone shifts the interval and is sent with it; Total keeps granularityTimeZone', async () => {
    const r = await t.ok('get_sales_metrics', {
      marketplaceId: US,
      startDate: '2026-03-01',
      endDate: '2026-03-04',
      timeZone: 'US/Pacific',
      granularity: 'Total',
    });
    expect(t.sent[0]?.query).toEqual({
      marketplaceIds: US,
      interval: '2026-03-01T00:00:00-08:00--2026-03-04T00:00:00-08:00',
      granularity: 'Total',
      granularityTimeZone: 'US/Pacific',
    });
    expect(r).toMatchObject({ granularity: 'Total', granularityTimeZone: 'US/Pacific' });
  });

  it('totals skip non-numbers, round to the cent, and need one string currency', async () => {
    metrics([
      {
        unitCount: 2,
        orderItemCount: 3,
        orderCount: 1,
        totalSales: { amount: '10.004', currencyCode: 'USD' },
      },
      {
        unitCount: '9',
        orderItemCount: null,
        orderCount: 'x',
        totalSales: { amount: '0.006', currencyCode: 'USD' },
      },
      'not a bucket',
    ]);
    const r = await t.ok('get_sales_metrics', {
      marketplaceId: US,
      startDate: '2026-03-01',
      endDate: '2026-03-03',
    });
    expect(r.metrics).toHaveLength(3);
    expect(r.totals).toEqual({ unitCount: 2, orderItemCount: 3, orderCount: 1 });
    metrics([
      {
        unitCount: 1,
        orderItemCount: 1,
        orderCount: 1,
        totalSales: { amount: '10.004', currencyCode: 'EUR' },
      },
      {
        unitCount: 1,
        orderItemCount: 2,
        orderCount: 1,
        totalSales: { amount: '0.007', currencyCode: 'EUR' },
      },
    ]);
    const one = await t.ok('get_sales_metrics', {
      marketplaceId: US,
      startDate: '2026-03-01',
      endDate: '2026-03-03',
    });
    expect(one.totals).toEqual({
      unitCount: 2,
      orderItemCount: 3,
      orderCount: 2,
      totalSales: { amount: '10.01', currencyCode: 'EUR' },
    });
    metrics([{ unitCount: 1, totalSales: { amount: '1', currencyCode: 7 } }]);
    const odd = await t.ok('get_sales_metrics', {
      marketplaceId: US,
      startDate: '2026-03-01',
      endDate: '2026-03-03',
    });
    expect(odd.totals).toEqual({ unitCount: 1, orderItemCount: 0, orderCount: 0 });
  });

  it('a payload that is no list: no metrics, zero totals', async () => {
    metrics({ not: 'a list' });
    const r = await t.ok('get_sales_metrics', {
      marketplaceId: US,
      startDate: '2026-03-01',
      endDate: '2026-03-03',
    });
    expect(bare(r)).toEqual({
      interval: '2026-03-01T00:00:00Z--2026-03-03T00:00:00Z',
      granularity: 'Day',
      granularityTimeZone: 'UTC',
      metrics: [],
      totals: { unitCount: 0, orderItemCount: 0, orderCount: 0 },
    });
  });

  it('asin with sku: the refusal names both, as strings', async () => {
    const env = await t.refused('get_sales_metrics', {
      marketplaceId: US,
      startDate: '2026-03-01',
      endDate: '2026-03-02',
      asin: 'B08N5WRWNW',
      sku: 'SKU-1000',
    });
    expect(env).toMatchObject({
      summary: 'Provide only one of asin and sku (the Sales API rejects both).',
      details: [
        { path: 'asin', issue: 'at most one of these', received_type: 'string' },
        { path: 'sku', issue: 'at most one of these', received_type: 'string' },
      ],
    });
  });
});
