// Numbers in the user's terms: currency, locale and time zone, names for codes, totals and derived metrics.
import { afterEach, describe, expect, test } from 'vitest';
import { formatCell, formatDate, setLocale, setTimeZone } from '../src/shared/format.js';
import { modelContext } from '../src/shared/model-context.js';
import { channelName, feeName, marketplaceName } from '../src/shared/names.js';
import { buildBudgetUsage } from '../src/views/budget-usage.js';
import { buildCampaigns } from '../src/views/campaign-performance.js';
import { buildInventory } from '../src/views/fba-inventory.js';
import { buildFees } from '../src/views/fees.js';
import { buildOrders } from '../src/views/orders.js';
import { buildSales } from '../src/views/sales-over-time.js';

afterEach(() => {
  setLocale(undefined);
  setTimeZone(undefined);
});

const facts = (model: { facts: Array<[string, string]> }) => Object.fromEntries(model.facts);

describe('dates in the host time zone and locale', () => {
  test('an instant is shown in the host zone; a calendar day is not shifted', () => {
    setLocale('en-US');
    setTimeZone('America/Los_Angeles');
    expect(formatDate('2026-03-05T10:15:00Z')).toBe('Mar 5, 2026, 2:15 AM');
    expect(formatDate('2026-03-01')).toBe('Mar 1, 2026');
    setLocale('de-DE');
    setTimeZone('Europe/Berlin');
    expect(formatDate('2026-03-05T10:15:00Z')).toBe('05.03.2026, 11:15');
  });
  test('a date-time without an offset is a wall-clock time: shown as written, not moved into the host zone', () => {
    setLocale('en-US');
    setTimeZone('America/New_York');
    expect(formatDate('2026-03-01 00:00')).toBe('Mar 1, 2026, 12:00 AM');
    expect(formatDate('2026-03-01T18:30:00')).toBe('Mar 1, 2026, 6:30 PM');
    expect(formatDate('2026-03-01T18:30:00Z')).toBe('Mar 1, 2026, 1:30 PM');
  });
  test('percent and ratio follow the locale', () => {
    setLocale('de-DE');
    expect(formatCell(20, { key: 'a', label: 'a', kind: 'percent' })).toBe('20\u00a0%');
    setLocale('en-US');
    expect(formatCell(20, { key: 'a', label: 'a', kind: 'percent' })).toBe('20%');
    expect(formatCell(4, { key: 'r', label: 'r', kind: 'ratio' })).toBe('4.00×');
  });
});

describe('names for codes', () => {
  test('fulfilment channels, fee types, marketplaces', () => {
    expect(channelName('AFN')).toBe('Amazon (FBA)');
    expect(channelName('MFN')).toBe('Merchant');
    expect(feeName('VariableClosingFee')).toBe('Variable closing fee');
    expect(feeName('ShippingChargeback')).toBe('Shipping Chargeback');
    expect(marketplaceName('ATVPDKIKX0DER')).toBe('Amazon.com (US)');
    expect(marketplaceName('XYZ')).toBe('XYZ');
  });
  test('orders show the channel by name, the page revenue, a totals row and an items drill-down', () => {
    const model = buildOrders(
      {
        orders: [
          {
            AmazonOrderId: '1',
            FulfillmentChannel: 'AFN',
            NumberOfItemsShipped: 2,
            OrderTotal: { Amount: '10.50', CurrencyCode: 'USD' },
          },
          {
            AmazonOrderId: '2',
            FulfillmentChannel: 'MFN',
            NumberOfItemsUnshipped: 1,
            OrderTotal: { Amount: '4.50', CurrencyCode: 'USD' },
          },
        ],
      },
      { tool: 'get_orders', arguments: {} },
    );
    expect(model.rows.map((r) => r.channel)).toEqual(['Amazon (FBA)', 'Merchant']);
    expect(facts(model)['Page revenue']).toBe('$15.00');
    expect(model.totals).toMatchObject({ total: 15, items: 3 });
    expect(model.drill?.tool).toBe('get_order_items');
    expect(model.drill?.arguments(model.rows[0] ?? {})).toEqual({ orderId: '1' });
    expect(model.columns.filter((c) => c.priority === 'key').map((c) => c.key)).toEqual([
      'orderId',
      'purchased',
      'total',
    ]);
  });
  test('inventory names the marketplace and sums the stock', () => {
    const model = buildInventory(
      {
        granularity: { granularityType: 'Marketplace', granularityId: 'ATVPDKIKX0DER' },
        inventorySummaries: [
          { sellerSku: 'a', totalQuantity: 3, inventoryDetails: { fulfillableQuantity: 3 } },
          { sellerSku: 'b', totalQuantity: 0, inventoryDetails: { fulfillableQuantity: 0 } },
        ],
      },
      { tool: undefined, arguments: {} },
    );
    expect(facts(model).Marketplace).toBe('Amazon.com (US)');
    expect(model.totals).toMatchObject({ fulfillable: 3, total: 3 });
  });
});

describe('derived metrics', () => {
  test('fees: price from the request, fee %, net proceeds, fee names, stacked', () => {
    const model = buildFees(
      {
        estimates: [
          {
            asin: 'B1',
            status: 'Success',
            totalFees: { amount: 10, currency: 'USD' },
            fees: [
              { type: 'ReferralFee', amount: 7.5 },
              { type: 'FBAFees', amount: 2.5 },
            ],
          },
        ],
      },
      { tool: 'estimate_fees', arguments: { items: [{ asin: 'B1', price: 50 }] } },
    );
    expect(model.rows[0]).toMatchObject({ price: 50, total: 10, share: 20, net: 40 });
    expect(model.chart?.stacked).toBe(true);
    expect(model.chart?.series.map((s) => s.label)).toEqual(['Referral fee', 'FBA fees']);
  });
  test('campaigns: currency from the profile, blended ACOS/ROAS, CTR, CPC, CVR and a totals row', () => {
    const model = buildCampaigns(
      {
        reportId: 'r',
        status: 'COMPLETED',
        ready: true,
        rows: [
          { campaignId: '1', impressions: 1000, clicks: 50, cost: 25, sales14d: 100, purchases14d: 5 },
          { campaignId: '2', impressions: 1000, clicks: 50, cost: 75, sales14d: 100, purchases14d: 5 },
        ],
      },
      { tool: 'run_report', arguments: {}, extras: { currency: 'EUR' } },
    );
    const f = facts(model);
    expect(f.Spend).toBe('€100.00');
    expect(f.ACOS).toBe('50%');
    expect(f.ROAS).toBe('2.00×');
    expect(f.CTR).toBe('5%');
    expect(f.CPC).toBe('€1.00');
    expect(f.CVR).toBe('10%');
    expect(model.totals).toMatchObject({
      spend: 100,
      sales: 200,
      acos: 50,
      roas: 2,
      ctr: 5,
      cpc: 1,
      cvr: 10,
    });
    expect(model.columns.find((c) => c.key === 'spend')).toMatchObject({ kind: 'money', currency: 'EUR' });
    expect(model.chart?.series.every((s) => s.currency === 'EUR')).toBe(true);
    expect(model.drill?.arguments(model.rows[0] ?? {})).toEqual({ campaignIdFilter: ['1'] });
  });
  test('campaigns pending: the dates of the request stay, and no false note about a sales column', () => {
    const model = buildCampaigns(
      { reportId: 'r', status: 'PENDING', ready: false, rows: [] },
      {
        tool: 'run_report',
        arguments: { startDate: '2026-05-01', endDate: '2026-05-07', columns: ['cost', 'sales14d'] },
      },
    );
    const f = facts(model);
    expect(f.Dates).toBe('2026-05-01 → 2026-05-07');
    expect(f.Note).toBeUndefined();
  });
  test('budget usage: the budget in the profile currency', () => {
    const model = buildBudgetUsage(
      { success: [{ campaignId: 'a', budgetUsagePercent: 50, budget: 20 }], error: [] },
      { tool: undefined, arguments: {}, extras: { currency: 'GBP' } },
    );
    expect(model.columns.find((c) => c.key === 'budget')).toMatchObject({ kind: 'money', currency: 'GBP' });
  });
  test('sales: the interval as days of its own calendar', () => {
    setLocale('en-US');
    const model = buildSales({
      interval: '2026-03-01T00:00:00-08:00--2026-03-08T00:00:00-08:00',
      granularity: 'Day',
      metrics: [],
      totals: {},
    });
    expect(facts(model).Interval).toBe('Mar 1, 2026 → Mar 8, 2026 (end exclusive)');
  });
});

describe('model context: what the user sees', () => {
  test('filter, sort, page, selection and the date range', () => {
    const ctx = modelContext({
      view: 'campaign-performance',
      model: { title: 'Campaign performance', facts: [], columns: [], rows: [{}, {}, {}], emptyText: '' },
      input: { tool: 'run_report', arguments: { startDate: '2026-05-01', endDate: '2026-05-07' } },
      table: {
        sort: { key: 'spend', direction: 'descending' },
        filter: 'Mock',
        page: 0,
        pages: 1,
        visibleRows: 2,
      },
      selected: { campaign: 'Mock 1' },
      state: 'ready',
    });
    expect(ctx.structuredContent).toMatchObject({
      view: 'campaign-performance',
      dateRange: { startDate: '2026-05-01', endDate: '2026-05-07' },
      table: {
        filter: 'Mock',
        sort: { key: 'spend', direction: 'descending' },
        visibleRows: 2,
        totalRows: 3,
      },
      selected: { campaign: 'Mock 1' },
    });
    expect(ctx.content[0]?.text).toContain('Filtered by "Mock": 2 of 3 rows.');
    expect(ctx.content[0]?.text).toContain('Sorted by spend, descending.');
  });
});
