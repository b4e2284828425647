// The Openbridge audit's classes, end to end in process: SQL never sent unless a read, query answers read or refused,
// rules searches stop at a hit and survive a broader timeout, partial create_job, media types, redirects, URL credentials.
import { validateEnvelope } from '@obmcp/contract/envelope';
import { openbridge as ob, startMockServer } from '@obmcp/upstream-mocks';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type InProcessServer, inProcessServer } from './in-process-server.js';

const mocks = startMockServer();
const SERVICE = ob.OPENBRIDGE_HOSTS.service;
const QUERY_URL = `${SERVICE}/service/query/production/query`;
const RULES_URL = `${SERVICE}/service/rules/prod/v1/rules/search`;
const HISTORY = `${SERVICE}/service/history/production/history`;
const KEY = 'acme_redshift_1688';

/** Every request that reached a mock host, with what the tests check. */
const seen: Array<{
  method: string;
  url: string;
  contentType: string | null;
  accept: string | null;
  body?: string;
}> = [];
mocks.events.on('request:start', ({ request }) => {
  seen.push({
    method: request.method,
    url: request.url,
    contentType: request.headers.get('content-type'),
    accept: request.headers.get('accept'),
  });
});

let server: InProcessServer | undefined;
async function app(env: Record<string, string> = {}): Promise<InProcessServer> {
  server = await inProcessServer({
    OPENBRIDGE_ENABLE_QUERY_EXECUTION: 'true',
    OPENBRIDGE_ENABLE_PRIVILEGED_TOOLS: 'true',
    OPENBRIDGE_TIMEOUT_MS: '1500',
    ...env,
  });
  return server;
}
beforeEach(() => {
  seen.length = 0;
  ob.resetOpenbridgeMock();
});
afterEach(async () => {
  mocks.resetHandlers();
  delete process.env.OBMCP_MOCK_OPENBRIDGE_FAULT;
  await server?.close();
  server = undefined;
});
afterAll(() => mocks.close());

const queries = () => seen.filter((r) => r.url === QUERY_URL);

describe('execute_query: only reads reach the warehouse', () => {
  it.each([
    "SELECT '/*'; DELETE FROM amzadv_sp_campaigns_master; SELECT '*/' LIMIT 1",
    "SELECT 'a\\'; DELETE FROM amzadv_sp_campaigns_master; --' LIMIT 1",
    'SELECT "x\'y"; DROP TABLE t; SELECT 1 LIMIT 1',
    'SELECT * INTO stolen FROM amzadv_sp_campaigns_master LIMIT 1',
    'WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d LIMIT 1',
    'SELEC campaign_id FROM amzadv_sp_campaigns_master LIMIT 1',
  ])('%s → refused locally, nothing sent', async (query) => {
    const s = await app();
    const out = await s.call('execute_query', { query, key_name: KEY, allow_unbounded: true });
    expect(out.envelope).toMatchObject({
      error_kind: 'mcp_input_validation',
      error_code: 'INPUT_VALIDATION_FAILED',
      retryable: false,
    });
    expect(out.envelope?.details[0]).toMatchObject({ path: 'query', reason: 'query_not_allowed' });
    expect(queries()).toEqual([]);
  });

  it.each([
    ['-- only a comment', KEY],
    ['# a comment to BigQuery', 'acme_bigquery_1689'],
  ])('%s → no_statement, its own rule, nothing sent', async (query, key) => {
    const s = await app();
    const out = await s.call('execute_query', { query, key_name: key, allow_unbounded: true });
    expect(out.envelope).toMatchObject({ error_code: 'INPUT_VALIDATION_FAILED', retryable: false });
    expect(out.envelope?.details.map((d) => d.rule)).toEqual(['no_statement']);
    expect(validateEnvelope(out.envelope).valid).toBe(true);
    expect(queries()).toEqual([]);
  });

  it('a parse failure names the rule and where the grammar stopped', async () => {
    const s = await app();
    const out = await s.call('execute_query', { query: 'SELEC a FROM t LIMIT 1', key_name: KEY });
    expect(out.envelope?.details[0]).toMatchObject({
      rule: 'unparsable',
      issue: expect.stringMatching(/line 1, column/),
    });
  });
});

describe('execute_query: every answer shape becomes rows, or fails loudly', () => {
  it('the CSV the request asks for (the mock warehouse answers response_format csv)', async () => {
    const s = await app();
    const out = await s.call('execute_query', {
      query: 'SELECT campaign_id, campaign_name FROM amzadv_sp_campaigns_master LIMIT 2',
      key_name: KEY,
    });
    expect(out.result).toMatchObject({
      format: 'csv',
      columns: ['campaign_id', 'campaign_name'],
      rows: [
        { campaign_id: '1001', campaign_name: 'Brand - Exact' },
        { campaign_id: '1002', campaign_name: 'Generic - Broad' },
      ],
      row_count: 2,
    });
    // The Service API proxy takes application/json (service-api.md); the answer may be JSON or CSV.
    expect(queries()[0]).toMatchObject({ contentType: 'application/json' });
    expect(queries()[0]?.accept).toMatch(/application\/json/);
    expect(queries()[0]?.accept).toMatch(/text\/csv/);
  });

  it.each([
    ['CSV text in data', { data: 'a,b\r\n1,"x, y"\r\n2,z\r\n' }, 'application/json'],
    ['a text/csv body', 'a,b\n1,"x, y"\n2,z\n', 'text/csv; charset=utf-8'],
    [
      'row objects',
      {
        data: [
          { a: '1', b: 'x, y' },
          { a: '2', b: 'z' },
        ],
      },
      'application/vnd.api+json',
    ],
    [
      'a Query resource with CSV attributes',
      { data: { type: 'Query', id: '9', attributes: { results: 'a,b\n1,"x, y"\n2,z' } } },
      'application/json',
    ],
  ])('%s', async (_name, body, type) => {
    mocks.use(
      http.post(QUERY_URL, () =>
        typeof body === 'string'
          ? new HttpResponse(body, { headers: { 'content-type': type } })
          : HttpResponse.json(body, { headers: { 'content-type': type } }),
      ),
    );
    const s = await app();
    const out = await s.call('execute_query', { query: 'SELECT a, b FROM t LIMIT 5', key_name: KEY });
    expect(out.result).toMatchObject({ columns: ['a', 'b'], row_count: 2 });
    expect((out.result?.rows as Array<Record<string, unknown>> | undefined)?.[0]).toEqual({
      a: '1',
      b: 'x, y',
    });
  });

  it.each([
    [
      'an async result pointer',
      { data: { type: 'Query', attributes: { results_url: 'https://x.example/r' } } },
    ],
    ['a number', { data: 42 }],
    ['arrays without columns', { data: [[1, 2]] }],
    ['no data', { meta: {} }],
  ])('%s → UPSTREAM_INVALID_RESPONSE, never an empty success', async (_name, body) => {
    mocks.use(http.post(QUERY_URL, () => HttpResponse.json(body)));
    const s = await app();
    const out = await s.call('execute_query', { query: 'SELECT a FROM t LIMIT 5', key_name: KEY });
    expect(out.envelope).toMatchObject({
      error_kind: 'sp_api_client',
      error_code: 'UPSTREAM_INVALID_RESPONSE',
    });
  });
});

describe('get_table_schema and get_suggested_table_names', () => {
  const rulesSearches = () => seen.filter((r) => r.url.startsWith(RULES_URL));

  it('stops at the first search that finds the table', async () => {
    const s = await app();
    const out = await s.call('get_table_schema', { table_name: 'amzadv_sp_campaigns' });
    expect(out.result).toMatchObject({ table_name: 'amzadv_sp_campaigns' });
    expect(rulesSearches()).toHaveLength(1);
  });

  it('a broader search timing out (rules_search_timeout) fails neither a hit nor a miss', async () => {
    process.env.OBMCP_MOCK_OPENBRIDGE_FAULT = 'rules_search_timeout';
    const s = await app();
    const hit = await s.call('get_table_schema', { table_name: 'amzadv_sp_campaigns_master' });
    expect(hit.result).toMatchObject({ table_name: 'amzadv_sp_campaigns' });
    const miss = await s.call('get_table_schema', { table_name: 'amzadv_sp_campaignz' });
    expect(miss.envelope).toMatchObject({ error_code: 'INPUT_VALIDATION_FAILED' });
    expect(miss.envelope?.details[0]).toMatchObject({
      reason: 'table_not_found',
      suggestions_incomplete: true,
    });
    const suggested = await s.call('get_suggested_table_names', { query: 'amzadv_sp_campaigns' });
    expect(suggested.result).toMatchObject({ truncated: true, broader_search_failed: true });
  });

  it('the narrowest search failing is still the call’s failure', async () => {
    mocks.use(
      http.get(RULES_URL, () =>
        HttpResponse.json({ message: 'Endpoint request timed out' }, { status: 504 }),
      ),
    );
    const s = await app();
    const out = await s.call('get_table_schema', { table_name: 'amzadv_sp_campaigns' });
    expect(out.envelope).toMatchObject({ error_code: 'OPENBRIDGE_HTTP_504' });
  });
});

describe('create_job that fails part-way', () => {
  it('names the transactions already created and is not retryable', async () => {
    let posts = 0;
    mocks.use(
      http.post(`${HISTORY}/:id`, () => {
        posts += 1;
        return posts === 2
          ? HttpResponse.json([{ message: 'boom', code: 'ERR' }], { status: 500 })
          : undefined;
      }),
    );
    const s = await app();
    const out = await s.call('create_job', {
      subscription_id: 107003,
      date_start: '2025-10-01',
      date_end: '2025-10-07',
      stage_ids: [1000, 1001, 1002],
    });
    expect(out.envelope).toMatchObject({ error_code: 'OPENBRIDGE_HTTP_500', retryable: false });
    const details = out.envelope?.details ?? [];
    expect(details[0]).toMatchObject({
      reason: 'already_created',
      stage_id: 1000,
      history_id: expect.any(Number),
    });
    expect(details[1]).toMatchObject({ reason: 'not_created', stage_ids: [1001, 1002] });
    expect(out.envelope?.hints.join(' ')).toMatch(/stage_ids \[1001, 1002\]/);
    expect(out.envelope?.hints.join(' ')).not.toMatch(/retry after/i);
    expect(out.envelope?._meta?.retry_after_seconds).toBeUndefined();
  });

  it('a failure on the first stage is the plain failure (nothing was created)', async () => {
    mocks.use(http.post(`${HISTORY}/:id`, () => HttpResponse.json([{ message: 'boom' }], { status: 500 })));
    const s = await app();
    const out = await s.call('create_job', {
      subscription_id: 107003,
      date_start: '2025-10-01',
      date_end: '2025-10-07',
      stage_ids: [1000, 1001],
    });
    expect(out.envelope).toMatchObject({ error_code: 'OPENBRIDGE_HTTP_500', retryable: true });
  });
});

describe('media types as the docs show them', () => {
  it('Subscriptions API writes are application/vnd.api+json; Service API writes application/json', async () => {
    const s = await app();
    expect((await s.call('cancel_subscription', { subscription_id: 107004 })).result).toBeDefined();
    expect(
      (await s.call('update_history_status', { history_id: 72418, status: 'cancelled' })).result,
    ).toBeDefined();
    const writes = seen.filter((r) => r.method !== 'GET' && !r.url.includes('authentication.'));
    expect(writes.map((w) => [new URL(w.url).host, w.contentType])).toEqual([
      ['subscriptions.api.openbridge.io', 'application/vnd.api+json'],
      ['service.api.openbridge.io', 'application/json'],
    ]);
    for (const r of seen.filter((x) => !x.url.includes('authentication.')))
      expect(r.accept).toMatch(/application\/json.*application\/vnd\.api\+json/);
  });

  it('get_jobs sends no undocumented default filter', async () => {
    const s = await app();
    await s.call('get_jobs', { subscription_id: 107003 });
    const url = new URL(seen.find((r) => r.url.includes('/service/jobs/jobs'))?.url ?? 'https://x');
    expect(url.searchParams.get('subscription_ids')).toBe('107003');
    expect(url.searchParams.has('status')).toBe(false);
    expect(url.searchParams.has('is_primary')).toBe(false);
  });
});

describe('redirects and URL credentials', () => {
  it('a redirect to the cloud metadata address is refused with an envelope naming it', async () => {
    mocks.use(
      http.get(
        `${ob.OPENBRIDGE_HOSTS.subscriptions}/v2/sub/107003`,
        () =>
          new HttpResponse(null, {
            status: 302,
            headers: { location: 'http://169.254.169.254/latest/meta-data/' },
          }),
      ),
    );
    const s = await app();
    const out = await s.call('get_subscription_by_id', { subscription_id: 107003 });
    expect(out.envelope).toMatchObject({
      error_kind: 'sp_api_client',
      error_code: 'UPSTREAM_REDIRECT_REFUSED',
      retryable: false,
    });
    expect(out.envelope?.details[0]).toMatchObject({
      reason: 'private_address',
      redirect_host: '169.254.169.254',
    });
    expect(seen.some((r) => r.url.includes('169.254'))).toBe(false);
  });

  it('a redirect between Openbridge hosts is followed without the JWT', async () => {
    let auth: string | null = 'unset';
    mocks.use(
      http.get(
        `${ob.OPENBRIDGE_HOSTS.subscriptions}/v2/sub/107003`,
        () =>
          new HttpResponse(null, {
            status: 307,
            headers: { location: 'https://moved.api.openbridge.io/v2/sub/107003' },
          }),
      ),
      http.get('https://moved.api.openbridge.io/v2/sub/107003', ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({
          data: { type: 'Subscription', id: '107003', attributes: { name: 'moved' } },
        });
      }),
    );
    const s = await app();
    const out = await s.call('get_subscription_by_id', { subscription_id: 107003 });
    expect(out.result).toBeDefined();
    expect(auth).toBeNull();
  });

  it("a base URL's user:password never reaches an envelope, _meta or a log, even echoed as Basic", async () => {
    const user = 'obproxy';
    const password = 'CANARY-OB-PROXY-PW-41d7';
    const basic = Buffer.from(`${user}:${password}`).toString('base64');
    mocks.use(
      http.get(`${ob.OPENBRIDGE_HOSTS.subscriptions}/v2/sub/107003`, ({ request }) =>
        HttpResponse.json(
          {
            errors: [
              {
                status: '403',
                detail: `denied; you sent ${request.headers.get('proxy-authorization')} and ${basic}`,
              },
            ],
          },
          { status: 403, headers: { warning: `199 - "echo ${basic}"` } },
        ),
      ),
    );
    const s = await app({
      OPENBRIDGE_SUBSCRIPTIONS_BASE_URL: `https://${user}:${password}@subscriptions.api.openbridge.io`,
      OBMCP_LOG_LEVEL: 'debug',
    });
    const out = await s.call('get_subscription_by_id', { subscription_id: 107003 });
    expect(out.envelope?.error_code).toBe('OPENBRIDGE_HTTP_403');
    const everything = `${out.text}\n${s.logs.join('\n')}`;
    expect(everything).toContain('[redacted]');
    for (const form of [password, basic, basic.replace(/=+$/, '')]) expect(everything).not.toContain(form);
  });
});
