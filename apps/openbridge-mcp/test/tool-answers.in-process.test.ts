// What each tool hands back, whole: the answer's every field, each failure's envelope (summary, details, hints),
// and what an error path still sends upstream. In process against the msw mocks (issue 44: the tools measured).
import { openbridge as ob, startMockServer } from '@obmcp/upstream-mocks';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { VERSION } from '../src/version.js';
import { type InProcessServer, inProcessServer } from './in-process-server.js';

const H = ob.OPENBRIDGE_HOSTS;
const mocks = startMockServer();
interface Sent {
  method: string;
  url: string;
  query: Record<string, string>;
  body?: unknown;
}
const sent: Sent[] = [];
const bodies: Promise<void>[] = [];
mocks.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  if (url.origin === H.authentication) return;
  const entry: Sent = {
    method: request.method,
    url: `${url.origin}${url.pathname}`,
    query: Object.fromEntries(url.searchParams),
  };
  sent.push(entry);
  if (request.method !== 'GET')
    bodies.push(
      request
        .clone()
        .text()
        .then((t) => {
          entry.body = t ? JSON.parse(t) : undefined;
        }),
    );
});
async function requests(): Promise<Sent[]> {
  await Promise.all(bodies);
  return sent;
}

let server: InProcessServer;
beforeAll(async () => {
  server = await inProcessServer({
    OPENBRIDGE_ENABLE_PRIVILEGED_TOOLS: 'true',
    OPENBRIDGE_ENABLE_QUERY_EXECUTION: 'true',
    OPENBRIDGE_TIMEOUT_MS: '4321',
  });
});
afterEach(() => {
  mocks.resetHandlers();
  ob.resetOpenbridgeMock();
  sent.length = 0;
  bodies.length = 0;
});
afterAll(async () => {
  await server.close();
  mocks.close();
});

async function ok(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const out = await server.call(name, args);
  expect(out.envelope, out.text).toBeUndefined();
  const { _meta: _drop, ...rest } = out.result as Record<string, unknown>;
  return rest;
}

describe('get_capabilities, whole', () => {
  it('names the server, the runtime as configured, the envelope block and the security notes', async () => {
    const r = await ok('get_capabilities', {});
    expect(r.server).toEqual({ name: 'openbridge-mcp', version: VERSION });
    expect(r.runtime).toEqual({
      mock_mode: true,
      privileged_tools_enabled: true,
      query_execution_enabled: true,
      code_mode: 'on',
      timeout_ms: 4321,
      max_retries: 0,
    });
    expect(r.not_installed).toEqual([]);
    expect(r.openbridge_envelope).toMatchObject({ contract_version: 1 });
    expect(r.security_notes).toEqual([
      'Privileged tools (writes and credential brokering) are hidden unless OPENBRIDGE_ENABLE_PRIVILEGED_TOOLS=true.',
      'The refresh token and JWT never appear in results, envelopes or logs.',
      'execute_query runs only single read-only SELECT statements, and only with OPENBRIDGE_ENABLE_QUERY_EXECUTION=true.',
      'get_amazon_api_access_token returns a live Amazon credential (privileged); it is never logged.',
    ]);
  });

  it('with only the privileged switch on, execute_query alone is disabled; with only queries on, the writes', async () => {
    const writes = await inProcessServer({ OPENBRIDGE_ENABLE_PRIVILEGED_TOOLS: 'true' });
    const queries = await inProcessServer({ OPENBRIDGE_ENABLE_QUERY_EXECUTION: 'true' });
    try {
      const w = (await writes.call('get_capabilities', {})).result as Record<string, unknown>;
      expect(w.disabled).toEqual([
        { name: 'execute_query', reason: 'set OPENBRIDGE_ENABLE_QUERY_EXECUTION=true' },
      ]);
      expect(w.tools).toContain('create_job');
      expect(w.tools).not.toContain('execute_query');
      const q = (await queries.call('get_capabilities', {})).result as Record<string, unknown>;
      expect((q.disabled as Array<{ name: string }>).map((d) => d.name)).toEqual([
        'cancel_subscription',
        'create_job',
        'create_subscription',
        'get_amazon_api_access_token',
        'update_history_status',
        'update_subscription',
      ]);
      expect(q.tools).toContain('execute_query');
      expect(q.tools).not.toContain('create_job');
    } finally {
      await writes.close();
      await queries.close();
    }
  });
});

describe('get_amazon_api_access_token, whole', () => {
  it('the identity, the brokered token and its client id', async () => {
    mocks.use(
      http.get(`${H.service}/service/amzadv/token/:ri`, () =>
        HttpResponse.json({
          data: { access_token: 'Atza|tok', client_id: 'amzn1.application-oa2-client.x' },
        }),
      ),
    );
    expect(await ok('get_amazon_api_access_token', { remote_identity_id: 7460 })).toEqual({
      remote_identity_id: 7460,
      access_token: 'Atza|tok',
      client_id: 'amzn1.application-oa2-client.x',
    });
  });

  it('an answer without the token: UPSTREAM_INVALID_RESPONSE naming what is missing', async () => {
    for (const [body, received] of [
      [{ data: { client_id: 'c' } }, 'undefined'],
      [{ data: { access_token: 7, client_id: 'c' } }, 'number'],
      [{ data: { access_token: 'Atza|x' } }, 'string'],
      [{}, 'undefined'],
    ] as const) {
      mocks.use(http.get(`${H.service}/service/amzadv/token/:ri`, () => HttpResponse.json(body)));
      const out = await server.call('get_amazon_api_access_token', { remote_identity_id: 7460 });
      expect(out.envelope, JSON.stringify(body)).toMatchObject({
        error_code: 'UPSTREAM_INVALID_RESPONSE',
        summary: 'Openbridge token response carried no access_token/client_id.',
        details: [{ path: 'data', issue: 'missing access_token or client_id', received_type: received }],
      });
    }
  });

  it('an unknown identity: the 404 hint names the remote identity', async () => {
    mocks.use(
      http.get(`${H.service}/service/amzadv/token/:ri`, () =>
        HttpResponse.json({ errors: [{ detail: 'Not found.' }] }, { status: 404 }),
      ),
    );
    const out = await server.call('get_amazon_api_access_token', { remote_identity_id: 9999 });
    expect(out.envelope?.hints).toContain(
      'Verify the remote identity id belongs to the authenticated account.',
    );
  });
});

describe('create_job that fails part-way, whole envelope', () => {
  const HISTORY = `${H.service}/service/history/production/history/:id`;
  const args = { subscription_id: 107003, date_start: '2025-10-01', date_end: '2025-10-07' };

  it('a later stage refused: the created transactions, the stages not created, and the exact retry advice', async () => {
    let posts = 0;
    mocks.use(
      http.post(HISTORY, () => {
        posts += 1;
        return posts === 3
          ? HttpResponse.json([{ message: 'boom', code: 'ERR' }], { status: 500 })
          : undefined;
      }),
    );
    const out = await server.call('create_job', { ...args, stage_ids: [1000, 1001, 1002, 1003] });
    expect((await requests()).filter((r) => r.method === 'POST')).toHaveLength(3);
    const env = out.envelope;
    const [a, b] = (env?.details ?? []).slice(0, 2).map((d) => d.history_id);
    expect(env).toMatchObject({
      error_code: 'OPENBRIDGE_HTTP_500',
      retryable: false,
      summary:
        'create_job created 2 history transaction(s) before stage 1002 failed; the rest were not created.',
    });
    expect(env?.details).toEqual([
      {
        path: 'stage_ids',
        issue: `history transaction ${a} was created for stage 1000`,
        received_type: 'upstream_write',
        reason: 'already_created',
        history_id: a,
        stage_id: 1000,
      },
      {
        path: 'stage_ids',
        issue: `history transaction ${b} was created for stage 1001`,
        received_type: 'upstream_write',
        reason: 'already_created',
        history_id: b,
        stage_id: 1001,
      },
      {
        path: 'stage_ids',
        issue: 'not created for stage(s) 1002, 1003',
        received_type: 'upstream_write',
        reason: 'not_created',
        stage_ids: [1002, 1003],
      },
      { path: '', issue: 'boom', received_type: 'upstream_error', upstream_code: 'ERR' },
    ]);
    expect(env?.hints).toEqual([
      `Do not repeat the whole call: history transaction(s) ${a}, ${b} already exist; call create_job again with only stage_ids [1002, 1003].`,
      'update_history_status with status cancelled stops a created transaction if it was not wanted.',
    ]);
  });

  it('a later stage whose answer was lost (504): that stage may exist, the rest were not created', async () => {
    // Posts 1-2: the first call (its second stage lost); posts 3-5: the second call (its third stage lost).
    let posts = 0;
    mocks.use(
      http.post(HISTORY, () => {
        posts += 1;
        return posts === 2 || posts === 5
          ? HttpResponse.json({ message: 'timed out' }, { status: 504 })
          : undefined;
      }),
    );
    const out = await server.call('create_job', { ...args, stage_ids: [1000, 1001, 1002] });
    const env = out.envelope;
    const a = env?.details[0]?.history_id;
    const two = await server.call('create_job', { ...args, stage_ids: [1000, 1001, 1002, 1003] });
    const [x, y] = (two.envelope?.details ?? []).slice(0, 2).map((d) => d.history_id);
    expect(two.envelope?.hints[0]).toBe(
      `Do not repeat the whole call: history transaction(s) ${x}, ${y} already exist and stage 1002 may; check get_jobs for the subscription first, then call create_job with only the stage_ids still missing (of [1002, 1003]).`,
    );
    expect(env).toMatchObject({
      error_code: 'OPENBRIDGE_HTTP_504',
      retryable: false,
      summary:
        'create_job created 1 history transaction(s); stage 1001 was sent but its answer was lost (it may have been created); the rest were not created.',
    });
    expect(env?.details.slice(1)).toEqual([
      {
        path: 'stage_ids',
        issue: 'stage 1001: the request was sent, no usable answer came back; it may have been created',
        received_type: 'upstream_write',
        reason: 'outcome_unknown',
        stage_ids: [1001],
      },
      {
        path: 'stage_ids',
        issue: 'not created for stage(s) 1002',
        received_type: 'upstream_write',
        reason: 'not_created',
        stage_ids: [1002],
      },
      { path: '', issue: 'timed out', received_type: 'upstream_error' },
    ]);
    expect(env?.hints).toEqual([
      `Do not repeat the whole call: history transaction(s) ${a} already exist and stage 1001 may; check get_jobs for the subscription first, then call create_job with only the stage_ids still missing (of [1001, 1002]).`,
      'update_history_status with status cancelled stops a created transaction if it was not wanted.',
    ]);
  });

  it('the last stage lost: nothing is listed as not created', async () => {
    let posts = 0;
    mocks.use(
      http.post(HISTORY, () => {
        posts += 1;
        return posts === 2 ? HttpResponse.json({ message: 'timed out' }, { status: 504 }) : undefined;
      }),
    );
    const out = await server.call('create_job', { ...args, stage_ids: [1000, 1001] });
    expect(out.envelope?.details.map((d) => d.reason)).toEqual([
      'already_created',
      'outcome_unknown',
      undefined,
    ]);
  });

  it('the first stage refused: the plain failure, its 404 hint naming the subscription', async () => {
    mocks.use(http.post(HISTORY, () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })));
    const out = await server.call('create_job', { ...args, stage_ids: [1000, 1001] });
    expect(out.envelope).toMatchObject({ error_code: 'OPENBRIDGE_HTTP_404' });
    expect(out.envelope?.details.some((d) => d.reason === 'not_created')).toBe(false);
    expect(out.envelope?.hints).toContain('Verify the subscription id belongs to the authenticated account.');
    expect((await requests()).filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('the answer: the subscription, each transaction created and their count', async () => {
    const r = await ok('create_job', { ...args, stage_ids: [1000] });
    expect(r).toEqual({
      subscription_id: 107003,
      history_transactions: [expect.objectContaining({ stage_id: 1000, start_date: '2025-10-01' })],
      count: 1,
    });
  });
});

describe('each read names its resource in a 404', () => {
  const CASES: Array<[string, Record<string, unknown>, string, string]> = [
    ['get_job_by_id', { job_id: 4100451 }, `${H.service}/service/jobs/jobs/:id`, 'job'],
    [
      'get_history_by_id',
      { history_id: 72418 },
      `${H.service}/service/history/production/history/:id`,
      'history transaction',
    ],
    [
      'get_remote_identity_by_id',
      { remote_identity_id: 8120 },
      `${H.remoteIdentity}/ri/:id`,
      'remote identity',
    ],
    ['get_subscription_by_id', { subscription_id: 1 }, `${H.subscriptions}/v2/sub/:id`, 'subscription'],
    [
      'get_amazon_advertising_profiles',
      { remote_identity_id: 7460 },
      `${H.service}/service/amzadv/profiles-only/:id`,
      'remote identity',
    ],
    [
      'get_healthchecks',
      {},
      `${H.service}/service/healthchecks/production/healthchecks/account/:id`,
      'subscription',
    ],
    ['cancel_subscription', { subscription_id: 1 }, `${H.subscriptions}/v2/sub/:id`, 'subscription'],
    [
      'update_history_status',
      { history_id: 1, status: 'cancelled' },
      `${H.service}/service/history/production/history/:id`,
      'history transaction',
    ],
  ];
  it.each(CASES)('%s', async (name, args, url, resource) => {
    mocks.use(http.all(url, () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })));
    const out = await server.call(name, args);
    expect(out.envelope?.error_code).toBe('OPENBRIDGE_HTTP_404');
    expect(out.envelope?.hints).toContain(`Verify the ${resource} id belongs to the authenticated account.`);
  });
});

describe('single reads and pages, whole', () => {
  it('get_job_by_id, get_history_by_id, get_remote_identity_by_id, get_subscription_by_id: the one row, flattened', async () => {
    expect(await ok('get_job_by_id', { job_id: 4100451 })).toEqual({
      job: expect.objectContaining({ id: 4100451 }),
    });
    expect(await ok('get_history_by_id', { history_id: 72418 })).toEqual({
      history: expect.objectContaining({ id: 72418 }),
    });
    expect(await ok('get_remote_identity_by_id', { remote_identity_id: 8120 })).toEqual({
      remote_identity: expect.objectContaining({ id: 8120 }),
    });
    expect(await ok('get_subscription_by_id', { subscription_id: 118666 })).toEqual({
      subscription: expect.objectContaining({ id: 118666 }),
    });
  });

  it('get_jobs and get_healthchecks past the last page say so; a JSON:API page names its page count', async () => {
    mocks.use(
      // Past its last page the API answers another page in its place.
      http.get(`${H.service}/service/jobs/jobs`, () =>
        HttpResponse.json({
          data: [{ id: 1, type: 'Job', attributes: {} }],
          links: {},
          meta: { pagination: { page: 2, pages: 2, count: 30 } },
        }),
      ),
      http.get(`${H.service}/service/healthchecks/production/healthchecks/account/:id`, () =>
        HttpResponse.json({
          data: [{ id: 1, type: 'Healthcheck', attributes: { status: 'ERROR' } }],
          links: {},
          meta: { pagination: { page: 1, pages: 4, count: 61 } },
        }),
      ),
    );
    const jobs = await ok('get_jobs', { subscription_id: 107003, page: 9 });
    expect(jobs.jobs).toEqual([]);
    expect(jobs.pagination).toEqual({ page: 9, pages: 2, count: 30, has_next: false, past_end: true });
    const checks = await ok('get_healthchecks', {});
    expect(checks).toEqual({
      account_id: 3558,
      healthchecks: [{ id: 1, type: 'Healthcheck', status: 'ERROR' }],
      pagination: { page: 1, pages: 4, count: 61, has_next: false },
    });
  });

  it('get_remote_identities: the rows, their count and whether the list was cut', async () => {
    const r = await ok('get_remote_identities', { scope: 'shared' });
    expect(Object.keys(r).sort()).toEqual(['count', 'remote_identities', 'truncated']);
    expect(r.count).toBe((r.remote_identities as unknown[]).length);
    expect(r.truncated).toBe(false);
  });
});

describe('get_healthchecks past its last page', () => {
  it('a DRF "Invalid page." 404 is an empty page with past_end, not a failure', async () => {
    mocks.use(
      http.get(`${H.service}/service/healthchecks/production/healthchecks/account/:id`, () =>
        HttpResponse.json({ detail: 'Invalid page.' }, { status: 404 }),
      ),
    );
    expect(await ok('get_healthchecks', { page: 3 })).toEqual({
      account_id: 3558,
      healthchecks: [],
      pagination: { page: 3, count: 0, has_next: false, past_end: true },
    });
  });
});

describe('subscription writes, every field', () => {
  it('create_subscription sends date_end, leaves out what was not given, and answers the created row', async () => {
    const r = await ok('create_subscription', {
      product_id: 70,
      name: 'Ends',
      storage_group_id: 1688,
      date_start: '2025-01-01T00:00:00Z',
      date_end: '2025-12-31T00:00:00Z',
    });
    const [req] = await requests();
    expect(req?.body).toEqual({
      data: {
        type: 'Subscription',
        attributes: {
          account: 3558,
          user: 4071,
          product: 70,
          name: 'Ends',
          status: 'active',
          storage_group: '1688',
          date_start: '2025-01-01T00:00:00Z',
          date_end: '2025-12-31T00:00:00Z',
        },
      },
    });
    expect(Object.keys(r)).toEqual(['subscription']);
  });

  it('update_subscription sends status and date_end under their own names, and 404s name the subscription', async () => {
    await ok('update_subscription', {
      subscription_id: 107003,
      status: 'paused',
      date_end: '2026-01-01T00:00:00Z',
    });
    expect((await requests())[0]?.body).toEqual({
      data: {
        type: 'Subscription',
        id: '107003',
        attributes: { status: 'paused', date_end: '2026-01-01T00:00:00Z' },
      },
    });
    mocks.use(http.patch(`${H.subscriptions}/v2/sub/:id`, () => HttpResponse.json({}, { status: 404 })));
    const out = await server.call('update_subscription', { subscription_id: 5, name: 'x' });
    expect(out.envelope?.hints).toContain('Verify the subscription id belongs to the authenticated account.');
  });
});

describe('product tools, whole', () => {
  const PAYLOADS = `${H.service}/service/products/product/:id/payloads`;

  it('get_product_stage_ids: each stage id once, every payload row, a 404 naming the product', async () => {
    mocks.use(
      http.get(PAYLOADS, () =>
        HttpResponse.json({
          data: [
            { id: '1', type: 'Product', attributes: { name: 'a', stage_id: 1000 } },
            { id: '2', type: 'Product', attributes: { name: 'b', stage_id: 1000 } },
            { id: '3', type: 'Product', attributes: { name: 'c', stage_id: 1001 } },
          ],
          links: {},
        }),
      ),
    );
    expect(await ok('get_product_stage_ids', { product_id: 9 })).toEqual({
      product_id: 9,
      stage_ids: [1000, 1001],
      stages: [
        { table_name: 'a', stage_id: 1000, payload_id: 1 },
        { table_name: 'b', stage_id: 1000, payload_id: 2 },
        { table_name: 'c', stage_id: 1001, payload_id: 3 },
      ],
      truncated: false,
    });
    mocks.use(http.get(PAYLOADS, () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })));
    const out = await server.call('get_product_stage_ids', { product_id: 9 });
    expect(out.envelope?.hints).toContain('Verify the product id belongs to the authenticated account.');
  });

  it('list_product_tables by product: the tables, no subscription fields', async () => {
    expect(await ok('list_product_tables', { product_id: 71 })).toEqual({
      product_id: 71,
      tables: [{ table_name: 'amzadv_sb_campaigns', stage_id: 1000, payload_id: 7100 }],
      count: 1,
      truncated: false,
    });
  });

  it('list_product_tables: a product_id given with the subscription is the one read', async () => {
    const r = await ok('list_product_tables', { product_id: 50, subscription_id: 107004 });
    expect((await requests()).at(-1)?.url).toBe(`${H.service}/service/products/product/50/payloads`);
    expect(r).toMatchObject({ product_id: 50, subscription_id: 107004, enabled_stage_ids: [1000, 1002] });
  });

  it('list_product_tables: a subscription without stage_ids enables every table', async () => {
    mocks.use(
      http.get(`${H.subscriptions}/v2/spp`, () =>
        HttpResponse.json({
          data: { type: 'SubscriptionProductParameters', id: '107004', attributes: { profile_id: '1' } },
        }),
      ),
    );
    expect(await ok('list_product_tables', { subscription_id: 107004 })).toMatchObject({
      product_id: 70,
      enabled_stage_ids: null,
      count: 3,
    });
  });

  it('list_product_tables: an unknown subscription is a 404 naming the subscription, and nothing more is read', async () => {
    mocks.use(http.get(`${H.subscriptions}/v2/sub/:id`, () => HttpResponse.json({}, { status: 404 })));
    const out = await server.call('list_product_tables', { subscription_id: 5 });
    expect(out.envelope?.hints).toContain('Verify the subscription id belongs to the authenticated account.');
    expect(await requests()).toHaveLength(1);
  });

  it('search_products: the query, each product with its score, the count', async () => {
    const r = await ok('search_products', { query: 'Amazon Redshift', is_storage_product: true });
    expect(r.query).toBe('Amazon Redshift');
    expect(r.count).toBe((r.products as unknown[]).length);
    expect((r.products as Array<Record<string, unknown>>)[0]).toMatchObject({
      name: 'Amazon Redshift',
      match_score: 1,
      matched_on: 'name',
    });
  });
});

describe('table tools, whole', () => {
  const RULES = `${H.service}/service/rules/prod/v1/rules/search`;
  const rule = (path: string, rules: unknown = {}, version: unknown = 2) => ({
    id: path,
    type: 'Rules',
    attributes: { path, version, rules },
  });
  const only = (...rows: unknown[]) => http.get(RULES, () => HttpResponse.json({ data: rows, links: {} }));

  it('get_table_schema: the columns, destination, version and rules of the table, and its _master view', async () => {
    const rules = {
      destination: { tablename: 'amzadv_sp_campaigns_v3' },
      configuration: { load: { schema: { fields: [{ name: 'a', type: 'BIGINT' }] } } },
    };
    mocks.use(only(rule('prod/x/Amzadv_SP_Campaigns', rules, 3)));
    expect(await ok('get_table_schema', { table_name: 'amzadv_sp_campaigns_master' })).toEqual({
      requested: 'amzadv_sp_campaigns_master',
      table_name: 'amzadv_sp_campaigns',
      rules_path: 'prod/x/Amzadv_SP_Campaigns',
      destination_table: 'amzadv_sp_campaigns_v3',
      version: 3,
      fields: [{ name: 'a', type: 'BIGINT' }],
      rules,
      master_view: 'amzadv_sp_campaigns_master',
    });
    expect((await requests())[0]?.query).toMatchObject({
      path__icontains: expect.any(String),
      latest: 'true',
    });
  });

  it('get_table_schema: rows without a path are skipped; rules that are no object read as none; found by destination', async () => {
    mocks.use(
      only(
        { id: 'a', type: 'Rules', attributes: { path: '  ', rules: {} } },
        { id: 'b', type: 'Rules', attributes: { rules: {} } },
        rule('p/other_name', { destination: { tablename: 'wanted_table' } }),
        rule('p/zz_wanted_table', ['not', 'an', 'object']),
      ),
    );
    const r = await ok('get_table_schema', { table_name: 'wanted_table' });
    expect(r).toMatchObject({ table_name: 'other_name', destination_table: 'wanted_table', fields: [] });
    mocks.use(only(rule('p/wanted_table', 'text')));
    expect(await ok('get_table_schema', { table_name: 'wanted_table' })).toMatchObject({
      rules: {},
      fields: [],
    });
    expect(await ok('get_table_schema', { table_name: 'wanted_table' })).not.toHaveProperty(
      'destination_table',
    );
  });

  it('get_table_schema: a miss with nothing close: the summary, the detail and the two tools that list tables', async () => {
    mocks.use(only());
    const out = await server.call('get_table_schema', { table_name: 'qqqq_nothing_like_it' });
    expect(out.envelope).toMatchObject({
      error_code: 'INPUT_VALIDATION_FAILED',
      summary: "No table named 'qqqq_nothing_like_it' was found in the Rules API.",
      details: [
        {
          path: 'table_name',
          issue: 'table not found',
          received_type: 'string',
          reason: 'table_not_found',
          did_you_mean: [],
        },
      ],
      hints: [
        'get_suggested_table_names with a broader query lists close table names.',
        'list_product_tables with a product_id lists the tables a product delivers.',
      ],
    });
    expect(out.envelope?.details[0]).not.toHaveProperty('suggestions_incomplete');
  });

  it('get_table_schema: a miss whose broader search timed out says the suggestions may be incomplete', async () => {
    let n = 0;
    mocks.use(
      http.get(RULES, () => {
        n += 1;
        return n === 1
          ? HttpResponse.json({ data: [rule('p/amzadv_sp_campaigns')], links: {} })
          : HttpResponse.json({ message: 'Endpoint request timed out' }, { status: 504 });
      }),
    );
    const out = await server.call('get_table_schema', { table_name: 'amzadv_sp_campaignz' });
    expect(out.envelope?.details[0]).toMatchObject({
      did_you_mean: ['amzadv_sp_campaigns'],
      suggestions_incomplete: true,
    });
    expect(out.envelope?.hints).toEqual([
      'Did you mean: amzadv_sp_campaigns?',
      'A broader Rules search timed out, so the suggestions may be incomplete; a narrower name avoids it.',
      'get_suggested_table_names with a broader query lists close table names.',
      'list_product_tables with a product_id lists the tables a product delivers.',
    ]);
  });

  it('the first search failing is the call failing; a broader one refused (not an outage) too', async () => {
    mocks.use(http.get(RULES, () => HttpResponse.json({ message: 'down' }, { status: 503 })));
    expect(
      (await server.call('get_table_schema', { table_name: 'amzadv_sp_campaignz' })).envelope?.error_code,
    ).toBe('OPENBRIDGE_HTTP_503');
    let n = 0;
    mocks.use(
      http.get(RULES, () => {
        n += 1;
        return n === 1
          ? HttpResponse.json({ data: [], links: {} })
          : HttpResponse.json({ message: 'no' }, { status: 403 });
      }),
    );
    expect(
      (await server.call('get_suggested_table_names', { query: 'sp campaigns' })).envelope?.error_code,
    ).toBe('OPENBRIDGE_HTTP_403');
  });

  it('a broader search that cannot connect ends the broadening with what was found', async () => {
    let n = 0;
    mocks.use(
      http.get(RULES, () => {
        n += 1;
        return n === 1
          ? HttpResponse.json({ data: [rule('p/amzadv_sp_campaigns')], links: {} })
          : HttpResponse.error();
      }),
    );
    const r = await ok('get_suggested_table_names', { query: 'sp campaigns' });
    expect(r).toMatchObject({ truncated: true, broader_search_failed: true });
  });

  it('get_suggested_table_names: 50 rows from one search are enough; ten suggestions at most, each a _master view', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => rule(`p/sp_campaigns_${String(i).padStart(2, '0')}`));
    mocks.use(only(...rows));
    const r = await ok('get_suggested_table_names', { query: 'SP Campaigns' });
    expect(await requests()).toHaveLength(1);
    const suggestions = r.suggestions as Array<{ table_name: string; master_view: string }>;
    expect(suggestions).toHaveLength(10);
    for (const s of suggestions) expect(s.master_view).toBe(`${s.table_name}_master`);
    expect(r).toEqual({ query: 'SP Campaigns', suggestions: expect.any(Array), truncated: false });
  });

  it('get_suggested_table_names: a search with more pages than it reads is truncated', async () => {
    mocks.use(
      http.get(RULES, ({ request }) => {
        const p = Number(new URL(request.url).searchParams.get('page') ?? '1');
        return HttpResponse.json({ data: [rule(`p/t_${p}`)], links: { next: `${RULES}?page=${p + 1}` } });
      }),
    );
    const r = await ok('get_suggested_table_names', { query: 'zz' });
    expect(r.truncated).toBe(true);
    expect(r).not.toHaveProperty('broader_search_failed');
  });
});

describe('execute_query and validate_query, whole', () => {
  const QUERY_URL = `${H.service}/service/query/production/query`;
  const KEY = 'acme_redshift_1688';

  it('rows exactly at max_rows are not truncated', async () => {
    mocks.use(http.post(QUERY_URL, () => HttpResponse.json({ data: 'a\r\n1\r\n2\r\n' })));
    expect(
      await ok('execute_query', { query: 'SELECT a FROM t LIMIT 2', key_name: KEY, max_rows: 2 }),
    ).toEqual({
      key_name: KEY,
      columns: ['a'],
      rows: [{ a: '1' }, { a: '2' }],
      row_count: 2,
      truncated: false,
      format: 'csv',
    });
  });

  it('a query the warehouse rejects: OPENBRIDGE_HTTP_400 with its message, its request id and the two hints', async () => {
    mocks.use(
      http.post(QUERY_URL, () =>
        HttpResponse.json(
          { errors: [{ detail: 'column "zz" does not exist' }] },
          { status: 400, headers: { 'x-request-id': 'req-400-q' } },
        ),
      ),
    );
    const out = await server.call('execute_query', { query: 'SELECT zz FROM t LIMIT 1', key_name: KEY });
    expect(out.envelope).toMatchObject({
      error_code: 'OPENBRIDGE_HTTP_400',
      summary: 'The warehouse rejected the query (Openbridge Query API HTTP 400).',
      hints: [
        "Read the warehouse's message in details[].issue; check names with get_table_schema.",
        'Tables are addressed by destination_table or its _master view.',
        'Check the arguments against the tool schema and the upstream error in details.',
      ],
    });
    expect(JSON.stringify(out.envelope?.details)).toContain('column \\"zz\\" does not exist');
    expect(out.envelope?._meta).toMatchObject({ request_id: 'req-400-q' });
  });

  it('a refused query: every refusal as a detail with its rule, and the hint for an unparsable one names the grammar', async () => {
    const out = await server.call('execute_query', { query: 'SELEC a FROM t LIMIT 1', key_name: KEY });
    expect(out.envelope).toMatchObject({
      error_code: 'INPUT_VALIDATION_FAILED',
      summary: 'The query did not pass the read-only safeguards; it was not sent to the warehouse.',
    });
    expect(out.envelope?.details[0]).toMatchObject({
      path: 'query',
      received_type: 'string',
      reason: 'query_not_allowed',
      rule: 'unparsable',
      issue: expect.any(String),
    });
    expect(out.envelope?.hints[0]).toBe(
      'validate_query shows the checks; send one SELECT with a LIMIT (or allow_unbounded: true).',
    );
    expect(out.envelope?.hints).toHaveLength(2);
    expect(out.envelope?.hints[1]).toMatch(
      /^The guard runs only what the destination's own grammar \(\S+\) can parse; rewrite the statement in plain SELECT syntax\.$/,
    );
    expect(out.envelope?.hints[1]).not.toContain('(none)');
    const unbounded = await server.call('execute_query', { query: 'SELECT a FROM t', key_name: KEY });
    expect(unbounded.envelope?.hints).toEqual([
      'validate_query shows the checks; send one SELECT with a LIMIT (or allow_unbounded: true).',
    ]);
  });

  it('allow_unbounded lets a query without LIMIT run', async () => {
    mocks.use(http.post(QUERY_URL, () => HttpResponse.json({ data: 'a\r\n1\r\n' })));
    expect(
      await ok('execute_query', { query: 'SELECT a FROM t', key_name: KEY, allow_unbounded: true }),
    ).toMatchObject({ row_count: 1 });
  });

  it('validate_query: the trimmed query, its key, the storage type, the decision and the checks', async () => {
    const r = await ok('validate_query', { query: '  SELECT a FROM t LIMIT 1  ', key_name: KEY });
    expect(r).toEqual({
      query: 'SELECT a FROM t LIMIT 1',
      key_name: KEY,
      storage_type: 'redshift',
      decision: { allowed: true, read_only: true, limit_ok: true },
      checks: expect.objectContaining({ read_only: true, has_limit: true }),
      sampling: { supported: false },
    });
  });
});

describe('refusals and empty answers', () => {
  it('create_job with the end before the start names date_end against date_start', async () => {
    const out = await server.call('create_job', {
      subscription_id: 107003,
      date_start: '2025-10-02',
      date_end: '2025-10-01',
      stage_ids: [1000],
    });
    expect(out.envelope).toMatchObject({
      summary: 'date_end is before date_start.',
      details: [{ path: 'date_end', issue: 'date_end 2025-10-01 is before date_start 2025-10-02' }],
    });
  });

  it('get_amazon_api_access_token: an empty answer (no body) is UPSTREAM_INVALID_RESPONSE, not a crash', async () => {
    mocks.use(
      http.get(`${H.service}/service/amzadv/token/:ri`, () => new HttpResponse(null, { status: 204 })),
    );
    const out = await server.call('get_amazon_api_access_token', { remote_identity_id: 7460 });
    expect(out.envelope).toMatchObject({
      error_code: 'UPSTREAM_INVALID_RESPONSE',
      details: [{ path: 'data', received_type: 'undefined' }],
    });
  });
});

describe('unknown fields passed through (MCP_STRICT_UNKNOWN_FIELDS=false)', () => {
  it('get_remote_identities and get_storage_subscriptions send them in every request query', async () => {
    const loose = await inProcessServer({ MCP_STRICT_UNKNOWN_FIELDS: 'false' });
    try {
      expect(
        (await loose.call('get_remote_identities', { scope: 'shared', region: 'eu' })).envelope,
      ).toBeUndefined();
      expect((await loose.call('get_storage_subscriptions', { region: 'eu' })).envelope).toBeUndefined();
      const reqs = await requests();
      expect(reqs.length).toBeGreaterThan(2);
      for (const r of reqs) expect(r.query.region, r.url).toBe('eu');
    } finally {
      await loose.close();
    }
  });
});

describe('table tools, edges', () => {
  const RULES = `${H.service}/service/rules/prod/v1/rules/search`;
  const rule = (path: string, rules: unknown = {}) => ({
    id: path,
    type: 'Rules',
    attributes: { path, version: 1, rules },
  });
  const only = (...rows: unknown[]) => http.get(RULES, () => HttpResponse.json({ data: rows, links: {} }));

  it('get_table_schema found by the first search asks no broader one', async () => {
    mocks.use(only(rule('p/amzadv_sp_campaigns')));
    expect(await ok('get_table_schema', { table_name: 'amzadv_sp_campaigns' })).toMatchObject({
      table_name: 'amzadv_sp_campaigns',
    });
    expect(await requests()).toHaveLength(1);
  });

  it('of two rows that match, the first by table name is picked', async () => {
    mocks.use(only(rule('p/zz_other', { destination: { tablename: 'wanted' } }), rule('p/wanted')));
    expect(await ok('get_table_schema', { table_name: 'wanted' })).toMatchObject({ table_name: 'wanted' });
  });

  it('rules of the wrong shape read as no fields: a string, null, an object where fields belong, a number destination', async () => {
    for (const rules of [
      { configuration: { load: 'x' } },
      { configuration: { load: { schema: { fields: { a: 1 } } } } },
      null,
      { destination: { tablename: 7 } },
    ]) {
      mocks.use(only(rule('p/shape_t', rules)));
      const r = await ok('get_table_schema', { table_name: 'shape_t' });
      expect(r.fields, JSON.stringify(rules)).toEqual([]);
      expect(r).not.toHaveProperty('destination_table');
    }
  });

  it('a long missing name is quoted to its first 80 characters', async () => {
    mocks.use(only());
    const name = `a${'b'.repeat(120)}`;
    const out = await server.call('get_table_schema', { table_name: name });
    expect(out.envelope?.summary).toBe(`No table named '${name.slice(0, 80)}' was found in the Rules API.`);
  });

  it('get_suggested_table_names: a substring hit in any case is suggested once, after the close names', async () => {
    mocks.use(
      only(
        rule('x/amzadv_sp_campaigns'),
        rule('a/zzzz_qqq_sp_campaigns_history_archive_table'),
        rule('b/zzzz_qqq_sp_campaigns_history_archive_table'),
      ),
    );
    const r = await ok('get_suggested_table_names', { query: 'SP Campaigns' });
    const names = (r.suggestions as Array<{ table_name: string }>).map((s) => s.table_name);
    expect(names.filter((n) => n === 'zzzz_qqq_sp_campaigns_history_archive_table')).toHaveLength(1);
    expect(names[0]).toBe('amzadv_sp_campaigns');
    expect(names.at(-1)).toBe('zzzz_qqq_sp_campaigns_history_archive_table');
  });
});

describe('execute_query, more refusals', () => {
  const QUERY_URL = `${H.service}/service/query/production/query`;

  it('a destination that cannot be queried points at key_name, with the hint listing destinations', async () => {
    const out = await server.call('execute_query', {
      query: 'SELECT a FROM t LIMIT 1',
      key_name: 'acme_azure_blob_1693',
    });
    expect(out.envelope?.details[0]).toMatchObject({ path: 'key_name', reason: 'query_not_allowed' });
    expect(out.envelope?.hints).toContain(
      'get_storage_subscriptions lists each destination with its key_name and storage_type.',
    );
    expect((await requests()).filter((q) => q.url === QUERY_URL)).toEqual([]);
  });

  it('a warehouse failure other than 400 stands as it came (not the rejected-query summary)', async () => {
    mocks.use(http.post(QUERY_URL, () => HttpResponse.json({ message: 'forbidden' }, { status: 403 })));
    const out = await server.call('execute_query', {
      query: 'SELECT a FROM t LIMIT 1',
      key_name: 'acme_redshift_1688',
    });
    expect(out.envelope?.error_code).toBe('OPENBRIDGE_HTTP_403');
    expect(out.envelope?.summary).not.toContain('rejected the query');
    expect(out.envelope?.hints).toContain(
      'The authenticated Openbridge account may not have access to this destination key_name.',
    );
  });
});

describe('a server of its own', () => {
  it('single reads answer their row (get_job_by_id, get_history_by_id)', async () => {
    const own = await inProcessServer();
    try {
      const job = (await own.call('get_job_by_id', { job_id: 4100451 })).result;
      expect(job?.job).toMatchObject({ id: 4100451 });
      const history = (await own.call('get_history_by_id', { history_id: 72418 })).result;
      expect(history?.history).toMatchObject({ id: 72418 });
    } finally {
      await own.close();
    }
  });

  it('a 429 from Openbridge names its budget: 1,000 requests per 5 minutes per IP', async () => {
    const own = await inProcessServer();
    try {
      mocks.use(
        http.get(`${H.subscriptions}/v2/sub/:id`, () =>
          HttpResponse.json({ errors: [{ detail: 'Too many requests' }] }, { status: 429 }),
        ),
      );
      const out = await own.call('get_subscription_by_id', { subscription_id: 107003 });
      expect(out.envelope?.error_code).toBe('RATE_LIMITED');
      expect(out.envelope?.hints).toContain('Openbridge allows 1,000 requests per 5 minutes per IP address.');
    } finally {
      await own.close();
    }
  });

  it('a 403 names the resource the account may not reach; a 500 adds neither hint', async () => {
    const own = await inProcessServer();
    try {
      mocks.use(http.get(`${H.service}/service/jobs/jobs/:id`, () => HttpResponse.json({}, { status: 403 })));
      const forbidden = await own.call('get_job_by_id', { job_id: 1 });
      expect(forbidden.envelope?.hints).toContain(
        'The authenticated Openbridge account may not have access to this job.',
      );
      mocks.use(http.get(`${H.service}/service/jobs/jobs/:id`, () => HttpResponse.json({}, { status: 500 })));
      const failed = await own.call('get_job_by_id', { job_id: 1 });
      expect(failed.envelope?.hints.join(' ')).not.toMatch(
        /Verify the job|may not have access|1,000 requests/,
      );
    } finally {
      await own.close();
    }
  });
});
