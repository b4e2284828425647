// Reporting v3 on the wire: create_report's refusals and answer, get_report's request and the view the agent sees
// (ready only for COMPLETED with an https URL), download_report's rows, row caps at and past each limit, bad files.
import { gzipSync } from 'node:zlib';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, CLIENT_ID, ENV, PROFILE, useWire } from './support/wire.js';

const w = useWire();
const FILES = 'https://offline-report-storage-us-east-1-prod.s3.amazonaws.com';
const RID = '0e5f7c9a-1b2c-4d3e-8f90-123456789abc';
const base = { reportTypeId: 'spCampaigns', groupBy: ['campaign'], columns: ['impressions'] };
let day = 0;
/** A report request no earlier test sent (the mock answers a repeat with 425). */
const fresh = () => {
  day += 1;
  const d = `2026-01-${String(day).padStart(2, '0')}`;
  return { ...base, startDate: d, endDate: d };
};

/** get_report answers `report`; the report's file answers `file` (gzip). */
function serve(report: Record<string, unknown>, file?: unknown) {
  w.mocks().use(
    http.get(`${API}/reporting/reports/:id`, () => HttpResponse.json(report)),
    http.get(`${FILES}/:file`, () =>
      file === undefined
        ? new HttpResponse(null, { status: 404 })
        : new HttpResponse(gzipSync(Buffer.from(typeof file === 'string' ? file : JSON.stringify(file))), {
            headers: { 'content-type': 'application/octet-stream' },
          }),
    ),
  );
}
const completed = { reportId: RID, status: 'COMPLETED', url: `${FILES}/${RID}.json.gz?X-Amz-Signature=s` };
const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ campaignId: String(i), impressions: i }));

describe('create_report', () => {
  it('answers the report view of Amazon’s answer', async () => {
    const args = fresh();
    const { _meta, ...r } = await w.ok('create_report', args);
    expect(r).toEqual({
      reportId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: `spCampaigns ${args.startDate}..${args.endDate}`,
      status: 'PENDING',
      ready: false,
      startDate: args.startDate,
      endDate: args.endDate,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      generatedAt: null,
      fileSize: null,
      failureReason: null,
      url: null,
      urlExpiresAt: null,
      configuration: expect.objectContaining({ adProduct: 'SPONSORED_PRODUCTS', timeUnit: 'SUMMARY' }),
    });
  });

  it('a 503 on create is not repeated (a second report would be queued)', async () => {
    w.mocks().use(
      http.post(`${API}/reporting/reports`, () =>
        HttpResponse.json({ code: '503', details: 'busy' }, { status: 503 }),
      ),
    );
    const env = await w.refused('create_report', fresh());
    expect(env).toMatchObject({ error_code: 'ADS_API_HTTP_503', retryable: true });
    expect(w.sent).toHaveLength(1);
  });

  it('a report type naming no product, without adProduct: the whole refusal, nothing sent', async () => {
    const env = await w.refused('create_report', { ...fresh(), reportTypeId: 'xyCampaigns' });
    expect(env).toMatchObject({
      error_code: 'INPUT_VALIDATION_FAILED',
      error_kind: 'mcp_input_validation',
      retryable: false,
      summary: "adProduct is needed: reportTypeId 'xyCampaigns' does not name its ad product.",
      details: [{ path: 'adProduct', issue: 'required for this reportTypeId', received_type: 'undefined' }],
      hints: ['Pass adProduct (e.g. SPONSORED_PRODUCTS) explicitly.'],
    });
    expect(w.sent).toEqual([]);
  });

  it.each([
    ['ALL', 'xyCampaigns'],
    ['SPONSORED_PRODUCTS', 'xyzCampaigns'],
  ])('adProduct %s for %s is sent as given', async (adProduct, reportTypeId) => {
    await w.ok('create_report', { ...fresh(), reportTypeId, adProduct });
    expect(w.sent[0]?.body).toMatchObject({ configuration: { adProduct, reportTypeId } });
  });

  it.each([
    [{ groupBy: [] }, 'SCHEMA_MIN_ITEMS', 'groupBy'],
    [{ groupBy: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'SCHEMA_MAX_ITEMS', 'groupBy'],
    [{ columns: Array.from({ length: 101 }, (_, i) => `c${i}`) }, 'SCHEMA_MAX_ITEMS', 'columns'],
    [{ timeUnit: 'WEEKLY' }, 'SCHEMA_ENUM_MISMATCH', 'timeUnit'],
    [{ startDate: '2026-13-01' }, 'SCHEMA_FORMAT_INVALID', 'startDate'],
  ])('schema refusal %j → %s at %s, nothing sent', async (bad, code, path) => {
    const env = await w.refused('create_report', { ...fresh(), ...bad });
    expect(env).toMatchObject({
      error_code: code,
      retryable: false,
      details: [expect.objectContaining({ path })],
    });
    expect(w.sent).toEqual([]);
  });

  it('at the limits: 5 groupBy, 100 columns, 10 filters are sent', async () => {
    const filters = Array.from({ length: 10 }, (_, i) => ({ field: `f${i}`, values: ['v'] }));
    const columns = Array.from({ length: 100 }, (_, i) => `c${i}`);
    const groupBy = ['a', 'b', 'c', 'd', 'e'];
    await w.call('create_report', { ...fresh(), groupBy, columns, filters });
    expect(w.sent[0]?.body).toMatchObject({ configuration: { groupBy, columns, filters } });
  });
});

describe('get_report', () => {
  it('GET /reporting/reports/{id} in the get media type, the profile scope', async () => {
    const id = (await w.ok('create_report', fresh())).reportId as string;
    w.sent.length = 0;
    await w.ok('get_report', { reportId: id });
    expect(w.sent).toEqual([
      {
        method: 'GET',
        path: `/reporting/reports/${id}`,
        query: {},
        headers: {
          accept: 'application/vnd.getasyncreportresponse.v3+json',
          'amazon-advertising-api-scope': PROFILE,
          'amazon-advertising-api-clientid': CLIENT_ID,
        },
      },
    ]);
  });

  const FULL = {
    reportId: RID,
    name: 'n',
    status: 'COMPLETED',
    startDate: '2026-03-01',
    endDate: '2026-03-02',
    createdAt: 'c',
    updatedAt: 'u',
    generatedAt: 'g',
    fileSize: 12,
    failureReason: null,
    url: 'https://x.example/f',
    urlExpiresAt: 'e',
    configuration: { a: 1 },
  };
  it.each([
    ['COMPLETED with an https URL: ready', FULL, { ...FULL, ready: true }],
    [
      'COMPLETED with an http URL: no URL, not ready',
      { ...FULL, url: 'http://x.example/f' },
      { ...FULL, url: null, ready: false },
    ],
    [
      'PROCESSING with a URL: not ready',
      { ...FULL, status: 'PROCESSING' },
      { ...FULL, status: 'PROCESSING', ready: false },
    ],
    [
      'FAILED: the reason, not ready',
      { reportId: RID, status: 'FAILED', failureReason: 'bad column' },
      {
        reportId: RID,
        name: null,
        status: 'FAILED',
        ready: false,
        startDate: null,
        endDate: null,
        createdAt: null,
        updatedAt: null,
        generatedAt: null,
        fileSize: null,
        failureReason: 'bad column',
        url: null,
        urlExpiresAt: null,
        configuration: null,
      },
    ],
    [
      'odd types: null',
      { reportId: 5, name: 6, status: 7, url: 8 },
      {
        reportId: null,
        name: null,
        status: null,
        ready: false,
        startDate: null,
        endDate: null,
        createdAt: null,
        updatedAt: null,
        generatedAt: null,
        fileSize: null,
        failureReason: null,
        url: null,
        urlExpiresAt: null,
        configuration: null,
      },
    ],
  ])('%s', async (_title, report, view) => {
    serve(report);
    const { _meta, ...r } = await w.ok('get_report', { reportId: RID });
    expect(r).toEqual(view);
  });

  it.each(['short', 'has space here', 'x'.repeat(65)])('reportId %s is refused unsent', async (reportId) => {
    const env = await w.refused('get_report', { reportId });
    expect(env).toMatchObject({
      error_code: 'SCHEMA_PATTERN_MISMATCH',
      details: [expect.objectContaining({ path: 'reportId' })],
    });
    expect(w.sent).toEqual([]);
  });
});

describe('download_report', () => {
  it('not ready: the status and an empty page, nothing downloaded', async () => {
    serve({ ...completed, status: 'PROCESSING' }, rows(3));
    const { _meta, ...r } = await w.ok('download_report', { reportId: RID });
    expect(r).toEqual({
      reportId: RID,
      status: 'PROCESSING',
      ready: false,
      totalRows: null,
      returnedRows: 0,
      truncated: false,
      rows: [],
    });
    expect(w.sent.map((s) => `${s.method} ${s.path}`)).toEqual([`GET /reporting/reports/${RID}`]);
  });

  it('COMPLETED: one status read, then every row of the file', async () => {
    serve(completed, rows(3));
    const { _meta, ...r } = await w.ok('download_report', { reportId: RID });
    expect(r).toEqual({
      reportId: RID,
      status: 'COMPLETED',
      ready: true,
      totalRows: 3,
      returnedRows: 3,
      truncated: false,
      rows: rows(3),
    });
    expect(w.sent.map((s) => `${s.method} ${s.path}`)).toEqual([`GET /reporting/reports/${RID}`]);
    expect(JSON.stringify(_meta ?? {})).not.toContain('partial_results');
  });

  it.each([
    [3, 3, false],
    [2, 2, true],
    [1, 1, true],
    [100000, 3, false],
  ])('maxRows %i of 3 rows: %i returned, truncated %s', async (maxRows, returned, truncated) => {
    serve(completed, rows(3));
    const r = await w.ok('download_report', { reportId: RID, maxRows });
    expect(r).toMatchObject({
      totalRows: 3,
      returnedRows: returned,
      truncated,
      rows: rows(3).slice(0, returned),
    });
    const warnings = (r._meta?.warnings ?? []) as Array<Record<string, unknown>>;
    if (!truncated) expect(warnings).toEqual([]);
    else
      expect(warnings).toEqual([
        {
          kind: 'partial_results',
          summary: `Returned ${returned} of 3 report rows (row cap).`,
          details: [
            {
              path: 'maxRows',
              issue: `row cap ${returned} reached`,
              received_type: 'integer',
              limit: returned,
              actual: 3,
            },
          ],
          hints: ['Narrow the report (dates, filters, columns) to receive every row.'],
        },
      ]);
  });

  it('ADS_REPORT_MAX_ROWS holds the rows without a maxRows, and over a larger one', async () => {
    const env = { ...ENV, ADS_REPORT_MAX_ROWS: '2' };
    serve(completed, rows(3));
    expect(await w.ok('download_report', { reportId: RID }, env)).toMatchObject({
      totalRows: 3,
      returnedRows: 2,
      truncated: true,
    });
    expect(await w.ok('download_report', { reportId: RID, maxRows: 3 }, env)).toMatchObject({
      returnedRows: 2,
      truncated: true,
    });
    expect(await w.ok('download_report', { reportId: RID, maxRows: 1 }, env)).toMatchObject({
      returnedRows: 1,
    });
    serve(completed, rows(2));
    expect(await w.ok('download_report', { reportId: RID }, env)).toMatchObject({
      totalRows: 2,
      returnedRows: 2,
      truncated: false,
    });
  });

  it.each([
    ['not JSON', '{"campaignId": '],
    ['a JSON object', { rows: [] }],
  ])('a file that is %s: UPSTREAM_INVALID_RESPONSE, never text', async (_title, file) => {
    serve(completed, file);
    const env = await w.refused('download_report', { reportId: RID });
    expect(env).toMatchObject({
      error_code: 'UPSTREAM_INVALID_RESPONSE',
      summary: 'The report file is not a JSON array (GZIP_JSON).',
      details: [expect.objectContaining({ issue: 'report document did not decode to a JSON array' })],
    });
  });

  it.each([
    [{ maxRows: 0 }, 'SCHEMA_MINIMUM'],
    [{ maxRows: 100001 }, 'SCHEMA_MAXIMUM'],
    [{ maxRows: 1.5 }, 'SCHEMA_TYPE_MISMATCH'],
  ])('%j is refused unsent (%s)', async (bad, code) => {
    const env = await w.refused('download_report', { reportId: RID, ...bad });
    expect(env).toMatchObject({ error_code: code, details: [expect.objectContaining({ path: 'maxRows' })] });
    expect(w.sent).toEqual([]);
  });

  it('end to end on the mock: create, two polls, download the five rows', async () => {
    const args = fresh();
    const id = (await w.ok('create_report', args)).reportId as string;
    const h = w.host();
    await h.call('get_report', { reportId: id });
    await h.call('get_report', { reportId: id });
    const out = await h.call('download_report', { reportId: id, maxRows: 5 });
    expect(out.ok && out.value).toMatchObject({
      ready: true,
      totalRows: 5,
      returnedRows: 5,
      truncated: false,
    });
    expect(out.ok && (out.value as { rows: unknown[] }).rows[0]).toMatchObject({ startDate: args.startDate });
  });
});
