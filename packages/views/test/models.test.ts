// Each view's model from a real-shaped result: rows, chart series, facts, the next call.
import { describe, expect, test } from 'vitest';
import { chartSummary } from '../src/shared/chart-summary.js';
import { readResult } from '../src/shared/tool-result.js';
import { buildAmcResults } from '../src/views/amc-results.js';
import { buildBudgetUsage } from '../src/views/budget-usage.js';
import { buildCampaigns } from '../src/views/campaign-performance.js';
import { buildInventory } from '../src/views/fba-inventory.js';
import { buildFees } from '../src/views/fees.js';
import { buildOrders } from '../src/views/orders.js';
import { buildHealth } from '../src/views/pipeline-health.js';
import { buildQueryResults } from '../src/views/query-results.js';
import { buildSales } from '../src/views/sales-over-time.js';

const input = (args: Record<string, unknown> = {}) => ({ tool: undefined, arguments: args });

describe('view models', () => {
  test('sales: one row per bucket, units and sales series, currency and totals as facts', () => {
    const money = (amount: string) => ({ amount, currencyCode: 'EUR' });
    const model = buildSales({
      interval: '2026-03-01T00:00:00+01:00--2026-03-03T00:00:00+01:00',
      granularity: 'Day',
      granularityTimeZone: 'Europe/Berlin',
      metrics: [
        {
          interval: '2026-03-01T00:00+01:00--2026-03-02T00:00+01:00',
          unitCount: 2,
          orderCount: 1,
          totalSales: money('10.00'),
        },
        {
          interval: '2026-03-02T00:00+01:00--2026-03-03T00:00+01:00',
          unitCount: 0,
          orderCount: 0,
          totalSales: money('0.00'),
        },
      ],
      totals: { unitCount: 2, orderCount: 1, totalSales: money('10.00') },
    });
    expect(model.rows.map((r) => [r.period, r.units, r.sales])).toEqual([
      ['2026-03-01', 2, 10],
      ['2026-03-02', 0, 0],
    ]);
    expect(model.chart?.series.map((s) => s.currency)).toEqual([undefined, 'EUR']);
    expect(Object.fromEntries(model.facts)).toMatchObject({
      Currency: 'EUR',
      'Time zone': 'Europe/Berlin',
      Granularity: 'Day',
    });
  });

  test('orders v0: next page carries marketplaceIds and nextToken; 2026 model: paginationToken alone', () => {
    const v0 = buildOrders(
      {
        orders: [{ AmazonOrderId: '1', OrderTotal: { Amount: '5.00', CurrencyCode: 'USD' } }],
        nextToken: 'T',
      },
      input({ marketplaceIds: ['M'], createdAfter: 'x' }),
    );
    expect(v0.rows[0]).toMatchObject({ orderId: '1', total: 5 });
    expect(v0.next?.arguments).toEqual({ marketplaceIds: ['M'], nextToken: 'T' });
    const v2026 = buildOrders(
      { orders: [{ orderId: '2', orderItems: [] }], pagination: { nextToken: 'P' } },
      input(),
    );
    expect(v2026.next).toMatchObject({ tool: 'search_orders', arguments: { paginationToken: 'P' } });
    expect(v0.next?.tool).toBe('get_orders');
    expect(buildOrders({ orders: [] }, input()).next).toBeUndefined();
  });

  test('inventory: inbound sums three quantities; out of stock flagged', () => {
    const model = buildInventory(
      {
        inventorySummaries: [
          {
            sellerSku: 'A',
            totalQuantity: 0,
            inventoryDetails: {
              inboundWorkingQuantity: 1,
              inboundShippedQuantity: 2,
              inboundReceivingQuantity: 3,
            },
          },
        ],
      },
      input(),
    );
    expect(model.rows[0]?.inbound).toBe(6);
    expect(model.flag?.(model.rows[0] ?? {})).toBe('bad');
  });

  test('fees: one column per fee type, failed estimates flagged', () => {
    const model = buildFees({
      estimates: [
        {
          asin: 'A',
          status: 'Success',
          totalFees: { amount: 3, currency: 'USD' },
          fees: [{ type: 'ReferralFee', amount: 3, currency: 'USD' }],
        },
        {
          sku: 'S',
          status: 'ClientError',
          error: { code: 'InvalidParameterValue', message: 'bad sku' },
          fees: [],
        },
      ],
    });
    expect(model.columns.map((c) => c.key)).toContain('fee:ReferralFee');
    expect(model.chart?.series).toHaveLength(1);
    expect(model.flag?.(model.rows[1] ?? {})).toBe('bad');
  });

  test('campaigns: ACOS and ROAS from cost and the sales column', () => {
    const model = buildCampaigns(
      { reportId: 'r', status: 'COMPLETED', ready: true, rows: [{ campaignId: 'c', cost: 5, sales14d: 20 }] },
      input(),
    );
    expect(model.rows[0]).toMatchObject({ spend: 5, sales: 20, acos: 25, roas: 4 });
    expect(model.chart?.series.map((s) => s.key)).toEqual(['spend', 'sales']);
    const pending = buildCampaigns({ reportId: 'r', status: 'PENDING', ready: false, rows: [] }, input());
    expect(pending.next).toEqual({
      label: 'Check the report again',
      tool: 'download_report',
      arguments: { reportId: 'r' },
      keepInput: true,
    });
  });

  test('budget usage: success and error rows, chart of the successes only', () => {
    const model = buildBudgetUsage({
      success: [{ campaignId: 'a', budgetUsagePercent: 95 }],
      error: [{ campaignId: 'b', code: 'X' }],
    });
    expect(model.rows).toHaveLength(2);
    expect(model.chartRows).toHaveLength(1);
    expect(model.flag?.(model.rows[0] ?? {})).toBe('bad');
  });

  test('query results: declared column order, numeric non-id columns charted', () => {
    const model = buildQueryResults({
      columns: ['campaign_id', 'name', 'budget'],
      rows: [{ campaign_id: 1, name: 'x', budget: 5 }],
    });
    expect(model.columns.map((c) => [c.key, c.kind])).toEqual([
      ['campaign_id', 'text'],
      ['name', 'text'],
      ['budget', 'number'],
    ]);
    expect(model.chart?.series.map((s) => s.key)).toEqual(['budget']);
  });

  test('query results from CSV: numeric text becomes numbers, leading zeros stay text', () => {
    const model = buildQueryResults({
      columns: ['campaign_id', 'zip', 'budget'],
      rows: [
        { campaign_id: '1001', zip: '01234', budget: '50' },
        { campaign_id: '1002', zip: '98101', budget: '12.5' },
      ],
    });
    expect(model.columns.map((c) => [c.key, c.kind])).toEqual([
      ['campaign_id', 'text'],
      ['zip', 'text'],
      ['budget', 'number'],
    ]);
    // Ids stay as written: 18 digits are past a double's exact integers.
    expect(model.rows.map((r) => r.campaign_id)).toEqual(['1001', '1002']);
    expect(model.rows.map((r) => r.budget)).toEqual([50, 12.5]);
    expect(model.chart?.series.map((s) => s.key)).toEqual(['budget']);
  });

  test('AMC results: CSV text rows, numeric non-id columns charted, empty fields are missing values', () => {
    const model = buildAmcResults(
      {
        workflowExecutionId: 'e-1',
        status: 'SUCCEEDED',
        ready: true,
        columns: ['campaign_id', 'campaign', 'impressions', 'total_cost'],
        rows: [
          { campaign_id: '584000001000', campaign: 'A, US', impressions: '12000', total_cost: '' },
          { campaign_id: '584000001001', campaign: 'B', impressions: '9000', total_cost: '17.5' },
        ],
        returnedRows: 2,
        truncated: true,
        files: 1,
        workflowExecution: { timeWindowStart: '2026-04-01T00:00:00', timeWindowEnd: '2026-04-08T00:00:00' },
      },
      input({ instanceId: 'amcabc123def', sqlQuery: 'SELECT campaign_id,\n  campaign FROM dsp_impressions' }),
    );
    expect(model.columns.map((c) => c.kind)).toEqual(['text', 'text', 'number', 'number']);
    expect(model.rows.map((r) => r.total_cost)).toEqual([null, 17.5]);
    expect(model.chart?.series.map((s) => s.key)).toEqual(['impressions', 'total_cost']);
    expect(model.chart?.x).toBe('campaign');
    // What a person recognises leads (the query, its status and dates); the execution id is demoted.
    expect(Object.fromEntries(model.facts)).toMatchObject({
      Query: 'SELECT campaign_id, campaign FROM dsp_impressions',
      Status: 'Succeeded',
      'Time window': 'Apr 1, 2026 → Apr 8, 2026',
    });
    expect(JSON.stringify(model.facts)).not.toContain('e-1');
    expect(model.reference).toEqual({ label: 'Execution id', value: 'e-1' });
    expect(Object.fromEntries(model.facts).Rows).toContain('truncated');
    expect(model.next).toBeUndefined();
  });

  test('AMC results not ready: an empty state and get_amc_query_results in the same scope; FAILED: no call', () => {
    const pending = buildAmcResults(
      { workflowExecutionId: 'e-2', status: 'RUNNING', ready: false, rows: [] },
      input({ instanceId: 'amcabc123def', advertiserId: 'amcacct9US000001', sqlQuery: 'SELECT 1' }),
    );
    expect(pending.rows).toEqual([]);
    expect(pending.emptyText).toBe('The AMC execution is running; its rows come once it has succeeded.');
    expect(Object.fromEntries(pending.facts)).toMatchObject({ Query: 'SELECT 1', Status: 'Running' });
    expect(pending.next).toEqual({
      label: 'Check the execution again',
      tool: 'get_amc_query_results',
      arguments: { instanceId: 'amcabc123def', workflowExecutionId: 'e-2', advertiserId: 'amcacct9US000001' },
    });
    const failed = buildAmcResults(
      { workflowExecutionId: 'e-3', status: 'FAILED', ready: false, rows: [] },
      input({ instanceId: 'amcabc123def' }),
    );
    expect(failed.next).toBeUndefined();
    expect(failed.emptyText).toContain('failed');
    // A saved workflow is named by its id; an ad-hoc one (transient_…) by its SQL.
    const saved = buildAmcResults(
      { workflowExecution: { workflowExecutionId: 'e-4', workflowId: 'weekly_reach', status: 'PENDING' } },
      input({ instanceId: 'amcabc123def' }),
    );
    expect(Object.fromEntries(saved.facts).Query).toBe('weekly_reach');
    const adHoc = buildAmcResults(
      { workflowExecution: { workflowId: 'transient_1f0c', sqlQuery: `SELECT ${'x, '.repeat(60)}y` } },
      input({ instanceId: 'amcabc123def' }),
    );
    expect(Object.fromEntries(adHoc.facts).Query).toMatch(/^SELECT x, x, .*…$/);
    expect(Object.fromEntries(adHoc.facts).Query).toHaveLength(90);
  });

  test('health: counts per status, failing rows flagged', () => {
    const model = buildHealth({ healthchecks: [{ status: 'ERROR' }, { status: 'ERROR' }, { status: 'OK' }] });
    expect(model.chartRows).toEqual([
      { status: 'ERROR', count: 2 },
      { status: 'OK', count: 1 },
    ]);
    expect(model.flag?.(model.rows[0] ?? {})).toBe('bad');
  });
});

describe('tool results', () => {
  test('an isError result is read as the envelope in its text', () => {
    const envelope = {
      summary: 's',
      error_kind: 'rate_limited',
      error_code: 'RATE_LIMITED',
      retryable: true,
      hints: ['wait'],
      _meta: { retry_after_seconds: 3 },
    };
    expect(
      readResult({ isError: true, content: [{ type: 'text', text: JSON.stringify(envelope) }] }),
    ).toEqual({
      kind: 'envelope',
      envelope: {
        summary: 's',
        error_kind: 'rate_limited',
        error_code: 'RATE_LIMITED',
        retryable: true,
        hints: ['wait'],
        retry_after_seconds: 3,
      },
    });
  });

  test('structuredContent that is not an object (allowed since 2026-07-28) reads from the text instead', () => {
    const text = JSON.stringify({ rows: [1] });
    expect(readResult({ content: [{ type: 'text', text }], structuredContent: { rows: [2] } })).toEqual({
      kind: 'data',
      data: { rows: [2] },
    });
    expect(readResult({ content: [{ type: 'text', text }], structuredContent: [3] })).toEqual({
      kind: 'data',
      data: { rows: [1] },
    });
  });

  test('the chart summary names series, totals and extremes', () => {
    const text = chartSummary(
      { kind: 'bar', title: 't', x: 'k', series: [{ key: 'v', label: 'Value' }] },
      [
        { k: 'a', v: 1 },
        { k: 'b', v: 3 },
      ],
      2,
    );
    expect(text).toContain('Value: total 4, highest 3 (b), lowest 1 (a).');
  });
});
