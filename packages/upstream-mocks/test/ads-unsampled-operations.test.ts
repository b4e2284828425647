// The four Ads operations for which no example used to validate (AccountsBilling CreateBillingStatement and
// three MediaPlanningReachForecasting operations): a request with real values — a YYYY-MM-DD date, UUID
// forecast ids — passes the spec gate and gets a 2xx whose body validates against the operation's schema.
import { afterAll, describe, expect, it } from 'vitest';
import { startMockServer } from '../src/index.js';
import { checkResponse, loadOperation, matchRoute } from '../src/spec/index.js';
import { ADS_BASE, authHeaders, readBody } from './support/spec-calls.js';

const server = startMockServer();
afterAll(() => server.close());

const FORECAST = '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const cases: Array<[string, string, string, unknown]> = [
  [
    'CreateBillingStatement',
    '/billingStatements',
    'application/vnd.createbillingstatementsrequest.v1+json',
    { startDate: '2026-02-01', endDate: '2026-02-28', locale: 'en_US' },
  ],
  [
    'CreateDeduplicatedReachForecastsV1',
    '/mediaPlan/v1/deduplicatedReachForecasts',
    'application/json',
    { deduplicatedReachForecasts: [{ budgetAllocations: [{ reachForecastId: FORECAST, reach: 120000 }] }] },
  ],
  [
    'ListReachForecastsV1',
    '/mediaPlan/v1/reachForecasts/list',
    'application/json',
    { reachForecastIds: [FORECAST] },
  ],
  [
    'ListReachForecastTargetsV1',
    '/mediaPlan/v1/reachForecasts/targets/list',
    'application/json',
    { reachForecastId: FORECAST },
  ],
];

async function post(path: string, media: string, body: unknown) {
  const res = await fetch(`${ADS_BASE}${path}`, {
    method: 'POST',
    headers: {
      ...authHeaders('amazon-ads'),
      'amazon-ads-accountid': 'amzn1.ads-account.g.mockaccount',
      'content-type': media,
      accept: media,
    },
    body: JSON.stringify(body),
  });
  const parsed = await readBody(res);
  const hit = matchRoute('amazon-ads', 'POST', path);
  const op = await loadOperation(hit!.route);
  return {
    operationId: op.operationId,
    status: res.status,
    problems: checkResponse(op, res.status, res.headers.get('content-type'), parsed).map((p) => p.message),
  };
}

describe('the four Ads operations without a validating example before', () => {
  for (const [operationId, path, media, body] of cases) {
    it(`${operationId}: 2xx with a schema-valid body`, async () => {
      const r = await post(path, media, body);
      expect(r.operationId).toBe(operationId);
      expect(r.status).toBeGreaterThanOrEqual(200);
      expect(r.status).toBeLessThan(300);
      expect(r.problems).toEqual([]);
    });
  }

  it('CreateBillingStatement: a date that is no YYYY-MM-DD still gets the 400', async () => {
    const r = await post('/billingStatements', cases[0]![2], {
      startDate: '01/02/2026',
      endDate: '2026-02-28',
      locale: 'en_US',
    });
    expect(r.status).toBe(400);
    expect(r.problems).toEqual([]);
  });
});
