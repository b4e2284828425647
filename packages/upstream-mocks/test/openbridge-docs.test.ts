// The Openbridge mock against Openbridge's docs: every handler's answer validates, and what the docs reject is rejected.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SetupServer } from 'msw/node';
import { startMockServer } from '../src/server.js';
import { checkRequest, checkResponse } from '../src/openbridge/doc-schemas/validate.js';
import { REQUEST_SCHEMAS } from '../src/openbridge/doc-schemas/requests.js';
import { RESPONSE_SCHEMAS, type ResponseSchemaName } from '../src/openbridge/doc-schemas/responses.js';
import { OPENBRIDGE_HOSTS as H, MOCK_ACCOUNT_ID, MOCK_USER_ID } from '../src/openbridge/constants.js';
import { resetOpenbridgeMock } from '../src/openbridge/index.js';

let server: SetupServer;
let jwt = '';

async function call(method: string, url: string, body?: unknown) {
  const res = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${jwt}`,
      accept: 'application/json',
      // The documented body types: JSON:API on the Subscriptions API, application/json on the Service API proxy.
      ...(body === undefined
        ? {}
        : {
            'content-type': url.startsWith(H.subscriptions) ? 'application/vnd.api+json' : 'application/json',
          }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

beforeAll(async () => {
  server = startMockServer();
  const body = { data: { type: 'APIAuth', attributes: { refresh_token: 'k:s' } } };
  expect(checkRequest('authRefresh', body)).toEqual([]);
  const res = await fetch(`${H.authentication}/auth/api/ref`, { method: 'POST', body: JSON.stringify(body) });
  const parsed = (await res.json()) as { data: { attributes: { token: string } } };
  expect(checkResponse('authToken', parsed)).toEqual([]);
  jwt = parsed.data.attributes.token;
});
beforeEach(() => resetOpenbridgeMock());
afterAll(() => server.close());

const S = `${H.service}/service`;
const sub = (attributes: Record<string, unknown>) => ({ data: { type: 'Subscription', attributes } });
const validCreate = {
  account: MOCK_ACCOUNT_ID,
  user: MOCK_USER_ID,
  product: 70,
  name: 'Docs test',
  status: 'active',
  date_start: '2025-01-01T00:00:00Z',
  storage_group: '1688',
  remote_identity: 7460,
  product_parameters: { stage_ids: '[1000]' },
};

/** One call per handler (GET lists, single reads and the writes) with the doc schema its answer must meet. */
const READS: Array<[string, string, ResponseSchemaName]> = [
  ['remote identities (own)', `${H.remoteIdentity}/ri`, 'remoteIdentityList'],
  ['remote identities (shared)', `${H.remoteIdentity}/sri?remote_identity_type=14`, 'remoteIdentityList'],
  ['remote identity by id', `${H.remoteIdentity}/ri/8120`, 'remoteIdentity'],
  ['subscriptions', `${H.subscriptions}/v2/sub?status=active`, 'subscriptionList'],
  ['subscription', `${H.subscriptions}/v2/sub/107003`, 'subscription'],
  ['storages', `${H.subscriptions}/v2/storages?status=active`, 'storageList'],
  ['product parameters', `${H.subscriptions}/v2/spp?subscription_id=107004`, 'subscriptionParameters'],
  ['products', `${H.subscriptions}/v2/product?active=1`, 'productList'],
  ['payloads', `${S}/products/product/85/payloads?stage_id__gte=1000`, 'payloadList'],
  ['rules search', `${S}/rules/prod/v1/rules/search?path__icontains=sp_campaigns&latest=true`, 'rulesSearch'],
  ['healthchecks', `${S}/healthchecks/production/healthchecks/account/${MOCK_ACCOUNT_ID}`, 'healthcheckList'],
  ['jobs', `${S}/jobs/jobs?subscription_ids=107003`, 'jobList'],
  ['job', `${S}/jobs/jobs/4100440`, 'job'],
  ['history transaction', `${S}/history/production/history/72418`, 'historyTransaction'],
  ['amazon ads token', `${S}/amzadv/token/7460`, 'amazonAdsToken'],
  ['amazon ads profiles', `${S}/amzadv/profiles-only/7460`, 'amazonAdsProfiles'],
];

describe('every mock answer validates against the schema written from the docs', () => {
  it.each(READS)('%s', async (_name, url, schema) => {
    const res = await call('GET', url);
    expect(res.status).toBe(200);
    expect(checkResponse(schema, res.body)).toEqual([]);
  });

  it('writes: subscription create/update, history create/cancel, query', async () => {
    const created = await call('POST', `${H.subscriptions}/v2/sub`, sub(validCreate));
    expect(created.status).toBe(201);
    expect(checkResponse('subscription', created.body)).toEqual([]);
    const patched = await call('PATCH', `${H.subscriptions}/v2/sub/107003`, {
      data: { type: 'Subscription', id: '107003', attributes: { storage_group: 1689 } },
    });
    expect(patched.status).toBe(200);
    expect(checkResponse('subscription', patched.body)).toEqual([]);
    expect(patched.body).toMatchObject({ data: { attributes: { storage_group_id: 1689 } } });
    const history = await call('POST', `${S}/history/production/history/107003`, {
      data: {
        type: 'HistoryTransaction',
        attributes: { start_date: '2025-01-01', end_date: '2025-01-02', stage_id: 1000 },
      },
    });
    expect(history.status).toBe(201);
    expect(checkResponse('historyTransaction', history.body)).toEqual([]);
    const cancelled = await call('PATCH', `${S}/history/production/history/72418`, {
      data: { type: 'HistoryTransaction', id: 72418, attributes: { status: 'cancelled' } },
    });
    expect(cancelled.status).toBe(200);
    expect(checkResponse('historyTransaction', cancelled.body)).toEqual([]);
    const rows = await call('POST', `${S}/query/production/query`, {
      data: {
        type: 'Query',
        attributes: {
          query: 'SELECT campaign_id FROM amzadv_sp_campaigns_master LIMIT 2',
          accmapping: 'acme_redshift_1688',
          run_async: false,
          direct_results: false,
          response_format: 'csv',
        },
      },
    });
    expect(rows.status).toBe(200);
    expect(checkResponse('queryResult', rows.body)).toEqual([]);
    expect(rows.body).toEqual({ data: 'campaign_id\r\n1001\r\n1002\r\n' });
  });

  it('error bodies of the JSON:API hosts match the documented error shape', async () => {
    const res = await call('GET', `${H.subscriptions}/v2/sub/999`);
    expect(res.status).toBe(404);
    expect(checkResponse('jsonApiError', res.body)).toEqual([]);
  });

  it('every schema names the doc file and section it transcribes', () => {
    for (const entry of [...Object.values(RESPONSE_SCHEMAS), ...Object.values(REQUEST_SCHEMAS)]) {
      expect(entry.doc).toMatch(/\.md|\.py/);
      expect(entry.section.length).toBeGreaterThan(5);
    }
  });
});

describe('the mock rejects what the docs reject, in Openbridge error shapes', () => {
  it('a missing required field (create without date_start) → 400 with a JSON:API source.pointer', async () => {
    const { date_start: _omitted, ...rest } = validCreate;
    const res = await call('POST', `${H.subscriptions}/v2/sub`, sub(rest));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errors: [
        expect.objectContaining({ status: '400', source: { pointer: '/data/attributes/date_start' } }),
      ],
    });
    expect(checkResponse('jsonApiError', res.body)).toEqual([]);
  });

  it('a wrong field name (storage_group_id is read-only; the write field is storage_group) → 400', async () => {
    const res = await call('PATCH', `${H.subscriptions}/v2/sub/107003`, {
      data: { type: 'Subscription', id: '107003', attributes: { storage_group_id: 1689 } },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      errors: [
        {
          source: { pointer: '/data/attributes/storage_group_id' },
          detail: expect.stringMatching(/documented/),
        },
      ],
    });
  });

  it('an unsupported status value (history status "active"; only "cancelled") → 400 bare array', async () => {
    const res = await call('PATCH', `${S}/history/production/history/72418`, {
      data: { type: 'HistoryTransaction', id: 72418, attributes: { status: 'active' } },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual([{ message: expect.stringMatching(/cancelled/), code: 'INVALID_FIELD' }]);
  });

  it('an undocumented history attribute (primary_run) → 400', async () => {
    const res = await call('POST', `${S}/history/production/history/107003`, {
      data: {
        type: 'HistoryTransaction',
        attributes: { start_date: '2025-01-01', end_date: '2025-01-01', primary_run: false },
      },
    });
    expect(res.status).toBe(400);
  });

  it('undocumented list filters are ignored (product_id=), documented ones apply (product=)', async () => {
    const wrong = (await call('GET', `${H.subscriptions}/v2/sub?product_id=70`)).body as { data: unknown[] };
    const right = (await call('GET', `${H.subscriptions}/v2/sub?product=70`)).body as { data: unknown[] };
    expect(wrong.data.length).toBeGreaterThan(1);
    expect(right.data).toHaveLength(1);
  });

  it('a query the warehouse refuses → 400 with the warehouse message', async () => {
    const res = await call('POST', `${S}/query/production/query`, {
      data: {
        type: 'Query',
        attributes: { query: 'SELECT x FROM nowhere', accmapping: 'acme_redshift_1688' },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: [{ detail: 'relation "nowhere" does not exist' }] });
  });
});
