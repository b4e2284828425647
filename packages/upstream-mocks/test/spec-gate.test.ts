// The spec layer in front of and behind the hand-written mocks: rejections, media types, long tail,
// fault scenarios and the SP static sandbox, each checked against the official specs.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { setFault, startMockServer } from '../src/index.js';
import { matchRoute, loadOperation, type Operation } from '../src/spec/index.js';
import { checkResponse } from '../src/spec/response-check.js';
import { ADS_BASE, authHeaders, readBody, SP_BASE, SP_SANDBOX_BASE } from './support/spec-calls.js';

const server = startMockServer();
afterAll(() => server.close());
afterEach(() => setFault('api', undefined));

async function opFor(family: 'sp-api' | 'amazon-ads', method: string, path: string): Promise<Operation> {
  const hit = matchRoute(family, method, path);
  if (!hit) throw new Error(`no operation for ${method} ${path}`);
  return loadOperation(hit.route);
}

/** Sends, then checks the answer against the operation's declared response for its status. */
async function send(family: 'sp-api' | 'amazon-ads', url: string, init: RequestInit = {}) {
  const res = await fetch(url, {
    ...init,
    headers: { ...authHeaders(family), ...(init.headers as Record<string, string>) },
  });
  const body = await readBody(res);
  const u = new URL(url);
  const op = await opFor(family, init.method ?? 'GET', u.pathname);
  return {
    status: res.status,
    body,
    headers: res.headers,
    problems: checkResponse(op, res.status, res.headers.get('content-type'), body),
  };
}

const SP_JSON = { 'content-type': 'application/json' };
const SPV3 = 'application/vnd.spCampaign.v3+json';
const ADS_SP_LIST = { 'content-type': SPV3, accept: SPV3 };

describe('SP-API: requests the models reject get the 400 InvalidInput body', () => {
  it('a missing required query parameter (getOrders without MarketplaceIds)', async () => {
    const r = await send('sp-api', `${SP_BASE}/orders/v0/orders?CreatedAfter=2026-01-01T00:00:00Z`);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ errors: [{ code: 'InvalidInput', details: 'query:MarketplaceIds' }] });
    expect(r.problems).toEqual([]);
  });

  it('a csv array value outside the enum (searchCatalogItems includedData=bogus)', async () => {
    const r = await send(
      'sp-api',
      `${SP_BASE}/catalog/2022-04-01/items?marketplaceIds=ATVPDKIKX0DER&keywords=echo&includedData=summaries,bogus`,
    );
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('includedData');
    expect(r.problems).toEqual([]);
  });

  it('more csv values than maxItems (getReports with 11 reportTypes)', async () => {
    const types = Array.from({ length: 11 }, (_, i) => `T${i}`).join(',');
    const r = await send('sp-api', `${SP_BASE}/reports/2021-06-30/reports?reportTypes=${types}`);
    expect(r.status).toBe(400);
    expect(r.problems).toEqual([]);
  });

  it('a query parameter the operation does not declare', async () => {
    const r = await send(
      'sp-api',
      `${SP_BASE}/catalog/2022-04-01/items/B08N5WRWNW?marketplaceIds=ATVPDKIKX0DER&marketplaceid=x`,
    );
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain("Unknown query parameter 'marketplaceid'");
  });

  it('a body that fails the body schema (createReport without reportType)', async () => {
    const r = await send('sp-api', `${SP_BASE}/reports/2021-06-30/reports`, {
      method: 'POST',
      headers: SP_JSON,
      body: JSON.stringify({ marketplaceIds: ['ATVPDKIKX0DER'] }),
    });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain("required property 'reportType'");
    expect(r.problems).toEqual([]);
  });

  it('a body in a media type the operation does not consume gets 415', async () => {
    const r = await send('sp-api', `${SP_BASE}/reports/2021-06-30/reports`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'reportType=X',
    });
    expect(r.status).toBe(415);
    expect(r.problems).toEqual([]);
  });

  it('auth comes first: no token is a 403 even for an invalid request', async () => {
    const res = await fetch(`${SP_BASE}/orders/v0/orders`);
    expect(res.status).toBe(403);
  });

  it('a spec-valid request still reaches the hand-written handler', async () => {
    const r = await send(
      'sp-api',
      `${SP_BASE}/orders/v0/orders?MarketplaceIds=ATVPDKIKX0DER&CreatedAfter=2020-01-01T00:00:00Z`,
    );
    expect(r.status).toBe(200);
    expect((r.body as { payload: { Orders: unknown[] } }).payload.Orders.length).toBeGreaterThan(0);
    expect(r.problems).toEqual([]);
  });
});

describe('SP-API cross-parameter rules the schema cannot state (audit S2-5)', () => {
  const search = (query: string) => send('sp-api', `${SP_BASE}/orders/2026-01-01/orders?${query}`);
  const page1 = 'createdAfter=2020-01-01T00:00:00Z&marketplaceIds=ATVPDKIKX0DER&maxResultsPerPage=1';
  const tokenOf = (body: unknown) =>
    (body as { pagination?: { nextToken?: string } }).pagination?.nextToken ?? '';

  it('searchOrders pages: the next page needs the same filters (page size and includedData may change)', async () => {
    const first = await search(page1);
    expect(first.status).toBe(200);
    const token = encodeURIComponent(tokenOf(first.body));
    expect(token).not.toBe('');
    const same = await search(`${page1}&paginationToken=${token}`);
    expect(same.status).toBe(200);
    const [a] = (first.body as { orders: Array<{ orderId: string }> }).orders;
    const [b] = (same.body as { orders: Array<{ orderId: string }> }).orders;
    expect(b?.orderId).not.toBe(a?.orderId);
    const resized = await search(
      `createdAfter=2020-01-01T00:00:00Z&marketplaceIds=ATVPDKIKX0DER&maxResultsPerPage=3&includedData=BUYER&paginationToken=${token}`,
    );
    expect(resized.status).toBe(200);
    for (const changed of [
      `paginationToken=${token}`,
      `createdAfter=2020-01-01T00:00:00Z&paginationToken=${token}`,
      `createdAfter=2021-01-01T00:00:00Z&marketplaceIds=ATVPDKIKX0DER&paginationToken=${token}`,
    ]) {
      const r = await search(changed);
      expect(r.status, changed).toBe(400);
      expect(r.body).toMatchObject({ errors: [{ code: 'InvalidInput' }] });
      expect(r.problems).toEqual([]);
    }
  });

  it('searchOrders and getOrders: creation and last-update dates never mixed', async () => {
    for (const query of [
      'createdAfter=2020-01-01T00:00:00Z&lastUpdatedAfter=2020-01-01T00:00:00Z',
      'createdAfter=2020-01-01T00:00:00Z&lastUpdatedBefore=2026-01-01T00:00:00Z',
      'lastUpdatedAfter=2020-01-01T00:00:00Z&createdBefore=2026-01-01T00:00:00Z',
    ]) {
      const r = await search(query);
      expect(r.status, query).toBe(400);
      expect(r.problems).toEqual([]);
    }
    const v0 = await send(
      'sp-api',
      `${SP_BASE}/orders/v0/orders?MarketplaceIds=ATVPDKIKX0DER&LastUpdatedAfter=2020-01-01T00:00:00Z&CreatedBefore=2026-01-01T00:00:00Z`,
    );
    expect(v0.status).toBe(400);
  });
});

describe('SP-API long tail: answered from the models', () => {
  // Sellers getAccount: no hand-written handler, so the catch-all answers it from the model.
  const account = `${SP_BASE}/sellers/v1/account`;

  it('a valid request gets a schema-valid 200 with the usual SP headers', async () => {
    const r = await send('sp-api', account);
    expect(r.status).toBe(200);
    expect(r.problems).toEqual([]);
    expect(r.headers.get('x-amzn-requestid')).toBeTruthy();
    // The usage plan of the model's description table, as the real API reports it.
    expect(r.headers.get('x-amzn-ratelimit-limit')).toBe('0.016');
  });

  it('is deterministic: the same request, the same body', async () => {
    const a = await send('sp-api', account);
    const b = await send('sp-api', account);
    expect(a.body).toEqual(b.body);
  });

  it('an invalid request gets the 400 (the gate, before any handler: Sales without interval)', async () => {
    const r = await send(
      'sp-api',
      `${SP_BASE}/sales/v1/orderMetrics?marketplaceIds=ATVPDKIKX0DER&granularity=Dya`,
    );
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('interval');
    expect(r.problems).toEqual([]);
  });

  it('fault scenarios apply to it the same way as to hand-written handlers', async () => {
    setFault('api', 'http_429');
    const tail = await send('sp-api', account);
    const hand = await send(
      'sp-api',
      `${SP_BASE}/orders/v0/orders?MarketplaceIds=ATVPDKIKX0DER&CreatedAfter=2020-01-01T00:00:00Z`,
    );
    expect(tail.status).toBe(429);
    expect(tail.body).toEqual(hand.body);
    setFault('api', 'reset');
    await expect(fetch(account, { headers: authHeaders('sp-api') })).rejects.toThrow();
  });
});

describe('SP-API sandbox hosts answer only the static sandbox', () => {
  it('the canned request gets the canned response', async () => {
    const res = await fetch(
      `${SP_SANDBOX_BASE}/orders/v0/orders?MarketplaceIds=ATVPDKIKX0DER&CreatedAfter=TEST_CASE_200`,
      { headers: authHeaders('sp-api') },
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { payload: { Orders: Array<{ AmazonOrderId: string }> } };
    expect(body.payload.Orders[0]?.AmazonOrderId).toBe('902-1845936-5435065');
  });

  it('a canned error case gets its canned error', async () => {
    const res = await fetch(`${SP_SANDBOX_BASE}/orders/v0/orders?CreatedAfter=TEST_CASE_400`, {
      headers: authHeaders('sp-api'),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ errors: [{ code: 'InvalidInput', message: 'Invalid Input' }] });
  });

  it('anything else gets 400 "Could not match input arguments", production values included', async () => {
    const res = await fetch(
      `${SP_SANDBOX_BASE}/orders/v0/orders?MarketplaceIds=ATVPDKIKX0DER&CreatedAfter=2020-01-01T00:00:00Z`,
      { headers: authHeaders('sp-api') },
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      errors: [{ code: 'InvalidInput', message: 'Could not match input arguments', details: '' }],
    });
  });

  it('a request that includes the canned parameters matches, extra ones allowed (docs: "when the specified parameters are present")', async () => {
    // getItemOffers' canned case names Asin and MarketplaceId only; the model requires ItemCondition too.
    const offers = await fetch(
      `${SP_SANDBOX_BASE}/products/pricing/v0/items/B00V5DG6IQ/offers?MarketplaceId=ATVPDKIKX0DER&ItemCondition=New`,
      { headers: authHeaders('sp-api') },
    );
    expect(offers.status).toBe(200);
  });

  it('the case naming the most parameters wins (getOrders with the canned NextToken)', async () => {
    const q = 'MarketplaceIds=ATVPDKIKX0DER&CreatedAfter=TEST_CASE_200_NEXT_TOKEN';
    const first = (await (
      await fetch(`${SP_SANDBOX_BASE}/orders/v0/orders?${q}`, { headers: authHeaders('sp-api') })
    ).json()) as { payload: { NextToken?: string } };
    const next = await fetch(
      `${SP_SANDBOX_BASE}/orders/v0/orders?${q}&NextToken=2YgYW55IGNhcm5hbCBwbGVhc3VyZS4`,
      { headers: authHeaders('sp-api') },
    );
    expect(next.status).toBe(200);
    expect(await next.json()).not.toEqual(first);
  });

  it('a canned path parameter (getReport ID323) and a canned body (createReport)', async () => {
    const report = await fetch(`${SP_SANDBOX_BASE}/reports/2021-06-30/reports/ID323`, {
      headers: authHeaders('sp-api'),
    });
    expect(report.status).toBe(200);
    const created = await fetch(`${SP_SANDBOX_BASE}/reports/2021-06-30/reports`, {
      method: 'POST',
      headers: { ...authHeaders('sp-api'), ...SP_JSON },
      body: JSON.stringify({
        reportType: 'GET_MERCHANT_LISTINGS_ALL_DATA',
        dataStartTime: '2024-03-10T20:11:24.000Z',
        marketplaceIds: ['A1PA6795UKMFR9', 'ATVPDKIKX0DER'],
      }),
    });
    expect(created.status).toBe(202);
    expect(await created.json()).toEqual({ reportId: 'ID323' });
  });
});

describe('Amazon Ads: media types and bodies from the specs', () => {
  const list = `${ADS_BASE}/sp/campaigns/list`;

  it('a wrong Content-Type gets 415 in the spec body shape', async () => {
    const r = await send('amazon-ads', list, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: SPV3 },
      body: '{}',
    });
    expect(r.status).toBe(415);
    expect(r.problems).toEqual([]);
  });

  it('a non-vendor Accept (and an absent one, which means application/json) gets 415', async () => {
    for (const accept of ['application/json', '*/*']) {
      const r = await send('amazon-ads', list, {
        method: 'POST',
        headers: { 'content-type': SPV3, accept },
        body: '{}',
      });
      expect(r.status, accept).toBe(415);
    }
  });

  it('406 where the operation declares it (SP theme-based bid recommendations)', async () => {
    const media = 'application/vnd.spthemebasedbidrecommendation.v4+json';
    const r = await send('amazon-ads', `${ADS_BASE}/sp/targets/bid/recommendations`, {
      method: 'POST',
      headers: { 'content-type': media, accept: 'application/vnd.spCampaign.v3+json' },
      body: '{}',
    });
    expect(r.status).toBe(406);
  });

  it('a body the spec rejects (update with state ARCHIVED) gets the SP v3 400 body', async () => {
    const r = await send('amazon-ads', `${ADS_BASE}/sp/campaigns`, {
      method: 'PUT',
      headers: { 'content-type': SPV3, accept: SPV3 },
      body: JSON.stringify({ campaigns: [{ campaignId: '1111000000000001', state: 'ARCHIVED' }] }),
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ message: expect.stringContaining('state') });
    expect(r.problems).toEqual([]);
  });

  it('a valid list reaches the hand-written handler', async () => {
    const r = await send('amazon-ads', list, {
      method: 'POST',
      headers: ADS_SP_LIST,
      body: '{"maxResults":10}',
    });
    expect(r.status).toBe(200);
    expect((r.body as { campaigns: unknown[] }).campaigns.length).toBeGreaterThan(0);
  });

  it('an unknown profile in the Scope header is a 401', async () => {
    const r = await fetch(`${ADS_BASE}/sb/v4/campaigns/list`, {
      method: 'POST',
      headers: {
        ...authHeaders('amazon-ads'),
        'amazon-advertising-api-scope': '999',
        'content-type': 'application/vnd.sbcampaignresource.v4+json',
        accept: 'application/vnd.sbcampaignresource.v4+json',
      },
      body: '{}',
    });
    expect(r.status).toBe(401);
  });
});

describe('Amazon Ads long tail: answered from the specs', () => {
  const media = 'application/vnd.sbcampaignresource.v4+json';
  const sb = `${ADS_BASE}/sb/v4/campaigns/list`;
  const init = { method: 'POST', headers: { 'content-type': media, accept: media }, body: '{}' };

  it('a valid request gets a schema-valid answer in the declared media type', async () => {
    const r = await send('amazon-ads', sb, init);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe(media);
    expect(r.problems).toEqual([]);
  });

  it('a declared media range (*/*) is answered as application/json, which the range covers', async () => {
    const r = await send('amazon-ads', `${ADS_BASE}/media/describe?mediaId=m1`, {
      headers: { accept: '*/*' },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json');
    expect(r.problems).toEqual([]);
  });

  it('fault scenarios apply (Ads body shape)', async () => {
    setFault('api', 'http_503_retry_after');
    const r = await send('amazon-ads', sb, init);
    expect(r.status).toBe(503);
    expect(r.headers.get('retry-after')).toBe('2');
  });
});
