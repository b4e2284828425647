// Unit (src): run_report and the Reporting v3 tools as an agent calls them: the exact createAsyncReport request
// (name, dates, configuration defaults, filters; never waitSeconds or maxRows), the polls, the pre-signed download
// and the rows; a queued duplicate (425) reused; FAILED and not-ready answers; refusals before any request.
import { gzipSync } from 'node:zlib';
import type { Envelope } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import { type Answer, json, type Sent, toolRig } from './ads-rig.js';

const PROFILE = { ADS_API_PROFILE_ID: '777' };
const URL_OF_FILE =
  'https://offline-report-storage-us-east-1-prod.s3.amazonaws.com/rep.json.gz?X-Amz-Signature=x';
const ARGS = {
  startDate: '2026-04-01',
  endDate: '2026-04-07',
  reportTypeId: 'spCampaigns',
  groupBy: ['campaign'],
  columns: ['impressions', 'clicks'],
};
const ROWS = [
  { impressions: 10, clicks: 1 },
  { impressions: 20, clicks: 2 },
  { impressions: 30, clicks: 3 },
];

const gzFile = (rows: unknown): Answer => ({
  body: new Uint8Array(gzipSync(Buffer.from(JSON.stringify(rows)))),
  headers: { 'content-type': 'application/octet-stream' },
});

/** The Reporting v3 upstream: create answers PENDING, then `polls` PENDING gets before `final`. */
function reporting(final: Record<string, unknown>, polls = 1, create?: Answer) {
  let gets = 0;
  return (req: Sent): Answer => {
    const path = new URL(req.url).pathname;
    if (req.method === 'POST' && path === '/reporting/reports')
      return create ?? json({ reportId: 'rep-0001', status: 'PENDING' });
    if (req.method === 'GET' && path.startsWith('/reporting/reports/')) {
      gets += 1;
      const id = path.split('/').pop();
      return json(gets <= polls ? { reportId: id, status: 'PENDING' } : { reportId: id, ...final });
    }
    if (req.url === URL_OF_FILE) return gzFile(ROWS);
    return json({ message: `unexpected ${req.method} ${path}` }, 500);
  };
}

const ok = async (r: ReturnType<typeof toolRig>, name: string, args: Record<string, unknown>) => {
  const outcome = await r.call(name, args);
  if (!outcome.ok) throw new Error(`${name}: ${JSON.stringify(outcome.envelope)}`);
  return outcome.value as Record<string, unknown>;
};
const refused = async (r: ReturnType<typeof toolRig>, name: string, args: Record<string, unknown>) => {
  const outcome = await r.call(name, args);
  if (outcome.ok) throw new Error(`${name} should fail: ${JSON.stringify(outcome.value)}`);
  return outcome.envelope as Envelope;
};

describe('run_report', () => {
  it('creates the report with the documented defaults, polls it, downloads the file and answers its rows', async () => {
    const r = toolRig(reporting({ status: 'COMPLETED', url: URL_OF_FILE }), PROFILE);
    const out = await ok(r, 'run_report', { ...ARGS, waitSeconds: 60, maxRows: 100 });
    expect(out).toEqual({
      reportId: 'rep-0001',
      status: 'COMPLETED',
      ready: true,
      totalRows: 3,
      returnedRows: 3,
      truncated: false,
      rows: ROWS,
    });
    const [create, ...rest] = r.sent;
    expect(create?.method).toBe('POST');
    expect(create?.url).toBe('https://advertising-api.amazon.com/reporting/reports');
    expect(create?.headers).toMatchObject({
      'amazon-advertising-api-scope': '777',
      'content-type': 'application/vnd.createasyncreportrequest.v3+json',
    });
    expect(JSON.parse(create?.body ?? '')).toEqual({
      name: 'spCampaigns 2026-04-01..2026-04-07',
      startDate: '2026-04-01',
      endDate: '2026-04-07',
      configuration: {
        adProduct: 'SPONSORED_PRODUCTS',
        groupBy: ['campaign'],
        columns: ['impressions', 'clicks'],
        reportTypeId: 'spCampaigns',
        timeUnit: 'SUMMARY',
        format: 'GZIP_JSON',
      },
    });
    expect(rest.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET https://advertising-api.amazon.com/reporting/reports/rep-0001',
      'GET https://advertising-api.amazon.com/reporting/reports/rep-0001',
      `GET ${URL_OF_FILE}`,
    ]);
    expect(rest[2]?.headers).not.toHaveProperty('authorization');
    expect(r.acquired[0]).toEqual({
      key: 'ads:ReportingVersion3.createAsyncReport@profile-777',
      rule: { rate: 1, burst: 5 },
    });
  });

  it('sends the name, ad product, time unit and filters it is given', async () => {
    const r = toolRig(reporting({ status: 'COMPLETED', url: URL_OF_FILE }, 0), PROFILE);
    await ok(r, 'run_report', {
      ...ARGS,
      reportTypeId: 'sbCampaigns',
      name: 'weekly',
      adProduct: 'ALL',
      timeUnit: 'DAILY',
      filters: [{ field: 'campaignStatus', values: ['ENABLED'] }],
    });
    expect(JSON.parse(r.sent[0]?.body ?? '')).toEqual({
      name: 'weekly',
      startDate: '2026-04-01',
      endDate: '2026-04-07',
      configuration: {
        adProduct: 'ALL',
        groupBy: ['campaign'],
        columns: ['impressions', 'clicks'],
        reportTypeId: 'sbCampaigns',
        timeUnit: 'DAILY',
        format: 'GZIP_JSON',
        filters: [{ field: 'campaignStatus', values: ['ENABLED'] }],
      },
    });
  });

  it('each report type prefix names its ad product', async () => {
    for (const [type, product] of [
      ['spSearchTerm', 'SPONSORED_PRODUCTS'],
      ['sbAds', 'SPONSORED_BRANDS'],
      ['sdTargeting', 'SPONSORED_DISPLAY'],
      ['stCampaigns', 'SPONSORED_TELEVISION'],
      ['dspCampaign', 'DEMAND_SIDE_PLATFORM'],
    ]) {
      const r = toolRig(reporting({ status: 'COMPLETED', url: URL_OF_FILE }, 0), PROFILE);
      await ok(r, 'create_report', { ...ARGS, reportTypeId: type });
      expect(JSON.parse(r.sent[0]?.body ?? '').configuration.adProduct, type).toBe(product);
    }
  });

  it('a report type that names no ad product, without adProduct, is refused before any request', async () => {
    const r = toolRig(reporting({ status: 'COMPLETED', url: URL_OF_FILE }), PROFILE);
    const envelope = await refused(r, 'run_report', { ...ARGS, reportTypeId: 'xyCampaigns' });
    expect(envelope.error_code).toBe('INPUT_VALIDATION_FAILED');
    expect(envelope.summary).toBe(
      "adProduct is needed: reportTypeId 'xyCampaigns' does not name its ad product.",
    );
    expect(envelope.details).toEqual([
      { path: 'adProduct', issue: 'required for this reportTypeId', received_type: 'undefined' },
    ]);
    expect(envelope.hints).toContain('Pass adProduct (e.g. SPONSORED_PRODUCTS) explicitly.');
    expect(r.sent).toEqual([]);
  });

  it('an end date before the start date is refused before any request; a one-day report is sent', async () => {
    const r = toolRig(reporting({ status: 'COMPLETED', url: URL_OF_FILE }, 0), PROFILE);
    const envelope = await refused(r, 'run_report', {
      ...ARGS,
      startDate: '2026-04-07',
      endDate: '2026-04-01',
    });
    expect(envelope.error_code).toBe('INPUT_VALIDATION_FAILED');
    expect(r.sent).toEqual([]);
    await ok(r, 'run_report', { ...ARGS, startDate: '2026-04-07', endDate: '2026-04-07' });
    expect(r.sent).not.toEqual([]);
  });

  it('a queued duplicate (425) is reused: its id polled and downloaded, no second create', async () => {
    const duplicate = json({ code: '425', detail: 'The Request is a duplicate of : dup-0000-1111' }, 425);
    const r = toolRig(reporting({ status: 'COMPLETED', url: URL_OF_FILE }, 0, duplicate), PROFILE);
    const out = await ok(r, 'run_report', ARGS);
    expect(out.reportId).toBe('dup-0000-1111');
    expect(out.rows).toEqual(ROWS);
    expect(r.sent.map((s) => `${s.method} ${new URL(s.url).pathname}`)).toEqual([
      'POST /reporting/reports',
      'GET /reporting/reports/dup-0000-1111',
      'GET /rep.json.gz',
    ]);
  });

  it('another create failure is the agent answer, not a reuse', async () => {
    const r = toolRig(reporting({}, 0, json({ code: '400', details: 'bad column' }, 400)), PROFILE);
    const envelope = await refused(r, 'run_report', ARGS);
    expect(envelope.error_code).toBe('ADS_API_HTTP_400');
    expect(r.sent).toHaveLength(1);
    const dupWithoutId = toolRig(reporting({}, 0, json({ code: '425', detail: 'duplicate' }, 425)), PROFILE);
    expect((await refused(dupWithoutId, 'run_report', ARGS)).error_code).toBe('ADS_API_HTTP_425');
    expect(dupWithoutId.sent).toHaveLength(1);
  });

  it('only a 425 is a queued duplicate: a 400 whose text names a report is the agent answer, nothing reused', async () => {
    const named = json({ code: '400', detail: 'The Request is a duplicate of : dup-0000-1111' }, 400);
    const r = toolRig(reporting({ status: 'COMPLETED', url: URL_OF_FILE }, 0, named), PROFILE);
    expect((await refused(r, 'run_report', ARGS)).error_code).toBe('ADS_API_HTTP_400');
    expect(r.sent.map((s) => `${s.method} ${new URL(s.url).pathname}`)).toEqual(['POST /reporting/reports']);
  });

  it('a task handed over by another replica waits on the report it created: no second create', async () => {
    const r = toolRig(reporting({ status: 'COMPLETED', url: URL_OF_FILE }), PROFILE);
    const { outcome } = await r.host.invoke('run_report', ARGS, {
      signal: new AbortController().signal,
      listedOnly: false,
      reattach: { reportId: 'rep-0042' },
    });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.envelope));
    expect(outcome.value).toMatchObject({ reportId: 'rep-0042', ready: true, rows: ROWS });
    expect(r.sent.map((s) => `${s.method} ${new URL(s.url).pathname}`)).toEqual([
      'GET /reporting/reports/rep-0042',
      'GET /reporting/reports/rep-0042',
      'GET /rep.json.gz',
    ]);
  });

  it('each progress update names the report a replica shutting down hands over', async () => {
    const r = toolRig(reporting({ status: 'COMPLETED', url: URL_OF_FILE }), PROFILE);
    const updates: unknown[] = [];
    const { outcome } = await r.host.invoke('run_report', ARGS, {
      signal: new AbortController().signal,
      listedOnly: false,
      progress: async (u) => void updates.push(u),
    });
    expect(outcome.ok).toBe(true);
    expect(updates.length).toBeGreaterThan(0);
    for (const u of updates) expect(u).toMatchObject({ reattach: { reportId: 'rep-0001' } });
    expect(updates.map((u) => (u as { status: string }).status)).toContain('PENDING');
  });

  it('a report answer without a status is waited on as PENDING, and the warning says pending', async () => {
    const r = toolRig(() => json({ reportId: 'rep-0001' }), PROFILE);
    const updates: unknown[] = [];
    const { outcome, meta } = await r.host.invoke(
      'run_report',
      { ...ARGS, waitSeconds: 0 },
      {
        signal: new AbortController().signal,
        listedOnly: false,
        progress: async (u) => void updates.push(u),
      },
    );
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.envelope));
    expect(updates.map((u) => (u as { status: string }).status)).toEqual(['PENDING']);
    expect((meta as { warnings: Array<{ summary: string }> }).warnings[0]?.summary).toBe(
      'Report rep-0001 is still pending after 0 s.',
    );
  });

  it('a create that fails without a body is that failure, nothing reused', async () => {
    const r = toolRig(() => ({ status: 500, body: '', headers: {} }), PROFILE);
    expect((await refused(r, 'run_report', ARGS)).error_code).toBe('ADS_API_HTTP_500');
    expect(r.sent.map((s) => s.method)).toEqual(['POST']);
  });

  it('a FAILED report answers its reason and no rows', async () => {
    const r = toolRig(reporting({ status: 'FAILED', failureReason: 'bad dates' }), PROFILE);
    expect(await ok(r, 'run_report', ARGS)).toEqual({
      reportId: 'rep-0001',
      status: 'FAILED',
      ready: false,
      failureReason: 'bad dates',
      rows: [],
    });
    expect(r.sent.some((s) => s.url === URL_OF_FILE)).toBe(false);
  });

  it('waitSeconds 0: the created report is answered not ready, with a warning that names download_report', async () => {
    const r = toolRig(reporting({ status: 'COMPLETED', url: URL_OF_FILE }, 100), PROFILE);
    const outcome = await r.call('run_report', { ...ARGS, waitSeconds: 0 });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.value).toEqual({
      reportId: 'rep-0001',
      status: 'PENDING',
      ready: false,
      totalRows: null,
      returnedRows: 0,
      truncated: false,
      rows: [],
      _meta: {
        warnings: [
          {
            kind: 'partial_results',
            summary: 'Report rep-0001 is still PENDING after 0 s.',
            details: [{ path: 'waitSeconds', issue: 'report not done in time', received_type: 'integer' }],
            hints: [
              "Call download_report with reportId='rep-0001' later (reports can take up to three hours).",
            ],
          },
        ],
      },
    });
    expect(r.sent.map((s) => s.method)).toEqual(['POST']);
  });

  it('maxRows caps the rows answered, and ADS_REPORT_MAX_ROWS caps maxRows', async () => {
    const r = toolRig(reporting({ status: 'COMPLETED', url: URL_OF_FILE }, 0), {
      ...PROFILE,
      ADS_REPORT_MAX_ROWS: '2',
    });
    const capped = await ok(r, 'run_report', { ...ARGS, maxRows: 1 });
    expect(capped).toMatchObject({ totalRows: 3, returnedRows: 1, truncated: true, rows: [ROWS[0]] });
    const ceiling = toolRig(reporting({ status: 'COMPLETED', url: URL_OF_FILE }, 0), {
      ...PROFILE,
      ADS_REPORT_MAX_ROWS: '2',
    });
    expect(await ok(ceiling, 'run_report', { ...ARGS, maxRows: 3 })).toMatchObject({
      returnedRows: 2,
      truncated: true,
    });
  });

  it('without an active profile it is refused before any request', async () => {
    const r = toolRig(reporting({ status: 'COMPLETED', url: URL_OF_FILE }));
    const envelope = await refused(r, 'run_report', ARGS);
    expect(envelope.error_kind).toBe('mcp_input_validation');
    expect(r.sent).toEqual([]);
  });
});

describe('create_report, get_report, download_report', () => {
  it('create_report sends the same request once and answers the report view', async () => {
    const r = toolRig(reporting({ status: 'COMPLETED', url: URL_OF_FILE }, 0), PROFILE);
    const out = await ok(r, 'create_report', ARGS);
    expect(out).toMatchObject({ reportId: 'rep-0001', status: 'PENDING', ready: false, url: null });
    expect(r.sent).toHaveLength(1);
  });

  it('get_report answers the report view; download_report the rows of a COMPLETED report', async () => {
    const r = toolRig(reporting({ status: 'COMPLETED', url: URL_OF_FILE }, 0), PROFILE);
    expect(await ok(r, 'get_report', { reportId: 'rep-0002' })).toMatchObject({
      reportId: 'rep-0002',
      status: 'COMPLETED',
      ready: true,
      url: URL_OF_FILE,
    });
    expect(await ok(r, 'download_report', { reportId: 'rep-0002', maxRows: 2 })).toEqual({
      reportId: 'rep-0002',
      status: 'COMPLETED',
      ready: true,
      totalRows: 3,
      returnedRows: 2,
      truncated: true,
      rows: ROWS.slice(0, 2),
      _meta: {
        warnings: [
          {
            kind: 'partial_results',
            summary: 'Returned 2 of 3 report rows (row cap).',
            details: [
              { path: 'maxRows', issue: 'row cap 2 reached', received_type: 'integer', limit: 2, actual: 3 },
            ],
            hints: ['Narrow the report (dates, filters, columns) to receive every row.'],
          },
        ],
      },
    });
  });

  it('download_report of a report not ready yet answers ready:false and downloads nothing', async () => {
    const r = toolRig(reporting({ status: 'PROCESSING' }, 0), PROFILE);
    expect(await ok(r, 'download_report', { reportId: 'rep-0003' })).toEqual({
      reportId: 'rep-0003',
      status: 'PROCESSING',
      ready: false,
      totalRows: null,
      returnedRows: 0,
      truncated: false,
      rows: [],
    });
    expect(r.sent).toHaveLength(1);
  });
});
