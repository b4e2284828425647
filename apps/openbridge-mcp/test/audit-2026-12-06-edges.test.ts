// The 2026-12-06 audit's edge classes, in process: a create whose answer is lost is not retryable (check first), a page
// past the end is empty, ids above 2^53 are refused or kept exact, the query guard resolves key_name per warehouse.
import { validateEnvelope } from '@obmcp/contract/envelope';
import { openbridge as ob, startMockServer } from '@obmcp/upstream-mocks';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type InProcessServer, inProcessServer } from './in-process-server.js';

const mocks = startMockServer();
const SERVICE = ob.OPENBRIDGE_HOSTS.service;
const HISTORY = `${SERVICE}/service/history/production/history`;
const QUERY_URL = `${SERVICE}/service/query/production/query`;

const seen: string[] = [];
mocks.events.on('request:start', ({ request }) => {
  seen.push(`${request.method} ${new URL(request.url).pathname}`);
});

let server: InProcessServer | undefined;
async function app(env: Record<string, string> = {}): Promise<InProcessServer> {
  server = await inProcessServer({
    OPENBRIDGE_ENABLE_QUERY_EXECUTION: 'true',
    OPENBRIDGE_ENABLE_PRIVILEGED_TOOLS: 'true',
    OPENBRIDGE_TIMEOUT_MS: '400',
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
  await server?.close();
  server = undefined;
});
afterAll(() => mocks.close());

const JOB = { subscription_id: 107003, date_start: '2025-10-01', date_end: '2025-10-07' };

/** Ways a POST's answer is lost after it was sent: the create may have landed. */
const LOST_ANSWERS = {
  timeout: async () => {
    await new Promise((r) => setTimeout(r, 2_000));
    return HttpResponse.json({});
  },
  reset: () => HttpResponse.error(),
  html_200: () =>
    new HttpResponse('<html>ok</html>', { status: 200, headers: { 'content-type': 'text/html' } }),
  truncated_json: () =>
    new HttpResponse('{"data":{"type":"HistoryTra', {
      status: 200,
      headers: { 'content-type': 'application/json' },
    }),
  gateway_504: () => HttpResponse.json({ message: 'Endpoint request timed out' }, { status: 504 }),
} as const;

describe('create_job: a create whose answer is lost is not retryable, and says to check first', () => {
  it.each(Object.keys(LOST_ANSWERS) as Array<keyof typeof LOST_ANSWERS>)(
    '%s on the only stage',
    async (kind) => {
      mocks.use(http.post(`${HISTORY}/:id`, LOST_ANSWERS[kind]));
      const s = await app();
      const out = await s.call('create_job', { ...JOB, stage_ids: [1000] });
      expect(out.envelope).toMatchObject({ retryable: false });
      expect(validateEnvelope(out.envelope).valid).toBe(true);
      expect(out.envelope?.summary).toMatch(/may have been created/);
      expect(out.envelope?.details).toContainEqual(expect.objectContaining({ reason: 'outcome_unknown' }));
      expect(out.envelope?.hints.join(' ')).toMatch(/Check first.*get_jobs/);
      expect(out.envelope?.hints.join(' ')).not.toMatch(/retry after|try again later/i);
      // Sent once: a write is never retried by the server either.
      expect(seen.filter((r) => r.startsWith('POST /service/history'))).toHaveLength(1);
    },
  );

  it('after earlier stages landed: created, unknown and not-created stages each named', async () => {
    let posts = 0;
    mocks.use(
      http.post(`${HISTORY}/:id`, () => {
        posts += 1;
        return posts === 2 ? HttpResponse.error() : undefined;
      }),
    );
    const s = await app();
    const out = await s.call('create_job', { ...JOB, stage_ids: [1000, 1001, 1002] });
    expect(out.envelope).toMatchObject({ error_code: 'UPSTREAM_UNREACHABLE', retryable: false });
    const named = (out.envelope?.details ?? []).filter((d) => d.reason !== undefined);
    expect(named.map((d) => [d.reason, d.stage_ids ?? d.stage_id])).toEqual([
      ['already_created', 1000],
      ['outcome_unknown', [1001]],
      ['not_created', [1002]],
    ]);
    expect(out.envelope?.summary).toMatch(/stage 1001 was sent but its answer was lost/);
    expect(out.envelope?.hints[0]).toMatch(/stage 1001 may; check get_jobs/);
  });

  it('the same stage twice is refused before anything is sent (it would queue the backfill twice)', async () => {
    const s = await app();
    const out = await s.call('create_job', { ...JOB, stage_ids: [1000, 1001, 1000] });
    expect(out.envelope).toMatchObject({ error_code: 'SCHEMA_UNIQUE_ITEMS', retryable: false });
    expect(out.envelope?.details.map((d) => d.path)).toContain('stage_ids');
    expect(seen.filter((r) => r.startsWith('POST /service/history'))).toEqual([]);
  });

  it('an answer that refuses the create (a 500) stays the ordinary failure: nothing landed', async () => {
    mocks.use(http.post(`${HISTORY}/:id`, () => HttpResponse.json([{ message: 'boom' }], { status: 500 })));
    const s = await app();
    const out = await s.call('create_job', { ...JOB, stage_ids: [1000] });
    expect(out.envelope).toMatchObject({ error_code: 'OPENBRIDGE_HTTP_500', retryable: true });
    expect(out.envelope?.details.map((d) => d.reason)).not.toContain('outcome_unknown');
  });

  it('create_subscription likewise (its check is get_subscriptions)', async () => {
    mocks.use(http.post('https://subscriptions.api.openbridge.io/v2/sub', () => HttpResponse.error()));
    const s = await app();
    const out = await s.call('create_subscription', {
      product_id: 70,
      name: 'Acme Sponsored Products US',
      storage_group_id: 1688,
      remote_identity_id: 7460,
      date_start: '2025-01-01T00:00:00Z',
    });
    expect(out.envelope).toMatchObject({ error_code: 'UPSTREAM_UNREACHABLE', retryable: false });
    expect(out.envelope?.hints.join(' ')).toMatch(/get_subscriptions/);
  });
});

describe('a page past the end is empty, never the last page relabelled', () => {
  it('get_jobs page 99: no jobs, past_end, no next page', async () => {
    const s = await app();
    const out = await s.call('get_jobs', { subscription_id: 107003, page: 99 });
    expect(out.result).toMatchObject({ jobs: [], pagination: { page: 99, has_next: false, past_end: true } });
    const first = await s.call('get_jobs', { subscription_id: 107003, page: 1 });
    expect(((first.result?.jobs ?? []) as unknown[]).length).toBeGreaterThan(0);
    expect(first.result?.pagination).not.toHaveProperty('past_end');
  });

  it('get_healthchecks page 999 likewise', async () => {
    const s = await app();
    const out = await s.call('get_healthchecks', { page: 999, status: 'any' });
    expect(out.result).toMatchObject({
      healthchecks: [],
      pagination: { page: 999, has_next: false, past_end: true },
    });
  });

  it('an API that answers another page in its place (meta.pagination.page ≠ the page asked) is read as past the end', async () => {
    mocks.use(
      http.get(`${SERVICE}/service/jobs/jobs`, () =>
        HttpResponse.json({
          links: { next: '' },
          data: [{ type: 'Job', id: '1', attributes: {} }],
          meta: { pagination: { page: 2, pages: 2, count: 26 } },
        }),
      ),
    );
    const s = await app();
    const out = await s.call('get_jobs', { subscription_id: 107003, page: 7 });
    expect(out.result).toMatchObject({
      jobs: [],
      pagination: { page: 7, pages: 2, count: 26, has_next: false, past_end: true },
    });
  });

  it('a 404 on page 1, or one that is not "Invalid page.", stays an error', async () => {
    mocks.use(
      http.get(`${SERVICE}/service/jobs/jobs`, () =>
        HttpResponse.json({ detail: 'Not found.' }, { status: 404 }),
      ),
    );
    const s = await app();
    for (const page of [1, 3]) {
      const out = await s.call('get_jobs', { subscription_id: 107003, page });
      expect(out.envelope?.error_code, String(page)).toBe('OPENBRIDGE_HTTP_404');
    }
  });
});

describe('ids above 2^53', () => {
  it('an id a JSON number cannot carry exactly is refused (SCHEMA_MAXIMUM), nothing sent', async () => {
    const s = await app();
    const out = await s.call('get_subscription_by_id', { subscription_id: 2 ** 60 });
    expect(out.envelope).toMatchObject({ error_kind: 'mcp_input_validation', retryable: false });
    expect(out.envelope?.details[0]).toMatchObject({ path: 'subscription_id' });
    expect(JSON.stringify(out.envelope)).toMatch(/9007199254740991/);
    expect(seen.filter((r) => r.includes('/v2/sub/'))).toEqual([]);
    const exact = await s.call('get_subscription_by_id', { subscription_id: Number.MAX_SAFE_INTEGER });
    expect(exact.envelope?.error_code).toBe('OPENBRIDGE_HTTP_404');
  });

  it('an upstream string id above 2^53 stays a string, digit for digit', async () => {
    mocks.use(
      http.get('https://subscriptions.api.openbridge.io/v2/sub/107003', () =>
        HttpResponse.json({
          data: { type: 'Subscription', id: '1152921504606846977', attributes: { name: 'big' } },
        }),
      ),
    );
    const s = await app();
    const out = await s.call('get_subscription_by_id', { subscription_id: 107003 });
    expect(out.result?.subscription).toMatchObject({ id: '1152921504606846977', name: 'big' });
  });
});

describe('execute_query: the guard reads key_name as its warehouse', () => {
  it('the Spark comment trick is refused for the Databricks destination, nothing sent', async () => {
    const s = await app();
    const query = "-- \\\nSELECT 'x' AS a, '\nDELETE FROM t -- ' LIMIT 1";
    const out = await s.call('execute_query', { query, key_name: 'acme_databricks_1692' });
    expect(out.envelope?.details.map((d) => d.rule)).toContain('not_a_read');
    expect(seen.filter((r) => r.startsWith(`POST ${new URL(QUERY_URL).pathname}`))).toEqual([]);
  });

  it('side effects come back with their own rule and kind', async () => {
    const s = await app();
    const out = await s.call('execute_query', {
      query: "SELECT reflect('java.lang.Thread', 'sleep', 1000) LIMIT 1",
      key_name: 'acme_databricks_1692',
    });
    expect(out.envelope?.details).toEqual([
      expect.objectContaining({
        rule: 'side_effect',
        side_effect: 'reflection',
        function: 'reflect',
        path: 'query',
      }),
    ]);
    expect(validateEnvelope(out.envelope).valid).toBe(true);
  });

  it('validate_query says which warehouse it checked for, from the storage type', async () => {
    const s = await app();
    const out = await s.call('validate_query', {
      query: 'SELECT sku FROM t LATERAL VIEW explode(tags) x AS tag LIMIT 10',
      key_name: 'acme_databricks_1692',
    });
    expect(out.result).toMatchObject({
      storage_type: 'databricks',
      decision: { allowed: true },
      checks: { dialect: { warehouse: 'databricks', grammar: 'hive', lexers: ['spark'] } },
    });
    expect(seen).toContain('GET /v2/storages');
  });
});

describe('key_name → storage type, as /v2/storages says it', () => {
  /** A /v2/storages page: storage subscriptions (product, group) and their groups in `included`. */
  const storages = (
    rows: Array<[id: number, product: number, group: number]>,
    groups: Array<[number, string]>,
  ) =>
    http.get('https://subscriptions.api.openbridge.io/v2/storages', () =>
      HttpResponse.json({
        links: { next: '' },
        data: rows.map(([id, product, group]) => ({
          type: 'Subscription',
          id: String(id),
          attributes: { product_id: product, storage_group_id: group, status: 'active' },
        })),
        included: groups.map(([id, key]) => ({
          type: 'StorageGroup',
          id: String(id),
          attributes: { key_name: key },
        })),
        meta: { pagination: { page: 1, pages: 1, count: rows.length } },
      }),
    );
  const check = async (key: string) => {
    const s = await app();
    return (await s.call('validate_query', { query: 'SELECT a FROM t LIMIT 1', key_name: key })).result as {
      storage_type: string | null;
      decision: { allowed: boolean };
      checks: { refusals: Array<{ rule: string; issue: string }>; dialect: unknown };
    };
  };

  it('one key over storages of two types: unknown_storage naming both, no grammar guessed', async () => {
    mocks.use(
      storages(
        [
          [1, 29, 10],
          [2, 68, 10],
        ],
        [[10, 'k_mixed']],
      ),
    );
    const out = await check('k_mixed');
    expect(out.decision.allowed).toBe(false);
    expect(out.checks.dialect).toBeNull();
    expect(out.checks.refusals).toEqual([
      {
        rule: 'unknown_storage',
        issue: expect.stringMatching(/k_mixed.*different types \(redshift, databricks\)/),
      },
    ]);
  });

  it('a product the guard does not know: unknown_storage naming it', async () => {
    mocks.use(storages([[1, 999, 10]], [[10, 'k_new']]));
    const out = await check('k_new');
    expect(out.storage_type).toBe('product 999');
    expect(out.checks.refusals[0]).toMatchObject({
      rule: 'unknown_storage',
      issue: expect.stringMatching(/product 999/),
    });
  });

  it('two storages of one type under a key are that type', async () => {
    mocks.use(
      storages(
        [
          [1, 52, 10],
          [2, 90, 11],
          [3, 52, 10],
        ],
        [
          [10, 'k_snow'],
          [11, 'other'],
        ],
      ),
    );
    const out = await check('k_snow');
    expect(out).toMatchObject({ storage_type: 'snowflake', decision: { allowed: true } });
  });
});
