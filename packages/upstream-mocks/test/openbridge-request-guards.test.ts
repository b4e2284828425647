// What every Openbridge server refuses before its view (406, 415, 409), the Query API's read-only warehouse, and the
// rules search that times out on a large result set (OBMCP_MOCK_OPENBRIDGE_FAULT=rules_search_timeout).
import type { SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkMockSettings } from '../src/check-settings.js';
import { OPENBRIDGE_HOSTS as H } from '../src/openbridge/constants.js';
import { resetOpenbridgeMock } from '../src/openbridge/index.js';
import { runScript, splitStatements, WAREHOUSE_LEXERS } from '../src/openbridge/warehouse.js';
import { startMockServer } from '../src/server.js';

let server: SetupServer;
let jwt = '';
const S = `${H.service}/service`;

async function send(method: string, url: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${jwt}`, ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

beforeAll(async () => {
  server = startMockServer();
  const res = await fetch(`${H.authentication}/auth/api/ref`, {
    method: 'POST',
    body: JSON.stringify({ data: { type: 'APIAuth', attributes: { refresh_token: 'k:s' } } }),
  });
  jwt = ((await res.json()) as { data: { attributes: { token: string } } }).data.attributes.token;
});
beforeEach(() => resetOpenbridgeMock());
afterEach(() => {
  delete process.env.OBMCP_MOCK_OPENBRIDGE_FAULT;
});
afterAll(() => server.close());

const JSONAPI = { 'content-type': 'application/vnd.api+json' };
const JSON_CT = { 'content-type': 'application/json' };
const cancel = (id: unknown) => ({ data: { type: 'Subscription', id, attributes: { status: 'cancelled' } } });
const query = (sql: string, format = 'csv') => ({
  data: {
    type: 'Query',
    attributes: { query: sql, accmapping: 'acme_redshift_1688', response_format: format },
  },
});

describe('Accept (406)', () => {
  it.each(['application/xml', 'text/html', 'application/json;q=0'])(
    '%s → 406 on every host',
    async (accept) => {
      for (const url of [
        `${H.subscriptions}/v2/sub/107004`,
        `${S}/jobs/jobs/4100440`,
        `${H.remoteIdentity}/ri/7460`,
      ])
        expect((await send('GET', url, { accept })).status, url).toBe(406);
    },
  );

  it.each(['application/json', 'application/vnd.api+json', '*/*', 'application/*', 'text/html, */*;q=0.1'])(
    '%s is served',
    async (accept) => {
      expect((await send('GET', `${H.subscriptions}/v2/sub/107004`, { accept })).status).toBe(200);
    },
  );

  it('only the Query API also renders text/csv', async () => {
    expect((await send('GET', `${H.subscriptions}/v2/sub/107004`, { accept: 'text/csv' })).status).toBe(406);
    expect(
      (
        await send(
          'POST',
          `${S}/query/production/query`,
          { accept: 'text/csv', ...JSON_CT },
          query('SELECT campaign_id FROM amzadv_sp_campaigns_master LIMIT 1'),
        )
      ).status,
    ).toBe(200);
  });
});

describe('Content-Type (415)', () => {
  it('the Subscriptions API reads application/vnd.api+json only', async () => {
    for (const type of ['text/plain', 'application/json', 'application/x-www-form-urlencoded'])
      expect(
        (await send('PATCH', `${H.subscriptions}/v2/sub/107004`, { 'content-type': type }, cancel('107004')))
          .status,
        type,
      ).toBe(415);
    expect((await send('PATCH', `${H.subscriptions}/v2/sub/107004`, JSONAPI, cancel('107004'))).status).toBe(
      200,
    );
  });

  it('the Service API proxy reads application/json (history, query)', async () => {
    const body = { data: { type: 'HistoryTransaction', id: 72418, attributes: { status: 'cancelled' } } };
    expect((await send('PATCH', `${S}/history/production/history/72418`, JSONAPI, body)).status).toBe(415);
    expect((await send('PATCH', `${S}/history/production/history/72418`, {}, body)).status).toBe(415);
    expect((await send('PATCH', `${S}/history/production/history/72418`, JSON_CT, body)).status).toBe(200);
  });
});

describe('a body id that differs from the path id (409)', () => {
  it('PATCH /v2/sub/{id} and PATCH history/{id}', async () => {
    expect((await send('PATCH', `${H.subscriptions}/v2/sub/107004`, JSONAPI, cancel('107003'))).status).toBe(
      409,
    );
    const other = { data: { type: 'HistoryTransaction', id: 72419, attributes: { status: 'cancelled' } } };
    expect((await send('PATCH', `${S}/history/production/history/72418`, JSON_CT, other)).status).toBe(409);
  });
});

describe('the Query API and its warehouse', () => {
  it('splits a script the way Redshift lexes it (literal backslash, doubled quotes, comments, dollar quotes)', () => {
    expect(splitStatements("SELECT '/*'; DELETE FROM t; SELECT '*/'")).toHaveLength(3);
    expect(splitStatements("SELECT 'a\\'; DELETE FROM t; --'")).toEqual(["SELECT 'a\\'", 'DELETE FROM t']);
    expect(splitStatements("SELECT 'it''s; fine' LIMIT 1;")).toHaveLength(1);
    expect(splitStatements('SELECT $x$ ; $x$ LIMIT 1')).toHaveLength(1);
  });

  it("each destination's warehouse splits with its own lexer, so a guard's misreading shows as a write here", () => {
    const [redshift, athena, bigquery, snowflake, databricks] = [29, 31, 37, 52, 68].map(
      (id) => WAREHOUSE_LEXERS[id],
    );
    // PostgreSQL E-strings escape, standard strings do not: three statements.
    expect(splitStatements("SELECT E'\\'' , '\\' ; DELETE FROM t ; SELECT ' --'", redshift)).toHaveLength(3);
    // Spark continues a -- comment over a backslash-newline: the DELETE is the statement.
    const spark = "-- \\\nSELECT 'x' AS a, '\nDELETE FROM t -- ' LIMIT 1";
    expect(splitStatements(spark, databricks)).toEqual(['DELETE FROM t']);
    expect(runScript(spark, databricks)).toEqual({
      ok: false,
      message: 'cannot execute DELETE in a read-only transaction',
    });
    expect(splitStatements("SELECT r'\\' ; DELETE FROM t", databricks)).toHaveLength(2);
    // Backslash escapes (Snowflake, BigQuery) and # comments (BigQuery); a line comment ends at \r.
    expect(splitStatements("SELECT 'a\\'; DELETE FROM t; --'", snowflake)).toHaveLength(1);
    expect(splitStatements('SELECT 1 # ;\n; DELETE FROM t', bigquery)).toEqual(['SELECT 1', 'DELETE FROM t']);
    expect(splitStatements('SELECT 1 -- x\r; DELETE FROM t', athena)).toEqual(['SELECT 1', 'DELETE FROM t']);
  });

  it.each([
    ['DELETE FROM amzadv_sp_campaigns_master', /cannot execute DELETE in a read-only transaction/],
    ["SELECT '/*'; DELETE FROM amzadv_sp_campaigns_master; SELECT '*/'", /cannot execute DELETE/],
    ['SELECT * INTO stolen FROM amzadv_sp_campaigns_master', /cannot execute SELECT INTO/],
    ['DROP TABLE amzadv_sp_campaigns_master', /cannot execute DROP/],
  ])('%s → 400 from the read-only warehouse', async (sql, message) => {
    const res = await send('POST', `${S}/query/production/query`, JSON_CT, query(sql));
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(message);
  });

  it('answers CSV for response_format csv, rows for json', async () => {
    const sql = 'SELECT campaign_id, campaign_name FROM amzadv_sp_campaigns_master LIMIT 1';
    expect((await send('POST', `${S}/query/production/query`, JSON_CT, query(sql))).body).toEqual({
      data: 'campaign_id,campaign_name\r\n1001,Brand - Exact\r\n',
    });
    expect((await send('POST', `${S}/query/production/query`, JSON_CT, query(sql, 'json'))).body).toEqual({
      data: [{ campaign_id: 1001, campaign_name: 'Brand - Exact' }],
    });
  });
});

describe('rules_search_timeout', () => {
  const search = (term: string) =>
    send('GET', `${S}/rules/prod/v1/rules/search?path__icontains=${term}&latest=true`, {});

  it('a broad search answers 504; a narrow one still answers', async () => {
    process.env.OBMCP_MOCK_OPENBRIDGE_FAULT = 'rules_search_timeout';
    expect((await search('amzadv')).status).toBe(504);
    expect((await search('amzadv_sp_campaigns')).status).toBe(200);
    delete process.env.OBMCP_MOCK_OPENBRIDGE_FAULT;
    expect((await search('amzadv')).status).toBe(200);
  });

  it('an unknown Openbridge fault name is a startup error', () => {
    process.env.OBMCP_MOCK_OPENBRIDGE_FAULT = 'rules_timeout_typo';
    expect(checkMockSettings().join('\n')).toMatch(
      /OBMCP_MOCK_OPENBRIDGE_FAULT must be none or one of rules_search_timeout/,
    );
  });
});
