// Parity with the reference server: query tools, enriched storages, stage-filtered tables, fuzzy search, token broker canary.
import { openbridge } from '@obmcp/upstream-mocks';
import type { TestServer } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANARY_REFRESH_TOKEN, fails as failsOn, ok as okOn, start } from './harness.js';

let server: TestServer;
let plain: TestServer;
const outputs: string[] = [];

const ok = (name: string, args: Record<string, unknown> = {}, s = server) => okOn(s, name, args, outputs);
const fails = (name: string, args: Record<string, unknown>, s = server) => failsOn(s, name, args, outputs);

beforeAll(async () => {
  [server, plain] = await Promise.all([
    start({
      OPENBRIDGE_ENABLE_PRIVILEGED_TOOLS: 'true',
      OPENBRIDGE_ENABLE_QUERY_EXECUTION: 'true',
      OPENBRIDGE_LOG_LEVEL: 'debug',
      // Far above timeout_seconds: only the statement timeout can end the long query in time.
      OPENBRIDGE_TIMEOUT_MS: '60000',
    }),
    start(),
  ]);
});
afterAll(async () => {
  await Promise.all([server.close(), plain.close()]);
});

const SELECT = 'SELECT campaign_id, budget FROM amzadv_sp_campaigns_master LIMIT 10';
const KEY = 'acme_redshift_1688';

describe('validate_query (local read-only safeguards)', () => {
  it('allows one SELECT with a LIMIT', async () => {
    const r = await ok('validate_query', { query: SELECT, key_name: KEY });
    expect(r.decision).toEqual({ allowed: true, read_only: true, limit_ok: true });
  });
  it('denies mutating statements, several statements and a missing LIMIT (unless allow_unbounded)', async () => {
    const drop = await ok('validate_query', {
      query: 'DROP TABLE amzadv_sp_campaigns_master',
      key_name: KEY,
    });
    expect(drop.decision).toMatchObject({ allowed: false, read_only: false });
    expect(drop.checks).toMatchObject({ read_only: false, statement_kinds: ['drop'] });
    const two = await ok('validate_query', { query: 'SELECT 1 LIMIT 1; DELETE FROM t', key_name: KEY });
    expect(two.checks).toMatchObject({ single_statement: false });
    const unbounded = await ok('validate_query', { query: 'SELECT * FROM t', key_name: KEY });
    expect(unbounded.decision).toMatchObject({ allowed: false, limit_ok: false });
    const allowed = await ok('validate_query', {
      query: 'SELECT * FROM t',
      key_name: KEY,
      allow_unbounded: true,
    });
    expect(allowed.decision).toMatchObject({ allowed: true });
  });
  it('keywords inside literals and comments do not count', async () => {
    const r = await ok('validate_query', {
      query: "SELECT 'drop table x' AS note -- delete later\nFROM t LIMIT 1",
      key_name: KEY,
    });
    expect(r.decision).toMatchObject({ allowed: true });
  });
});

describe('execute_query (gated; SQL in the destination warehouse)', () => {
  it('is hidden unless OPENBRIDGE_ENABLE_QUERY_EXECUTION=true, and says why', async () => {
    const caps = await ok('get_capabilities', {}, plain);
    expect(caps.tools).not.toContain('execute_query');
    expect(caps.tools).toContain('validate_query');
    expect(caps.disabled).toContainEqual({
      name: 'execute_query',
      reason: 'set OPENBRIDGE_ENABLE_QUERY_EXECUTION=true',
    });
    expect(caps.not_installed).toEqual([]);
    const e = await fails('execute_query', { query: SELECT, key_name: KEY }, plain);
    expect(e.error_kind).toBe('tool_not_found');
  });
  it('runs a read-only SELECT and returns rows and columns', async () => {
    const r = await ok('execute_query', { query: SELECT, key_name: KEY });
    expect(r).toMatchObject({
      key_name: KEY,
      columns: ['campaign_id', 'budget'],
      row_count: 3,
      truncated: false,
    });
  });
  it('caps the rows and says so', async () => {
    const r = await ok('execute_query', {
      query: 'SELECT * FROM amzadv_sp_campaigns_master',
      key_name: KEY,
      allow_unbounded: true,
      max_rows: 2,
    });
    expect(r).toMatchObject({ row_count: 2, truncated: true, rows_returned_by_warehouse: 3 });
  });
  it('refuses a mutating query locally (never sent)', async () => {
    const e = await fails('execute_query', {
      query: 'DELETE FROM amzadv_sp_campaigns_master LIMIT 1',
      key_name: KEY,
    });
    expect(e).toMatchObject({ error_kind: 'mcp_input_validation', error_code: 'INPUT_VALIDATION_FAILED' });
    expect(e.details[0]).toMatchObject({ path: 'query', reason: 'query_not_allowed' });
  });
  it('a query the warehouse rejects: OPENBRIDGE_HTTP_400 with the warehouse message', async () => {
    const e = await fails('execute_query', { query: 'SELECT x FROM nowhere LIMIT 1', key_name: KEY });
    expect(e).toMatchObject({
      error_kind: 'sp_api_http',
      error_code: 'OPENBRIDGE_HTTP_400',
      retryable: false,
    });
    expect(e.summary).toMatch(/warehouse rejected the query/);
    expect(e.details[0]?.issue).toBe('relation "nowhere" does not exist');
  });
  it('a query past timeout_seconds: UPSTREAM_TIMEOUT, not retryable (it may still run), outcome_unknown', async () => {
    const e = await fails('execute_query', {
      query: 'SELECT campaign_id FROM amzadv_sp_campaigns_master LIMIT 1 /* obmcp-mock:sleep=30 */',
      key_name: KEY,
      timeout_seconds: 1,
    });
    expect(e).toMatchObject({
      error_kind: 'sp_api_client',
      error_code: 'UPSTREAM_TIMEOUT',
      retryable: false,
    });
    expect(e.details).toContainEqual(expect.objectContaining({ reason: 'outcome_unknown' }));
  });
  it('an unknown key_name is refused before any parse: unknown_storage at key_name, nothing sent', async () => {
    const e = await fails('execute_query', { query: SELECT, key_name: 'no_such_key' });
    expect(e).toMatchObject({ error_code: 'INPUT_VALIDATION_FAILED', retryable: false });
    expect(e.details).toEqual([
      expect.objectContaining({
        path: 'key_name',
        rule: 'unknown_storage',
        issue: expect.stringMatching(/no_such_key/),
      }),
    ]);
    expect(e.hints.join(' ')).toMatch(/get_storage_subscriptions/);
  });
  it('a files-only destination (Azure Blob) is storage_not_queryable', async () => {
    const e = await fails('execute_query', { query: SELECT, key_name: 'acme_azure_blob_1693' });
    expect(e.details).toEqual([
      expect.objectContaining({
        path: 'key_name',
        rule: 'storage_not_queryable',
        issue: expect.stringMatching(/azure_blob/),
      }),
    ]);
  });
});

describe('reference parity of the read tools', () => {
  it('get_storage_subscriptions: name, key_name, dataset_id and storage_type; credentials never read out', async () => {
    const r = await ok('get_storage_subscriptions');
    expect(r.storages).toEqual([
      expect.objectContaining({
        storage_id: 1688,
        name: 'Acme Redshift Warehouse',
        key_name: KEY,
        storage_type: 'redshift',
      }),
      expect.objectContaining({
        storage_id: 1689,
        key_name: 'acme_bigquery_1689',
        dataset_id: 'acme_eu',
        storage_type: 'bigquery',
      }),
      expect.objectContaining({ storage_id: 1691, key_name: 'acme_athena_1691', storage_type: 'athena' }),
      expect.objectContaining({
        storage_id: 1692,
        key_name: 'acme_databricks_1692',
        storage_type: 'databricks',
      }),
      expect.objectContaining({
        storage_id: 1693,
        key_name: 'acme_azure_blob_1693',
        storage_type: 'azure_blob',
      }),
    ]);
    expect(JSON.stringify(r)).not.toContain(openbridge.STORAGE_PASSWORD_CANARY);
  });
  it('list_product_tables(subscription_id): only the stages the subscription enables', async () => {
    const r = await ok('list_product_tables', { subscription_id: 107004 });
    expect(r).toMatchObject({ product_id: 70, enabled_stage_ids: [1000, 1002], count: 2 });
    expect((r.tables as Array<{ table_name: string }>).map((t) => t.table_name)).toEqual([
      'amzadv_sp_campaigns',
      'amzadv_sp_search_terms',
    ]);
  });
  it('search_products matches worker_name and tolerates a typo', async () => {
    const byWorker = await ok('search_products', { query: 'amzadv-sp' });
    expect(byWorker.products).toEqual([
      expect.objectContaining({ name: 'Amazon Sponsored Products', matched_on: 'worker_name' }),
    ]);
    // Both fields hold the query: the product is reported as found by its name.
    const both = await ok('search_products', { query: 'redshift' });
    expect(both.products).toEqual([
      expect.objectContaining({
        name: 'Amazon Redshift',
        worker_name: 'redshift-loader',
        matched_on: 'name',
      }),
    ]);
    const typo = await ok('search_products', { query: 'sponsord' });
    expect((typo.products as Array<{ name: string }>).map((p) => p.name).sort()).toEqual([
      'Amazon Sponsored Brands',
      'Amazon Sponsored Products',
    ]);
  });
});

describe('get_amazon_api_access_token (privileged broker)', () => {
  it('returns the brokered token; it never reaches a log line, even at debug level', async () => {
    const r = await ok('get_amazon_api_access_token', { remote_identity_id: 7460 });
    const token = String(r.access_token);
    expect(token.startsWith(openbridge.BROKERED_ADS_TOKEN_PREFIX)).toBe(true);
    expect(server.stderr()).not.toContain(token);
    expect(server.stderr()).not.toContain('MOCK-OB-BROKERED');
  });
  it('its failures carry no credential', async () => {
    const e = await fails('get_amazon_api_access_token', { remote_identity_id: 7461 });
    expect(e.error_kind).toBe('sp_api_http');
    expect(JSON.stringify(e)).not.toMatch(/Atza\||MOCK-OB-BROKERED/);
  });
  it('is absent without OPENBRIDGE_ENABLE_PRIVILEGED_TOOLS', async () => {
    const caps = await ok('get_capabilities', {}, plain);
    expect(caps.tools).not.toContain('get_amazon_api_access_token');
  });
  it('no output or log line carries the refresh token or the warehouse password', () => {
    const everything = `${outputs.join('\n')}\n${server.stderr()}\n${plain.stderr()}`;
    expect(everything).not.toContain(CANARY_REFRESH_TOKEN);
    expect(everything).not.toContain(openbridge.STORAGE_PASSWORD_CANARY);
  });
});
