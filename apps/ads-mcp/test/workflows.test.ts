// Curated advertiser workflows over stdio (one process, writes on): a report in one call, keyword and
// bid recommendations, negative keywords, budget changes, SB/SD campaign and portfolio reads, AMC saved
// workflows and schedules; and Code Mode reaching an operation outside the listed toolsets.
import type { TestServer } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fail, ok, start, US_PROFILE } from './helpers.js';

let s: TestServer;
beforeAll(async () => {
  s = await start({
    ADS_API_ENABLE_WRITES: 'true',
    ADS_API_PROFILE_ID: String(US_PROFILE),
    ADS_API_TOOLSETS: 'curated,sp,sb,sd,amc,accounts',
    CODE_MODE: 'on',
  });
});
afterAll(() => s.close());

const campaignId = '111100000000001';
const adGroupId = '111110000000001';

describe('reporting', () => {
  it('run_report creates, waits and returns the rows in one call', async () => {
    const r = await ok(s, 'run_report', {
      startDate: '2026-03-01',
      endDate: '2026-03-07',
      reportTypeId: 'spCampaigns',
      groupBy: ['campaign'],
      columns: ['impressions', 'clicks', 'campaignId'],
    });
    expect(r).toMatchObject({ ready: true, status: 'COMPLETED', totalRows: 5, truncated: false });
  });

  it('run_report with waitSeconds 0 only creates; a repeat reuses the queued duplicate', async () => {
    const request = {
      startDate: '2026-02-01',
      endDate: '2026-02-07',
      reportTypeId: 'spSearchTerm',
      groupBy: ['searchTerm'],
      columns: ['impressions', 'searchTerm'],
      waitSeconds: 0,
    };
    const first = await ok(s, 'run_report', request);
    expect(first).toMatchObject({ ready: false, status: 'PENDING' });
    const again = await ok(s, 'run_report', { ...request, waitSeconds: 60 });
    expect(again).toMatchObject({ reportId: first.reportId, ready: true });
  });
});

describe('Sponsored Products targeting and budgets', () => {
  it('keyword recommendations for ASINs and for an ad group', async () => {
    const forAsins = await ok(s, 'get_keyword_recommendations', {
      asins: ['B0MOCK0001'],
      maxRecommendations: 2,
    });
    expect(forAsins.count).toBe(2);
    expect((forAsins.keywords as Array<{ keyword: string }>)[0]?.keyword).toBe('running shoes');
    const forGroup = await ok(s, 'get_keyword_recommendations', { campaignId, adGroupId });
    expect(forGroup.count).toBe(3);
  });

  it('bid recommendations per targeting expression', async () => {
    const r = await ok(s, 'get_bid_recommendations', {
      campaignId,
      adGroupId,
      targetingExpressions: [{ type: 'KEYWORD_EXACT_MATCH', value: 'running shoes' }],
    });
    const [theme] = r.bidRecommendations as Array<{ bidRecommendationsForTargetingExpressions: unknown[] }>;
    expect(theme?.bidRecommendationsForTargetingExpressions).toHaveLength(1);
  });

  it('negative keywords: list, add, list again', async () => {
    const before = await ok(s, 'list_negative_keywords', { campaignIdFilter: [campaignId] });
    const added = await ok(s, 'create_negative_keywords', {
      negativeKeywords: [{ campaignId, adGroupId, keywordText: 'used', matchType: 'NEGATIVE_EXACT' }],
    });
    expect(added).toMatchObject({ succeeded: 1, failed: 0 });
    const after = await ok(s, 'list_negative_keywords', { campaignIdFilter: [campaignId] });
    expect(after.count).toBe((before.count as number) + 1);
  });

  it('update_campaign_budgets sets the daily budget', async () => {
    const r = await ok(s, 'update_campaign_budgets', { budgets: [{ campaignId, dailyBudget: 42 }] });
    expect(r).toMatchObject({ succeeded: 1, failed: 0 });
    const page = await ok(s, 'list_campaigns', { campaignIdFilter: [campaignId] });
    expect((page.campaigns as Array<{ budget: { budget: number } }>)[0]?.budget.budget).toBe(42);
  });
});

describe('Sponsored Brands, Sponsored Display, portfolios', () => {
  it('lists SB campaigns (v4), SD campaigns and portfolios', async () => {
    const sb = await ok(s, 'list_sb_campaigns', { stateFilter: ['ENABLED'] });
    expect(sb.count).toBe(1);
    const sd = await ok(s, 'list_sd_campaigns', { stateFilter: ['paused'] });
    expect(sd.count).toBe(1);
    const portfolios = await ok(s, 'list_portfolios');
    expect(portfolios.count).toBe(2);
  });
});

describe('AMC saved workflows and schedules', () => {
  const instanceId = 'amcabc123def';
  it('lists and reads saved workflows and schedules (with the AMC account headers)', async () => {
    const workflows = await ok(s, 'list_amc_workflows', { instanceId });
    expect((workflows.workflows as Array<{ workflowId: string }>)[0]?.workflowId).toBe('weekly_reach');
    const workflow = await ok(s, 'get_amc_workflow', { instanceId, workflowId: 'weekly_reach' });
    expect((workflow.workflow as { sqlQuery: string }).sqlQuery).toContain('SELECT');
    const schedules = await ok(s, 'list_amc_schedules', { instanceId });
    expect(schedules.count).toBe(1);
    const schedule = await ok(s, 'get_amc_schedule', { instanceId, scheduleId: 'weekly_reach_schedule' });
    expect((schedule.schedule as { aggregationPeriod: string }).aggregationPeriod).toBe('Weekly');
    const missing = await fail(s, 'get_amc_schedule', { instanceId, scheduleId: 'nope' });
    expect(missing.error_code).toBe('ADS_API_HTTP_404');
  });
});

describe('Code Mode reaches operations outside the listed toolsets', () => {
  it('search_tools finds a hidden DSP operation; call_tool runs the hidden create_report', async () => {
    const listed = (await s.client.listTools()).tools.map((t) => t.name);
    expect(listed).not.toContain('get_dsp_advertisers');
    expect(listed).not.toContain('create_report');
    const found = await ok(s, 'search_tools', { query: 'dsp advertisers' });
    expect(JSON.stringify(found)).toContain('get_dsp_advertisers');
    const code = [
      "const r = await call_tool('create_report', { startDate: '2026-01-01', endDate: '2026-01-02',",
      "  reportTypeId: 'sdCampaigns', groupBy: ['campaign'], columns: ['impressions'] });",
      'return { status: r.status, adProduct: r.configuration.adProduct };',
    ].join('\n');
    const r = JSON.stringify(await ok(s, 'execute', { code }));
    expect(r).toContain('PENDING');
    expect(r).toContain('SPONSORED_DISPLAY');
  });
});
