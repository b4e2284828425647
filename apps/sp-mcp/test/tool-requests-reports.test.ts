// Reports and feeds as an agent drives them: every request field, the restricted-data token a restricted
// report type gets, the document as text (charset, GZIP, maxChars bound), run_report's and submit_feed's waits.
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { bare, DOCUMENT_HOST, SP, toolHarness, US } from './support/tool-calls.js';

const t = toolHarness();
const use = (...handlers: Parameters<ReturnType<typeof t.mocks>['use']>) => t.mocks().use(...handlers);
const LISTINGS = 'GET_MERCHANT_LISTINGS_ALL_DATA';
const PII = 'GET_FLAT_FILE_ACTIONABLE_ORDER_DATA_SHIPPING';
const TSV =
  'sku\tasin\tprice\tquantity\n' +
  'SKU-1000\tB08N5WRWNW\t49.99\t120\n' +
  'SKU-1001\tB07XJ8C8F5\t12.99\t0\n' +
  'SKU-1002\tB09G9FPHY6\t19.99\t37\n';

describe('create_report, get_report, list_reports', () => {
  it('create_report sends every field in the body and answers the body', async () => {
    const args = {
      reportType: LISTINGS,
      marketplaceIds: [US],
      dataStartTime: '2026-03-01T00:00:00Z',
      dataEndTime: '2026-03-02T00:00:00Z',
      reportOptions: { custom: 'true' },
    };
    const r = await t.ok('create_report', args);
    expect(t.sent).toEqual([{ method: 'POST', path: '/reports/2021-06-30/reports', query: {}, body: args }]);
    expect(bare(r)).toEqual({ reportId: expect.any(String) });
  });

  it('get_report answers the report as Amazon gave it', async () => {
    const r = await t.ok('get_report', { reportId: 'ID323' });
    expect(bare(r)).toMatchObject({
      reportId: 'ID323',
      reportType: LISTINGS,
      processingStatus: 'DONE',
      reportDocumentId: 'amzn1.spdoc.1.4.na.seed-gzip',
    });
    expect(t.sent).toEqual([{ method: 'GET', path: '/reports/2021-06-30/reports/ID323', query: {} }]);
  });

  it('list_reports sends every filter; the answer is the body', async () => {
    const r = await t.ok('list_reports', {
      reportTypes: [LISTINGS, PII],
      processingStatuses: ['DONE', 'FATAL'],
      marketplaceIds: [US],
      createdSince: '2026-01-01T00:00:00Z',
      createdUntil: '2026-12-01T00:00:00Z',
    });
    expect(t.sent[0]?.query).toEqual({
      reportTypes: `${LISTINGS},${PII}`,
      processingStatuses: 'DONE,FATAL',
      marketplaceIds: US,
      createdSince: '2026-01-01T00:00:00Z',
      createdUntil: '2026-12-01T00:00:00Z',
    });
    expect(r.reports.map((x: { reportId: string }) => x.reportId)).toEqual(
      expect.arrayContaining(['ID323', 'ID325']),
    );
  });

  it('list_reports: pageSize 100 is sent, 101 and 11 report types are refused', async () => {
    await t.call('list_reports', { reportTypes: [LISTINGS], pageSize: 100 });
    expect(t.sent[0]?.query.pageSize).toBe('100');
    t.sent.length = 0;
    expect(
      (await t.refused('list_reports', { reportTypes: [LISTINGS], pageSize: 101 })).details[0]?.path,
    ).toBe('pageSize');
    const eleven = Array.from({ length: 11 }, (_, i) => `TYPE_${i}_X`);
    expect((await t.refused('list_reports', { reportTypes: eleven })).details[0]?.path).toBe('reportTypes');
    expect(t.sent).toEqual([]);
  });
});

describe('list_reports pages', () => {
  it('with nextToken the token is sent alone, the filters the agent repeats left out; the next page answers', async () => {
    const server = t.server();
    const first = await server.ok('list_reports', { reportTypes: [LISTINGS, PII], pageSize: 1 });
    expect(first.nextToken).toEqual(expect.any(String));
    const second = await server.ok('list_reports', {
      nextToken: first.nextToken,
      reportTypes: [LISTINGS, PII],
      pageSize: 1,
    });
    expect(t.sent[1]).toEqual({
      method: 'GET',
      path: '/reports/2021-06-30/reports',
      query: { nextToken: first.nextToken },
    });
    expect(second.reports).toHaveLength(1);
    expect(second.reports[0].reportId).not.toBe(first.reports[0].reportId);
  });

  it('an answer without a reports list is handed back as it came', async () => {
    use(http.get(`${SP}/reports/2021-06-30/reports`, () => HttpResponse.json({ nextToken: 'n-1' })));
    expect(bare(await t.ok('list_reports', { reportTypes: [LISTINGS] }))).toEqual({ nextToken: 'n-1' });
  });
});

describe('get_report_document', () => {
  it('without maxChars at most 100000 characters come back, marked truncated', async () => {
    const text = `${'a'.repeat(99_999)}bc`;
    use(
      http.get(`${SP}/reports/2021-06-30/documents/doc-long`, () =>
        HttpResponse.json({
          reportDocumentId: 'doc-long',
          url: `${DOCUMENT_HOST}/NOT_A_REAL_BUCKET/doc-long`,
        }),
      ),
      http.get(`${DOCUMENT_HOST}/NOT_A_REAL_BUCKET/doc-long`, () =>
        HttpResponse.text(text, { headers: { 'content-type': 'text/plain' } }),
      ),
    );
    const r = await t.ok('get_report_document', { reportDocumentId: 'doc-long', reportType: LISTINGS });
    expect(r).toMatchObject({ bytes: 100_001, truncated: true });
    expect(r.content).toBe(text.slice(0, 100_000));
  });

  it('a GZIP document: decompressed, its charset, byte count and type as the agent reads them', async () => {
    const r = await t.ok('get_report_document', {
      reportDocumentId: 'amzn1.spdoc.1.4.na.seed-gzip',
      reportType: LISTINGS,
    });
    expect(bare(r)).toEqual({
      reportDocumentId: 'amzn1.spdoc.1.4.na.seed-gzip',
      reportType: LISTINGS,
      compressionAlgorithm: 'GZIP',
      contentType: 'text/plain',
      charset: 'utf-8',
      bytes: expect.any(Number),
      truncated: false,
      content: TSV,
    });
    expect(r.bytes).toBeLessThan(TSV.length + 40);
    expect(t.sent).toEqual([
      { method: 'GET', path: '/reports/2021-06-30/documents/amzn1.spdoc.1.4.na.seed-gzip', query: {} },
    ]);
    expect(t.tokens).toEqual([]);
    expect(t.documents).toEqual([
      {
        method: 'GET',
        path: '/NOT_A_REAL_BUCKET/amzn1.spdoc.1.4.na.seed-gzip',
        contentType: null,
        credentials: false,
      },
    ]);
  });

  it('a plain document without a type: no compression, no reportType; a windows-1252 one decoded', async () => {
    const plain = await t.ok('get_report_document', { reportDocumentId: 'amzn1.spdoc.1.4.na.seed-plain' });
    expect(bare(plain)).toEqual({
      reportDocumentId: 'amzn1.spdoc.1.4.na.seed-plain',
      contentType: 'text/plain',
      charset: 'utf-8',
      bytes: TSV.length,
      truncated: false,
      content: TSV,
    });
    const cp = await t.ok('get_report_document', { reportDocumentId: 'amzn1.spdoc.1.4.na.seed-cp1252' });
    expect(cp).toMatchObject({
      charset: 'windows-1252',
      contentType: 'text/plain; charset=windows-1252',
      content: 'sku\ttitle\nSKU-1000\tCafé crème – 5€\n',
    });
  });

  it('maxChars: exactly the length is whole, one less is truncated to it', async () => {
    const args = { reportDocumentId: 'amzn1.spdoc.1.4.na.seed-plain', reportType: LISTINGS };
    expect(await t.ok('get_report_document', { ...args, maxChars: TSV.length })).toMatchObject({
      truncated: false,
      content: TSV,
    });
    expect(await t.ok('get_report_document', { ...args, maxChars: TSV.length - 1 })).toMatchObject({
      truncated: true,
      content: TSV.slice(0, -1),
    });
    expect((await t.refused('get_report_document', { ...args, maxChars: 1_000_001 })).details[0]?.path).toBe(
      'maxChars',
    );
  });

  it('a restricted report type gets a restricted-data token for the document path', async () => {
    const r = await t.ok('get_report_document', {
      reportDocumentId: 'amzn1.spdoc.1.4.na.seed-pii',
      reportType: PII,
    });
    expect(r.content).toContain('Mock Buyer Two');
    expect(t.tokens).toHaveLength(1);
    expect(t.tokens[0]?.body).toMatchObject({
      restrictedResources: [
        { method: 'GET', path: '/reports/2021-06-30/documents/amzn1.spdoc.1.4.na.seed-pii' },
      ],
    });
  });

  it('the type get_report saw is used when none is given: the token comes without reportType', async () => {
    const server = t.server();
    await server.ok('get_report', { reportId: 'ID325' });
    const r = await server.ok('get_report_document', { reportDocumentId: 'amzn1.spdoc.1.4.na.seed-pii' });
    expect(r).toMatchObject({ reportType: PII, truncated: false });
    expect(t.tokens).toHaveLength(1);
  });

  it('the type list_reports saw is used too', async () => {
    const server = t.server();
    await server.ok('list_reports', { reportTypes: [PII] });
    const r = await server.ok('get_report_document', { reportDocumentId: 'amzn1.spdoc.1.4.na.seed-pii' });
    expect(r).toMatchObject({ reportType: PII });
    expect(t.tokens).toHaveLength(1);
  });

  it('a 403 on a document of unknown type: the hint says to pass reportType, before Amazon’s own hints', async () => {
    const env = await t.refused('get_report_document', { reportDocumentId: 'amzn1.spdoc.1.4.na.seed-pii' });
    expect(env).toMatchObject({
      error_code: 'SP_API_HTTP_403',
      error_kind: 'auth_error',
      summary: 'SP-API request failed with HTTP 403.',
      details: [{ issue: 'Access to requested resource is denied.', upstream_code: 'Unauthorized' }],
      retryable: false,
    });
    expect(env.hints[0]).toBe(
      'Restricted report types (GET_AMAZON_FULFILLED_SHIPMENTS_DATA_INVOICING, GET_AMAZON_FULFILLED_SHIPMENTS_DATA_TAX, GET_FLAT_FILE_ACTIONABLE_ORDER_DATA_SHIPPING …) need a restricted-data token: pass reportType (from get_report) so one is requested.',
    );
    expect(env.hints.slice(1)).toContain(
      'Re-authorize the active identity if expired; check that the app has the role this operation needs.',
    );
  });

  it('a 403 on a document of unknown type keeps Amazon’s summary, details and request id beside the hint', async () => {
    use(
      http.get(`${SP}/reports/2021-06-30/documents/:id`, () =>
        HttpResponse.json(
          { errors: [{ code: 'Unauthorized', message: 'denied', details: 'no role' }] },
          { status: 403, headers: { 'x-amzn-RequestId': 'req-403-doc' } },
        ),
      ),
    );
    const env = await t.refused('get_report_document', { reportDocumentId: 'amzn1.spdoc.1.4.na.seed-plain' });
    expect(env).toMatchObject({
      error_code: 'SP_API_HTTP_403',
      summary: 'SP-API request failed with HTTP 403.',
      details: [{ issue: 'denied — no role', upstream_code: 'Unauthorized' }],
      _meta: { request_id: 'req-403-doc' },
    });
    expect(env.hints[0]).toMatch(/^Restricted report types \(.+ …\) need a restricted-data token/);
  });

  it('a 403 on a document whose type is known: no reportType hint', async () => {
    use(
      http.get(`${SP}/reports/2021-06-30/documents/:id`, () =>
        HttpResponse.json({ errors: [{ code: 'Unauthorized', message: 'denied' }] }, { status: 403 }),
      ),
    );
    const env = await t.refused('get_report_document', {
      reportDocumentId: 'amzn1.spdoc.1.4.na.seed-plain',
      reportType: LISTINGS,
    });
    expect(env).toMatchObject({ error_code: 'SP_API_HTTP_403', details: [{ issue: 'denied' }] });
    expect(JSON.stringify(env.hints)).not.toContain('pass reportType');
  });

  it('a document URL on a host no SP-API document lives on: refused as a report document, nothing fetched', async () => {
    use(
      http.get(`${SP}/reports/2021-06-30/documents/doc-x`, () =>
        HttpResponse.json({ reportDocumentId: 'doc-x', url: 'https://files.example.net/doc-x' }),
      ),
    );
    const env = await t.refused('get_report_document', { reportDocumentId: 'doc-x', reportType: LISTINGS });
    expect(env.summary).toBe('SP-API answered with a report document URL this server does not download.');
    expect(t.documents).toEqual([]);
  });

  it('a restricted type whose token Amazon refuses: the hint names the one role that type needs', async () => {
    const env = await t.refused(
      'get_report_document',
      { reportDocumentId: 'amzn1.spdoc.1.4.na.seed-pii', reportType: PII },
      { SP_API_REFRESH_TOKEN: 'mock-sp-refresh-token-no-pii-role' },
    );
    expect(t.tokens).toHaveLength(1);
    expect(env.hints[0]).toContain(
      'The application needs the role Direct-to-Consumer Shipping (Restricted): request it',
    );
  });

  it('a 404 on a document of unknown type stays as Amazon said it', async () => {
    const env = await t.refused('get_report_document', { reportDocumentId: 'amzn1.spdoc.1.4.na.nothing' });
    expect(env.error_code).toBe('SP_API_HTTP_404');
    expect(JSON.stringify(env.hints)).not.toContain('pass reportType');
  });
});

describe('run_report', () => {
  it('creates with createReport’s fields only, then answers the report and its document', async () => {
    const create = {
      reportType: LISTINGS,
      marketplaceIds: [US],
      dataStartTime: '2026-03-01T00:00:00Z',
      reportOptions: { a: 'b' },
    };
    const r = await t.ok('run_report', { ...create, waitSeconds: 30 });
    expect(t.sent[0]).toEqual({
      method: 'POST',
      path: '/reports/2021-06-30/reports',
      query: {},
      body: create,
    });
    expect(t.sent.slice(1).every((s) => s.method === 'GET')).toBe(true);
    expect(bare(r)).toEqual({
      reportId: expect.any(String),
      processingStatus: 'DONE',
      ready: true,
      reportDocumentId: `amzn1.spdoc.1.4.na.${r.reportId}`,
      reportType: LISTINGS,
      compressionAlgorithm: 'GZIP',
      contentType: 'text/plain',
      charset: 'utf-8',
      bytes: expect.any(Number),
      truncated: false,
      content: TSV,
    });
  });

  it('a restricted type: the document comes with a restricted-data token', async () => {
    const r = await t.ok('run_report', { reportType: PII, marketplaceIds: [US] });
    expect(r).toMatchObject({ ready: true, reportType: PII });
    expect(r.content).toContain('Mock Buyer Two');
    expect(t.tokens).toHaveLength(1);
  });

  it('a FATAL report: not ready, its status, no warning (it ended), no document request', async () => {
    use(
      http.get(`${SP}/reports/2021-06-30/reports/:id`, ({ params }) =>
        HttpResponse.json({ reportId: params.id, processingStatus: 'FATAL', reportDocumentId: 'err-doc' }),
      ),
    );
    const r = await t.ok('run_report', { reportType: LISTINGS, marketplaceIds: [US] });
    expect(bare(r)).toEqual({
      reportId: expect.any(String),
      processingStatus: 'FATAL',
      ready: false,
      reportDocumentId: 'err-doc',
    });
    expect(JSON.stringify(r._meta ?? {})).not.toContain('partial_results');
    expect(t.sent.filter((s) => s.path.includes('/documents/'))).toEqual([]);
  });

  it('DONE without a document id: not ready', async () => {
    use(
      http.get(`${SP}/reports/2021-06-30/reports/:id`, ({ params }) =>
        HttpResponse.json({ reportId: params.id, processingStatus: 'DONE' }),
      ),
    );
    const r = await t.ok('run_report', { reportType: LISTINGS, marketplaceIds: [US] });
    expect(bare(r)).toEqual({ reportId: expect.any(String), processingStatus: 'DONE', ready: false });
  });

  it('not DONE in time: the warning names the wait, the status and the report to wait on', async () => {
    use(
      http.get(`${SP}/reports/2021-06-30/reports/:id`, ({ params }) =>
        HttpResponse.json({ reportId: params.id, processingStatus: 'IN_PROGRESS' }),
      ),
    );
    const r = await t.ok('run_report', { reportType: LISTINGS, marketplaceIds: [US], waitSeconds: 0 });
    expect(bare(r)).toEqual({ reportId: expect.any(String), processingStatus: 'IN_PROGRESS', ready: false });
    const meta = JSON.stringify(r._meta);
    expect(meta).toContain(`Report ${r.reportId} is still IN_PROGRESS after 0 s.`);
    expect(meta).toContain('report not DONE in time');
    expect(meta).toContain(`Call run_report with reportId='${r.reportId}' later`);
  });

  it('without waitSeconds it keeps checking: a report DONE at the third status check is ready', async () => {
    let polls = 0;
    use(
      http.get(`${SP}/reports/2021-06-30/reports/:id`, ({ params }) => {
        polls++;
        return HttpResponse.json(
          polls < 3
            ? { reportId: params.id, processingStatus: 'IN_QUEUE' }
            : {
                reportId: params.id,
                processingStatus: 'DONE',
                reportDocumentId: 'amzn1.spdoc.1.4.na.seed-gzip',
              },
        );
      }),
    );
    const r = await t.ok('run_report', { reportType: LISTINGS, marketplaceIds: [US] });
    expect(r).toMatchObject({
      processingStatus: 'DONE',
      ready: true,
      reportDocumentId: 'amzn1.spdoc.1.4.na.seed-gzip',
      content: TSV,
    });
    expect(polls).toBe(3);
  });

  it('waitSeconds 1: a report still IN_PROGRESS is handed back after that second, not the default wait', async () => {
    use(
      http.get(`${SP}/reports/2021-06-30/reports/:id`, ({ params }) =>
        HttpResponse.json({ reportId: params.id, processingStatus: 'IN_PROGRESS' }),
      ),
    );
    const started = Date.now();
    const r = await t.ok('run_report', { reportType: LISTINGS, marketplaceIds: [US], waitSeconds: 1 });
    const took = Date.now() - started;
    expect(bare(r)).toEqual({ reportId: expect.any(String), processingStatus: 'IN_PROGRESS', ready: false });
    expect(JSON.stringify(r._meta)).toContain(`Report ${r.reportId} is still IN_PROGRESS after 1 s.`);
    expect(took).toBeGreaterThanOrEqual(1000);
    expect(took).toBeLessThan(20_000);
  });

  it('not DONE in time: the whole partial_results warning an agent reads', async () => {
    use(
      http.get(`${SP}/reports/2021-06-30/reports/:id`, ({ params }) =>
        HttpResponse.json({ reportId: params.id, processingStatus: 'IN_QUEUE' }),
      ),
    );
    const r = await t.ok('run_report', { reportType: LISTINGS, marketplaceIds: [US], waitSeconds: 0 });
    expect(r._meta.warnings).toEqual([
      {
        kind: 'partial_results',
        summary: `Report ${r.reportId} is still IN_QUEUE after 0 s.`,
        details: [{ path: 'waitSeconds', issue: 'report not DONE in time', received_type: 'integer' }],
        hints: [
          `Call run_report with reportId='${r.reportId}' later: it waits on this report and returns its document.`,
        ],
      },
    ]);
  });

  it('DONE with a document id that is no string: not ready, no document requested', async () => {
    use(
      http.get(`${SP}/reports/2021-06-30/reports/:id`, ({ params }) =>
        HttpResponse.json({ reportId: params.id, processingStatus: 'DONE', reportDocumentId: 42 }),
      ),
    );
    const r = await t.ok('run_report', { reportType: LISTINGS, marketplaceIds: [US] });
    expect(bare(r)).toEqual({ reportId: expect.any(String), processingStatus: 'DONE', ready: false });
    expect(t.sent.filter((s) => s.path.startsWith('/reports/2021-06-30/documents/'))).toEqual([]);
  });

  it('a status Amazon left out counts as IN_QUEUE', async () => {
    use(http.get(`${SP}/reports/2021-06-30/reports/:id`, () => HttpResponse.json({})));
    const r = await t.ok('run_report', { reportType: LISTINGS, marketplaceIds: [US], waitSeconds: 0 });
    expect(r).toMatchObject({ processingStatus: 'IN_QUEUE', ready: false });
  });

  it('with a reportId: no create, that report’s document, maxChars applied', async () => {
    const r = await t.ok('run_report', {
      reportType: LISTINGS,
      marketplaceIds: [US],
      reportId: 'ID323',
      maxChars: 3,
    });
    expect(t.sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      'GET /reports/2021-06-30/reports/ID323',
      'GET /reports/2021-06-30/documents/amzn1.spdoc.1.4.na.seed-gzip',
    ]);
    expect(r).toMatchObject({ reportId: 'ID323', ready: true, truncated: true, content: 'sku' });
  });

  it('createReport answering without a reportId: an invalid upstream answer, no status check sent', async () => {
    for (const answer of [{}, { reportId: '' }, { reportId: 323 }]) {
      use(http.post(`${SP}/reports/2021-06-30/reports`, () => HttpResponse.json(answer, { status: 202 })));
      const env = await t.refused('run_report', { reportType: LISTINGS, marketplaceIds: [US] });
      expect(env).toMatchObject({
        error_code: 'UPSTREAM_INVALID_RESPONSE',
        summary: 'createReport answered without a reportId: there is no report to wait on.',
        details: [
          {
            path: 'reportId',
            issue: 'missing from the createReport answer',
            received_type: typeof answer.reportId,
          },
        ],
      });
      expect(t.sent.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /reports/2021-06-30/reports']);
      t.sent.length = 0;
    }
  });

  it('waitSeconds 600 is the bound: 601 is refused before any request', async () => {
    const env = await t.refused('run_report', {
      reportType: LISTINGS,
      marketplaceIds: [US],
      waitSeconds: 601,
    });
    expect(env.details[0]?.path).toBe('waitSeconds');
    expect(t.sent).toEqual([]);
  });
});

describe('feeds', () => {
  it('create_feed_document uploads the content with its type to the presigned URL, without credentials', async () => {
    const r = await t.ok('create_feed_document', {
      contentType: 'text/tab-separated-values',
      content: 'a\tb',
    });
    expect(bare(r)).toEqual({ feedDocumentId: expect.stringMatching(/^amzn1\.tortuga\./), uploaded: true });
    expect(t.documents).toEqual([
      {
        method: 'PUT',
        path: `/NOT_A_REAL_BUCKET/feeds/${r.feedDocumentId}`,
        contentType: 'text/tab-separated-values',
        credentials: false,
        body: 'a\tb',
      },
    ]);
  });

  it('create_feed_document without content: nothing uploaded, uploaded false', async () => {
    const r = await t.ok('create_feed_document', { contentType: 'application/json' });
    expect(bare(r)).toEqual({ feedDocumentId: expect.any(String), uploaded: false });
    expect(t.documents).toEqual([]);
    expect(t.sent).toEqual([
      {
        method: 'POST',
        path: '/feeds/2021-06-30/documents',
        query: {},
        body: { contentType: 'application/json' },
      },
    ]);
  });

  it('create_feed_document with content but no URL in the answer: an invalid-response envelope, not a skip', async () => {
    use(
      http.post(`${SP}/feeds/2021-06-30/documents`, () =>
        HttpResponse.json({ feedDocumentId: 'd1' }, { status: 201 }),
      ),
    );
    const env = await t.refused('create_feed_document', { contentType: 'text/plain', content: 'x' });
    expect(env.error_code).toBe('UPSTREAM_INVALID_RESPONSE');
    expect(t.documents).toEqual([]);
  });

  it('create_feed sends feedOptions too and answers the body', async () => {
    const args = {
      feedType: 'POST_FLAT_FILE_LISTINGS_DATA',
      marketplaceIds: [US],
      inputFeedDocumentId: 'amzn1.tortuga.4.na.50001',
      feedOptions: { a: 'b' },
    };
    const r = await t.ok('create_feed', args);
    expect(t.sent[0]).toEqual({ method: 'POST', path: '/feeds/2021-06-30/feeds', query: {}, body: args });
    expect(bare(r)).toEqual({ feedId: expect.any(String) });
  });

  it('get_feed, get_report and create_report answered with a JSON list or null: an empty answer', async () => {
    use(
      http.get(`${SP}/feeds/2021-06-30/feeds/:id`, () => HttpResponse.json([{ feedId: '50002' }])),
      http.get(`${SP}/reports/2021-06-30/reports/:id`, () => HttpResponse.json(null)),
      http.post(`${SP}/reports/2021-06-30/reports`, () => HttpResponse.json(['ID1'], { status: 202 })),
    );
    expect(bare(await t.ok('get_feed', { feedId: '50002' }))).toEqual({});
    expect(bare(await t.ok('get_report', { reportId: 'ID323' }))).toEqual({});
    expect(
      bare(
        await t.ok('create_report', { reportType: 'GET_MERCHANT_LISTINGS_ALL_DATA', marketplaceIds: [US] }),
      ),
    ).toEqual({});
  });

  it('get_feed answers the feed as Amazon gave it', async () => {
    expect(bare(await t.ok('get_feed', { feedId: '50002' }))).toMatchObject({
      feedId: '50002',
      processingStatus: 'DONE',
      resultFeedDocumentId: 'amzn1.tortuga.4.na.seed-result',
    });
  });
});

describe('submit_feed', () => {
  const feed = {
    feedType: 'JSON_LISTINGS_FEED',
    marketplaceIds: [US],
    contentType: 'application/json; charset=UTF-8',
    content: '{"header":{"sellerId":"A2MOCKSELLER01","version":"2.0"},"messages":[{"a":1},{"b":2}]}',
  };

  it('uploads, creates the feed on that document, waits for DONE and answers the parsed processing report', async () => {
    const r = await t.ok('submit_feed', { ...feed, feedOptions: { x: 'y' } });
    const [doc, create] = t.sent;
    expect(doc).toEqual({
      method: 'POST',
      path: '/feeds/2021-06-30/documents',
      query: {},
      body: { contentType: feed.contentType },
    });
    const uploadedId = decodeURIComponent(t.documents[0]?.path.split('/').pop() ?? '');
    expect(create).toEqual({
      method: 'POST',
      path: '/feeds/2021-06-30/feeds',
      query: {},
      body: {
        feedType: feed.feedType,
        marketplaceIds: [US],
        inputFeedDocumentId: uploadedId,
        feedOptions: { x: 'y' },
      },
    });
    expect(t.documents[0]).toMatchObject({
      method: 'PUT',
      contentType: feed.contentType,
      body: feed.content,
    });
    expect(bare(r)).toEqual({
      feedId: expect.any(String),
      processingStatus: 'DONE',
      ready: true,
      resultFeedDocumentId: `amzn1.tortuga.4.na.${r.feedId}.report`,
      processingReport: expect.objectContaining({
        summary: expect.objectContaining({ messagesProcessed: 2, messagesAccepted: 2 }),
      }),
    });
    expect(t.sent.at(-1)).toMatchObject({
      method: 'GET',
      path: `/feeds/2021-06-30/documents/amzn1.tortuga.4.na.${r.feedId}.report`,
    });
    expect(t.documents.at(-1)).toMatchObject({ method: 'GET', credentials: false });
  });

  it('without feedOptions none is sent', async () => {
    await t.ok('submit_feed', feed);
    expect(t.sent[1]?.body).not.toHaveProperty('feedOptions');
  });

  it('a processing report that is no JSON is answered as text', async () => {
    use(
      http.get(`${SP}/feeds/2021-06-30/feeds/:id`, ({ params }) =>
        HttpResponse.json({ feedId: params.id, processingStatus: 'DONE', resultFeedDocumentId: 'rep-1' }),
      ),
      http.get(`${SP}/feeds/2021-06-30/documents/rep-1`, () =>
        HttpResponse.json({ feedDocumentId: 'rep-1', url: `${DOCUMENT_HOST}/NOT_A_REAL_BUCKET/feeds/rep-1` }),
      ),
      http.get(`${DOCUMENT_HOST}/NOT_A_REAL_BUCKET/feeds/rep-1`, () =>
        HttpResponse.text('line 1: bad sku', { headers: { 'content-type': 'text/plain' } }),
      ),
    );
    const r = await t.ok('submit_feed', feed);
    expect(r.processingReport).toBe('line 1: bad sku');
  });

  it('a FATAL feed without a result: ended, not waited on, no report and no warning', async () => {
    use(
      http.get(`${SP}/feeds/2021-06-30/feeds/:id`, ({ params }) =>
        HttpResponse.json({ feedId: params.id, processingStatus: 'FATAL' }),
      ),
    );
    const r = await t.ok('submit_feed', feed);
    expect(bare(r)).toEqual({ feedId: expect.any(String), processingStatus: 'FATAL', ready: true });
    expect(t.sent.filter((s) => s.method === 'GET')).toHaveLength(1);
    expect(JSON.stringify(r._meta ?? {})).not.toContain('partial_results');
  });

  it('not DONE in time: not ready, and the warning names the feed, its status and the wait', async () => {
    use(
      http.get(`${SP}/feeds/2021-06-30/feeds/:id`, ({ params }) =>
        HttpResponse.json({ feedId: params.id, processingStatus: 'IN_PROGRESS' }),
      ),
    );
    const r = await t.ok('submit_feed', { ...feed, waitSeconds: 0 });
    expect(bare(r)).toEqual({ feedId: expect.any(String), processingStatus: 'IN_PROGRESS', ready: false });
    const meta = JSON.stringify(r._meta);
    expect(meta).toContain(`Feed ${r.feedId} is still IN_PROGRESS after 0 s.`);
    expect(meta).toContain('feed not DONE in time');
    expect(meta).toContain(`Call get_feed with feedId='${r.feedId}' later.`);
  });

  it('waitSeconds 1: a feed still IN_PROGRESS is handed back after that second, not the default wait', async () => {
    use(
      http.get(`${SP}/feeds/2021-06-30/feeds/:id`, ({ params }) =>
        HttpResponse.json({ feedId: params.id, processingStatus: 'IN_PROGRESS' }),
      ),
    );
    const started = Date.now();
    const r = await t.ok('submit_feed', { ...feed, waitSeconds: 1 });
    const took = Date.now() - started;
    expect(bare(r)).toEqual({ feedId: expect.any(String), processingStatus: 'IN_PROGRESS', ready: false });
    expect(JSON.stringify(r._meta)).toContain(`Feed ${r.feedId} is still IN_PROGRESS after 1 s.`);
    expect(took).toBeGreaterThanOrEqual(1000);
    expect(took).toBeLessThan(20_000);
  });

  it('not DONE in time: the whole partial_results warning an agent reads', async () => {
    use(
      http.get(`${SP}/feeds/2021-06-30/feeds/:id`, ({ params }) =>
        HttpResponse.json({ feedId: params.id, processingStatus: 'IN_QUEUE' }),
      ),
    );
    const r = await t.ok('submit_feed', { ...feed, waitSeconds: 0 });
    expect(r._meta.warnings).toEqual([
      {
        kind: 'partial_results',
        summary: `Feed ${r.feedId} is still IN_QUEUE after 0 s.`,
        details: [{ path: 'waitSeconds', issue: 'feed not DONE in time', received_type: 'integer' }],
        hints: [`Call get_feed with feedId='${r.feedId}' later.`],
      },
    ]);
  });

  it('without waitSeconds it keeps checking, 10 s apart at first: a feed ended at the third status check is ready', async () => {
    const at: number[] = [];
    use(
      http.get(`${SP}/feeds/2021-06-30/feeds/:id`, ({ params }) => {
        at.push(Date.now());
        return HttpResponse.json({
          feedId: params.id,
          processingStatus: at.length < 3 ? 'IN_PROGRESS' : 'CANCELLED',
        });
      }),
    );
    // Times run 20 times faster against the mocks here: 10 s between status checks is 500 ms.
    const r = await t.ok('submit_feed', feed, { OBMCP_MOCK_RATE_SCALE: '20' });
    expect(bare(r)).toEqual({ feedId: expect.any(String), processingStatus: 'CANCELLED', ready: true });
    expect(at).toHaveLength(3);
    expect((at[1] ?? 0) - (at[0] ?? 0)).toBeGreaterThanOrEqual(450);
    expect((at[2] ?? 0) - (at[1] ?? 0)).toBeGreaterThanOrEqual(450);
    expect(JSON.stringify(r._meta ?? {})).not.toContain('partial_results');
  });

  it('a DONE feed whose result id is no string: ready, no report requested', async () => {
    use(
      http.get(`${SP}/feeds/2021-06-30/feeds/:id`, ({ params }) =>
        HttpResponse.json({ feedId: params.id, processingStatus: 'DONE', resultFeedDocumentId: 42 }),
      ),
    );
    const r = await t.ok('submit_feed', feed);
    expect(bare(r)).toEqual({ feedId: expect.any(String), processingStatus: 'DONE', ready: true });
    expect(t.sent.filter((s) => s.path.startsWith('/feeds/2021-06-30/documents/'))).toEqual([]);
  });

  it('createFeed answering without a feedId: the call fails and no status check is sent', async () => {
    use(http.post(`${SP}/feeds/2021-06-30/feeds`, () => HttpResponse.json({}, { status: 202 })));
    const outcome = await t.call('submit_feed', feed);
    expect(outcome.ok).toBe(false);
    expect(t.sent.filter((s) => s.method === 'GET')).toEqual([]);
  });

  it('a processing report URL on a host no SP-API document lives on: refused as a feed document, nothing fetched', async () => {
    use(
      http.get(`${SP}/feeds/2021-06-30/feeds/:id`, ({ params }) =>
        HttpResponse.json({ feedId: params.id, processingStatus: 'DONE', resultFeedDocumentId: 'rep-x' }),
      ),
      http.get(`${SP}/feeds/2021-06-30/documents/rep-x`, () =>
        HttpResponse.json({ feedDocumentId: 'rep-x', url: 'https://files.example.net/rep-x' }),
      ),
    );
    const env = (await t.refused('submit_feed', feed)) as { summary: string };
    expect(env.summary).toBe('SP-API answered with a feed document URL this server does not download.');
    expect(t.documents.filter((d) => d.method === 'GET')).toEqual([]);
  });

  it('a status Amazon left out counts as IN_QUEUE', async () => {
    use(http.get(`${SP}/feeds/2021-06-30/feeds/:id`, () => HttpResponse.json({})));
    const r = await t.ok('submit_feed', { ...feed, waitSeconds: 0 });
    expect(r).toMatchObject({ processingStatus: 'IN_QUEUE', ready: false });
  });

  it('empty content is refused before any request', async () => {
    const env = await t.refused('submit_feed', { ...feed, content: '' });
    expect(env.details[0]?.path).toBe('content');
    expect(t.sent).toEqual([]);
  });
});
