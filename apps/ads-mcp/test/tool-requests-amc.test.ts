// The AMC tools on the wire: each tool's exact request (path, query, body, AMC entity headers, its vendor media type),
// explicit account and marketplace winning over the looked-up ones, paging bounds, refusals that send nothing, and
// the page shape the agent sees ({<items>, count, nextToken}, the instance echoed).
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, CLIENT_ID, type Sent, useWire } from './support/wire.js';

const w = useWire();
const I = 'amcabc123def';
const ADV = 'amcacct9US000001';
/** Not the account's own marketplace (ATVPDKIKX0DER): an explicit one must win. */
const MKT = 'A1F83G8C2ARO7P';
const explicit = { advertiserId: ADV, marketplaceId: MKT };

/** The AMC headers: the entity pair, the client id, the media type (as content type too when a body goes). */
function amcHeaders(media: string, opts: { body?: boolean; accountId?: boolean } = {}) {
  return {
    accept: `application/vnd.${media}+json`,
    ...(opts.body ? { 'content-type': `application/vnd.${media}+json` } : {}),
    'amazon-advertising-api-advertiserid': ADV,
    'amazon-advertising-api-marketplaceid': MKT,
    'amazon-advertising-api-clientid': CLIENT_ID,
    ...(opts.accountId ? { 'amazon-ads-accountid': ADV } : {}),
  };
}

async function newExecution(): Promise<string> {
  const r = await w.ok('create_amc_workflow_execution', { instanceId: I, sqlQuery: 'SELECT 1', ...explicit });
  w.sent.length = 0;
  return r.workflowExecution.workflowExecutionId as string;
}

describe('the one request each AMC tool sends (explicit account and marketplace: no /amc/accounts lookup)', () => {
  const GETS: Array<[string, Record<string, unknown>, string, Record<string, string>, string, boolean?]> = [
    [
      'list_amc_instances',
      { limit: 1, nextToken: '1' },
      '/amc/instances',
      { limit: '1', nextToken: '1' },
      'amcinstances.v1',
    ],
    ['list_amc_instances', {}, '/amc/instances', {}, 'amcinstances.v1'],
    [
      'list_amc_workflows',
      { instanceId: I, limit: 100, nextToken: 'x' },
      `/amc/reporting/${I}/workflows`,
      { limit: '100', nextToken: 'x' },
      'amcworkflows.v1',
    ],
    [
      'get_amc_workflow',
      { instanceId: I, workflowId: 'weekly_reach' },
      `/amc/reporting/${I}/workflows/weekly_reach`,
      {},
      'amcworkflows.v1',
    ],
    [
      'list_amc_schedules',
      { instanceId: I, limit: 7, nextToken: '0' },
      `/amc/reporting/${I}/schedules`,
      { limit: '7', nextToken: '0' },
      'amcschedules.v1',
      true,
    ],
    [
      'get_amc_schedule',
      { instanceId: I, scheduleId: 'weekly_reach_schedule' },
      `/amc/reporting/${I}/schedules/weekly_reach_schedule`,
      {},
      'amcschedules.v1',
      true,
    ],
    [
      'list_amc_workflow_executions',
      { instanceId: I, limit: 2, nextToken: '0' },
      `/amc/reporting/${I}/workflowExecutions`,
      { limit: '2', nextToken: '0' },
      'amcworkflowexecutions.v1',
    ],
  ];
  it.each(GETS)('%s %j', async (name, args, path, query, media, accountId) => {
    const r = await w.ok(name, { ...args, ...explicit });
    expect(w.sent).toEqual([
      { method: 'GET', path, query, headers: amcHeaders(media, accountId ? { accountId } : {}) },
    ]);
    expect(r).not.toHaveProperty('advertiserId');
  });

  it('get_amc_workflow_execution and get_amc_execution_download_urls: the execution’s paths', async () => {
    const id = await newExecution();
    const seen = await w.ok('get_amc_workflow_execution', {
      instanceId: I,
      workflowExecutionId: id,
      ...explicit,
    });
    expect(seen).toMatchObject({
      workflowExecution: { workflowExecutionId: id, status: 'PENDING', sqlQuery: 'SELECT 1' },
    });
    await w.ok('get_amc_workflow_execution', { instanceId: I, workflowExecutionId: id, ...explicit });
    w.sent.length = 0;
    const urls = await w.ok('get_amc_execution_download_urls', {
      instanceId: I,
      workflowExecutionId: id,
      ...explicit,
    });
    expect(w.sent).toEqual([
      {
        method: 'GET',
        path: `/amc/reporting/${I}/workflowExecutions/${id}/downloadUrls`,
        query: {},
        headers: amcHeaders('amcworkflowexecutions.v1'),
      },
    ]);
    expect(urls.workflowExecutionId).toBe(id);
    expect(urls.downloadUrls).toHaveLength(1);
    expect(urls.downloadUrls[0]).toMatch(/^https:\/\//);
    expect(Array.isArray(urls.metadataDownloadUrls)).toBe(true);
  });

  it('list_amc_accounts with nextToken: GET /amc/accounts?nextToken, no entity headers', async () => {
    await w.ok('list_amc_accounts', { nextToken: '0' });
    expect(w.sent).toEqual([
      {
        method: 'GET',
        path: '/amc/accounts',
        query: { nextToken: '0' },
        headers: {
          accept: 'application/vnd.amcaudiencesconnections.v1+json',
          'amazon-advertising-api-clientid': CLIENT_ID,
        },
      },
    ]);
  });
});

describe('create_amc_workflow_execution: the body', () => {
  const post = (body: unknown): Sent => ({
    method: 'POST',
    path: `/amc/reporting/${I}/workflowExecutions`,
    query: {},
    headers: amcHeaders('amcworkflowexecutions.v1', { body: true }),
    body,
  });
  it.each([
    [
      'a saved workflow with every field',
      {
        workflowId: 'weekly_reach',
        timeWindowStart: '2026-03-01T00:00:00',
        timeWindowEnd: '2026-03-01T00:00:01',
        timeWindowTimeZone: 'America/New_York',
        parameterValues: { k: 'v', n: '2' },
      },
      {
        workflowId: 'weekly_reach',
        timeWindowType: 'EXPLICIT',
        timeWindowStart: '2026-03-01T00:00:00',
        timeWindowEnd: '2026-03-01T00:00:01',
        timeWindowTimeZone: 'America/New_York',
        parameterValues: { k: 'v', n: '2' },
      },
    ],
    [
      'parameters as the published {key, value} entries go as Amazon’s map',
      {
        workflowId: 'weekly_reach',
        parameterValues: [
          { key: 'a', value: '1' },
          { key: 'b', value: '' },
        ],
      },
      { workflowId: 'weekly_reach', parameterValues: { a: '1', b: '' } },
    ],
    [
      'ad-hoc SQL, no window: no type (Amazon’s default)',
      { sqlQuery: 'SELECT 2' },
      { workflow: { sqlQuery: 'SELECT 2' } },
    ],
    [
      'ad-hoc SQL, a relative type and a zone',
      { sqlQuery: 'SELECT 3', timeWindowType: 'PREVIOUS_MONTH', timeWindowTimeZone: 'Europe/London' },
      {
        workflow: { sqlQuery: 'SELECT 3' },
        timeWindowType: 'PREVIOUS_MONTH',
        timeWindowTimeZone: 'Europe/London',
      },
    ],
    [
      'a type given with start and end is kept',
      {
        sqlQuery: 'SELECT 4',
        timeWindowType: 'CURRENT_MONTH',
        timeWindowStart: '2026-03-01T00:00:00',
        timeWindowEnd: '2026-03-02T00:00:00',
      },
      {
        workflow: { sqlQuery: 'SELECT 4' },
        timeWindowType: 'CURRENT_MONTH',
        timeWindowStart: '2026-03-01T00:00:00',
        timeWindowEnd: '2026-03-02T00:00:00',
      },
    ],
    [
      'EXPLICIT with both ends',
      {
        sqlQuery: 'SELECT 5',
        timeWindowType: 'EXPLICIT',
        timeWindowStart: '2026-03-01T00:00:00',
        timeWindowEnd: '2026-03-02T00:00:00',
      },
      {
        workflow: { sqlQuery: 'SELECT 5' },
        timeWindowType: 'EXPLICIT',
        timeWindowStart: '2026-03-01T00:00:00',
        timeWindowEnd: '2026-03-02T00:00:00',
      },
    ],
  ])('%s', async (_title, args, body) => {
    const r = await w.ok('create_amc_workflow_execution', { instanceId: I, ...args, ...explicit });
    expect(w.sent).toEqual([post(body)]);
    // The answer is Amazon's object as it came.
    expect(Object.keys(r).filter((k) => k !== '_meta')).toEqual(['workflowExecution']);
    expect(r.workflowExecution.status).toBe('PENDING');
  });

  it('a 503 on create is not repeated (a second run would be queued) and is answered retryable', async () => {
    w.mocks().use(
      http.post(`${API}/amc/reporting/:instance/workflowExecutions`, () =>
        HttpResponse.json({ code: '503', details: 'busy' }, { status: 503 }),
      ),
    );
    const env = await w.refused('create_amc_workflow_execution', {
      instanceId: I,
      sqlQuery: 'SELECT 1',
      ...explicit,
    });
    expect(env).toMatchObject({
      error_code: 'ADS_API_HTTP_503',
      error_kind: 'ads_api_http',
      retryable: true,
    });
    expect(w.sent.filter((s) => s.method === 'POST')).toHaveLength(1);
  });

  const timeRefusal = (detail: Record<string, string>, summary: string, hint: string) => ({
    error_code: 'INPUT_VALIDATION_FAILED',
    error_kind: 'mcp_input_validation',
    retryable: false,
    summary,
    details: [detail],
    hints: [hint],
  });
  const needs = (missing: string) =>
    timeRefusal(
      { path: missing, issue: 'required when timeWindowType is EXPLICIT', received_type: 'undefined' },
      `timeWindowType EXPLICIT needs ${missing}.`,
      "Pass timeWindowStart and timeWindowEnd (YYYY-MM-DDTHH:MM:SS), or a relative timeWindowType such as 'MOST_RECENT_WEEK'.",
    );
  const order = timeRefusal(
    { path: 'timeWindowEnd', issue: 'not after timeWindowStart', received_type: 'string' },
    'timeWindowEnd must be after timeWindowStart.',
    'Use a timeWindowEnd later than timeWindowStart.',
  );
  it.each([
    [{ timeWindowType: 'EXPLICIT' }, needs('timeWindowStart')],
    [{ timeWindowType: 'EXPLICIT', timeWindowEnd: '2026-03-02T00:00:00' }, needs('timeWindowStart')],
    [{ timeWindowType: 'EXPLICIT', timeWindowStart: '2026-03-02T00:00:00' }, needs('timeWindowEnd')],
    [{ timeWindowStart: '2026-03-02T00:00:00' }, needs('timeWindowEnd')],
    [{ timeWindowEnd: '2026-03-02T00:00:00' }, needs('timeWindowStart')],
    [{ timeWindowStart: '2026-03-02T00:00:00', timeWindowEnd: '2026-03-02T00:00:00' }, order],
    [{ timeWindowStart: '2026-03-02T00:00:01', timeWindowEnd: '2026-03-02T00:00:00' }, order],
    [
      {
        timeWindowType: 'MOST_RECENT_DAY',
        timeWindowStart: '2026-03-03T00:00:00',
        timeWindowEnd: '2026-03-02T00:00:00',
      },
      order,
    ],
  ])('window %j is refused before anything is sent', async (window, envelope) => {
    const env = await w.refused('create_amc_workflow_execution', {
      instanceId: I,
      sqlQuery: 'SELECT 1',
      ...window,
      ...explicit,
    });
    expect(env).toMatchObject(envelope);
    expect(w.sent).toEqual([]);
  });

  it.each([
    [{ sqlQuery: 'SELECT 1', workflowId: 'weekly_reach' }, 'SCHEMA_ONE_OF_FAILED', ''],
    [{ sqlQuery: '' }, 'SCHEMA_MIN_LENGTH', 'sqlQuery'],
    [
      { sqlQuery: 'S', timeWindowStart: '2026-03-01 00:00:00', timeWindowEnd: '2026-03-02T00:00:00' },
      'SCHEMA_PATTERN_MISMATCH',
      'timeWindowStart',
    ],
    [{ sqlQuery: 'S', parameterValues: { k: 1 } }, 'SCHEMA_TYPE_MISMATCH', 'parameterValues/0/value'],
  ])('schema refusal %j → %s at %s, nothing sent', async (args, code, path) => {
    const env = await w.refused('create_amc_workflow_execution', { instanceId: I, ...args, ...explicit });
    expect(env).toMatchObject({ error_code: code, error_kind: 'mcp_input_validation', retryable: false });
    expect(env.details[0]?.path).toBe(path);
    expect(w.sent).toEqual([]);
  });
});

describe('AMC paging bounds: limit 1..100, nextToken non-empty', () => {
  const LISTS: Array<[string, Record<string, unknown>]> = [
    ['list_amc_instances', {}],
    ['list_amc_workflows', { instanceId: I }],
    ['list_amc_schedules', { instanceId: I }],
    ['list_amc_workflow_executions', { instanceId: I }],
  ];
  it.each(LISTS)('%s: limit 0, 101 and an empty nextToken are refused unsent', async (name, args) => {
    for (const [bad, code, path] of [
      [{ limit: 0 }, 'SCHEMA_MINIMUM', 'limit'],
      [{ limit: 101 }, 'SCHEMA_MAXIMUM', 'limit'],
      [{ nextToken: '' }, 'SCHEMA_MIN_LENGTH', 'nextToken'],
    ] as const) {
      const env = await w.refused(name, { ...args, ...bad, ...explicit });
      expect(env).toMatchObject({
        error_code: code,
        retryable: false,
        details: [expect.objectContaining({ path })],
      });
    }
    expect(w.sent).toEqual([]);
  });
  it('list_amc_accounts: an empty nextToken is refused unsent', async () => {
    const env = await w.refused('list_amc_accounts', { nextToken: '' });
    expect(env).toMatchObject({
      error_code: 'SCHEMA_MIN_LENGTH',
      details: [expect.objectContaining({ path: 'nextToken' })],
    });
    expect(w.sent).toEqual([]);
  });
});

describe('what the agent sees from an AMC page', () => {
  const PAGES: Array<[string, Record<string, unknown>, string, string, boolean]> = [
    ['list_amc_instances', {}, '/amc/instances', 'instances', false],
    ['list_amc_workflows', { instanceId: I }, `/amc/reporting/:i/workflows`, 'workflows', true],
    ['list_amc_schedules', { instanceId: I }, `/amc/reporting/:i/schedules`, 'schedules', true],
    [
      'list_amc_workflow_executions',
      { instanceId: I },
      `/amc/reporting/:i/workflowExecutions`,
      'executions',
      true,
    ],
    ['list_amc_accounts', { nextToken: 'p2' }, '/amc/accounts', 'amcAccounts', false],
  ];
  it.each(PAGES)(
    '%s: items, their count and nextToken; the instance when one is named',
    async (name, args, path, key, echoes) => {
      const echo = echoes ? { instanceId: I } : {};
      w.mocks().use(
        http.get(`${API}${path}`, () =>
          HttpResponse.json({ [key]: [{ a: 1 }, { b: 2 }, { c: 3 }], nextToken: 'n3', extra: 1 }),
        ),
      );
      const { _meta, ...page } = await w.ok(name, args);
      expect(page).toEqual({ ...echo, [key]: [{ a: 1 }, { b: 2 }, { c: 3 }], count: 3, nextToken: 'n3' });
      // No list, or a nextToken that is not a string: an empty page and null.
      w.mocks().use(http.get(`${API}${path}`, () => HttpResponse.json({ [key]: { a: 1 }, nextToken: 7 })));
      const { _meta: _m, ...empty } = await w.ok(name, args);
      expect(empty).toEqual({ ...echo, [key]: [], count: 0, nextToken: null });
    },
  );

  it('list_amc_accounts without nextToken: every page read, the accounts as one list, nextToken null', async () => {
    const A = { accountId: 'amcacct1', accountName: 'One', marketplaceId: 'ATVPDKIKX0DER' };
    const B = { accountId: 'amcacct2', accountName: 'Two', marketplaceId: 'A1F83G8C2ARO7P' };
    w.mocks().use(
      http.get(`${API}/amc/accounts`, ({ request }) =>
        new URL(request.url).searchParams.get('nextToken') === 'p2'
          ? HttpResponse.json({ amcAccounts: [B] })
          : HttpResponse.json({ amcAccounts: [A], nextToken: 'p2' }),
      ),
    );
    const { _meta, ...answer } = await w.ok('list_amc_accounts', {});
    expect(answer).toEqual({ amcAccounts: [A, B], count: 2, nextToken: null });
    expect(w.sent.map((r) => [r.path, r.query])).toEqual([
      ['/amc/accounts', {}],
      ['/amc/accounts', { nextToken: 'p2' }],
    ]);
  });

  it('get_amc_execution_download_urls keeps both URL lists; anything else is []', async () => {
    const path = `${API}/amc/reporting/:i/workflowExecutions/:id/downloadUrls`;
    const args = { instanceId: I, workflowExecutionId: 'exec-00000001' };
    w.mocks().use(
      http.get(path, () =>
        HttpResponse.json({ downloadUrls: ['https://a'], metadataDownloadUrls: ['https://m'], x: 1 }),
      ),
    );
    const { _meta, ...both } = await w.ok('get_amc_execution_download_urls', args);
    expect(both).toEqual({
      workflowExecutionId: 'exec-00000001',
      downloadUrls: ['https://a'],
      metadataDownloadUrls: ['https://m'],
    });
    w.mocks().use(
      http.get(path, () => HttpResponse.json({ downloadUrls: 'https://a', metadataDownloadUrls: {} })),
    );
    const { _meta: _m, ...none } = await w.ok('get_amc_execution_download_urls', args);
    expect(none).toEqual({
      workflowExecutionId: 'exec-00000001',
      downloadUrls: [],
      metadataDownloadUrls: [],
    });
  });

  it('get_amc_workflow and get_amc_schedule answer Amazon’s object whole', async () => {
    const { _meta, ...wf } = await w.ok('get_amc_workflow', { instanceId: I, workflowId: 'weekly_reach' });
    expect(wf).toEqual({
      workflow: {
        workflowId: 'weekly_reach',
        sqlQuery: 'SELECT campaign_id, COUNT(DISTINCT user_id) AS reach FROM dsp_impressions GROUP BY 1',
        inputParameters: [],
      },
    });
    const { _meta: _m, ...sched } = await w.ok('get_amc_schedule', {
      instanceId: I,
      scheduleId: 'weekly_reach_schedule',
    });
    expect(sched).toEqual({
      schedule: {
        scheduleId: 'weekly_reach_schedule',
        workflowId: 'weekly_reach',
        aggregationPeriod: 'Weekly',
        aggregationStartDay: 'Monday',
        aggregationHourUtc: 6,
        scheduleEnabled: true,
      },
    });
    // Without an account: the only one of the login, looked up first, and its marketplace.
    expect(
      w.sent.map((s) => `${s.method} ${s.path} ${s.headers['amazon-advertising-api-marketplaceid'] ?? '-'}`),
    ).toEqual([
      'GET /amc/accounts -',
      `GET /amc/reporting/${I}/workflows/weekly_reach ATVPDKIKX0DER`,
      'GET /amc/accounts -',
      `GET /amc/reporting/${I}/schedules/weekly_reach_schedule ATVPDKIKX0DER`,
    ]);
  });
});
