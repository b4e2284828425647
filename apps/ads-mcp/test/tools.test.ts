// Happy paths of every tool (direct LWA, writes enabled) through the real SDK client over stdio.
import type { TestServer } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fail, metaOf, ok, start, US_PROFILE } from './helpers.js';

let s: TestServer;
beforeAll(async () => {
  s = await start({
    ADS_API_ENABLE_WRITES: 'true',
    ADS_REPORT_MAX_ROWS: '1000',
    ADS_API_TOOLSETS: 'curated,reporting,amc',
  });
});
afterAll(() => s.close());

describe('profiles and regions', () => {
  it('list_profiles returns the region profiles with rate-limit _meta from X-RateLimit-*', async () => {
    const r = await ok(s, 'list_profiles');
    expect(r.region).toBe('na');
    expect((r.profiles as unknown[]).length).toBe(2);
    const meta = metaOf(r);
    expect(meta.rate_limit).toMatchObject({ limit_per_second: 10, remaining: 9 });
    expect(typeof (meta.rate_limit as { reset_at: unknown }).reset_at).toBe('string');
    expect(typeof meta.request_id).toBe('string');
  });

  it('set/get active profile', async () => {
    expect((await ok(s, 'get_active_profile')).activeProfileId).toBeNull();
    const set = await ok(s, 'set_active_profile', { profileId: US_PROFILE });
    expect(set.activeProfileId).toBe(US_PROFILE);
    const got = await ok(s, 'get_active_profile');
    expect(got).toMatchObject({ activeProfileId: US_PROFILE, source: 'set_active_profile', region: 'na' });
    expect((got.profile as { countryCode: string }).countryCode).toBe('US');
  });

  it('set_active_profile rejects a profile not in the cached region list', async () => {
    const env = await fail(s, 'set_active_profile', { profileId: 1111111112 });
    expect(env.error_kind).toBe('mcp_input_validation');
    expect(env.details[0]).toMatchObject({ path: 'profileId', allowed: [1111111111, 2222222222] });
    expect(env.hints.join(' ')).toContain('profileId=1111111111');
  });

  it('regions', async () => {
    expect((await ok(s, 'get_region')).apiHost).toBe('https://advertising-api.amazon.com');
    const list = await ok(s, 'list_regions');
    expect((list.regions as Array<{ region: string }>).map((r) => r.region)).toEqual(['na', 'eu', 'fe']);
    const eu = await ok(s, 'set_region', { region: 'eu' });
    expect(eu).toMatchObject({ region: 'eu', tokenHost: 'api.amazon.co.uk', previousRegion: 'na' });
    expect((metaOf(eu).warnings as Array<{ kind: string }>)[0]?.kind).toBe('profile_scope_warning');
    const euProfiles = await ok(s, 'list_profiles');
    expect((euProfiles.profiles as Array<{ countryCode: string }>).map((p) => p.countryCode)).toEqual([
      'UK',
      'DE',
    ]);
    await ok(s, 'set_region', { region: 'na' });
  });
});

describe('sponsored products v3', () => {
  it('list_campaigns filters by state, without rate-limit _meta (no X-RateLimit-* headers)', async () => {
    const r = await ok(s, 'list_campaigns', { stateFilter: ['PAUSED'] });
    expect(r.count).toBe(1);
    expect((r.campaigns as Array<{ state: string }>)[0]?.state).toBe('PAUSED');
    expect(metaOf(r).rate_limit).toBeUndefined();
    expect(typeof metaOf(r).request_id).toBe('string');
  });

  it('list_campaigns paginates with nextToken', async () => {
    const first = await ok(s, 'list_campaigns', { maxResults: 2 });
    expect(first.count).toBe(2);
    expect(typeof first.nextToken).toBe('string');
    const second = await ok(s, 'list_campaigns', { maxResults: 2, nextToken: first.nextToken });
    expect(second.nextToken).toBeNull();
  });

  it('list_ad_groups, list_keywords, list_product_ads', async () => {
    const groups = await ok(s, 'list_ad_groups', { campaignIdFilter: ['111100000000001'] });
    expect(groups.count).toBe(1);
    const keywords = await ok(s, 'list_keywords', { matchTypeFilter: ['EXACT'] });
    expect((keywords.keywords as Array<{ matchType: string }>).every((k) => k.matchType === 'EXACT')).toBe(
      true,
    );
    const ads = await ok(s, 'list_product_ads', { adGroupIdFilter: ['111110000000001'] });
    expect((ads.productAds as Array<{ asin: string }>)[0]?.asin).toBe('B0MOCK0001');
  });

  it('create_campaigns reports a 207 partial failure in the result and in _meta.warnings', async () => {
    const budget = { budgetType: 'DAILY', budget: 5 };
    const r = await ok(s, 'create_campaigns', {
      campaigns: [
        { name: 'Good one', targetingType: 'AUTO', state: 'PAUSED', budget, startDate: '2026-06-01' },
        { name: 'FAIL this', targetingType: 'AUTO', state: 'PAUSED', budget, startDate: '2026-06-01' },
      ],
    });
    expect(r).toMatchObject({ submitted: 2, succeeded: 1, failed: 1 });
    expect((r.errors as Array<{ index: number }>)[0]?.index).toBe(1);
    const warning = (metaOf(r).warnings as Array<{ kind: string; details: Array<{ path: string }> }>)[0];
    expect(warning?.kind).toBe('partial_results');
    expect(warning?.details[0]?.path).toBe('campaigns/1/name');
  });

  it('update_campaigns applies and reports unknown ids per item', async () => {
    const r = await ok(s, 'update_campaigns', {
      campaigns: [
        { campaignId: '111100000000001', state: 'PAUSED' },
        { campaignId: '999', state: 'PAUSED' },
      ],
    });
    expect(r).toMatchObject({ succeeded: 1, failed: 1 });
    const after = await ok(s, 'list_campaigns', { campaignIdFilter: ['111100000000001'] });
    expect((after.campaigns as Array<{ state: string }>)[0]?.state).toBe('PAUSED');
  });
});

describe('reporting v3', () => {
  const request = {
    startDate: '2026-04-01',
    endDate: '2026-04-07',
    reportTypeId: 'spCampaigns',
    groupBy: ['campaign'],
    columns: ['impressions', 'clicks', 'cost', 'campaignId'],
  };

  it('create → PENDING → PROCESSING → COMPLETED → download rows', async () => {
    const created = await ok(s, 'create_report', request);
    expect(created.status).toBe('PENDING');
    const reportId = created.reportId as string;
    const early = await ok(s, 'download_report', { reportId });
    expect(early).toMatchObject({ ready: false, status: 'PENDING', rows: [] });
    expect((await ok(s, 'get_report', { reportId })).status).toBe('PROCESSING');
    const done = await ok(s, 'get_report', { reportId });
    expect(done).toMatchObject({ status: 'COMPLETED', ready: true });
    const rows = await ok(s, 'download_report', { reportId });
    expect(rows).toMatchObject({ ready: true, totalRows: 5, returnedRows: 5, truncated: false });
  });

  it('a duplicate report → ADS_API_HTTP_425 with existing_report_id and a poll hint', async () => {
    const again = await fail(s, 'create_report', request);
    expect(again).toMatchObject({
      error_kind: 'ads_api_http',
      error_code: 'ADS_API_HTTP_425',
      retryable: false,
    });
    const existing = (again.details[0] as { existing_report_id?: string }).existing_report_id;
    expect(existing).toMatch(/^[0-9a-f-]{36}$/);
    expect(again.hints.join(' ')).toContain(`get_report with reportId='${existing}'`);
  });

  it('download_report truncates to maxRows with a flag and a partial_results warning', async () => {
    const created = await ok(s, 'create_report', { ...request, name: 'LARGE report', endDate: '2026-04-08' });
    const reportId = created.reportId as string;
    await ok(s, 'get_report', { reportId });
    await ok(s, 'get_report', { reportId });
    const r = await ok(s, 'download_report', { reportId, maxRows: 10 });
    expect(r).toMatchObject({ totalRows: 2500, returnedRows: 10, truncated: true });
    expect((metaOf(r).warnings as Array<{ kind: string }>)[0]?.kind).toBe('partial_results');
  });

  it('a maxRows above ADS_REPORT_MAX_ROWS is held to the server ceiling (1000 here), with the warning naming it', async () => {
    const created = await ok(s, 'create_report', { ...request, name: 'LARGE report', endDate: '2026-04-09' });
    const reportId = created.reportId as string;
    await ok(s, 'get_report', { reportId });
    await ok(s, 'get_report', { reportId });
    const r = await ok(s, 'download_report', { reportId, maxRows: 2000 });
    expect(r).toMatchObject({ totalRows: 2500, returnedRows: 1000, truncated: true });
    expect((r.rows as unknown[]).length).toBe(1000);
    const warning = (metaOf(r).warnings as Array<{ kind: string; details: Array<{ limit?: number }> }>)[0];
    expect(warning).toMatchObject({ kind: 'partial_results', details: [{ path: 'maxRows', limit: 1000 }] });
  });

  it('endDate before startDate is an mcp_input_validation envelope', async () => {
    const env = await fail(s, 'create_report', { ...request, endDate: '2026-03-01' });
    expect(env).toMatchObject({ error_kind: 'mcp_input_validation', error_code: 'INPUT_VALIDATION_FAILED' });
    expect(env.details[0]?.path).toBe('endDate');
  });
});

describe('AMC', () => {
  const instanceId = 'amcabc123def';

  it('list_amc_instances takes the AMC account from /amc/accounts and the marketplace from it', async () => {
    const r = await ok(s, 'list_amc_instances');
    expect((r.instances as Array<{ instanceId: string }>).map((i) => i.instanceId)).toContain(instanceId);
  });

  it('ad-hoc SQL: PENDING → RUNNING → SUCCEEDED, then download URLs', async () => {
    const created = await ok(s, 'create_amc_workflow_execution', {
      instanceId,
      sqlQuery: 'SELECT campaign_id\nFROM dsp_impressions',
      timeWindowStart: '2026-04-01T00:00:00',
      timeWindowEnd: '2026-04-08T00:00:00',
    });
    const execution = created.workflowExecution as { status: string; workflowExecutionId: string };
    expect(execution.status).toBe('PENDING');
    const workflowExecutionId = execution.workflowExecutionId;
    const tooEarly = await fail(s, 'get_amc_execution_download_urls', { instanceId, workflowExecutionId });
    expect(tooEarly.error_code).toBe('ADS_API_HTTP_400');
    const poll = async () =>
      (
        (await ok(s, 'get_amc_workflow_execution', { instanceId, workflowExecutionId }))
          .workflowExecution as {
          status: string;
        }
      ).status;
    expect(await poll()).toBe('PENDING');
    expect(await poll()).toBe('RUNNING');
    expect(await poll()).toBe('SUCCEEDED');
    const urls = await ok(s, 'get_amc_execution_download_urls', { instanceId, workflowExecutionId });
    expect((urls.downloadUrls as string[])[0]).toMatch(/^https:\/\//);
    const list = await ok(s, 'list_amc_workflow_executions', { instanceId });
    expect(
      (list.executions as Array<{ workflowExecutionId: string }>).some(
        (e) => e.workflowExecutionId === workflowExecutionId,
      ),
    ).toBe(true);
  });

  it('ad-hoc SQL that fails: PENDING → RUNNING → FAILED', async () => {
    const created = await ok(s, 'create_amc_workflow_execution', {
      instanceId,
      sqlQuery: 'SELECT FAIL FROM dsp_impressions',
      timeWindowType: 'MOST_RECENT_DAY',
    });
    const workflowExecutionId = (created.workflowExecution as { workflowExecutionId: string })
      .workflowExecutionId;
    const poll = async () =>
      (
        (await ok(s, 'get_amc_workflow_execution', { instanceId, workflowExecutionId }))
          .workflowExecution as {
          status: string;
        }
      ).status;
    expect(await poll()).toBe('PENDING');
    expect(await poll()).toBe('RUNNING');
    expect(await poll()).toBe('FAILED');
  });

  it('saved workflow id runs too; an unknown instance is ADS_API_HTTP_404', async () => {
    const saved = await ok(s, 'create_amc_workflow_execution', {
      instanceId,
      workflowId: 'weekly_reach',
      timeWindowType: 'MOST_RECENT_WEEK',
    });
    expect(saved.workflowExecution).toMatchObject({ workflowId: 'weekly_reach', status: 'PENDING' });
    const missing = await fail(s, 'list_amc_workflow_executions', { instanceId: 'nope123' });
    expect(missing).toMatchObject({ error_kind: 'ads_api_http', error_code: 'ADS_API_HTTP_404' });
  });

  it('EXPLICIT time window without bounds is an mcp_input_validation envelope', async () => {
    const env = await fail(s, 'create_amc_workflow_execution', {
      instanceId,
      sqlQuery: 'SELECT 1',
      timeWindowType: 'EXPLICIT',
    });
    expect(env).toMatchObject({ error_kind: 'mcp_input_validation', error_code: 'INPUT_VALIDATION_FAILED' });
    expect(env.details[0]?.path).toBe('timeWindowStart');
  });
});
