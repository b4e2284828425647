// The upstream job cancels as the APIs document them: what each accepts, and what each refuses.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startMockServer } from '../src/index.js';
import { ADS_BASE, authHeaders, sendSp } from './support/spec-calls.js';

const server = startMockServer();
afterAll(() => server.close());
afterEach(() => {
  delete process.env.OBMCP_MOCK_SP_REPORT_MS;
  delete process.env.OBMCP_MOCK_ADS_REPORT_PENDING_POLLS;
  delete process.env.OBMCP_MOCK_AMC_POLLS;
  delete process.env.OBMCP_MOCK_SP_FEED_QUEUED_POLLS;
});

/** One Ads API request with the test's credentials (and AMC's entity headers for /amc paths). */
async function ads(method: string, path: string, media: { accept: string; body?: unknown }) {
  const headers: Record<string, string> = { ...authHeaders('amazon-ads'), accept: media.accept };
  if (path.startsWith('/amc/')) {
    headers['amazon-advertising-api-advertiserid'] = 'amcacct9US000001';
    headers['amazon-advertising-api-marketplaceid'] = 'ATVPDKIKX0DER';
  }
  if (media.body !== undefined) headers['content-type'] = media.accept;
  const res = await fetch(`${ADS_BASE}${path}`, {
    method,
    headers,
    ...(media.body === undefined ? {} : { body: JSON.stringify(media.body) }),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>),
  };
}

const REPORT_CREATE = 'application/vnd.createasyncreportrequest.v3+json';
const REPORT_CREATED = 'application/vnd.createasyncreportresponse.v3+json';
const REPORT_DELETED = 'application/vnd.deleteasyncreportresponse.v3+json';
const AMC = 'application/vnd.amcworkflowexecutions.v1+json';

let day = 0;
async function createAdsReport(): Promise<string> {
  day++;
  const date = `2023-0${1 + (day % 9)}-2${day % 8}`;
  const res = await fetch(`${ADS_BASE}/reporting/reports`, {
    method: 'POST',
    headers: { ...authHeaders('amazon-ads'), 'content-type': REPORT_CREATE, accept: REPORT_CREATED },
    body: JSON.stringify({
      startDate: date,
      endDate: date,
      configuration: {
        adProduct: 'SPONSORED_PRODUCTS',
        columns: ['impressions'],
        format: 'GZIP_JSON',
        groupBy: ['campaign'],
        reportTypeId: 'spCampaigns',
        timeUnit: 'SUMMARY',
      },
    }),
  });
  return String(((await res.json()) as { reportId?: unknown }).reportId);
}

const createReport = async () => {
  const r = await sendSp('POST', '/reports/2021-06-30/reports', {
    reportType: 'GET_MERCHANT_LISTINGS_ALL_DATA',
    marketplaceIds: ['ATVPDKIKX0DER'],
  });
  return String((r.body as { reportId?: unknown }).reportId);
};

describe('SP cancelReport (DELETE /reports/2021-06-30/reports/{reportId})', () => {
  it('cancels an IN_QUEUE report: 200, and getReport then says CANCELLED', async () => {
    process.env.OBMCP_MOCK_SP_REPORT_MS = '600000';
    const id = await createReport();
    const cancelled = await sendSp('DELETE', `/reports/2021-06-30/reports/${id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.problems).toEqual([]);
    const read = await sendSp('GET', `/reports/2021-06-30/reports/${id}`);
    expect(read.body).toMatchObject({ reportId: id, processingStatus: 'CANCELLED' });
  });

  it('refuses a report that is not IN_QUEUE (400) and an unknown one (404)', async () => {
    const done = await createReport();
    const refused = await sendSp('DELETE', `/reports/2021-06-30/reports/${done}`);
    expect(refused.status).toBe(400);
    expect(refused.problems).toEqual([]);
    expect(JSON.stringify(refused.body)).toMatch(/only IN_QUEUE reports can be cancelled/);
    expect((await sendSp('GET', `/reports/2021-06-30/reports/${done}`)).body).toMatchObject({
      processingStatus: 'DONE',
    });
    expect((await sendSp('DELETE', '/reports/2021-06-30/reports/999999999')).status).toBe(404);
  });
});

describe('SP cancelFeed (DELETE /feeds/2021-06-30/feeds/{feedId})', () => {
  const submit = async () => {
    const doc = await sendSp('POST', '/feeds/2021-06-30/documents', { contentType: 'application/json' });
    const inputFeedDocumentId = String((doc.body as { feedDocumentId?: unknown }).feedDocumentId);
    const feed = await sendSp('POST', '/feeds/2021-06-30/feeds', {
      feedType: 'JSON_LISTINGS_FEED',
      marketplaceIds: ['ATVPDKIKX0DER'],
      inputFeedDocumentId,
    });
    return String((feed.body as { feedId?: unknown }).feedId);
  };

  it('cancels an IN_QUEUE feed (200; getFeed then says CANCELLED), refuses one IN_PROGRESS (400)', async () => {
    process.env.OBMCP_MOCK_SP_FEED_QUEUED_POLLS = '100000';
    const queued = await submit();
    const cancelled = await sendSp('DELETE', `/feeds/2021-06-30/feeds/${queued}`);
    expect([cancelled.status, cancelled.problems]).toEqual([200, []]);
    expect((await sendSp('GET', `/feeds/2021-06-30/feeds/${queued}`)).body).toMatchObject({
      processingStatus: 'CANCELLED',
    });
    delete process.env.OBMCP_MOCK_SP_FEED_QUEUED_POLLS;
    const started = await submit();
    await sendSp('GET', `/feeds/2021-06-30/feeds/${started}`);
    await sendSp('GET', `/feeds/2021-06-30/feeds/${started}`);
    const refused = await sendSp('DELETE', `/feeds/2021-06-30/feeds/${started}`);
    expect([refused.status, refused.problems]).toEqual([400, []]);
    expect(JSON.stringify(refused.body)).toMatch(/only IN_QUEUE feeds can be cancelled/);
  });
});

describe('Ads deleteAsyncReport (DELETE /reporting/reports/{reportId})', () => {
  it('cancels a PENDING report (200 DeleteAsyncReportResponse; the report is gone), refuses a PROCESSING one (400)', async () => {
    process.env.OBMCP_MOCK_ADS_REPORT_PENDING_POLLS = '100000';
    const pending = await createAdsReport();
    const deleted = await ads('DELETE', `/reporting/reports/${pending}`, { accept: REPORT_DELETED });
    expect(deleted).toEqual({
      status: 200,
      body: { code: '200', detail: 'Report deleted.', reportId: pending },
    });
    expect((await ads('DELETE', `/reporting/reports/${pending}`, { accept: REPORT_DELETED })).status).toBe(
      404,
    );
    delete process.env.OBMCP_MOCK_ADS_REPORT_PENDING_POLLS;
    const processing = await createAdsReport();
    await ads('GET', `/reporting/reports/${processing}`, {
      accept: 'application/vnd.getasyncreportresponse.v3+json',
    });
    const refused = await ads('DELETE', `/reporting/reports/${processing}`, { accept: REPORT_DELETED });
    expect(refused.status).toBe(400);
    expect(String(refused.body?.detail ?? JSON.stringify(refused.body))).toMatch(
      /only a report in PENDING status/,
    );
  });
});

describe('AMC UpdateWorkflowExecution (PUT …/workflowExecutions/{id}) to CANCELLED', () => {
  const base = '/amc/reporting/amcabc123def/workflowExecutions';
  const start = async () => {
    const created = await ads('POST', base, {
      accept: AMC,
      body: { workflow: { sqlQuery: 'SELECT 1 FROM dsp_impressions' }, timeWindowType: 'MOST_RECENT_WEEK' },
    });
    const execution = created.body?.workflowExecution as { workflowExecutionId?: unknown } | undefined;
    return String(execution?.workflowExecutionId);
  };

  it('cancels a RUNNING execution (200 {}; it reads CANCELLED); refuses an ended one and any other status (400)', async () => {
    process.env.OBMCP_MOCK_AMC_POLLS = '100000';
    const running = await start();
    await ads('GET', `${base}/${running}`, { accept: AMC });
    expect(await ads('PUT', `${base}/${running}`, { accept: AMC, body: { status: 'CANCELLED' } })).toEqual({
      status: 200,
      body: {},
    });
    const read = await ads('GET', `${base}/${running}`, { accept: AMC });
    expect(read.body?.workflowExecution).toMatchObject({ status: 'CANCELLED' });
    const again = await ads('PUT', `${base}/${running}`, { accept: AMC, body: { status: 'CANCELLED' } });
    expect(again.status).toBe(400);
    const other = await start();
    expect(
      (await ads('PUT', `${base}/${other}`, { accept: AMC, body: { status: 'SUCCEEDED' } })).status,
    ).toBe(400);
    expect((await ads('PUT', `${base}/nope`, { accept: AMC, body: { status: 'CANCELLED' } })).status).toBe(
      404,
    );
  });
});
