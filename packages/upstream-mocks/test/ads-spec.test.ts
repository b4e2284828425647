// The hand-written Ads handlers answer as the Ads specs say: wrong media types → 415, a state the
// update enum lacks → SP v3 400 with errors[], AdvertiserId that is not an AMC account → 403.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlers as adsHandlers } from '../src/ads/index.js';
import { issueAccessToken } from '../src/lwa/tokens.js';

const server = setupServer(...adsHandlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const HOST = 'https://advertising-api.amazon.com';
const base = () => ({
  authorization: `Bearer ${issueAccessToken('mock-client', 'mock-refresh')}`,
  'amazon-advertising-api-clientid': 'mock-client',
});
const AMC = 'application/vnd.amcworkflowexecutions.v1+json';
const amcHeaders = (media: string, advertiser = 'amcacct9US000001') => ({
  ...base(),
  'amazon-advertising-api-advertiserid': advertiser,
  'amazon-advertising-api-marketplaceid': 'ATVPDKIKX0DER',
  accept: media,
  'content-type': media,
});
const execBody = JSON.stringify({ workflow: { sqlQuery: 'SELECT 1' }, timeWindowType: 'MOST_RECENT_DAY' });

describe('Ads mock media types', () => {
  it('AMC: application/json → 415, the vendor type → 200 {workflowExecution}', async () => {
    const url = `${HOST}/amc/reporting/amcabc123def/workflowExecutions`;
    const wrong = await fetch(url, {
      method: 'POST',
      headers: amcHeaders('application/json'),
      body: execBody,
    });
    expect(wrong.status).toBe(415);
    const right = await fetch(url, { method: 'POST', headers: amcHeaders(AMC), body: execBody });
    expect(right.status).toBe(200);
    expect(right.headers.get('content-type')).toContain(AMC);
    expect(((await right.json()) as { workflowExecution: { status: string } }).workflowExecution.status).toBe(
      'PENDING',
    );
  });

  it('AMC: an advertiser id that is not an AMC account → 403 Error {code, details}', async () => {
    const res = await fetch(`${HOST}/amc/instances`, {
      headers: amcHeaders('application/vnd.amcinstances.v1+json', 'ENTITY1AA1AA11AAA1'),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: '403' });
  });

  it('reporting GET: the create-response type → 415; the get-response type → 200', async () => {
    const url = `${HOST}/reporting/reports/0e5f7c9a-1b2c-4d3e-8f90-123456789abc`;
    const scope = { ...base(), 'amazon-advertising-api-scope': '1111111111' };
    const wrong = await fetch(url, {
      headers: { ...scope, accept: 'application/vnd.createasyncreportresponse.v3+json' },
    });
    expect(wrong.status).toBe(415);
    const media = 'application/vnd.getasyncreportresponse.v3+json';
    const right = await fetch(url, { headers: { ...scope, accept: media } });
    expect(right.status).toBe(200);
    expect(right.headers.get('content-type')).toContain(media);
  });

  it('SP update with state ARCHIVED → 400 {code, message, errors[]} locating the field', async () => {
    const media = 'application/vnd.spCampaign.v3+json';
    const res = await fetch(`${HOST}/sp/campaigns`, {
      method: 'PUT',
      headers: {
        ...base(),
        'amazon-advertising-api-scope': '1111111111',
        accept: media,
        'content-type': media,
      },
      body: JSON.stringify({ campaigns: [{ campaignId: '111100000000001', state: 'ARCHIVED' }] }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; message: string; errors: unknown[] };
    expect(body.code).toBe('INVALID_ARGUMENT');
    expect(typeof body.message).toBe('string');
    expect(body.errors[0]).toMatchObject({
      errorType: 'malformedValueError',
      errorValue: { malformedValueError: { cause: { location: '$.campaigns[0].state' } } },
    });
  });
});
