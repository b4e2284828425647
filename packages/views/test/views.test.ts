// @vitest-environment happy-dom
// Each view as its user reads it: title, facts, column headings, rows, chart, flags, the next call and drill-downs.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../src/shared/format.js';
import type { CallInput, Row, ViewModel } from '../src/shared/view-model.js';
import { adsProfileExtras } from '../src/views/ads-profile.js';
import { amcProgram, buildAmcResults } from '../src/views/amc-results.js';
import { budgetProgram, buildBudgetUsage } from '../src/views/budget-usage.js';
import { buildCampaigns, campaignsProgram } from '../src/views/campaign-performance.js';
import { buildInventory, inventoryProgram } from '../src/views/fba-inventory.js';
import { buildFees, feesProgram } from '../src/views/fees.js';
import { buildOrders, ordersProgram } from '../src/views/orders.js';
import { buildHealth, healthProgram } from '../src/views/pipeline-health.js';
import { buildQueryResults, queryProgram } from '../src/views/query-results.js';
import { buildSales, salesProgram } from '../src/views/sales-over-time.js';

beforeEach(() => setLocale('en-US'));
afterEach(() => {
  setLocale(undefined);
  document.body.replaceChildren();
});

const call = (args: Record<string, unknown> = {}, extras?: CallInput['extras']): CallInput => ({
  tool: undefined,
  arguments: args,
  ...(extras ? { extras } : {}),
});
const facts = (m: ViewModel) => Object.fromEntries(m.facts);
const headings = (m: ViewModel) => m.columns.map((c) => c.label);
const flags = (m: ViewModel) => m.rows.map((r) => m.flag?.(r));

describe('the programs', () => {
  it('each names its view, heading and default tool, and builds with its builder', () => {
    expect(
      [
        queryProgram,
        amcProgram,
        budgetProgram,
        campaignsProgram,
        inventoryProgram,
        feesProgram,
        ordersProgram,
        healthProgram,
        salesProgram,
      ].map((p) => [p.name, p.title, p.defaultTool]),
    ).toEqual([
      ['query-results', 'Query results', 'execute_query'],
      ['amc-results', 'AMC query results', 'run_amc_query'],
      ['budget-usage', 'Budget usage', 'sp_campaigns_budget_usage'],
      ['campaign-performance', 'Campaign performance', 'run_report'],
      ['fba-inventory', 'FBA inventory by SKU', 'get_inventory_summaries'],
      ['fees', 'Estimated fees per item', 'estimate_fees'],
      ['orders', 'Orders', 'get_orders'],
      ['pipeline-health', 'Pipeline health', 'get_healthchecks'],
      ['sales-over-time', 'Sales over time', 'get_sales_metrics'],
    ]);
    expect(salesProgram.build({ granularity: 'Week' }, call()).title).toBe('Sales over time');
    expect(budgetProgram.prepare).toBe(adsProfileExtras);
    expect(campaignsProgram.prepare).toBe(adsProfileExtras);
  });
});

describe('Ads profile: currency and time zone', () => {
  it('from the active profile when the session has its details: one lookup', async () => {
    const calls: string[] = [];
    const extras = await adsProfileExtras(async (tool) => {
      calls.push(tool);
      return { profile: { currencyCode: 'EUR', timezone: 'Europe/Berlin' } };
    });
    expect(extras).toEqual({ currency: 'EUR', timeZone: 'Europe/Berlin' });
    expect(calls).toEqual(['get_active_profile']);
  });

  it('else from the listed profiles, by the active id', async () => {
    const calls: Array<[string, unknown]> = [];
    const extras = await adsProfileExtras(async (tool, args) => {
      calls.push([tool, args]);
      return tool === 'get_active_profile'
        ? { activeProfileId: '22', profile: { timezone: 'ignored' } }
        : {
            profiles: [
              { profileId: 11, currencyCode: 'USD', timezone: 'America/New_York' },
              { profileId: 22, currencyCode: 'GBP', timezone: 'Europe/London' },
            ],
          };
    });
    expect(extras).toEqual({ currency: 'GBP', timeZone: 'Europe/London' });
    expect(calls).toEqual([
      ['get_active_profile', {}],
      ['list_profiles', {}],
    ]);
  });

  it('the active id from the list when the session has none; nothing known: no extras', async () => {
    const listed = { activeProfileId: 11, profiles: [{ profileId: 11, currencyCode: 'JPY' }, 'junk'] };
    expect(await adsProfileExtras(async (tool) => (tool === 'list_profiles' ? listed : undefined))).toEqual({
      currency: 'JPY',
    });
    expect(await adsProfileExtras(async () => undefined)).toEqual({});
    expect(
      await adsProfileExtras(async (tool) =>
        tool === 'list_profiles' ? { profiles: [{ profileId: 5, currencyCode: 'USD' }] } : {},
      ),
    ).toEqual({});
  });
});

describe('query results', () => {
  it('rows, columns, storage and a truncation note', () => {
    const model = buildQueryResults({
      rows: [{ campaign: 'A', clicks: '3' }],
      columns: ['campaign', 'clicks'],
      row_count: 1000,
      truncated: true,
      key_name: 'warehouse-1',
    });
    expect(model).toEqual({
      title: 'Query results',
      facts: [
        ['Rows', '1000'],
        ['Columns', '2'],
        ['Truncated', 'yes: add a LIMIT or narrow the query for the rest'],
        ['Storage', 'warehouse-1'],
      ],
      columns: [
        { key: 'campaign', label: 'campaign', kind: 'text' },
        { key: 'clicks', label: 'clicks', kind: 'number' },
      ],
      rows: [{ campaign: 'A', clicks: 3 }],
      chart: {
        kind: 'bar',
        title: 'clicks by campaign',
        x: 'campaign',
        xTitle: 'campaign',
        series: [{ key: 'clicks', label: 'clicks' }],
      },
      emptyText: 'The query returned no rows.',
    });
  });

  it('without a count the rows are counted; nothing numeric: no chart', () => {
    const model = buildQueryResults({ rows: [{ a: 'x' }, { a: 'y' }], truncated: 'yes' });
    expect(model.facts).toEqual([
      ['Rows', '2'],
      ['Columns', '1'],
    ]);
    expect(model).not.toHaveProperty('chart');
  });
});

describe('AMC results', () => {
  it('a finished saved workflow: its name, status, midnight edges as days, rows and files', () => {
    const model = buildAmcResults(
      {
        workflowExecution: {
          workflowExecutionId: 'e-1',
          workflowId: 'weekly_reach',
          timeWindowStart: '2026-04-01T00:00:00Z',
          timeWindowEnd: '2026-04-08T06:30:00',
        },
        status: 'SUCCEEDED',
        ready: true,
        rows: [{ campaign: 'A', reach: '10' }],
        returnedRows: 1,
        files: 2,
      },
      call({ instanceId: 'i' }),
    );
    expect(model.facts).toEqual([
      ['Query', 'weekly_reach'],
      ['Status', 'Succeeded'],
      ['Time window', 'Apr 1, 2026 → Apr 8, 2026, 6:30 AM'],
      ['Rows', '1'],
      ['Files', '2'],
    ]);
    expect(model.title).toBe('AMC query results');
    expect(model.reference).toEqual({ label: 'Execution id', value: 'e-1' });
    expect(model).not.toHaveProperty('next');
    expect(model.chart?.title).toBe('reach by campaign');
    expect(model.emptyText).toBe('The AMC query returned no rows.');
  });

  it('truncated rows say how to get the rest; no file count is a dash', () => {
    const model = buildAmcResults(
      { ready: true, status: 'SUCCEEDED', truncated: true, rows: [{ a: 1 }] },
      call(),
    );
    expect(facts(model).Rows).toBe(
      '1 (truncated: aggregate in the SQL, or download the files, for the rest)',
    );
    expect(facts(model).Files).toBe('—');
    expect(model.facts.map(([k]) => k)).toEqual(['Status', 'Rows', 'Files']);
    expect(model).not.toHaveProperty('reference');
  });

  it('an ad-hoc query by its SQL on one line, cut at 90 characters; its window from the call', () => {
    const sql = `SELECT campaign,\n   SUM(impressions)   FROM   ${'x'.repeat(120)}`;
    const model = buildAmcResults(
      { workflowExecutionId: 'e-2', workflowExecution: { workflowId: 'transient_1234' } },
      call({ instanceId: 'amc1', sqlQuery: sql, timeWindowStart: '2026-04-01T00:00:00.000Z' }),
    );
    const query = facts(model).Query ?? '';
    expect(query).toHaveLength(90);
    expect(query.startsWith('SELECT campaign, SUM(impressions) FROM xxx')).toBe(true);
    expect(query.endsWith('x…')).toBe(true);
    expect(facts(model)['Time window']).toBe('Apr 1, 2026 → …');
    expect(facts(model).Status).toBe('Pending');
  });

  it('a short SQL is shown whole; an ad-hoc query without SQL by its transient name', () => {
    const short = buildAmcResults({ workflowExecution: { sqlQuery: '  SELECT 1  ' } }, call());
    expect(facts(short).Query).toBe('SELECT 1');
    const exactly90 = 'S'.repeat(90);
    expect(facts(buildAmcResults({}, call({ sqlQuery: exactly90 }))).Query).toBe(exactly90);
    expect(facts(buildAmcResults({}, call({ workflowId: 'transient_9' }))).Query).toBe('transient_9');
    expect(facts(buildAmcResults({}, call({ workflowId: 'mine' }))).Query).toBe('mine');
    expect(buildAmcResults({}, call()).facts.map(([k]) => k)).toEqual(['Status']);
    expect(facts(buildAmcResults({}, call({ timeWindowEnd: '2026-04-02' })))['Time window']).toBe(
      '… → Apr 2, 2026',
    );
  });

  it('still running: check again in the same AMC scope, the rows to come said in the empty state', () => {
    const model = buildAmcResults(
      { workflowExecutionId: 'e-3', status: 'RUNNING', ready: false },
      call({ instanceId: 'amc1', advertiserId: 'adv', marketplaceId: 'US', maxRows: 100, other: 1 }),
    );
    expect(model.next).toEqual({
      label: 'Check the execution again',
      tool: 'get_amc_query_results',
      arguments: {
        instanceId: 'amc1',
        workflowExecutionId: 'e-3',
        advertiserId: 'adv',
        marketplaceId: 'US',
        maxRows: 100,
      },
    });
    expect(model.emptyText).toBe('The AMC execution is running; its rows come once it has succeeded.');
    expect(facts(model)).not.toHaveProperty('Rows');
    expect(
      buildAmcResults({ workflowExecutionId: 'e', status: 'PENDING' }, call({ instanceId: 'i' })).next
        ?.arguments,
    ).toEqual({ instanceId: 'i', workflowExecutionId: 'e' });
  });

  it('no instance or no id: nothing to check again; a final status: no rows will come', () => {
    expect(buildAmcResults({ workflowExecutionId: 'e', status: 'RUNNING' }, call())).not.toHaveProperty(
      'next',
    );
    expect(buildAmcResults({ status: 'RUNNING' }, call({ instanceId: 'i' }))).not.toHaveProperty('next');
    for (const status of ['FAILED', 'CANCELLED', 'REJECTED', 'SUCCEEDED']) {
      const model = buildAmcResults({ workflowExecutionId: 'e', status }, call({ instanceId: 'i' }));
      expect(model).not.toHaveProperty('next');
      expect(model.emptyText).toBe(`The AMC execution is ${status.toLowerCase()}: it has no rows.`);
    }
  });
});

describe('budget usage', () => {
  it('each campaign with its share used, budget and update; failures with their reason; the chart of the successes', () => {
    const model = buildBudgetUsage(
      {
        body: {
          success: [
            {
              campaignId: 'a',
              budgetUsagePercent: 95,
              budget: 20,
              usageUpdatedTimestamp: '2026-03-01T10:00:00Z',
            },
            { campaignId: 'b', budgetUsagePercent: 75 },
            { campaignId: 'c', budgetUsagePercent: 74.9 },
            { campaignId: 'd', budgetUsagePercent: 90 },
          ],
          error: [
            { campaignId: 'x', code: 'NOT_FOUND', details: 'no such campaign' },
            { campaignId: 'y', code: 'THROTTLED' },
            { campaignId: 'z' },
          ],
        },
      },
      call({}, { currency: 'EUR' }),
    );
    expect(model.title).toBe('Budget usage');
    expect(model.facts).toEqual([
      ['Campaigns', '4'],
      ['Over 90 %', '2'],
      ['Failed', '3'],
    ]);
    expect(model.columns).toEqual([
      { key: 'campaignId', label: 'Campaign', kind: 'text', priority: 'key' },
      { key: 'usage', label: 'Budget used', kind: 'percent', priority: 'key' },
      { key: 'budget', label: 'Budget (EUR)', kind: 'money', priority: 'key', currency: 'EUR' },
      { key: 'updated', label: 'Updated', kind: 'date', priority: 'low' },
      { key: 'error', label: 'Error', kind: 'text', priority: 'low' },
    ]);
    expect(model.rows[0]).toEqual({
      campaignId: 'a',
      usage: 95,
      budget: 20,
      updated: '2026-03-01T10:00:00Z',
      error: null,
    });
    expect(model.rows.slice(4)).toEqual([
      { campaignId: 'x', usage: null, budget: null, updated: null, error: 'NOT_FOUND: no such campaign' },
      { campaignId: 'y', usage: null, budget: null, updated: null, error: 'THROTTLED' },
      { campaignId: 'z', usage: null, budget: null, updated: null, error: 'failed' },
    ]);
    expect(model.chartRows?.map((r) => r.campaignId)).toEqual(['a', 'b', 'c', 'd']);
    expect(model.chart).toEqual({
      kind: 'bar',
      title: 'Budget used per campaign',
      x: 'campaignId',
      xTitle: 'Campaign',
      series: [{ key: 'usage', label: 'Budget used', unit: '%' }],
    });
    expect(flags(model)).toEqual(['bad', 'warn', undefined, 'bad', 'bad', 'bad', 'bad']);
    expect(model.emptyText).toBe('No budget usage returned for these campaigns.');
  });

  it('an unwrapped answer, no currency: a plain budget number; no usage, no flag', () => {
    const model = buildBudgetUsage({ success: [{ campaignId: 'a', budget: 5 }] });
    expect(model.columns[2]).toEqual({ key: 'budget', label: 'Budget', kind: 'number', priority: 'key' });
    expect(flags(model)).toEqual([undefined]);
    expect(facts(model)['Over 90 %']).toBe('0');
  });
});

describe('campaign performance', () => {
  const rows = [
    {
      campaignName: 'Spring',
      campaignId: '1',
      impressions: 1000,
      clicks: 40,
      cost: 20,
      sales7d: 80,
      purchases7d: 4,
      startDate: '2026-05-01',
      endDate: '2026-05-07',
    },
    {
      campaignName: 'Summer',
      campaignId: '2',
      impressions: 0,
      clicks: 0,
      cost: 5,
      sales7d: 0,
      purchases7d: 0,
    },
  ];

  it('per campaign and in total: spend, sales and the ratios, in the profile currency', () => {
    const model = buildCampaigns(
      { reportId: 'r-1', status: 'COMPLETED', ready: true, rows },
      call({ startDate: '2026-04-01' }, { currency: 'USD' }),
    );
    expect(model.facts).toEqual([
      ['Dates', '2026-05-01 → 2026-05-07'],
      ['Status', 'COMPLETED'],
      ['Spend', '$25.00'],
      ['Sales', '$80.00'],
      ['ACOS', '31.3%'],
      ['ROAS', '3.20×'],
      ['CTR', '4%'],
      ['CPC', '$0.63'],
      ['CVR', '10%'],
      ['Campaigns', '2'],
    ]);
    expect(headings(model)).toEqual([
      'Campaign',
      'Campaign id',
      'Impressions',
      'Clicks',
      'CTR',
      'Spend',
      'CPC',
      'Sales 7d',
      'Orders (purchases7d)',
      'CVR',
      'ACOS',
      'ROAS',
    ]);
    expect(model.columns.map((c) => [c.key, c.kind, c.priority, c.currency])).toEqual([
      ['campaign', 'text', 'key', undefined],
      ['campaignId', 'text', 'low', undefined],
      ['impressions', 'number', 'low', undefined],
      ['clicks', 'number', 'low', undefined],
      ['ctr', 'percent', 'low', undefined],
      ['spend', 'money', 'key', 'USD'],
      ['cpc', 'money', 'low', 'USD'],
      ['sales', 'money', 'key', 'USD'],
      ['orders', 'number', 'low', undefined],
      ['cvr', 'percent', 'low', undefined],
      ['acos', 'percent', 'key', undefined],
      ['roas', 'ratio', 'low', undefined],
    ]);
    expect(model.rows).toEqual([
      {
        campaign: 'Spring',
        campaignId: '1',
        impressions: 1000,
        clicks: 40,
        spend: 20,
        sales: 80,
        orders: 4,
        acos: 25,
        roas: 4,
        ctr: 4,
        cpc: 0.5,
        cvr: 10,
      },
      {
        campaign: 'Summer',
        campaignId: '2',
        impressions: 0,
        clicks: 0,
        spend: 5,
        sales: 0,
        orders: 0,
        acos: null,
        roas: 0,
        ctr: null,
        cpc: null,
        cvr: null,
      },
    ]);
    expect(model.totals).toEqual({
      campaign: 'Total (2)',
      impressions: 1000,
      clicks: 40,
      spend: 25,
      sales: 80,
      orders: 4,
      acos: 31.25,
      roas: 3.2,
      ctr: 4,
      cpc: 0.625,
      cvr: 10,
    });
    expect(model.chart).toEqual({
      kind: 'bar',
      title: 'Spend and sales per campaign',
      x: 'campaign',
      xTitle: 'Campaign',
      series: [
        { key: 'spend', label: 'Spend', currency: 'USD' },
        { key: 'sales', label: 'Sales', currency: 'USD' },
      ],
    });
    expect(flags(model)).toEqual([undefined, 'warn']);
    expect(model.drill).toMatchObject({ label: 'Ad groups', tool: 'list_ad_groups', rowsKey: 'adGroups' });
    expect(model.drill?.arguments({ campaignId: null })).toBeUndefined();
    expect(model.reference).toEqual({ label: 'Report id', value: 'r-1' });
    expect(model).not.toHaveProperty('next');
    expect(model.emptyText).toBe('The report has no rows for these dates.');
    expect(model.title).toBe('Campaign performance');
  });

  it('older column names, a spend column, no currency, truncated: said so', () => {
    const model = buildCampaigns(
      {
        truncated: true,
        totalRows: 900,
        rows: [{ campaignId: '9', spend: 10, attributedSales14d: 0, attributedConversions14d: 1, clicks: 4 }],
      },
      call(),
    );
    expect(model.rows[0]).toMatchObject({ campaign: '9', spend: 10, sales: 0, orders: 1, acos: null });
    expect(headings(model)).toEqual([
      'Campaign',
      'Impressions',
      'Clicks',
      'CTR',
      'Spend',
      'CPC',
      'Sales 14d',
      'Orders (attributedConversions14d)',
      'CVR',
      'ACOS',
      'ROAS',
    ]);
    expect(model.columns.find((c) => c.key === 'spend')).toEqual({
      key: 'spend',
      label: 'Spend',
      kind: 'number',
      priority: 'key',
    });
    expect(facts(model)).toMatchObject({
      Dates: '—',
      Status: '—',
      Spend: '10',
      ACOS: '—',
      CTR: '—',
      Campaigns: '1 of 900 (truncated)',
      Currency: 'unknown (no active profile details)',
    });
    expect(model.chart?.series).toEqual([
      { key: 'spend', label: 'Spend' },
      { key: 'sales', label: 'Sales' },
    ]);
    expect(facts(buildCampaigns({ truncated: true, rows: [{ cost: 1 }] }, call())).Campaigns).toBe(
      '1 of ? (truncated)',
    );
  });

  it('a finished report without a sales column says which column to add; the ratios stay empty', () => {
    const model = buildCampaigns(
      { rows: [{ adGroupName: 'AG', cost: 3, impressions: 10, clicks: 1 }] },
      call(),
    );
    expect(facts(model).Note).toBe('add a sales column (e.g. sales14d) to the report for ACOS and ROAS');
    expect(model.rows[0]).toMatchObject({
      campaign: 'AG',
      sales: null,
      orders: null,
      roas: null,
      ctr: 10,
      cpc: 3,
    });
    expect(headings(model)).toContain('Sales (not in report)');
    expect(headings(model)).not.toContain('CVR');
    expect(model.chart?.series).toEqual([{ key: 'spend', label: 'Spend' }]);
    expect(facts(model).Sales).toBe('—');
    expect(buildCampaigns({ rows: [{}] }, call()).rows[0]?.campaign).toBe('—');
    expect(facts(buildCampaigns({ rows: [{ sales: 5, cost: 1 }] }, call()))).not.toHaveProperty('Note');
  });

  it('a report still running: its dates from the request, a check-again call that keeps them, the status in words', () => {
    const model = buildCampaigns(
      { reportId: 'r-2', status: 'PENDING', ready: false, rows: [], failureReason: 'queued' },
      call({ startDate: '2026-05-01T00:00:00Z' }),
    );
    expect(model.facts).toEqual([
      ['Dates', '2026-05-01 → —'],
      ['Status', 'PENDING'],
      ['Currency', 'unknown (no active profile details)'],
    ]);
    expect(model.next).toEqual({
      label: 'Check the report again',
      tool: 'download_report',
      arguments: { reportId: 'r-2' },
      keepInput: true,
    });
    expect(model).not.toHaveProperty('totals');
    expect(model.emptyText).toBe('The report is pending: queued.');
    expect(buildCampaigns({ ready: false }, call()).emptyText).toBe('The report is not ready.');
    expect(buildCampaigns({ ready: false }, call())).not.toHaveProperty('next');
    expect(buildCampaigns({ ready: false, status: 'FAILED' }, call()).emptyText).toBe(
      'The report is failed.',
    );
  });

  it('other dates re-run the same report; without a report type, no controls', () => {
    const runs: unknown[] = [];
    const input = call({
      reportTypeId: 'spCampaigns',
      startDate: '2026-05-01T00:00:00Z',
      endDate: '2026-05-08',
    });
    const form = campaignsProgram.controls?.(input, (a) => runs.push(a));
    if (!form) throw new Error('no controls');
    document.body.append(form);
    const [start, end] = [...form.querySelectorAll('input')];
    expect([start?.value, end?.value]).toEqual(['2026-05-01', '2026-05-08']);
    expect([...form.querySelectorAll('label')].map((l) => l.firstChild?.textContent)).toEqual(['From', 'To']);
    expect(form.querySelector('[data-role=run]')?.textContent).toBe('Run the report');
    if (end) end.value = '2026-05-15';
    form.querySelector<HTMLButtonElement>('[data-role=run]')?.click();
    expect(runs).toEqual([{ reportTypeId: 'spCampaigns', startDate: '2026-05-01', endDate: '2026-05-15' }]);
    expect(campaignsProgram.controls?.(call({ startDate: '2026-05-01' }), () => undefined)).toBeNull();
  });
});

describe('FBA inventory', () => {
  it('stock per SKU, inbound summed, totals, out of stock flagged, the next page', () => {
    const model = buildInventory(
      {
        granularity: { granularityId: 'A1PA6795UKMFR9' },
        nextToken: 'tok',
        inventorySummaries: [
          {
            sellerSku: 'MUG',
            asin: 'B01',
            productName: 'Mug',
            totalQuantity: 12,
            inventoryDetails: {
              fulfillableQuantity: 5,
              inboundWorkingQuantity: 1,
              inboundShippedQuantity: 2,
              inboundReceivingQuantity: 3,
              reservedQuantity: { totalReservedQuantity: 1 },
              unfulfillableQuantity: { totalUnfulfillableQuantity: 0 },
            },
          },
          { sellerSku: 'POT', totalQuantity: 0 },
        ],
      },
      call({ marketplaceIds: ['A1PA6795UKMFR9'] }),
    );
    expect(model.title).toBe('FBA inventory by SKU');
    expect(model.facts).toEqual([
      ['Marketplace', 'Amazon.de (DE)'],
      ['SKUs', '2'],
      ['Out of stock', '1'],
    ]);
    expect(model.rows).toEqual([
      {
        sku: 'MUG',
        asin: 'B01',
        product: 'Mug',
        fulfillable: 5,
        inbound: 6,
        reserved: 1,
        unfulfillable: 0,
        total: 12,
      },
      {
        sku: 'POT',
        asin: null,
        product: null,
        fulfillable: null,
        inbound: null,
        reserved: null,
        unfulfillable: null,
        total: 0,
      },
    ]);
    expect(model.totals).toEqual({ fulfillable: 5, inbound: 6, reserved: 1, unfulfillable: 0, total: 12 });
    expect(model.columns.map((c) => [c.key, c.label, c.kind, c.priority])).toEqual([
      ['sku', 'SKU', 'text', 'key'],
      ['asin', 'ASIN', 'text', 'low'],
      ['product', 'Product', 'text', 'low'],
      ['fulfillable', 'Fulfillable', 'number', 'key'],
      ['inbound', 'Inbound', 'number', 'low'],
      ['reserved', 'Reserved', 'number', 'low'],
      ['unfulfillable', 'Unfulfillable', 'number', 'low'],
      ['total', 'Total', 'number', 'key'],
    ]);
    expect(model.chart).toEqual({
      kind: 'bar',
      title: 'Units per SKU',
      x: 'sku',
      xTitle: 'SKU',
      series: [
        { key: 'fulfillable', label: 'Fulfillable', unit: 'units', integer: true },
        { key: 'inbound', label: 'Inbound', unit: 'units', integer: true },
        { key: 'reserved', label: 'Reserved', unit: 'units', integer: true },
      ],
    });
    expect(flags(model)).toEqual([undefined, 'bad']);
    expect(model.next).toEqual({
      label: 'Load the next page',
      arguments: { marketplaceIds: ['A1PA6795UKMFR9'], nextToken: 'tok' },
    });
    expect(model.emptyText).toBe('No FBA inventory for these filters.');
  });

  it('one SKU: no totals row; no marketplace: a dash; no token: no next page', () => {
    const model = buildInventory({ inventorySummaries: [{ sellerSku: 'A', inventoryDetails: {} }] }, call());
    expect(model).not.toHaveProperty('totals');
    expect(model).not.toHaveProperty('next');
    expect(facts(model).Marketplace).toBe('—');
    expect(model.rows[0]?.inbound).toBe(0);
  });
});

describe('fees', () => {
  it('per item: price asked, total fees, share, net, each fee type by name, one currency', () => {
    const model = buildFees(
      {
        estimates: [
          {
            sku: 'S1',
            status: 'Success',
            totalFees: { amount: 12.5, currency: 'EUR' },
            fees: [
              { type: 'ReferralFee', amount: 7.5 },
              { type: 'FBAFees', amount: 5 },
            ],
          },
          {
            asin: 'B2',
            status: 'ClientError',
            error: { code: 'InvalidParameterValue' },
            fees: [{ amount: 1 }],
          },
          { asin: 'B3', status: 'ServerError', error: { message: 'Try later', code: 'X' } },
        ],
      },
      call({ items: [{ asin: 'B2', price: 10 }, { sku: 'S1', price: { amount: '50' } }, { price: 20 }] }),
    );
    expect(model.title).toBe('Estimated fees per item');
    expect(model.facts).toEqual([
      ['Items', '3'],
      ['Currency', 'EUR'],
    ]);
    expect(model.rows).toEqual([
      {
        item: 'S1',
        status: 'Success',
        price: 50,
        total: 12.5,
        share: 25,
        net: 37.5,
        error: null,
        'fee:ReferralFee': 7.5,
        'fee:FBAFees': 5,
      },
      {
        item: 'B2',
        status: 'ClientError',
        price: 10,
        total: null,
        share: null,
        net: null,
        error: 'InvalidParameterValue',
        'fee:Other': 1,
      },
      {
        item: 'B3',
        status: 'ServerError',
        price: 20,
        total: null,
        share: null,
        net: null,
        error: 'Try later',
      },
    ]);
    expect(model.columns.map((c) => [c.key, c.label, c.kind, c.priority, c.currency])).toEqual([
      ['item', 'ASIN / SKU', 'text', 'key', undefined],
      ['status', 'Status', 'text', 'low', undefined],
      ['price', 'Price', 'money', 'low', 'EUR'],
      ['total', 'Total fees', 'money', 'key', 'EUR'],
      ['share', 'Fees % of price', 'percent', 'key', undefined],
      ['net', 'Net proceeds', 'money', 'key', 'EUR'],
      ['fee:ReferralFee', 'Referral fee', 'money', 'low', 'EUR'],
      ['fee:FBAFees', 'FBA fees', 'money', 'low', 'EUR'],
      ['fee:Other', 'Other', 'money', 'low', 'EUR'],
      ['error', 'Error', 'text', 'low', undefined],
    ]);
    expect(model.chart).toEqual({
      kind: 'bar',
      title: 'Fees per item by type (stacked to the total)',
      x: 'item',
      xTitle: 'ASIN / SKU',
      stacked: true,
      yTitle: 'Fees (EUR)',
      series: [
        { key: 'fee:ReferralFee', label: 'Referral fee', currency: 'EUR' },
        { key: 'fee:FBAFees', label: 'FBA fees', currency: 'EUR' },
        { key: 'fee:Other', label: 'Other', currency: 'EUR' },
      ],
    });
    expect(flags(model)).toEqual([undefined, 'bad', 'bad']);
    expect(model.flag?.({ status: null })).toBeUndefined();
    expect(model.emptyText).toBe('No fee estimates.');
  });

  it('mixed currencies are said so and shown without a currency; a zero price has no share', () => {
    const model = buildFees(
      {
        estimates: [
          { asin: 'A', totalFees: { amount: 1, currency: 'USD' } },
          { asin: 'B', totalFees: { amount: 1, currency: 'EUR' } },
        ],
      },
      call({ items: [{ asin: 'A', price: 0 }] }),
    );
    expect(facts(model).Currency).toBe('mixed');
    expect(model.columns.find((c) => c.key === 'total')).not.toHaveProperty('currency');
    expect(model.chart?.yTitle).toBe('Fees');
    expect(model.rows[0]).toMatchObject({ price: 0, share: null, net: -1 });
    expect(model.rows[1]).toMatchObject({ price: null, net: null });
    expect(facts(buildFees({}, undefined)).Currency).toBe('—');
  });

  it('a price matched by id wins over position; net proceeds rounded to cents', () => {
    const model = buildFees(
      {
        estimates: [
          { asin: 'A', totalFees: { amount: 1.111 } },
          { asin: 'B', totalFees: { amount: 2 } },
        ],
      },
      call({ items: [{ asin: 'B', price: 9 }, { price: 5.555 }] }),
    );
    expect(model.rows.map((r) => [r.price, r.net])).toEqual([
      [9, 7.89],
      [9, 7],
    ]);
    const unnamed = buildFees({ estimates: [{ totalFees: { amount: 1 } }] }, call({ items: [{ price: 3 }] }));
    expect(unnamed.rows[0]).toMatchObject({ item: null, price: 3 });
  });
});

describe('orders', () => {
  it('Orders v0: a page of orders with the channel, items, total, Prime, page revenue and totals', () => {
    const model = buildOrders(
      {
        nextToken: 'n1',
        orders: [
          {
            AmazonOrderId: '111-1',
            PurchaseDate: '2026-03-01T10:00:00Z',
            OrderStatus: 'Shipped',
            FulfillmentChannel: 'AFN',
            NumberOfItemsShipped: 2,
            NumberOfItemsUnshipped: 1,
            OrderTotal: { Amount: '10.10', CurrencyCode: 'USD' },
            IsPrime: true,
            MarketplaceId: 'ATVPDKIKX0DER',
          },
          { AmazonOrderId: '111-2', OrderTotal: { Amount: '0.2', CurrencyCode: 'USD' }, IsPrime: 'true' },
        ],
      },
      call({ marketplaceIds: ['ATVPDKIKX0DER'] }),
    );
    expect(model.title).toBe('Orders');
    expect(model.facts).toEqual([
      ['On this page', '2'],
      ['Page revenue', '$10.30'],
      ['More pages', 'yes'],
    ]);
    expect(model.rows).toEqual([
      {
        orderId: '111-1',
        purchased: '2026-03-01T10:00:00Z',
        status: 'Shipped',
        channel: 'Amazon (FBA)',
        items: 3,
        total: 10.1,
        currency: 'USD',
        prime: 'yes',
        marketplaceId: 'ATVPDKIKX0DER',
      },
      {
        orderId: '111-2',
        purchased: null,
        status: null,
        channel: null,
        items: 0,
        total: 0.2,
        currency: 'USD',
        prime: 'no',
        marketplaceId: null,
      },
    ]);
    expect(model.columns.map((c) => [c.key, c.label, c.kind, c.priority, c.currency])).toEqual([
      ['orderId', 'Order', 'text', 'key', undefined],
      ['purchased', 'Purchased', 'date', 'key', undefined],
      ['status', 'Status', 'text', 'low', undefined],
      ['channel', 'Fulfilled by', 'text', 'low', undefined],
      ['items', 'Items', 'number', 'low', undefined],
      ['total', 'Total', 'money', 'key', 'USD'],
      ['prime', 'Prime', 'text', 'low', undefined],
    ]);
    expect(model.totals).toEqual({ orderId: 'Page total (2)', items: 3, total: 10.3 });
    expect(model.drill).toMatchObject({ label: 'Items', tool: 'get_order_items', rowsKey: 'orderItems' });
    expect(model.drill?.arguments({ orderId: null })).toBeUndefined();
    expect(model.next).toEqual({
      label: 'Load the next page',
      tool: 'get_orders',
      arguments: { marketplaceIds: ['ATVPDKIKX0DER'], nextToken: 'n1' },
    });
    const link = model.columns[0]?.link;
    expect(link?.({ orderId: 5 })).toBeUndefined();
    expect(link?.({ orderId: 'x', marketplaceId: 5 })).toBe(
      'https://sellercentral.amazon.com/orders-v3/order/x',
    );
    expect(model.emptyText).toBe('No orders match these filters.');
  });

  it('v0 by its token alone, in several currencies: a currency column, no revenue, no totals of money', () => {
    const model = buildOrders(
      {
        nextToken: 'n2',
        orders: [
          { OrderTotal: { Amount: '1', CurrencyCode: 'USD' } },
          { OrderTotal: { Amount: '2', CurrencyCode: 'CAD' } },
        ],
      },
      call({ marketplaceIds: ['A', 'B'] }),
    );
    expect(model.columns.map((c) => c.key)).toEqual([
      'orderId',
      'purchased',
      'status',
      'channel',
      'items',
      'total',
      'currency',
      'prime',
    ]);
    expect(model.columns[6]).toEqual({ key: 'currency', label: 'Currency', kind: 'text', priority: 'low' });
    expect(model.facts).toEqual([
      ['On this page', '2'],
      ['More pages', 'yes'],
    ]);
    expect(model.totals).toEqual({ orderId: 'Page total (2)', items: 0 });
    expect(model.next?.arguments).toEqual({ marketplaceIds: ['A', 'B'], nextToken: 'n2' });
    // Two marketplaces asked: an order without its own marketplace has no page to link to.
    expect(model.columns[0]?.link?.({ orderId: '1' })).toBeUndefined();
    expect(buildOrders({ nextToken: 'n', orders: [] }, call()).next?.arguments).toEqual({ nextToken: 'n' });
  });

  it('Orders 2026: items and their prices summed, the marketplace, Prime from programs, search_orders to page', () => {
    const model = buildOrders(
      {
        pagination: { nextToken: 'p2' },
        orders: [
          {
            orderId: '222-1',
            createdTime: '2026-03-02T08:00:00Z',
            orderStatus: 'UNSHIPPED',
            fulfillment: { fulfillmentStatus: 'PENDING' },
            salesChannel: { marketplaceName: 'Amazon.de', marketplaceId: 'A1PA6795UKMFR9', channelName: 'X' },
            programs: ['PRIME'],
            orderItems: [
              {
                quantityOrdered: 2,
                product: { price: { unitPrice: { amount: '1.115', currencyCode: 'EUR' } } },
              },
              { quantityOrdered: 1, product: { price: { unitPrice: { amount: 3 } } } },
              { product: { price: { unitPrice: { amount: 100, currencyCode: 'EUR' } } } },
            ],
          },
          { orderId: '222-2', orderStatus: 'CANCELED', salesChannel: { channelName: 'Non-Amazon' } },
        ],
      },
      call(),
    );
    expect(model.rows).toEqual([
      {
        orderId: '222-1',
        purchased: '2026-03-02T08:00:00Z',
        status: 'PENDING',
        channel: 'Amazon.de',
        items: 3,
        total: 5.23,
        currency: 'EUR',
        prime: 'yes',
        marketplaceId: 'A1PA6795UKMFR9',
      },
      {
        orderId: '222-2',
        purchased: null,
        status: 'CANCELED',
        channel: 'Non-Amazon',
        items: 0,
        total: 0,
        currency: null,
        prime: 'no',
        marketplaceId: null,
      },
    ]);
    expect(headings(model)).toEqual([
      'Order',
      'Purchased',
      'Status',
      'Marketplace',
      'Items',
      'Items subtotal',
      'Prime',
    ]);
    expect(facts(model)['Page revenue']).toBe('€5.23');
    expect(model.totals).toEqual({ orderId: 'Page total (2)', items: 3, total: 5.23 });
    expect(model).not.toHaveProperty('drill');
    expect(model.next).toEqual({
      label: 'Load the next page',
      tool: 'search_orders',
      arguments: { paginationToken: 'p2' },
    });
    expect(model.columns[0]?.link?.(model.rows[0] as Row)).toBe(
      'https://sellercentral.amazon.de/orders-v3/order/222-1',
    );
  });

  it('no orders: no totals, no next page', () => {
    const model = buildOrders({ orders: [] }, call());
    expect(model).not.toHaveProperty('totals');
    expect(model).not.toHaveProperty('next');
    expect(facts(model)['More pages']).toBe('no');
  });
});

describe('pipeline health', () => {
  it('health checks: counted per status, failing flagged, a drill-down into jobs, the next page', () => {
    const model = buildHealth(
      {
        healthchecks: [
          {
            subscription_name: 'Orders feed',
            subscription_id: 7,
            product_name: 'SP Orders',
            status: 'ERROR',
            err_msg: 'token expired',
            hc_runtime: '2026-03-01T00:00:00Z',
            job_id: 'j1',
          },
          { subscription_id: '8', status: 'paused', message: 'by user' },
          { subscription_id: 'x', status: 'ok' },
          null,
        ],
        pagination: { has_next: true, next_page: 3 },
      },
      call({ page: 2, size: 10 }),
    );
    expect(model.title).toBe('Subscription health');
    expect(model.facts).toEqual([
      ['Checks', '4'],
      ['Failing', '1'],
      ['ERROR', '1'],
      ['paused', '1'],
      ['ok', '1'],
      ['unknown', '1'],
    ]);
    expect(model.rows[0]).toEqual({
      subscription: 'Orders feed',
      subscriptionId: 7,
      product: 'SP Orders',
      status: 'ERROR',
      message: 'token expired',
      checked: '2026-03-01T00:00:00Z',
      job: 'j1',
    });
    expect(model.rows[1]).toMatchObject({ subscription: '8', subscriptionId: 8, message: 'by user' });
    expect(model.rows[3]).toEqual({
      subscription: null,
      subscriptionId: null,
      product: null,
      status: null,
      message: null,
      checked: null,
      job: null,
    });
    expect(model.columns.map((c) => [c.key, c.label, c.kind, c.priority])).toEqual([
      ['subscription', 'Subscription', 'text', 'key'],
      ['product', 'Product', 'text', 'low'],
      ['status', 'Status', 'text', 'key'],
      ['message', 'Message', 'text', 'key'],
      ['checked', 'Checked', 'date', 'low'],
      ['job', 'Job', 'text', 'low'],
    ]);
    expect(model.chartRows).toEqual([
      { status: 'ERROR', count: 1 },
      { status: 'paused', count: 1 },
      { status: 'ok', count: 1 },
      { status: 'unknown', count: 1 },
    ]);
    expect(model.chart).toEqual({
      kind: 'bar',
      title: 'Checks per status',
      x: 'status',
      xTitle: 'Status',
      series: [{ key: 'count', label: 'Checks', integer: true }],
    });
    expect(flags(model)).toEqual(['bad', 'warn', undefined, undefined]);
    expect(model.drill).toMatchObject({ label: 'Jobs', tool: 'get_jobs', rowsKey: 'jobs' });
    expect(model.drill?.arguments(model.rows[0] as Row)).toEqual({ subscription_id: 7 });
    expect(model.drill?.arguments(model.rows[2] as Row)).toBeUndefined();
    expect(model.next).toEqual({ label: 'Load page 3', arguments: { page: 3, size: 10 } });
    expect(model.emptyText).toBe('No health checks: nothing has failed or run yet.');
  });

  it('jobs: their own columns and words, statuses counted, no drill-down', () => {
    const model = buildHealth({
      jobs: [
        {
          id: 'j1',
          subscription_id: 7,
          status: 'FAILED',
          report_date: '2026-03-01',
          schedule: 'daily',
          modified_at: '2026-03-02T00:00:00Z',
        },
        { id: 'j2', status: 'FAILED' },
        { id: 'j3', status: 'invalid config' },
        { id: 'j4', status: 'pending' },
        { id: 'j5', status: 'Warning' },
        { id: 'j6', status: 'inactive' },
      ],
    });
    expect(model.title).toBe('Job health');
    expect(model.facts).toEqual([
      ['Jobs', '6'],
      ['Failing', '3'],
      ['FAILED', '2'],
      ['invalid config', '1'],
      ['pending', '1'],
      ['Warning', '1'],
      ['inactive', '1'],
    ]);
    expect(model.rows[0]).toEqual({
      job: 'j1',
      subscription: '7',
      status: 'FAILED',
      reportDate: '2026-03-01',
      schedule: 'daily',
      modified: '2026-03-02T00:00:00Z',
    });
    expect(model.columns.map((c) => [c.key, c.label, c.kind, c.priority])).toEqual([
      ['job', 'Job', 'text', 'key'],
      ['subscription', 'Subscription', 'text', 'low'],
      ['status', 'Status', 'text', 'key'],
      ['reportDate', 'Report date', 'date', 'key'],
      ['schedule', 'Schedule', 'text', 'low'],
      ['modified', 'Modified', 'date', 'low'],
    ]);
    expect(model.chart?.title).toBe('Jobs per status');
    expect(model.chart?.series[0]?.label).toBe('Jobs');
    expect(flags(model)).toEqual(['bad', 'bad', 'bad', 'warn', 'warn', 'warn']);
    expect(model).not.toHaveProperty('drill');
    expect(model).not.toHaveProperty('next');
    expect(model.emptyText).toBe('No jobs for this subscription.');
  });

  it('a next page only when there is one and its number is known', () => {
    expect(
      buildHealth({ healthchecks: [], pagination: { has_next: false, next_page: 2 } }),
    ).not.toHaveProperty('next');
    expect(
      buildHealth({ healthchecks: [], pagination: { has_next: true, next_page: '2' } }),
    ).not.toHaveProperty('next');
    expect(buildHealth({ healthchecks: [], pagination: { has_next: true, next_page: 2 } }).next).toEqual({
      label: 'Load page 2',
      arguments: { page: 2 },
    });
  });
});

describe('sales over time', () => {
  it('hourly buckets by their hour; facts of the whole interval in its own calendar', () => {
    const model = buildSales({
      interval: '2026-03-01T00:00:00-08:00--2026-03-02T00:00:00-08:00',
      granularity: 'Hour',
      granularityTimeZone: 'America/Los_Angeles',
      totals: { unitCount: 1234, orderCount: 3, totalSales: { amount: '1234.5', currencyCode: 'USD' } },
      metrics: [
        {
          interval: '2026-03-01T09:00:00-08:00--2026-03-01T10:00:00-08:00',
          unitCount: 2,
          orderCount: 1,
          totalSales: { amount: '20', currencyCode: 'USD' },
          averageUnitPrice: { amount: '10' },
        },
      ],
    });
    expect(model.facts).toEqual([
      ['Interval', 'Mar 1, 2026 → Mar 2, 2026 (end exclusive)'],
      ['Granularity', 'Hour'],
      ['Time zone', 'America/Los_Angeles'],
      ['Currency', 'USD'],
      ['Units', '1,234'],
      ['Orders', '3'],
      ['Sales', '$1,234.50'],
    ]);
    expect(model.rows).toEqual([
      { period: '2026-03-01 09:00', units: 2, orders: 1, sales: 20, averageUnitPrice: 10 },
    ]);
    expect(model.columns).toEqual([
      { key: 'period', label: 'Hour', kind: 'date' },
      { key: 'units', label: 'Units', kind: 'number' },
      { key: 'orders', label: 'Orders', kind: 'number' },
      { key: 'sales', label: 'Sales (USD)', kind: 'money', currency: 'USD' },
      { key: 'averageUnitPrice', label: 'Avg unit price', kind: 'money', currency: 'USD' },
    ]);
    expect(model.chart).toEqual({
      kind: 'line',
      title: 'Units and sales per hour',
      x: 'period',
      xTitle: 'Period start',
      series: [
        { key: 'units', label: 'Units', integer: true },
        { key: 'sales', label: 'Sales', currency: 'USD' },
      ],
    });
    expect(model.title).toBe('Sales over time');
    expect(model.emptyText).toBe('No sales buckets in this interval.');
  });

  it('days by their date; the currency from a bucket when the totals have none; a total as bars', () => {
    const day = buildSales({
      granularity: 'Day',
      metrics: [
        { interval: 'bad', totalSales: { amount: 1 } },
        {
          interval: '2026-03-02T00:00:00Z--2026-03-03T00:00:00Z',
          totalSales: { amount: 1, currencyCode: 'GBP' },
        },
      ],
    });
    expect(day.rows.map((r) => r.period)).toEqual(['bad', '2026-03-02']);
    expect(facts(day)).toMatchObject({
      Currency: 'GBP',
      Interval: '—',
      'Time zone': 'UTC',
      Units: '0',
      Orders: '0',
    });
    expect(facts(day)).not.toHaveProperty('Sales');
    expect(day.columns[0]?.label).toBe('Period start');
    expect(buildSales({ granularity: 'Total' }).chart?.kind).toBe('bar');
    const none = buildSales({ metrics: [{}] });
    expect(facts(none)).toMatchObject({ Granularity: 'Day', Currency: 'mixed' });
    expect(none.rows).toEqual([
      { period: '', units: null, orders: null, sales: null, averageUnitPrice: null },
    ]);
    expect(none.columns[3]).toEqual({ key: 'sales', label: 'Sales', kind: 'money' });
    expect(none.chart?.series[1]).toEqual({ key: 'sales', label: 'Sales' });
    expect(facts(buildSales({ interval: '2026-03-01--' })).Interval).toBe('—');
  });

  it('other dates and another granularity re-run the metrics for the same marketplace', () => {
    const runs: unknown[] = [];
    const input = call({
      marketplaceId: 'ATVPDKIKX0DER',
      startDate: '2026-03-01T00:00:00Z',
      endDate: '2026-03-08',
      granularity: 'Week',
    });
    const form = salesProgram.controls?.(input, (a) => runs.push(a));
    if (!form) throw new Error('no controls');
    document.body.append(form);
    expect([...form.querySelectorAll('input')].map((i) => i.value)).toEqual(['2026-03-01', '2026-03-08']);
    expect([...form.querySelectorAll('option')].map((o) => o.value)).toEqual([
      'Hour',
      'Day',
      'Week',
      'Month',
      'Year',
      'Total',
    ]);
    const chosen = (f: HTMLElement | null | undefined) =>
      [...(f?.querySelectorAll('option') ?? [])]
        .filter((o) => o.hasAttribute('selected'))
        .map((o) => o.value);
    expect(chosen(form)).toEqual(['Week']);
    expect(form.querySelector('label:last-of-type')?.firstChild?.textContent).toBe('Per');
    expect(form.querySelector('[data-role=run]')?.textContent).toBe('Show');
    const select = form.querySelector('select');
    if (select) select.value = 'Month';
    form.querySelector<HTMLButtonElement>('[data-role=run]')?.click();
    expect(runs).toEqual([
      {
        marketplaceId: 'ATVPDKIKX0DER',
        startDate: '2026-03-01',
        endDate: '2026-03-08',
        granularity: 'Month',
      },
    ]);
    const daily = salesProgram.controls?.(call({ marketplaceId: 'X' }), () => undefined);
    expect(chosen(daily)).toEqual(['Day']);
    expect(salesProgram.controls?.(call({ marketplaceId: 5 }), () => undefined)).toBeNull();
  });
});
