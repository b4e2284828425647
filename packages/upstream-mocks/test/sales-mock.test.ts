// Sales v1 getOrderMetrics mock: the interval and time-zone rules of the model's parameter descriptions
// (absolute ISO 8601 start--end; granularityTimeZone required above Hour and matching the interval's offset,
// UTC for Z), one metric per granularity bucket cut in that zone (partial head and tail, as the model says),
// counted from the orders fixture, and every answer valid against sales.json.
import { afterAll, describe, expect, it } from 'vitest';
import { startMockServer } from '../src/index.js';
import { checkResponse, loadOperation, matchRoute } from '../src/spec/index.js';
import { authHeaders, readBody, SP_BASE } from './support/spec-calls.js';

const server = startMockServer();
afterAll(() => server.close());

interface Metric {
  interval: string;
  unitCount: number;
  orderItemCount: number;
  orderCount: number;
  totalSales: { amount: string; currencyCode: string };
  averageUnitPrice: { amount: string; currencyCode: string };
}

async function metrics(query: Record<string, string>) {
  const url = new URL(`${SP_BASE}/sales/v1/orderMetrics`);
  url.search = new URLSearchParams({ marketplaceIds: 'ATVPDKIKX0DER', ...query }).toString();
  const res = await fetch(url, { headers: authHeaders('sp-api') });
  const body = (await readBody(res)) as { payload?: Metric[]; errors?: Array<{ message: string }> };
  const hit = matchRoute('sp-api', 'GET', '/sales/v1/orderMetrics');
  const op = await loadOperation(hit!.route);
  const problems = checkResponse(op, res.status, res.headers.get('content-type'), body);
  return { status: res.status, body, problems, payload: body.payload ?? [] };
}

describe('one metric per granularity bucket', () => {
  it('Day in US/Pacific across the daylight-saving change: local midnights, each with its own offset', async () => {
    const r = await metrics({
      interval: '2026-03-07T00:00:00-08:00--2026-03-10T00:00:00-07:00',
      granularity: 'Day',
      granularityTimeZone: 'US/Pacific',
    });
    expect(r.status).toBe(200);
    expect(r.problems).toEqual([]);
    expect(r.payload.map((m) => m.interval)).toEqual([
      '2026-03-07T00:00-08:00--2026-03-08T00:00-08:00',
      '2026-03-08T00:00-08:00--2026-03-09T00:00-07:00',
      '2026-03-09T00:00-07:00--2026-03-10T00:00-07:00',
    ]);
    // The fixture's US order of 7 March 10:15Z (5.49 USD) falls on 7 March Pacific time.
    expect(r.payload.map((m) => m.orderCount)).toEqual([1, 0, 0]);
    expect(r.payload[0]?.totalSales).toEqual({ amount: '5.49', currencyCode: 'USD' });
    expect(r.payload[0]?.averageUnitPrice).toEqual({ amount: '5.49', currencyCode: 'USD' });
  });

  it('a misaligned interval is answered, its first and last buckets whole days with partial data', async () => {
    const r = await metrics({
      interval: '2026-03-01T12:00:00Z--2026-03-03T12:00:00Z',
      granularity: 'Day',
      granularityTimeZone: 'UTC',
    });
    expect(r.status).toBe(200);
    expect(r.payload.map((m) => m.interval)).toEqual([
      '2026-03-01T00:00Z--2026-03-02T00:00Z',
      '2026-03-02T00:00Z--2026-03-03T00:00Z',
      '2026-03-03T00:00Z--2026-03-04T00:00Z',
    ]);
    // 1 March 10:15Z is before the interval's start; 3 March 10:15Z is before its end.
    expect(r.payload.map((m) => m.unitCount)).toEqual([0, 0, 1]);
  });

  it('Week starts on Monday, or on Sunday with firstDayOfWeek', async () => {
    const base = {
      interval: '2026-03-01T00:00:00Z--2026-03-15T00:00:00Z',
      granularity: 'Week',
      granularityTimeZone: 'UTC',
    };
    const monday = await metrics(base);
    expect(monday.payload.map((m) => m.interval)).toEqual([
      '2026-02-23T00:00Z--2026-03-02T00:00Z',
      '2026-03-02T00:00Z--2026-03-09T00:00Z',
      '2026-03-09T00:00Z--2026-03-16T00:00Z',
    ]);
    const sunday = await metrics({ ...base, firstDayOfWeek: 'Sunday' });
    expect(sunday.payload.map((m) => m.interval)).toEqual([
      '2026-03-01T00:00Z--2026-03-08T00:00Z',
      '2026-03-08T00:00Z--2026-03-15T00:00Z',
    ]);
    expect(sunday.payload.map((m) => m.orderCount)).toEqual([4, 0]);
  });

  it('Month, Hour and Total', async () => {
    const month = await metrics({
      interval: '2026-02-01T00:00:00+01:00--2026-04-01T00:00:00+02:00',
      granularity: 'Month',
      granularityTimeZone: 'Europe/Berlin',
    });
    expect(month.problems).toEqual([]);
    expect(month.payload.map((m) => m.interval)).toEqual([
      '2026-02-01T00:00+01:00--2026-03-01T00:00+01:00',
      '2026-03-01T00:00+01:00--2026-04-01T00:00+02:00',
    ]);
    const hour = await metrics({
      interval: '2026-03-01T09:00:00Z--2026-03-01T12:00:00Z',
      granularity: 'Hour',
    });
    expect(hour.payload.map((m) => m.unitCount)).toEqual([0, 1, 0]);
    const total = await metrics({
      interval: '2026-03-01T00:00:00Z--2026-03-10T00:00:00Z',
      granularity: 'Total',
      granularityTimeZone: 'UTC',
    });
    expect(total.payload).toEqual([
      {
        interval: '2026-03-01T00:00Z--2026-03-10T00:00Z',
        unitCount: 4,
        orderItemCount: 4,
        orderCount: 4,
        averageUnitPrice: { amount: '33.25', currencyCode: 'USD' },
        totalSales: { amount: '132.98', currencyCode: 'USD' },
      },
    ]);
  });

  it('filters by asin, sku, fulfillment network and buyer type', async () => {
    const base = {
      interval: '2026-03-01T00:00:00Z--2026-03-10T00:00:00Z',
      granularity: 'Total',
      granularityTimeZone: 'UTC',
    };
    const count = async (extra: Record<string, string>) =>
      (await metrics({ ...base, ...extra })).payload[0]?.orderCount;
    expect(await count({ asin: 'B08N5WRWNW' })).toBe(1);
    expect(await count({ sku: 'SKU-1002' })).toBe(1);
    expect(await count({ fulfillmentNetwork: 'MFN' })).toBe(1);
    expect(await count({ buyerType: 'B2B' })).toBe(0);
  });
});

describe('requests the Sales API rejects get its 400', () => {
  const cases: Array<[string, Record<string, string>, string]> = [
    [
      'Z notation with a time zone other than UTC',
      {
        interval: '2026-03-01T00:00:00Z--2026-03-02T00:00:00Z',
        granularity: 'Day',
        granularityTimeZone: 'US/Pacific',
      },
      'must be UTC',
    ],
    [
      'an offset the time zone does not have then (-07:00 in January is not US/Pacific)',
      {
        interval: '2026-01-01T00:00:00-07:00--2026-01-02T00:00:00-07:00',
        granularity: 'Day',
        granularityTimeZone: 'US/Pacific',
      },
      'does not match the offset',
    ],
    [
      'an offset right at one end only (daylight saving ignored at the end)',
      {
        interval: '2026-03-01T00:00:00-08:00--2026-03-10T00:00:00-08:00',
        granularity: 'Day',
        granularityTimeZone: 'US/Pacific',
      },
      'does not match the offset',
    ],
    [
      'granularity above Hour without granularityTimeZone',
      { interval: '2026-03-01T00:00:00Z--2026-03-02T00:00:00Z', granularity: 'Day' },
      'granularityTimeZone is required',
    ],
    [
      'a date-time without Z or an offset (not absolute time)',
      { interval: '2026-03-01T00:00:00--2026-03-02T00:00:00', granularity: 'Hour' },
      'two ISO 8601 date-times',
    ],
    [
      'a malformed offset',
      { interval: '2020-10-16T05:00:00-5:00--2020-11-16T22:57:00-5:00', granularity: 'Hour' },
      'two ISO 8601 date-times',
    ],
    [
      'an end before the start',
      { interval: '2026-03-02T00:00:00Z--2026-03-01T00:00:00Z', granularity: 'Hour' },
      'later than its start',
    ],
    [
      'Hour over more than 30 days',
      { interval: '2026-01-01T00:00:00Z--2026-03-01T00:00:00Z', granularity: 'Hour' },
      '30 days',
    ],
    [
      'Hour reaching back more than 30 days from now (the fixture now: 2026-03-20T00:00Z)',
      { interval: '2026-02-17T00:00:00Z--2026-02-18T00:00:00Z', granularity: 'Hour' },
      'at most 30 days before now',
    ],
    [
      'Day reaching back more than 2 years from now',
      {
        interval: '2024-03-19T00:00:00Z--2024-03-20T00:00:00Z',
        granularity: 'Day',
        granularityTimeZone: 'UTC',
      },
      'at most 2 years before now',
    ],
    [
      'Total over more than 2 years',
      {
        interval: '2024-03-20T00:00:00Z--2026-03-21T00:00:00Z',
        granularity: 'Total',
        granularityTimeZone: 'UTC',
      },
      'may span at most 2 years',
    ],
    [
      'an unknown time zone',
      {
        interval: '2026-03-01T00:00:00Z--2026-03-02T00:00:00Z',
        granularity: 'Day',
        granularityTimeZone: 'Mars/Olympus',
      },
      'not an IANA time zone',
    ],
    [
      'both asin and sku',
      {
        interval: '2026-03-01T00:00:00Z--2026-03-02T00:00:00Z',
        granularity: 'Hour',
        asin: 'B08N5WRWNW',
        sku: 'SKU-1000',
      },
      'both asin and sku',
    ],
    [
      'two marketplaces',
      {
        marketplaceIds: 'ATVPDKIKX0DER,A2EUQ1WTGCTBG2',
        interval: '2026-03-01T00:00:00Z--2026-03-02T00:00:00Z',
        granularity: 'Hour',
      },
      'Only one marketplace',
    ],
  ];
  it('the limits themselves are accepted: Hour 30 days back, Day 2 years back', async () => {
    const hour = await metrics({
      interval: '2026-02-18T00:00:00Z--2026-02-18T02:00:00Z',
      granularity: 'Hour',
    });
    expect(hour.status).toBe(200);
    const day = await metrics({
      interval: '2024-03-20T00:00:00Z--2024-03-21T00:00:00Z',
      granularity: 'Day',
      granularityTimeZone: 'UTC',
    });
    expect(day.status).toBe(200);
    expect(day.problems).toEqual([]);
  });
  for (const [why, query, mention] of cases) {
    it(why, async () => {
      const r = await metrics(query);
      expect(r.status).toBe(400);
      expect(r.problems).toEqual([]);
      expect(r.body.errors?.[0]?.message).toContain(mention);
    });
  }
});
