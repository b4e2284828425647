// The curated seller workflows over stdio against the mocks: settlements and fee totals (paged to the
// end, bounded, resumable), refunds, fee estimates, sales metrics (interval/time zone rules) and the
// review request (eligibility first, behind SP_API_ENABLE_WRITES); each declares its operations.
import { validateEnvelope } from '@obmcp/contract/envelope';
import { OPERATIONS_META_KEY, type OperationMeta } from '@obmcp/openapi-tools';
import { callTool, type TestServer } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSp, US } from './helpers.js';

let sp: TestServer;
beforeAll(async () => {
  sp = await startSp({ SP_API_ENABLE_WRITES: 'true', SP_API_SELLER_ID: 'A2MOCKSELLER01' });
});
afterAll(async () => {
  await sp?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: free-form tool results in assertions
type Any = Record<string, any>;

async function ok(name: string, args: Record<string, unknown>): Promise<Any> {
  const out = await callTool(sp.client, name, args);
  expect(out.envelope, JSON.stringify(out.envelope)).toBeUndefined();
  return out.result as Any;
}

async function fails(name: string, args: Record<string, unknown>) {
  const { envelope } = await callTool(sp.client, name, args);
  expect(envelope, `${name} should fail`).toBeDefined();
  expect(validateEnvelope(envelope).valid).toBe(true);
  return envelope!;
}

const GROUP = 'FEG-2026-03-A';

describe('settlements and fee summaries (Finances v0)', () => {
  it('list_settlements shows the closed group and its total', async () => {
    const r = await ok('list_settlements', { startedAfter: '2026-03-01T00:00:00Z' });
    const group = r.groups.find((g: Any) => g.FinancialEventGroupId === GROUP);
    expect(group.OriginalTotal).toEqual({ CurrencyCode: 'USD', CurrencyAmount: 21.26 });
    expect(r.groups).toHaveLength(2);
  });

  it('summarize_fees totals a settlement group by type, and the net is the group total', async () => {
    const r = await ok('summarize_fees', { eventGroupId: GROUP });
    expect(r.truncated).toBe(false);
    expect(r.pagesRead).toBe(1);
    expect(r.eventCounts).toEqual({ ShipmentEventList: 2, RefundEventList: 1, ServiceFeeEventList: 1 });
    expect(r.totals).toHaveLength(1);
    const usd = r.totals[0];
    expect(usd.currencyCode).toBe('USD');
    expect(usd.net).toBe(21.26);
    expect(usd.charges).toEqual({ Principal: 89, Tax: 7.12 });
    expect(usd.fees).toEqual({
      Commission: -13.35,
      FBAPerUnitFulfillmentFee: -8.62,
      RefundCommission: -0.78,
      Subscription: -39.99,
    });
    expect(usd.promotions).toEqual({ PromotionMetaDataDefinitionValue: -5 });
    expect(usd.taxWithheld).toEqual({ 'MarketplaceFacilitatorTax-Principal': -7.12 });
  });

  it('pages to the end within maxPages, says truncated otherwise, and resumes with nextToken', async () => {
    const first = await ok('summarize_fees', { eventGroupId: GROUP, pageSize: 1, maxPages: 2 });
    expect(first.truncated).toBe(true);
    expect(first.pagesRead).toBe(2);
    expect(typeof first.nextToken).toBe('string');
    const rest = await ok('summarize_fees', {
      eventGroupId: GROUP,
      pageSize: 1,
      maxPages: 10,
      nextToken: first.nextToken,
    });
    expect(rest.truncated).toBe(false);
    expect(rest.pagesRead).toBe(2);
    expect(rest.nextToken).toBeUndefined();
    expect(Math.round((first.totals[0].net + rest.totals[0].net) * 100) / 100).toBe(21.26);
    const all = await ok('summarize_fees', { eventGroupId: GROUP, pageSize: 1, maxPages: 10 });
    expect(all.pagesRead).toBe(4);
    expect(all.totals[0].net).toBe(21.26);
  });

  it('a token only continues the arguments that produced it (the model: same arguments)', async () => {
    const first = await ok('summarize_fees', { eventGroupId: GROUP, pageSize: 1, maxPages: 1 });
    const env = await fails('summarize_fees', {
      eventGroupId: GROUP,
      pageSize: 2,
      nextToken: first.nextToken,
    });
    expect(env.error_code).toBe('SP_API_HTTP_400');
  });

  it('by order and by date range; other amounts are listed beside the net, not in it', async () => {
    const order = await ok('summarize_fees', { orderId: '902-3159896-1390916' });
    expect(order.totals[0].net).toBe(-4);
    const later = await ok('summarize_fees', { postedAfter: '2026-03-15T00:00:00Z' });
    expect(later.eventCounts).toEqual({ AdjustmentEventList: 1 });
    expect(later.totals[0].net).toBe(0);
    expect(later.totals[0].otherAmounts['AdjustmentEventList.AdjustmentAmount']).toBe(12);
  });

  it('asks for exactly one source, in order, before any call', async () => {
    expect((await fails('summarize_fees', {})).error_code).toBe('INPUT_VALIDATION_FAILED');
    const both = await fails('summarize_fees', { orderId: '902-3159896-1390916', eventGroupId: GROUP });
    expect(both.details.map((d) => d.path).sort()).toEqual(['eventGroupId', 'orderId']);
    const order = await fails('summarize_fees', {
      postedAfter: '2026-03-10T00:00:00Z',
      postedBefore: '2026-03-01T00:00:00Z',
    });
    expect(order.details[0]?.path).toBe('postedBefore');
    expect((await fails('summarize_fees', { eventGroupId: GROUP, maxPages: 99 })).error_code).toBe(
      'SCHEMA_MAXIMUM',
    );
  });

  it('list_refunds lists refund events with their order, SKU and totals', async () => {
    const r = await ok('list_refunds', {
      postedAfter: '2026-03-01T00:00:00Z',
      postedBefore: '2026-04-01T00:00:00Z',
    });
    expect(r.count).toBe(1);
    expect(r.refunds[0]).toMatchObject({
      amazonOrderId: '902-3159896-1390916',
      postedDate: '2026-03-10T09:00:00Z',
      items: [{ sellerSku: 'SKU-1000', quantity: 1 }],
    });
    expect(r.refunds[0].totals[0].charges).toEqual({ Principal: -25.99, Tax: -2.08 });
    expect(r.totals[0].net).toBe(-22.87);
  });
});

describe('fee estimates (Product Fees v0)', () => {
  it('one item by ASIN, and a batch of two', async () => {
    const one = await ok('estimate_fees', {
      marketplaceId: US,
      items: [{ asin: 'B08N5WRWNW', price: 49.99 }],
    });
    expect(one.estimates).toHaveLength(1);
    expect(one.estimates[0].asin).toBe('B08N5WRWNW');
    expect(Array.isArray(one.estimates[0].fees)).toBe(true);
    const two = await ok('estimate_fees', {
      marketplaceId: US,
      items: [
        { sku: 'SKU-1000', price: 25.99 },
        { asin: 'B07XJ8C8F5', price: 12.5, fulfilledByAmazon: false },
      ],
    });
    expect(two.estimates.map((e: Any) => e.sku ?? e.asin)).toEqual(['SKU-1000', 'B07XJ8C8F5']);
    // The Product Fees mock: a total is the sum of its fees, in the request's (marketplace) currency.
    for (const e of [...one.estimates, ...two.estimates]) {
      expect(e.status).toBe('Success');
      expect(e.totalFees.currency).toBe('USD');
      const cents = e.fees.reduce((n: number, f: Any) => n + Math.round(f.amount * 100), 0);
      expect(Math.round(e.totalFees.amount * 100)).toBe(cents);
    }
    // 15% referral on 49.99 plus the FBA fee; no FBA fee for the merchant-fulfilled item.
    expect(one.estimates[0].fees.find((f: Any) => f.type === 'ReferralFee').amount).toBe(7.5);
    expect(two.estimates[1].fees.find((f: Any) => f.type === 'FBAFees').amount).toBe(0);
  });

  it("Amazon's per-item error reaches the agent with the item (a SKU the seller does not have)", async () => {
    // One item (getMyFeesEstimateForSKU): the batch's usage plan (0.5/s, burst 1) is spent above.
    const r = await ok('estimate_fees', { marketplaceId: US, items: [{ sku: 'NO-SUCH-SKU', price: 10 }] });
    expect(r.estimates).toEqual([
      {
        sku: 'NO-SUCH-SKU',
        status: 'ClientError',
        totalFees: null,
        fees: [],
        error: {
          code: 'InvalidParameterValue',
          message: 'No ASIN found for SKU: NO-SUCH-SKU. Please make sure the SKU is valid.',
        },
      },
    ]);
  });

  it('each item names exactly one of asin and sku', async () => {
    const env = await fails('estimate_fees', {
      marketplaceId: US,
      items: [{ asin: 'B08N5WRWNW', sku: 'SKU-1000', price: 1 }],
    });
    expect(env.error_code).toBe('INPUT_VALIDATION_FAILED');
    expect(env.details[0]?.path).toBe('items/0');
  });
});

describe('sales metrics (Sales v1)', () => {
  it('calendar dates become local midnights of the time zone, across a DST change', async () => {
    const r = await ok('get_sales_metrics', {
      marketplaceId: US,
      startDate: '2026-03-01',
      endDate: '2026-03-09',
      timeZone: 'US/Pacific',
      granularity: 'Day',
    });
    expect(r.interval).toBe('2026-03-01T00:00:00-08:00--2026-03-09T00:00:00-07:00');
    expect(r.granularityTimeZone).toBe('US/Pacific');
    // The Sales mock answers one metric per local day; the fixture's four US orders fall in it.
    expect(r.metrics).toHaveLength(8);
    expect(r.metrics[7].interval).toBe('2026-03-08T00:00-08:00--2026-03-09T00:00-07:00');
    expect(r.totals).toEqual({
      unitCount: 4,
      orderItemCount: 4,
      orderCount: 4,
      totalSales: { amount: '132.98', currencyCode: 'USD' },
    });
    // East of UTC too: Berlin's midnight on its spring-forward day is still winter time (+01:00).
    const berlin = await ok('get_sales_metrics', {
      marketplaceId: US,
      startDate: '2026-03-29',
      endDate: '2026-03-30',
      timeZone: 'Europe/Berlin',
    });
    expect(berlin.interval).toBe('2026-03-29T00:00:00+01:00--2026-03-30T00:00:00+02:00');
    const utc = await ok('get_sales_metrics', {
      marketplaceId: US,
      startDate: '2026-03-01',
      endDate: '2026-03-02',
    });
    expect(utc.interval).toBe('2026-03-01T00:00:00Z--2026-03-02T00:00:00Z');
    expect(utc.granularityTimeZone).toBe('UTC');
  });

  it('refuses an offset that does not match the time zone, a reversed range and asin with sku', async () => {
    const misaligned = await fails('get_sales_metrics', {
      marketplaceId: US,
      startDate: '2026-03-01T00:00:00Z',
      endDate: '2026-03-02T00:00:00Z',
      timeZone: 'US/Pacific',
    });
    expect(misaligned.details[0]?.path).toBe('startDate');
    const reversed = await fails('get_sales_metrics', {
      marketplaceId: US,
      startDate: '2026-03-02',
      endDate: '2026-03-01',
    });
    expect(reversed.details[0]?.path).toBe('endDate');
    const both = await fails('get_sales_metrics', {
      marketplaceId: US,
      startDate: '2026-03-01',
      endDate: '2026-03-02',
      asin: 'B08N5WRWNW',
      sku: 'SKU-1000',
    });
    expect(both.error_code).toBe('INPUT_VALIDATION_FAILED');
    const zone = await fails('get_sales_metrics', {
      marketplaceId: US,
      startDate: '2026-03-01',
      endDate: '2026-03-02',
      timeZone: 'Mars/Olympus',
    });
    expect(zone.details[0]?.path).toBe('timeZone');
  });

  it('the Sales mock itself refuses a misaligned interval (sent by the generated get_order_metrics)', async () => {
    const sales = await startSp({ SP_API_TOOLSETS: 'sales' });
    try {
      const { envelope } = await callTool(sales.client, 'get_order_metrics', {
        marketplaceIds: [US],
        interval: '2026-03-01T00:00:00Z--2026-03-02T00:00:00Z',
        granularity: 'Day',
        granularityTimeZone: 'US/Pacific',
      });
      expect(envelope?.error_code).toBe('SP_API_HTTP_400');
      expect(JSON.stringify(envelope)).toContain('granularityTimeZone must be UTC');
      const aligned = await callTool(sales.client, 'get_order_metrics', {
        marketplaceIds: [US],
        interval: '2026-03-01T00:00:00-08:00--2026-03-02T00:00:00-08:00',
        granularity: 'Day',
        granularityTimeZone: 'US/Pacific',
      });
      expect(aligned.envelope).toBeUndefined();
    } finally {
      await sales.close();
    }
  });
});

describe('review request (Solicitations v1, a write)', () => {
  it('sends the request for an eligible (shipped) order', async () => {
    const r = await ok('request_review', { orderId: '902-3159896-1390916', marketplaceId: US });
    expect(r).toMatchObject({ sent: true, status: 201 });
  });

  it('an order Amazon offers no review request for gets a precise envelope, not a failed send', async () => {
    const env = await fails('request_review', { orderId: '113-7782341-5526704', marketplaceId: US });
    expect(env.error_code).toBe('INPUT_VALIDATION_FAILED');
    expect(env.details[0]?.path).toBe('orderId');
    expect(env.summary).toContain('none');
  });

  it('is not served without SP_API_ENABLE_WRITES', async () => {
    const ro = await startSp({ CODE_MODE: 'on' });
    try {
      const names = (await ro.client.listTools()).tools.map((t) => t.name);
      expect(names).not.toContain('request_review');
      const { envelope } = await callTool(ro.client, 'request_review', {
        orderId: '902-3159896-1390916',
        marketplaceId: US,
      });
      expect(envelope?.error_code).toBe('TOOL_NOT_FOUND');
    } finally {
      await ro.close();
    }
  });
});

describe('workflow tools declare the official operations they call', () => {
  it('_meta["io.obmcp/operations"] names each operation (the generated tools stay served)', async () => {
    const { tools } = await sp.client.listTools();
    const ops = (name: string) =>
      ((tools.find((t) => t.name === name)?._meta?.[OPERATIONS_META_KEY] ?? []) as OperationMeta[]).map(
        (m) => `${m.api} ${m.operationId}`,
      );
    expect(ops('summarize_fees')).toEqual([
      'financesV0 listFinancialEvents',
      'financesV0 listFinancialEventsByGroupId',
      'financesV0 listFinancialEventsByOrderId',
    ]);
    expect(ops('list_settlements')).toEqual(['financesV0 listFinancialEventGroups']);
    expect(ops('estimate_fees')).toHaveLength(3);
    expect(ops('get_sales_metrics')).toEqual(['sales getOrderMetrics']);
    expect(ops('request_review')).toEqual([
      'solicitations getSolicitationActionsForOrder',
      'solicitations createProductReviewAndSellerFeedbackSolicitation',
    ]);
  });
});
