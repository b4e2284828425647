// The tool calls each view is shown with in the browser tests: real calls to the real servers under the mocks.
import type { AppName } from '@obmcp/test-kit';

export interface Case {
  app: AppName;
  id: string;
  tool: string;
  arguments: Record<string, unknown>;
  /** Rows the tool returned (from its own result) → expected table rows. */
  rows: (data: Record<string, unknown>) => number;
  series: number;
}

const len = (v: unknown) => (Array.isArray(v) ? v.length : 0);

export const AMC_INSTANCE = 'amcabc123def';
export const AMC_SQL =
  'SELECT campaign_id, campaign, SUM(impressions) AS impressions FROM dsp_impressions GROUP BY 1, 2';
export const AMC_WEEK = { timeWindowStart: '2026-04-01T00:00:00', timeWindowEnd: '2026-04-08T00:00:00' };

export const CASES: Case[] = [
  {
    app: 'sp-mcp',
    id: 'sales-over-time',
    tool: 'get_sales_metrics',
    arguments: {
      marketplaceId: 'ATVPDKIKX0DER',
      startDate: '2026-03-01',
      endDate: '2026-03-08',
      timeZone: 'US/Pacific',
    },
    rows: (d) => len(d.metrics),
    series: 2,
  },
  {
    app: 'sp-mcp',
    id: 'fba-inventory',
    tool: 'get_inventory_summaries',
    arguments: { marketplaceId: 'ATVPDKIKX0DER', details: true },
    rows: (d) => len(d.inventorySummaries),
    series: 3,
  },
  {
    app: 'sp-mcp',
    id: 'fees',
    tool: 'estimate_fees',
    arguments: {
      marketplaceId: 'ATVPDKIKX0DER',
      items: [
        { asin: 'B08N5WRWNW', price: 49.99 },
        { sku: 'SKU-1000', price: 19.99 },
      ],
    },
    rows: (d) => len(d.estimates),
    series: 4,
  },
  {
    app: 'ads-mcp',
    id: 'campaign-performance',
    tool: 'run_report',
    arguments: {
      startDate: '2026-04-01',
      endDate: '2026-04-07',
      reportTypeId: 'spCampaigns',
      groupBy: ['campaign'],
      columns: ['campaignId', 'impressions', 'clicks', 'cost', 'sales14d', 'startDate', 'endDate'],
      timeUnit: 'SUMMARY',
    },
    rows: (d) => len(d.rows),
    series: 2,
  },
  {
    app: 'ads-mcp',
    id: 'budget-usage',
    tool: 'sp_campaigns_budget_usage',
    arguments: { body: { campaignIds: ['100000000001'] } },
    // The mocks sample the spec's answer: campaigns that succeeded and campaigns that failed, one row each.
    rows: (d) => len(d.success) + len(d.error),
    series: 1,
  },
  {
    app: 'ads-mcp',
    id: 'amc-results',
    tool: 'run_amc_query',
    arguments: { instanceId: AMC_INSTANCE, sqlQuery: AMC_SQL, ...AMC_WEEK },
    rows: (d) => len(d.rows),
    // impressions, clicks, purchases, total_cost (campaign_id is an id, campaign the bars' labels).
    series: 4,
  },
  {
    app: 'openbridge-mcp',
    id: 'query-results',
    tool: 'execute_query',
    arguments: {
      query: 'SELECT campaign_id, budget FROM amzadv_sp_campaigns_master LIMIT 10',
      key_name: 'acme_redshift_1688',
    },
    rows: (d) => len(d.rows),
    series: 1,
  },
  {
    app: 'openbridge-mcp',
    id: 'pipeline-health',
    tool: 'get_healthchecks',
    arguments: {},
    rows: (d) => len(d.healthchecks),
    series: 1,
  },
];
