// One test per severity-1/2 Ads finding of the faithfulness audit (A1-*, A1?-*, A2-*), over stdio
// against mocks that answer as the specs say (415 on a wrong media type, 403 on a non-AMC advertiser).
import type { TestServer } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fail, metaOf, ok, start, US_PROFILE } from './helpers.js';

let s: TestServer;
beforeAll(async () => {
  s = await start({
    ADS_API_ENABLE_WRITES: 'true',
    ADS_API_PROFILE_ID: String(US_PROFILE),
    ADS_API_TOOLSETS: 'curated,reporting,amc,exports',
  });
});
afterAll(() => s.close());

const instanceId = 'amcabc123def';
const budget = { budgetType: 'DAILY', budget: 5 };

describe('AMC media types and account (A1?-1, A1?-4, A2-2…A2-5)', () => {
  it('every AMC call sends its vendor media type (the mock answers 415 to application/json)', async () => {
    const created = await ok(s, 'create_amc_workflow_execution', {
      instanceId,
      sqlQuery: 'SELECT 1 FROM dsp_impressions',
      timeWindowType: 'MOST_RECENT_WEEK',
    });
    const id = (created.workflowExecution as { workflowExecutionId: string }).workflowExecutionId;
    await ok(s, 'get_amc_workflow_execution', { instanceId, workflowExecutionId: id });
    await ok(s, 'list_amc_workflow_executions', { instanceId });
  });

  it('the AMC advertiser id comes from GET /amc/accounts, not from the profile accountInfo.id', async () => {
    const accounts = await ok(s, 'list_amc_accounts');
    const [account] = accounts.amcAccounts as Array<{ accountId: string; marketplaceId: string }>;
    expect(account?.accountId).toBe('amcacct9US000001');
    await ok(s, 'list_amc_instances');
    const profileEntity = await fail(s, 'list_amc_instances', { advertiserId: 'ENTITY1AA1AA11AAA1' });
    expect(profileEntity).toMatchObject({ error_kind: 'auth_error', error_code: 'ADS_API_HTTP_403' });
  });

  it('list_amc_instances pages with limit and nextToken (A2-5)', async () => {
    const first = await ok(s, 'list_amc_instances', { limit: 1 });
    expect(first.count).toBe(1);
    expect(first.nextToken).toBe('1');
    const second = await ok(s, 'list_amc_instances', { limit: 1, nextToken: first.nextToken });
    expect((second.instances as Array<{ instanceId: string }>)[0]?.instanceId).toBe('amcsbx456ghi');
  });

  it('outputFormat is not a CreateWorkflowExecutionRequest field (A1-2)', async () => {
    const env = await fail(s, 'create_amc_workflow_execution', {
      instanceId,
      sqlQuery: 'SELECT 1',
      timeWindowType: 'MOST_RECENT_DAY',
      outputFormat: 'CSV',
    });
    expect(env.error_kind).toBe('mcp_input_validation');
    expect(env.details[0]?.path).toBe('outputFormat');
  });

  it('parameterValues are strings as in the spec (A2-3)', async () => {
    const env = await fail(s, 'create_amc_workflow_execution', {
      instanceId,
      workflowId: 'weekly_reach',
      timeWindowType: 'MOST_RECENT_WEEK',
      parameterValues: { n: 3 },
    });
    expect(env.error_kind).toBe('mcp_input_validation');
    // Named where the published schema has it (parameterValues is published as {key, value} entries).
    expect(env.details[0]?.path).toBe('parameterValues/0/value');
  });

  it('SQL is sent as written, line breaks and -- comments kept (A2-2); answers are {workflowExecution} (A2-4)', async () => {
    const sqlQuery = 'SELECT campaign_id -- the campaign\nFROM dsp_impressions';
    const created = await ok(s, 'create_amc_workflow_execution', {
      instanceId,
      sqlQuery,
      timeWindowType: 'MOST_RECENT_DAY',
    });
    const execution = created.workflowExecution as { workflowExecutionId: string; sqlQuery: string };
    expect(execution.sqlQuery).toBe(sqlQuery);
    const got = await ok(s, 'get_amc_workflow_execution', {
      instanceId,
      workflowExecutionId: execution.workflowExecutionId,
    });
    expect((got.workflowExecution as { sqlQuery: string }).sqlQuery).toBe(sqlQuery);
  });
});

describe('reporting (A1?-2, A1?-3)', () => {
  it('get_report asks for the get-report media type (the mock answers 415 to the create type)', async () => {
    const got = await ok(s, 'get_report', { reportId: '0e5f7c9a-1b2c-4d3e-8f90-123456789abc' });
    expect(got.status).toBe('COMPLETED');
  });

  it('adProduct follows reportTypeId: sbCampaigns → SPONSORED_BRANDS', async () => {
    const created = await ok(s, 'create_report', {
      startDate: '2026-05-01',
      endDate: '2026-05-07',
      reportTypeId: 'sbCampaigns',
      groupBy: ['campaign'],
      columns: ['impressions', 'campaignId'],
    });
    expect((created.configuration as { adProduct: string }).adProduct).toBe('SPONSORED_BRANDS');
  });
});

describe('Sponsored Products writes (A1-1, multi-status)', () => {
  it('update_campaigns does not offer ARCHIVED (the spec update enum is ENABLED, PAUSED, PROPOSED)', async () => {
    const env = await fail(s, 'update_campaigns', {
      campaigns: [{ campaignId: '111100000000001', state: 'ARCHIVED' }],
    });
    expect(env).toMatchObject({ error_kind: 'mcp_input_validation', error_code: 'SCHEMA_ENUM_MISMATCH' });
  });

  it('a partly failed batch returns the successes and an envelope-shaped record per failed item', async () => {
    const r = await ok(s, 'create_campaigns', {
      campaigns: [
        { name: 'Fine', targetingType: 'AUTO', state: 'PAUSED', budget, startDate: '2026-06-01' },
        { name: 'FAIL me', targetingType: 'AUTO', state: 'PAUSED', budget, startDate: '2026-06-01' },
      ],
    });
    expect(r).toMatchObject({ submitted: 2, succeeded: 1, failed: 1 });
    expect((r.success as Array<{ index: number }>)[0]?.index).toBe(0);
    expect((r.errors as unknown[])[0]).toMatchObject({
      index: 1,
      error_kind: 'ads_api_http',
      error_code: 'ADS_API_HTTP_207',
      code: 'FORBIDDEN_CHARS',
      field: 'campaigns/1/name',
      retryable: false,
    });
    expect(typeof (r.errors as Array<{ message: string }>)[0]?.message).toBe('string');
    expect((metaOf(r).warnings as Array<{ kind: string }>)[0]?.kind).toBe('partial_results');
  });

  it('a batch in which every item failed is an ads_api_http envelope naming each item', async () => {
    const env = await fail(s, 'update_campaigns', {
      campaigns: [
        { campaignId: '999', state: 'PAUSED' },
        { campaignId: '998', state: 'PAUSED' },
      ],
    });
    expect(env).toMatchObject({
      error_kind: 'ads_api_http',
      error_code: 'ADS_API_HTTP_207',
      retryable: false,
    });
    expect(env.details.map((d) => [d.path, (d as { upstream_code?: string }).upstream_code])).toEqual([
      ['campaigns/0/campaignId', 'ENTITY_NOT_FOUND'],
      ['campaigns/1/campaignId', 'ENTITY_NOT_FOUND'],
    ]);
  });
});

describe('an export is read in its own media type (second audit, A-3)', () => {
  it('get_export sends the Accept the agent names: the export type works, another is the API 406', async () => {
    const created = await ok(s, 'campaign_export', { body: { adProductFilter: ['SPONSORED_PRODUCTS'] } });
    const exportId = created.exportId as string;
    const wrong = await fail(s, 'get_export', { exportId, Accept: 'application/vnd.adgroupsexport.v1+json' });
    expect(wrong).toMatchObject({ error_kind: 'ads_api_http', error_code: 'ADS_API_HTTP_406' });
    const polled = await ok(s, 'get_export', { exportId, Accept: 'application/vnd.campaignsexport.v1+json' });
    expect(polled).toMatchObject({ exportId, status: 'PROCESSING' });
    const missing = await fail(s, 'get_export', { exportId });
    expect(missing).toMatchObject({ error_kind: 'mcp_input_validation', error_code: 'SCHEMA_REQUIRED' });
  });
});
