// What each tool sends upstream (path, query, body) and what the agent sees back: defaults, filters, paging, bounds.
import { openbridge as ob, startMockServer } from '@obmcp/upstream-mocks';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type InProcessServer, inProcessServer } from './in-process-server.js';

const H = ob.OPENBRIDGE_HOSTS;
const mocks = startMockServer();
interface Sent {
  method: string;
  url: string;
  query: Record<string, string>;
  accept: string | null;
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
    accept: request.headers.get('accept'),
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
/** The requests the last call sent, bodies read. */
async function requests(): Promise<Sent[]> {
  await Promise.all(bodies);
  return sent;
}

let server: InProcessServer;
beforeAll(async () => {
  server = await inProcessServer({
    OPENBRIDGE_ENABLE_PRIVILEGED_TOOLS: 'true',
    OPENBRIDGE_ENABLE_QUERY_EXECUTION: 'true',
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
  return out.result as Record<string, unknown>;
}
const ids = (rows: unknown) => (rows as Array<{ id: number }>).map((r) => r.id);

/** [tool, args, the one request it sends (url + query)] */
const ONE_REQUEST: Array<[string, Record<string, unknown>, string, Record<string, string>]> = [
  // Default status is active (not every status); 'any' sends none; the documented filter names product= and remote_identity=.
  ['get_subscriptions', {}, `${H.subscriptions}/v2/sub`, { status: 'active', page: '1', page_size: '1000' }],
  [
    'get_subscriptions',
    { status: 'any', product_id: 70, remote_identity_id: 7460 },
    `${H.subscriptions}/v2/sub`,
    { product: '70', remote_identity: '7460', page: '1', page_size: '1000' },
  ],
  [
    'get_subscriptions',
    { status: 'paused' },
    `${H.subscriptions}/v2/sub`,
    { status: 'paused', page: '1', page_size: '1000' },
  ],
  ['get_subscription_by_id', { subscription_id: 118666 }, `${H.subscriptions}/v2/sub/118666`, {}],
  // get_jobs: no status / is_primary filter unless asked; page and page_size as given.
  ['get_jobs', { subscription_id: 107003 }, `${H.service}/service/jobs/jobs`, { subscription_ids: '107003' }],
  [
    'get_jobs',
    { subscription_id: 107003, status: 'failed', is_primary: false, page: 2, page_size: 2 },
    `${H.service}/service/jobs/jobs`,
    { subscription_ids: '107003', status: 'failed', is_primary: 'false', page: '2', page_size: '2' },
  ],
  [
    'get_jobs',
    { subscription_id: 107003, status: 'any' },
    `${H.service}/service/jobs/jobs`,
    { subscription_ids: '107003' },
  ],
  ['get_job_by_id', { job_id: 4100451 }, `${H.service}/service/jobs/jobs/4100451`, {}],
  ['get_history_by_id', { history_id: 72418 }, `${H.service}/service/history/production/history/72418`, {}],
  // Own identities (/ri) take no page_size or validity filter; shared ones (/sri) do.
  ['get_remote_identities', {}, `${H.remoteIdentity}/ri`, { page: '1' }],
  [
    'get_remote_identities',
    { invalid_identity: true, remote_identity_type_id: 1 },
    `${H.remoteIdentity}/ri`,
    { remote_identity_type: '1', page: '1' },
  ],
  [
    'get_remote_identities',
    { scope: 'shared', remote_identity_type_id: 14, invalid_identity: false },
    `${H.remoteIdentity}/sri`,
    { remote_identity_type: '14', invalid_identity: '0', page: '1', page_size: '100' },
  ],
  [
    'get_remote_identities',
    { scope: 'shared', invalid_identity: true },
    `${H.remoteIdentity}/sri`,
    { invalid_identity: '1', page: '1', page_size: '100' },
  ],
  ['get_remote_identity_by_id', { remote_identity_id: 8120 }, `${H.remoteIdentity}/ri/8120`, {}],
  [
    'get_amazon_advertising_profiles',
    { remote_identity_id: 7460, profile_types: ['seller'], is_manager: false },
    `${H.service}/service/amzadv/profiles-only/7460`,
    { profile_types: 'seller', is_manager: 'false' },
  ],
  // Only active products; the storage flag as 1/0.
  [
    'search_products',
    { query: 'SPONSORED' },
    `${H.subscriptions}/v2/product`,
    { active: '1', page: '1', page_size: '1000' },
  ],
  [
    'search_products',
    { query: 'loader', is_storage_product: true },
    `${H.subscriptions}/v2/product`,
    { active: '1', is_storage_product: '1', page: '1', page_size: '1000' },
  ],
  [
    'search_products',
    { query: 'amazon', is_storage_product: false },
    `${H.subscriptions}/v2/product`,
    { active: '1', is_storage_product: '0', page: '1', page_size: '1000' },
  ],
  // Stage ids are payloads from 1000 up.
  [
    'get_product_stage_ids',
    { product_id: 50 },
    `${H.service}/service/products/product/50/payloads`,
    { stage_id__gte: '1000', page: '1' },
  ],
  [
    'list_product_tables',
    { product_id: 70 },
    `${H.service}/service/products/product/70/payloads`,
    { stage_id__gte: '1000', page: '1' },
  ],
  // Healthchecks of the JWT's account; default status ERROR, 20 a page; a day is 00:00:00..23:59:59.
  [
    'get_healthchecks',
    {},
    `${H.service}/service/healthchecks/production/healthchecks/account/3558`,
    { status: 'ERROR', page_size: '20' },
  ],
  [
    'get_healthchecks',
    { filter_date: '2025-11-01', subscription_id: 107003, status: 'any', page: 2 },
    `${H.service}/service/healthchecks/production/healthchecks/account/3558`,
    {
      subscription_id: '107003',
      modified_at__gt: '2025-11-01T00:00:00',
      modified_at__lt: '2025-11-01T23:59:59',
      page: '2',
      page_size: '20',
    },
  ],
  ['get_amazon_api_access_token', { remote_identity_id: 7460 }, `${H.service}/service/amzadv/token/7460`, {}],
];

describe('the request each read tool sends', () => {
  it.each(ONE_REQUEST)('%s %j', async (name, args, url, query) => {
    await server.call(name, args);
    const [only, ...more] = await requests();
    expect(more).toEqual([]);
    expect(only).toMatchObject({ method: 'GET', url, query });
  });

  it('get_healthchecks last_days: modified after now minus that many days (days, not hours or seconds)', async () => {
    const before = Date.now();
    await ok('get_healthchecks', { last_days: 7, status: 'OK' });
    const after = Date.now();
    const [req] = await requests();
    expect(req?.query).toEqual({ status: 'OK', modified_at__gt: expect.any(String), page_size: '20' });
    const gt = Date.parse(`${req?.query.modified_at__gt}Z`);
    expect(gt).toBeGreaterThanOrEqual(before - 7 * 86_400_000 - 1000);
    expect(gt).toBeLessThanOrEqual(after - 7 * 86_400_000);
  });

  it('get_storage_subscriptions: active storages by default, each enriched from its /v2/spp; any = every status', async () => {
    const active = await ok('get_storage_subscriptions', {});
    const first = await requests();
    expect(first[0]).toMatchObject({
      url: `${H.subscriptions}/v2/storages`,
      query: { status: 'active', page: '1' },
    });
    expect(first.slice(1).map((r) => r.query.subscription_id)).toEqual([
      '90001',
      '90002',
      '90004',
      '90005',
      '90006',
    ]);
    expect(active).toMatchObject({ count: 5, truncated: false });
    expect((active.storages as Array<{ status: string }>).every((s) => s.status === 'active')).toBe(true);
    sent.length = 0;
    const any = await ok('get_storage_subscriptions', { status: 'any' });
    expect((await requests())[0]?.query).toEqual({ page: '1' });
    expect(any.count).toBe(6);
  });

  it('list_product_tables by subscription: reads the subscription, its parameters, then its product’s payloads', async () => {
    const r = await ok('list_product_tables', { subscription_id: 107004 });
    expect((await requests()).map((q) => [q.url, q.query])).toEqual([
      [`${H.subscriptions}/v2/sub/107004`, {}],
      [`${H.subscriptions}/v2/spp`, { subscription_id: '107004' }],
      [`${H.service}/service/products/product/70/payloads`, { stage_id__gte: '1000', page: '1' }],
    ]);
    expect(r).toEqual({
      product_id: 70,
      subscription_id: 107004,
      enabled_stage_ids: [1000, 1002],
      tables: [
        { table_name: 'amzadv_sp_campaigns', stage_id: 1000, payload_id: 7000 },
        { table_name: 'amzadv_sp_search_terms', stage_id: 1002, payload_id: 7002 },
      ],
      count: 2,
      truncated: false,
      _meta: expect.anything(),
    });
  });

  it('list_product_tables: stage ids given as strings count; what is no whole number is dropped', async () => {
    mocks.use(
      http.get(`${H.subscriptions}/v2/spp`, () =>
        HttpResponse.json({
          data: {
            type: 'SubscriptionProductParameters',
            id: '107004',
            attributes: { stage_ids: '["1001", "x", 1002.5]' },
          },
        }),
      ),
    );
    const r = await ok('list_product_tables', { subscription_id: 107004 });
    expect(r).toMatchObject({
      enabled_stage_ids: [1001],
      tables: [{ table_name: 'amzadv_sp_keywords', stage_id: 1001 }],
      count: 1,
    });
  });

  it('list_product_tables: stage_ids that are no JSON array → enabled_stage_ids null and every table', async () => {
    for (const stage_ids of ['not json', '{"a":1}']) {
      mocks.use(
        http.get(`${H.subscriptions}/v2/spp`, () =>
          HttpResponse.json({
            data: { type: 'SubscriptionProductParameters', id: '107004', attributes: { stage_ids } },
          }),
        ),
      );
      const r = await ok('list_product_tables', { subscription_id: 107004 });
      expect(r).toMatchObject({ product_id: 70, enabled_stage_ids: null, count: 3 });
    }
  });
});

describe('what the agent sees', () => {
  it('get_subscriptions: rows, count, not truncated; filters narrow them', async () => {
    expect(await ok('get_subscriptions', {})).toMatchObject({ count: 2, truncated: false });
    expect(ids((await ok('get_subscriptions', { status: 'paused' })).subscriptions)).toEqual([118666]);
  });

  it('get_remote_identities own: validity filtered here from each row (the /ri API has no such filter)', async () => {
    expect(ids((await ok('get_remote_identities', {})).remote_identities)).toEqual([7460, 7462, 7461, 7463]);
    const invalid = await ok('get_remote_identities', { invalid_identity: true });
    expect(invalid).toMatchObject({ count: 1, truncated: false });
    expect(ids(invalid.remote_identities)).toEqual([7463]);
    expect(ids((await ok('get_remote_identities', { invalid_identity: false })).remote_identities)).toEqual([
      7460, 7462, 7461,
    ]);
  });

  it('get_amazon_advertising_profiles: a bare array or a JSON:API page, flattened', async () => {
    const row = { id: 1, type: 'AmazonAdvertisingProfile', attributes: { country_code: 'DE' } };
    for (const body of [[row], { data: [row], links: {} }]) {
      mocks.use(http.get(`${H.service}/service/amzadv/profiles-only/:ri`, () => HttpResponse.json(body)));
      const r = await ok('get_amazon_advertising_profiles', { remote_identity_id: 7460 });
      expect(r).toMatchObject({
        remote_identity_id: 7460,
        count: 1,
        profiles: [{ id: 1, country_code: 'DE' }],
      });
    }
  });

  it('search_products: each product with its match score and the field it matched on', async () => {
    const r = await ok('search_products', { query: 'loader', is_storage_product: true });
    expect(r).toMatchObject({ query: 'loader', count: 3, truncated: false });
    const products = r.products as Array<{ name: string; match_score: number; matched_on: string }>;
    expect(products).toHaveLength(3);
    for (const p of products)
      expect(p).toMatchObject({ match_score: expect.any(Number), matched_on: 'worker_name' });
    expect(products[0]).toMatchObject({ name: 'Amazon Redshift', match_score: 1 });
  });

  it('get_product_stage_ids: distinct stage ids, with the table each produces', async () => {
    expect(await ok('get_product_stage_ids', { product_id: 50 })).toMatchObject({
      product_id: 50,
      stage_ids: [1000, 1001],
      stages: [
        { table_name: 'amzadv_attribution_products', stage_id: 1000, payload_id: 5000 },
        { table_name: 'amzadv_attribution_publishers', stage_id: 1001, payload_id: 5001 },
      ],
      truncated: false,
    });
  });

  it('get_jobs: a page with a next page names it; the last page does not', async () => {
    mocks.use(
      http.get(`${H.service}/service/jobs/jobs`, () =>
        HttpResponse.json({
          data: [{ id: 9, type: 'Job', attributes: { status: 'processed' } }],
          links: { next: 'https://service.api.openbridge.io/service/jobs/jobs?page=4' },
          meta: { pagination: { page: 3, pages: 5, count: 41 } },
        }),
      ),
    );
    const r = await ok('get_jobs', { subscription_id: 107003, page: 3 });
    expect(r).toMatchObject({
      subscription_id: 107003,
      jobs: [{ id: 9, status: 'processed' }],
      pagination: { page: 3, has_next: true, next_page: 4 },
    });
    const last = await ok('get_jobs', { subscription_id: 107003 });
    expect(last.pagination).toMatchObject({ page: 1, has_next: false });
    expect(last.pagination).not.toHaveProperty('next_page');
  });

  it('get_healthchecks: a DRF page (count, links.next, results) → count, has_next, next_page', async () => {
    mocks.use(
      http.get(`${H.service}/service/healthchecks/production/healthchecks/account/:id`, () =>
        HttpResponse.json({
          count: 45,
          links: { next: 'https://x/?page=3' },
          results: [{ id: 5, status: 'ERROR' }, null],
        }),
      ),
    );
    const r = await ok('get_healthchecks', { page: 2 });
    expect(r).toMatchObject({
      account_id: 3558,
      healthchecks: [{ id: 5, status: 'ERROR' }],
      pagination: { page: 2, count: 45, has_next: true, next_page: 3 },
    });
  });

  it('get_healthchecks: without a count, the count is the rows on the page', async () => {
    mocks.use(
      http.get(`${H.service}/service/healthchecks/production/healthchecks/account/:id`, () =>
        HttpResponse.json({ links: { next: '' }, results: [{ id: 5 }, { id: 6 }] }),
      ),
    );
    expect((await ok('get_healthchecks', {})).pagination).toEqual({ page: 1, count: 2, has_next: false });
  });

  it('get_amazon_api_access_token: an answer without the token or client id is UPSTREAM_INVALID_RESPONSE', async () => {
    for (const data of [{ client_id: 'c' }, { access_token: 'Atza|x' }, {}]) {
      mocks.use(http.get(`${H.service}/service/amzadv/token/:ri`, () => HttpResponse.json({ data })));
      const out = await server.call('get_amazon_api_access_token', { remote_identity_id: 7460 });
      expect(out.envelope?.error_code).toBe('UPSTREAM_INVALID_RESPONSE');
    }
  });
});

/** [tool, list url, args, the pages it reads at most] (get_remote_identities' 50 pages take the limiter ~15 s: not here) */
const BOUNDS: Array<[string, string, Record<string, unknown>, number]> = [
  ['get_subscriptions', `${H.subscriptions}/v2/sub`, {}, 10],
  ['search_products', `${H.subscriptions}/v2/product`, { query: 'amazon' }, 20],
  ['get_product_stage_ids', `${H.service}/service/products/product/:id/payloads`, { product_id: 50 }, 20],
];

describe('lists read every page up to a bound, and say when they stopped early', () => {
  it.each(BOUNDS)('%s reads at most %s… pages', async (name, url, args, pages) => {
    mocks.use(
      http.get(url, ({ request }) => {
        const p = Number(new URL(request.url).searchParams.get('page'));
        return HttpResponse.json({
          data: [
            { id: p, type: 'X', attributes: { name: `amazon ${p}`, stage_id: 1000 + p, worker_name: 'w' } },
          ],
          links: { next: `${url}?page=${p + 1}` },
        });
      }),
    );
    const r = await ok(name, args);
    const reqs = await requests();
    expect(reqs.map((q) => q.query.page)).toEqual(Array.from({ length: pages }, (_, i) => String(i + 1)));
    expect(r.truncated).toBe(true);
  });

  it('a list that ends is read to its end and not truncated', async () => {
    const url = `${H.subscriptions}/v2/sub`;
    mocks.use(
      http.get(url, ({ request }) => {
        const p = Number(new URL(request.url).searchParams.get('page'));
        return HttpResponse.json({
          data: [{ id: p, type: 'Subscription', attributes: {} }],
          links: p < 3 ? { next: `${url}?page=${p + 1}` } : {},
        });
      }),
    );
    const r = await ok('get_subscriptions', {});
    expect(r).toMatchObject({ count: 3, truncated: false });
    expect(ids(r.subscriptions)).toEqual([1, 2, 3]);
  });
});

describe('the body each write sends', () => {
  it('create_subscription: account and user from the JWT, status active, storage_group as a string', async () => {
    const r = await ok('create_subscription', {
      product_id: 70,
      name: 'Test SP',
      storage_group_id: 1688,
      remote_identity_id: 7460,
      date_start: '2025-01-01T00:00:00Z',
      product_parameters: { stage_ids: '[1000]' },
    });
    const [req, ...more] = await requests();
    expect(more).toEqual([]);
    expect(req).toMatchObject({ method: 'POST', url: `${H.subscriptions}/v2/sub` });
    expect(req?.body).toEqual({
      data: {
        type: 'Subscription',
        attributes: {
          account: 3558,
          user: 4071,
          product: 70,
          name: 'Test SP',
          status: 'active',
          storage_group: '1688',
          remote_identity: 7460,
          date_start: '2025-01-01T00:00:00Z',
          product_parameters: { stage_ids: '[1000]' },
        },
      },
    });
    expect(r.subscription).toMatchObject({ status: 'active', product_id: 70, name: 'Test SP' });
  });

  it('update_subscription: write names storage_group / remote_identity; absent fields are not sent', async () => {
    const r = await ok('update_subscription', {
      subscription_id: 107003,
      name: 'Renamed',
      storage_group_id: 1689,
      remote_identity_id: 7462,
      product_parameters: { x: '1' },
    });
    const [req] = await requests();
    expect(req).toMatchObject({ method: 'PATCH', url: `${H.subscriptions}/v2/sub/107003` });
    expect(req?.body).toEqual({
      data: {
        type: 'Subscription',
        id: '107003',
        attributes: {
          name: 'Renamed',
          product_parameters: { x: '1' },
          storage_group: 1689,
          remote_identity: 7462,
        },
      },
    });
    expect(r.subscription).toMatchObject({ id: 107003, name: 'Renamed', storage_group_id: 1689 });
    sent.length = 0;
    await ok('update_subscription', { subscription_id: 107003, status: 'paused' });
    expect((await requests())[0]?.body).toEqual({
      data: { type: 'Subscription', id: '107003', attributes: { status: 'paused' } },
    });
  });

  it('cancel_subscription: PATCH status cancelled', async () => {
    const r = await ok('cancel_subscription', { subscription_id: 107003 });
    const [req] = await requests();
    expect(req).toMatchObject({ method: 'PATCH', url: `${H.subscriptions}/v2/sub/107003` });
    expect(req?.body).toEqual({
      data: { type: 'Subscription', id: '107003', attributes: { status: 'cancelled' } },
    });
    expect(r.subscription).toMatchObject({ status: 'cancelled' });
  });

  it('create_job: one history transaction per stage, in order, with the date range', async () => {
    const r = await ok('create_job', {
      subscription_id: 107003,
      date_start: '2025-10-01',
      date_end: '2025-10-03',
      stage_ids: [1001, 1000],
    });
    const reqs = await requests();
    expect(reqs.map((q) => [q.method, q.url, q.body])).toEqual(
      [1001, 1000].map((stage_id) => [
        'POST',
        `${H.service}/service/history/production/history/107003`,
        {
          data: {
            type: 'HistoryTransaction',
            attributes: { start_date: '2025-10-01', end_date: '2025-10-03', stage_id },
          },
        },
      ]),
    );
    expect(r).toMatchObject({ subscription_id: 107003, count: 2 });
    expect((r.history_transactions as Array<{ stage_id: number }>).map((t) => t.stage_id)).toEqual([
      1001, 1000,
    ]);
  });

  it('create_job: a one-day range is allowed; an end before the start is refused before any request', async () => {
    await ok('create_job', {
      subscription_id: 107003,
      date_start: '2025-10-01',
      date_end: '2025-10-01',
      stage_ids: [1000],
    });
    expect(await requests()).toHaveLength(1);
    sent.length = 0;
    const out = await server.call('create_job', {
      subscription_id: 107003,
      date_start: '2025-10-02',
      date_end: '2025-10-01',
      stage_ids: [1000],
    });
    expect(out.envelope?.error_code).toBe('INPUT_VALIDATION_FAILED');
    expect(await requests()).toEqual([]);
  });

  it('update_history_status: PATCH the transaction with the status', async () => {
    const r = await ok('update_history_status', { history_id: 72418, status: 'cancelled' });
    const [req] = await requests();
    expect(req).toMatchObject({
      method: 'PATCH',
      url: `${H.service}/service/history/production/history/72418`,
    });
    expect(req?.body).toEqual({
      data: { type: 'HistoryTransaction', id: 72418, attributes: { status: 'cancelled' } },
    });
    expect(r.history).toMatchObject({ id: 72418, status: 'cancelled' });
  });
});

describe('execute_query', () => {
  const QUERY_URL = `${H.service}/service/query/production/query`;
  it('resolves key_name, posts the query synchronously as CSV, and caps the rows at max_rows', async () => {
    mocks.use(http.post(QUERY_URL, () => HttpResponse.json({ data: 'a\r\n1\r\n2\r\n3\r\n' })));
    const r = await ok('execute_query', {
      query: 'SELECT a FROM t LIMIT 5',
      key_name: 'acme_redshift_1688',
      max_rows: 2,
    });
    const reqs = await requests();
    expect(reqs.map((q) => q.url)).toEqual([`${H.subscriptions}/v2/storages`, QUERY_URL]);
    expect(reqs[1]).toMatchObject({ method: 'POST', accept: expect.stringContaining('text/csv') });
    expect(reqs[1]?.body).toEqual({
      data: {
        type: 'Query',
        attributes: {
          query: 'SELECT a FROM t LIMIT 5',
          accmapping: 'acme_redshift_1688',
          run_async: false,
          direct_results: false,
          response_format: 'csv',
        },
      },
    });
    expect(r).toMatchObject({
      key_name: 'acme_redshift_1688',
      columns: ['a'],
      rows: [{ a: '1' }, { a: '2' }],
      row_count: 2,
      truncated: true,
      rows_returned_by_warehouse: 3,
      format: 'csv',
    });
  });

  it('default max_rows is 100; rows within the cap are not truncated', async () => {
    const csv = `a\r\n${Array.from({ length: 101 }, (_, i) => String(i)).join('\r\n')}\r\n`;
    mocks.use(http.post(QUERY_URL, () => HttpResponse.json({ data: csv })));
    const r = await ok('execute_query', {
      query: 'SELECT a FROM t LIMIT 500',
      key_name: 'acme_redshift_1688',
    });
    expect(r).toMatchObject({ row_count: 100, truncated: true, rows_returned_by_warehouse: 101 });
    mocks.use(http.post(QUERY_URL, () => HttpResponse.json({ data: 'a\r\n1\r\n' })));
    const one = await ok('execute_query', {
      query: 'SELECT a FROM t LIMIT 500',
      key_name: 'acme_redshift_1688',
    });
    expect(one).toMatchObject({ row_count: 1, truncated: false });
    expect(one).not.toHaveProperty('rows_returned_by_warehouse');
  });

  it('timeout_seconds is seconds (default 30): an answer after 1.2 s arrives within 2 s and within the default', async () => {
    mocks.use(
      http.post(QUERY_URL, async () => {
        await new Promise((r) => setTimeout(r, 1_200));
        return HttpResponse.json({ data: 'a\r\n1\r\n' });
      }),
    );
    const args = { query: 'SELECT a FROM t LIMIT 5', key_name: 'acme_redshift_1688' };
    expect(await ok('execute_query', { ...args, timeout_seconds: 2 })).toMatchObject({ row_count: 1 });
    expect(await ok('execute_query', args)).toMatchObject({ row_count: 1 });
  }, 20_000);

  it('a refused query is not sent: the refusal names the query, and an unknown key names key_name', async () => {
    const write = await server.call('execute_query', {
      query: 'DELETE FROM t',
      key_name: 'acme_redshift_1688',
    });
    expect(write.envelope?.error_code).toBe('INPUT_VALIDATION_FAILED');
    expect(write.envelope?.details[0]).toMatchObject({ path: 'query', reason: 'query_not_allowed' });
    const unknown = await server.call('execute_query', {
      query: 'SELECT a FROM t LIMIT 1',
      key_name: 'no_such_key',
    });
    expect(unknown.envelope?.details[0]).toMatchObject({ path: 'key_name', reason: 'query_not_allowed' });
    expect(unknown.envelope?.hints).toContain(
      'get_storage_subscriptions lists each destination with its key_name and storage_type.',
    );
    expect((await requests()).filter((q) => q.url === QUERY_URL)).toEqual([]);
  });

  it('validate_query reads the storages only: the query is never sent', async () => {
    const r = await ok('validate_query', { query: ' SELECT a FROM t ', key_name: 'acme_redshift_1688' });
    expect((await requests()).map((q) => q.url)).toEqual([`${H.subscriptions}/v2/storages`]);
    expect(r).toMatchObject({
      query: 'SELECT a FROM t',
      storage_type: 'redshift',
      decision: { allowed: false },
      sampling: { supported: false },
    });
    expect(
      (
        await ok('validate_query', {
          query: 'SELECT a FROM t',
          key_name: 'acme_redshift_1688',
          allow_unbounded: true,
        })
      ).decision,
    ).toMatchObject({ allowed: true });
  });
});

describe('get_capabilities', () => {
  it('with privileges and queries on: nothing disabled; the counts add up; the runtime flags as configured', async () => {
    const r = await ok('get_capabilities', {});
    const tools = r.tools as string[];
    expect(tools).toEqual([...tools].sort());
    expect(tools).toEqual(
      expect.arrayContaining(['execute_query', 'create_job', 'get_amazon_api_access_token']),
    );
    expect(r.disabled).toEqual([]);
    expect(r.summary).toEqual({
      total_tools_declared: tools.length,
      enabled_tools: tools.length,
      disabled_tools: 0,
      not_installed_tools: 0,
    });
    expect(r.runtime).toMatchObject({
      mock_mode: true,
      privileged_tools_enabled: true,
      query_execution_enabled: true,
      max_retries: 0,
    });
  });

  it('with both off: the privileged tools and execute_query are disabled, each with the setting that enables it', async () => {
    const plain = await inProcessServer({ OPENBRIDGE_MAX_RETRIES: '1' });
    try {
      const out = await plain.call('get_capabilities', {});
      const r = out.result as Record<string, unknown>;
      const disabled = r.disabled as Array<{ name: string; reason: string }>;
      const privileged = 'set OPENBRIDGE_ENABLE_PRIVILEGED_TOOLS=true';
      expect(disabled).toEqual([
        { name: 'cancel_subscription', reason: privileged },
        { name: 'create_job', reason: privileged },
        { name: 'create_subscription', reason: privileged },
        { name: 'execute_query', reason: 'set OPENBRIDGE_ENABLE_QUERY_EXECUTION=true' },
        { name: 'get_amazon_api_access_token', reason: privileged },
        { name: 'update_history_status', reason: privileged },
        { name: 'update_subscription', reason: privileged },
      ]);
      const tools = r.tools as string[];
      for (const d of disabled) expect(tools).not.toContain(d.name);
      expect(r.summary).toEqual({
        total_tools_declared: tools.length + 7,
        enabled_tools: tools.length,
        disabled_tools: 7,
        not_installed_tools: 0,
      });
      expect(r.runtime).toMatchObject({
        privileged_tools_enabled: false,
        query_execution_enabled: false,
        max_retries: 1,
      });
    } finally {
      await plain.close();
    }
  });
});

describe('table names', () => {
  const RULES = `${H.service}/service/rules/prod/v1/rules/search`;
  const row = (path: string) => ({ id: path, type: 'Rules', attributes: { path, version: 1, rules: {} } });

  it('get_suggested_table_names: fuzzy hits first, then substring hits at 0.5, each with its _master view', async () => {
    mocks.use(
      http.get(RULES, () =>
        HttpResponse.json({
          data: [row('x/amzadv_sp_campaigns'), row('x/zzzz_qqq_sp_campaigns_history_archive_table')],
          links: {},
        }),
      ),
    );
    const r = await ok('get_suggested_table_names', { query: 'sp campaigns' });
    const suggestions = r.suggestions as Array<{
      table_name: string;
      confidence: number;
      master_view: string;
    }>;
    expect(suggestions[0]).toMatchObject({
      table_name: 'amzadv_sp_campaigns',
      master_view: 'amzadv_sp_campaigns_master',
    });
    expect(suggestions.at(-1)).toEqual({
      table_name: 'zzzz_qqq_sp_campaigns_history_archive_table',
      confidence: 0.5,
      master_view: 'zzzz_qqq_sp_campaigns_history_archive_table_master',
    });
    expect(r.truncated).toBe(false);
    expect(r).not.toHaveProperty('broader_search_failed');
  });

  it('a broader search that fails: what the narrow one found, truncated, broader_search_failed', async () => {
    mocks.use(
      http.get(RULES, ({ request }) =>
        new URL(request.url).searchParams.get('path__icontains') === 'sp_campaigns'
          ? HttpResponse.json({ data: [row('x/amzadv_sp_campaigns')], links: {} })
          : HttpResponse.json({ message: 'Endpoint request timed out' }, { status: 504 }),
      ),
    );
    const r = await ok('get_suggested_table_names', { query: 'sp campaigns' });
    expect(r).toMatchObject({ truncated: true, broader_search_failed: true });
    expect((r.suggestions as Array<{ table_name: string }>).map((s) => s.table_name)).toEqual([
      'amzadv_sp_campaigns',
    ]);
  });

  it('get_table_schema: a miss names close tables (did_you_mean) and the tools that list them', async () => {
    const out = await server.call('get_table_schema', { table_name: 'amzadv_sp_campaign' });
    expect(out.envelope?.error_code).toBe('INPUT_VALIDATION_FAILED');
    expect(out.envelope?.details[0]).toMatchObject({
      path: 'table_name',
      reason: 'table_not_found',
      did_you_mean: expect.arrayContaining(['amzadv_sp_campaigns']),
    });
    expect(out.envelope?.hints).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Did you mean: .*amzadv_sp_campaigns/)]),
    );
  });
});

describe('a JWT without an account', () => {
  it('get_healthchecks is an auth_error naming OPENBRIDGE_REFRESH_TOKEN, and no healthcheck request is sent', async () => {
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const claims = { user_id: 4071, expires_at: Math.floor(Date.now() / 1000) + 3600 };
    const token = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.c2ln`;
    mocks.use(
      http.post(`${H.authentication}/auth/api/ref`, () =>
        HttpResponse.json({ data: { type: 'APIAuth', id: 'x', attributes: { token } } }, { status: 202 }),
      ),
    );
    const fresh = await inProcessServer();
    try {
      const out = await fresh.call('get_healthchecks', {});
      expect(out.envelope).toMatchObject({ error_kind: 'auth_error' });
      expect(out.envelope?.summary).toMatch(/no account_id/);
      expect(out.envelope?.hints.join(' ')).toContain('OPENBRIDGE_REFRESH_TOKEN');
      expect(await requests()).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});
