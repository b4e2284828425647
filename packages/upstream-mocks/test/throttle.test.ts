// OBMCP_MOCK_THROTTLE=documented: SP and Ads buckets and the 429s each API really sends; the SP report clock.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetThrottle, startMockServer, throttleStats } from '../src/index.js';
import { newReport, progressed } from '../src/sp/report-progress.js';
import { checkResponse, loadOperation, matchRoute } from '../src/spec/index.js';
import { TokenBuckets } from '../src/throttle/token-buckets.js';
import { ADS_BASE, authHeaders, SP_BASE } from './support/spec-calls.js';

const server = startMockServer();
const ENV = [
  'OBMCP_MOCK_THROTTLE',
  'OBMCP_MOCK_RATE_SCALE',
  'OBMCP_MOCK_ADS_THROTTLE',
  'OBMCP_MOCK_SP_REPORT_MS',
];

beforeAll(() => resetThrottle());
afterEach(() => {
  for (const name of ENV) delete process.env[name];
  resetThrottle();
});
afterAll(() => server.close());

const ORDERS = `${SP_BASE}/orders/v0/orders?MarketplaceIds=ATVPDKIKX0DER&CreatedAfter=2026-01-01T00:00:00Z`;
const getOrders = () => fetch(ORDERS, { headers: authHeaders('sp-api') });

async function statuses(calls: number, send: () => Promise<Response>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < calls; i++) out.push((await send()).status);
  return out;
}

describe('SP throttling', () => {
  it('is off by default: 30 getOrders in a row all answer', async () => {
    expect(new Set(await statuses(30, getOrders))).toEqual(new Set([200]));
    expect(throttleStats().throttled).toBe(0);
  });

  it("enforces getOrders' documented burst of 20 and answers the documented 429", async () => {
    process.env.OBMCP_MOCK_THROTTLE = 'documented';
    expect(await statuses(20, getOrders)).toEqual(Array(20).fill(200));
    const res = await getOrders();
    expect(res.status).toBe(429);
    const body: unknown = await res.json();
    expect(body).toEqual({
      errors: [
        {
          code: 'QuotaExceeded',
          message: 'You exceeded your quota for the requested resource.',
          details: '',
        },
      ],
    });
    // amazon-apis.md §1.4/§1.6: no rate-limit header on a throttled request, and no Retry-After ever.
    expect(res.headers.get('retry-after')).toBeNull();
    expect(res.headers.get('x-amzn-ratelimit-limit')).toBeNull();
    expect(res.headers.get('x-amzn-requestid')).toBeTruthy();
    const hit = matchRoute('sp-api', 'GET', '/orders/v0/orders');
    if (!hit) throw new Error('getOrders is not in the SP models');
    expect(checkResponse(await loadOperation(hit.route), 429, 'application/json', body)).toEqual([]);
    expect(throttleStats()).toEqual({ throttled: 1, byOperation: { getOrders: 1 } });
  });

  it('enforces rate × OBMCP_MOCK_RATE_SCALE, and the rate header reports that rate', async () => {
    process.env.OBMCP_MOCK_THROTTLE = 'documented';
    process.env.OBMCP_MOCK_RATE_SCALE = '600';
    const res = await getOrders();
    expect(res.status).toBe(200);
    expect(res.headers.get('x-amzn-ratelimit-limit')).toBe('10.02');
  });
});

describe('TokenBuckets', () => {
  it('starts full, refills at its rate, never above its burst, and says how long until the next token', () => {
    const buckets = new TokenBuckets();
    const rule = { rate: 2, burst: 3 };
    const t0 = 1_000_000;
    expect([1, 2, 3].map(() => buckets.take('k', rule, t0).ok)).toEqual([true, true, true]);
    expect(buckets.take('k', rule, t0)).toEqual({ ok: false, waitSeconds: 0.5 });
    expect(buckets.take('k', rule, t0 + 500).ok).toBe(true);
    expect(buckets.take('other', rule, t0).ok).toBe(true);
    // An hour later: 3 tokens (the burst), not 7200.
    const later = t0 + 3_600_000;
    expect([1, 2, 3, 4].map(() => buckets.take('k', rule, later).ok)).toEqual([true, true, true, false]);
    // A request taken after a later one but stamped earlier (its arrival) neither refills nor rewinds the bucket.
    expect(buckets.take('k', rule, later - 10_000)).toEqual({ ok: false, waitSeconds: 0.5 });
    expect(buckets.take('k', rule, later + 500).ok).toBe(true);
  });
});

describe('Ads throttling', () => {
  const profiles = () => fetch(`${ADS_BASE}/v2/profiles`, { headers: authHeaders('amazon-ads') });

  it('answers {"message":"Too Many Requests"} with the throttled header and a Retry-After', async () => {
    process.env.OBMCP_MOCK_THROTTLE = 'documented';
    // One token per 100 s: no refill can land between these calls, however loaded the machine.
    process.env.OBMCP_MOCK_ADS_THROTTLE = '0.01/3';
    expect(await statuses(3, profiles)).toEqual([200, 200, 200]);
    const res = await profiles();
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ message: 'Too Many Requests' });
    expect(res.headers.get('amazon-advertising-api-throttled')).toBe('true');
    // The wait until the next token, in whole seconds: 100 s less what has refilled since the burst was spent.
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(90);
    expect(retryAfter).toBeLessThanOrEqual(100);
  });

  it('sends no Retry-After on POST /reporting/reports (as Amazon does)', async () => {
    process.env.OBMCP_MOCK_THROTTLE = 'documented';
    process.env.OBMCP_MOCK_ADS_THROTTLE = '0.01/1';
    const create = () =>
      fetch(`${ADS_BASE}/reporting/reports`, {
        method: 'POST',
        headers: {
          ...authHeaders('amazon-ads'),
          'content-type': 'application/vnd.createasyncreportrequest.v3+json',
        },
        body: '{}',
      });
    expect((await create()).status).not.toBe(429);
    const res = await create();
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeNull();
  });
});

describe('SP report clock (OBMCP_MOCK_SP_REPORT_MS)', () => {
  const createReport = async (): Promise<string> => {
    const res = await fetch(`${SP_BASE}/reports/2021-06-30/reports`, {
      method: 'POST',
      headers: { ...authHeaders('sp-api'), 'content-type': 'application/json' },
      body: JSON.stringify({
        reportType: 'GET_MERCHANT_LISTINGS_ALL_DATA',
        marketplaceIds: ['ATVPDKIKX0DER'],
      }),
    });
    return ((await res.json()) as { reportId: string }).reportId;
  };
  const getReport = async (id: string) =>
    (await (
      await fetch(`${SP_BASE}/reports/2021-06-30/reports/${id}`, { headers: authHeaders('sp-api') })
    ).json()) as Record<string, unknown>;

  it('is DONE on the first poll by default', async () => {
    expect(await getReport(await createReport())).toMatchObject({ processingStatus: 'DONE' });
  });

  it('goes IN_QUEUE → IN_PROGRESS → DONE, the document id appearing only when DONE', async () => {
    // Wall-clock polling on a shared machine: which states a poll lands on depends on load, so this test checks the
    // order of what it saw and the document id; the exact quarter boundaries are the deterministic clock test below.
    process.env.OBMCP_MOCK_SP_REPORT_MS = '2000';
    const order = ['IN_QUEUE', 'IN_PROGRESS', 'DONE'];
    const id = await createReport();
    let report = await getReport(id);
    expect(report.processingStatus).not.toBe('DONE');
    const seen = [String(report.processingStatus)];
    for (let i = 0; i < 400 && report.processingStatus !== 'DONE'; i++) {
      if (report.processingStatus !== 'DONE') expect(report.reportDocumentId).toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, 25));
      report = await getReport(id);
      seen.push(String(report.processingStatus));
    }
    const ranks = seen.map((status) => order.indexOf(status));
    expect(ranks.every((rank) => rank >= 0)).toBe(true);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(report).toMatchObject({ processingStatus: 'DONE', reportDocumentId: expect.stringContaining(id) });
  }, 30_000);

  it('moves along its own clock: a quarter IN_QUEUE, then IN_PROGRESS, DONE at the end', () => {
    const created = Date.parse('2026-03-01T00:00:00Z');
    const report = newReport(
      {
        reportId: 'clock-1',
        reportType: 'GET_MERCHANT_LISTINGS_ALL_DATA',
        marketplaceIds: ['ATVPDKIKX0DER'],
        createdTime: new Date(created).toISOString(),
        reportDocumentId: 'amzn1.spdoc.1.4.na.clock-1',
      },
      1000,
    );
    expect(progressed(report, created + 100)).toMatchObject({ processingStatus: 'IN_QUEUE' });
    const running = progressed(report, created + 300);
    expect(running).toMatchObject({
      processingStatus: 'IN_PROGRESS',
      processingStartTime: '2026-03-01T00:00:00.250Z',
    });
    expect(running.reportDocumentId).toBeUndefined();
    expect(progressed(report, created + 1000)).toMatchObject({
      processingStatus: 'DONE',
      processingEndTime: '2026-03-01T00:00:01.000Z',
      reportDocumentId: 'amzn1.spdoc.1.4.na.clock-1',
    });
  });
});

describe('OBMCP_MOCK_SP_ORDERS', () => {
  it('adds n generated orders to getOrders (pages of MaxResultsPerPage, distinct ids)', async () => {
    process.env.OBMCP_MOCK_SP_ORDERS = '250';
    const ids = new Set<string>();
    let url = `${ORDERS}&MaxResultsPerPage=100`;
    for (let pageNo = 0; pageNo < 10; pageNo++) {
      const body = (await (await fetch(url, { headers: authHeaders('sp-api') })).json()) as {
        payload: { Orders: Array<{ AmazonOrderId: string }>; NextToken?: string };
      };
      for (const o of body.payload.Orders) ids.add(o.AmazonOrderId);
      if (!body.payload.NextToken) break;
      url = `${SP_BASE}/orders/v0/orders?MarketplaceIds=ATVPDKIKX0DER&NextToken=${encodeURIComponent(body.payload.NextToken)}`;
    }
    // The fixture's four US orders plus the 250.
    expect(ids.size).toBe(254);
  });

  it("a NextToken continues the query that produced it (its date window), as Amazon's does", async () => {
    process.env.OBMCP_MOCK_SP_ORDERS = '100';
    const window = `${SP_BASE}/orders/v0/orders?MarketplaceIds=ATVPDKIKX0DER&CreatedAfter=2026-02-01T00:00:00Z&CreatedBefore=2026-03-05T00:00:00Z`;
    const dates: string[] = [];
    let url = `${window}&MaxResultsPerPage=7`;
    for (let pageNo = 0; pageNo < 50; pageNo++) {
      const body = (await (await fetch(url, { headers: authHeaders('sp-api') })).json()) as {
        payload: { Orders: Array<{ PurchaseDate: string }>; NextToken?: string };
      };
      dates.push(...body.payload.Orders.map((o) => o.PurchaseDate));
      if (!body.payload.NextToken) break;
      url = `${SP_BASE}/orders/v0/orders?MarketplaceIds=ATVPDKIKX0DER&MaxResultsPerPage=7&NextToken=${encodeURIComponent(body.payload.NextToken)}`;
    }
    expect(dates.length).toBeGreaterThan(7);
    expect(dates.every((d) => d < '2026-03-05')).toBe(true);
  });
});
