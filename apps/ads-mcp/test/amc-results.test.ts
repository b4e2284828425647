// AMC results as rows: run_amc_query and get_amc_query_results download the execution's result CSV from the
// pre-signed storage URLs (mocks: S3-like host, one CSV per file) and return rows, capped; URLs kept.
import { silentLogger } from '@obmcp/mcp-server/testing';
import { type CallContext, UpstreamTransportError } from '@obmcp/contract';
import { RedirectHosts } from '@obmcp/http-kit';
import type { TestServer } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { downloadStoredFile } from '../src/http/download.js';
import { adsRedirectHosts } from '../src/http/redirect-hosts.js';
import { fail, metaOf, ok, start, US_PROFILE } from './helpers.js';

const instanceId = 'amcabc123def';
const SEED_EXECUTION = '3f1c2b7e-9a4d-4c1e-b2f3-5d6e7f8a9b0c';
const WEEK = { timeWindowStart: '2026-04-01T00:00:00', timeWindowEnd: '2026-04-08T00:00:00' };

let s: TestServer;
beforeAll(async () => {
  s = await start({
    ADS_API_PROFILE_ID: String(US_PROFILE),
    ADS_API_TOOLSETS: 'curated,amc',
    ADS_REPORT_MAX_ROWS: '5000',
  });
});
afterAll(() => s.close());

type Rows = Array<Record<string, string>>;

describe('run_amc_query returns the rows of the result CSV', () => {
  it('SUCCEEDED: columns in file order, values as the CSV wrote them (quoted fields read), URLs kept', async () => {
    const r = await ok(s, 'run_amc_query', {
      instanceId,
      sqlQuery: 'SELECT campaign_id, campaign, SUM(impressions) FROM dsp_impressions GROUP BY 1, 2',
      ...WEEK,
    });
    expect(r).toMatchObject({
      status: 'SUCCEEDED',
      ready: true,
      returnedRows: 6,
      truncated: false,
      files: 1,
    });
    expect(r.columns).toEqual([
      'campaign_id',
      'campaign',
      'impressions',
      'clicks',
      'purchases',
      'total_cost',
    ]);
    const rows = r.rows as Rows;
    expect(rows).toHaveLength(6);
    expect(rows[0]).toMatchObject({ campaign_id: '584000001000', campaign: 'Spring launch, US' });
    expect(rows[1]?.campaign).toBe('Brand "Hero" video');
    expect(typeof rows[0]?.impressions).toBe('string');
    expect((r.downloadUrls as string[])[0]).toMatch(/^https:\/\/[^/]+\.s3\.amazonaws\.com\/amc\//);
    expect(r.metadataDownloadUrls).toHaveLength(1);
    expect(r.workflowExecution).toMatchObject({ status: 'SUCCEEDED' });
  });

  it('a result split into two files is read in order; maxRows caps it with truncated and a warning', async () => {
    const all = await ok(s, 'run_amc_query', { instanceId, sqlQuery: 'SELECT LARGE FROM t', ...WEEK });
    expect(all).toMatchObject({ returnedRows: 2500, truncated: false, files: 2 });
    const rows = all.rows as Rows;
    expect(new Set(rows.map((row) => row.campaign_id)).size).toBe(2500);
    const capped = await ok(s, 'run_amc_query', {
      instanceId,
      sqlQuery: 'SELECT LARGE FROM t',
      maxRows: 100,
      ...WEEK,
    });
    expect(capped).toMatchObject({ returnedRows: 100, truncated: true, files: 2 });
    expect((capped.downloadUrls as string[]).length).toBe(2);
    const warnings = metaOf(capped).warnings as Array<{ kind: string; details: Array<{ limit: number }> }>;
    expect(warnings[0]).toMatchObject({
      kind: 'partial_results',
      details: [{ path: 'maxRows', limit: 100 }],
    });
  });

  it('an empty result: the header only → no rows, the columns, ready', async () => {
    const r = await ok(s, 'run_amc_query', { instanceId, sqlQuery: 'SELECT * FROM t LIMIT 0', ...WEEK });
    expect(r).toMatchObject({ ready: true, returnedRows: 0, rows: [], truncated: false });
    expect(r.columns).toHaveLength(6);
  });

  it('not done in time: ready:false, no rows, the hint names get_amc_query_results', async () => {
    const r = await ok(s, 'run_amc_query', {
      instanceId,
      sqlQuery: 'SELECT 1 FROM t',
      waitSeconds: 0,
      ...WEEK,
    });
    expect(r).toMatchObject({ ready: false, status: 'PENDING', rows: [], returnedRows: 0 });
    const warnings = metaOf(r).warnings as Array<{ hints: string[] }>;
    expect(warnings[0]?.hints[0]).toContain('get_amc_query_results');
  });
});

describe('get_amc_query_results: the rows of an execution id', () => {
  it('ready:false until SUCCEEDED, then the rows (fresh URLs on every call)', async () => {
    const created = await ok(s, 'create_amc_workflow_execution', {
      instanceId,
      sqlQuery: 'SELECT 1',
      ...WEEK,
    });
    const workflowExecutionId = (created.workflowExecution as { workflowExecutionId: string })
      .workflowExecutionId;
    const seen: unknown[] = [];
    for (let i = 0; i < 3; i += 1) {
      const r = await ok(s, 'get_amc_query_results', { instanceId, workflowExecutionId });
      seen.push(r.status);
      if (i < 2) expect(r).toMatchObject({ ready: false, rows: [], returnedRows: 0 });
      else expect(r).toMatchObject({ ready: true, returnedRows: 6, files: 1 });
    }
    expect(seen).toEqual(['PENDING', 'RUNNING', 'SUCCEEDED']);
  });

  it('a saved workflow execution (the seeded one): its own columns', async () => {
    const r = await ok(s, 'get_amc_query_results', { instanceId, workflowExecutionId: SEED_EXECUTION });
    expect(r.columns).toEqual(['campaign_id', 'reach']);
    expect(r.rows).toHaveLength(3);
  });

  it('an unknown execution is the API 404 envelope', async () => {
    const env = await fail(s, 'get_amc_query_results', { instanceId, workflowExecutionId: 'nope-nope-nope' });
    expect(env).toMatchObject({ error_kind: 'ads_api_http', error_code: 'ADS_API_HTTP_404' });
  });
});

describe('a pre-signed URL is fetched only on a declared storage host', () => {
  const config = loadConfig({
    OBMCP_MOCK: '1',
    ADS_API_CLIENT_ID: 'mock-client',
    ADS_API_CLIENT_SECRET: 'mock-secret',
    ADS_API_REFRESH_TOKEN: 'mock-refresh',
  });
  const hosts = new RedirectHosts(adsRedirectHosts(config));
  const sent: string[] = [];
  const pipeline = {
    exchange: async (req: { path: string }) => {
      sent.push(req.path);
      return { bytes: new TextEncoder().encode('a\r\n1\r\n') };
    },
  } as never;
  const call = {
    tool: 'get_amc_query_results',
    signal: undefined,
    logger: silentLogger,
  } as never as CallContext;

  it.each([
    ['https://attacker.example.com/amc/x.csv?X-Amz-Signature=s', 'not a declared Amazon Ads storage host'],
    ['http://bucket.s3.amazonaws.com/amc/x.csv', 'not https'],
    ['https://user:pw@bucket.s3.amazonaws.com/x.csv', 'user:password'],
    ['https://amazonaws.com.attacker.example/x.csv', 'not a declared Amazon Ads storage host'],
  ])('%s → UPSTREAM_INVALID_RESPONSE, nothing sent', async (url, issue) => {
    const error = await downloadStoredFile(pipeline, config, hosts, url, 'amc_result', call).catch((e) => e);
    expect(error).toBeInstanceOf(UpstreamTransportError);
    expect((error as UpstreamTransportError).code).toBe('UPSTREAM_INVALID_RESPONSE');
    expect(JSON.stringify((error as UpstreamTransportError).details)).toContain(issue);
    // The URL (its signature) is never echoed.
    expect(JSON.stringify((error as UpstreamTransportError).details)).not.toContain('X-Amz-Signature');
    expect(sent).toEqual([]);
  });

  it('the S3 storage host of the answers is fetched', async () => {
    const url =
      'https://offline-report-storage-us-east-1-prod.s3.amazonaws.com/amc/x/part-0.csv?X-Amz-Signature=s';
    await downloadStoredFile(pipeline, config, hosts, url, 'amc_result', call);
    expect(sent).toEqual([url]);
  });
});

describe('the default listing (no ADS_API_TOOLSETS): create, then get_amc_query_results', () => {
  it('polls the status (ready:false) and then returns the rows, with the download URLs', async () => {
    const d = await start({ ADS_API_PROFILE_ID: String(US_PROFILE) });
    try {
      const names = (await d.client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(
        expect.arrayContaining(['create_amc_workflow_execution', 'get_amc_query_results']),
      );
      expect(names).not.toContain('get_amc_workflow_execution');
      expect(names).not.toContain('get_amc_execution_download_urls');
      const created = await ok(d, 'create_amc_workflow_execution', {
        instanceId,
        sqlQuery: 'SELECT campaign_id FROM dsp_impressions',
        ...WEEK,
      });
      const workflowExecutionId = (created.workflowExecution as { workflowExecutionId: string })
        .workflowExecutionId;
      const seen: unknown[] = [];
      let r: Record<string, unknown> = {};
      for (let i = 0; i < 5 && r.ready !== true; i++) {
        r = await ok(d, 'get_amc_query_results', { instanceId, workflowExecutionId });
        seen.push(r.status);
      }
      expect(seen).toEqual(['PENDING', 'RUNNING', 'SUCCEEDED']);
      expect(r).toMatchObject({ ready: true, workflowExecutionId, truncated: false });
      expect((r.rows as Rows).length).toBeGreaterThan(0);
      expect((r.downloadUrls as string[])[0]).toMatch(/^https:\/\//);
    } finally {
      await d.close();
    }
  });
});
