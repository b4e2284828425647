// Reports 2021-06-30: createReport (202), getReport, getReports, getReportDocument (presigned URL).
import type { RequestHandler } from 'msw';
import { DOCUMENT_HOST } from './hosts.js';
import { mockSettings } from '../settings.js';
import { pageToken } from './page-token.js';
import { newReport, progressed } from './report-progress.js';
import { invalidInput, notFound, spEmpty, spErrors, spJson } from './respond.js';
import { readJson } from '../read-json.js';
import { csv, spRoute, unexpectedParams } from './route.js';
import { grantOf } from './restricted.js';
import {
  documents,
  type MockReport,
  nextId,
  RESTRICTED_REPORT_TYPES,
  reports,
  SEED_PII_DOCUMENT_ID,
} from './state.js';

function bad400(message: string, op: string): Response {
  return spErrors(400, [{ code: '400', message, details: '' }], op);
}

const create = spRoute('post', '/reports/2021-06-30/reports', async ({ request }) => {
  const op = 'createReport';
  const body = await readJson(request);
  if (!body) return bad400('Request body is not valid JSON.', op);
  const ids = body.marketplaceIds;
  if (typeof body.reportType !== 'string' || !Array.isArray(ids) || ids.length === 0 || ids.length > 25) {
    return bad400('Invalid input: reportType and marketplaceIds (1-25) are required.', op);
  }
  const reportId = nextId();
  const documentId = `amzn1.spdoc.1.4.na.${reportId}`;
  const fields = {
    reportId,
    reportType: body.reportType,
    marketplaceIds: ids.map(String),
    createdTime: new Date().toISOString(),
    ...(typeof body.dataStartTime === 'string' ? { dataStartTime: body.dataStartTime } : {}),
    ...(typeof body.dataEndTime === 'string' ? { dataEndTime: body.dataEndTime } : {}),
    reportDocumentId: documentId,
  };
  reports.set(reportId, newReport(fields, mockSettings.spReportMs()));
  const seed = documents.get(
    RESTRICTED_REPORT_TYPES.has(body.reportType) ? SEED_PII_DOCUMENT_ID : 'amzn1.spdoc.1.4.na.seed-gzip',
  );
  if (seed) documents.set(documentId, seed);
  return spJson({ reportId }, 202, op);
});

const getReport = spRoute('get', '/reports/2021-06-30/reports/:reportId', ({ params }) => {
  const report = reports.get(params.reportId ?? '');
  return report
    ? spJson(progressed(report), 200, 'getReport')
    : notFound(`Report ${params.reportId ?? ''} not found.`, 'getReport');
});

/**
 * cancelReport: "Only reports with processingStatus=IN_QUEUE can be cancelled. Cancelled reports are
 * returned in subsequent calls to the getReport and getReports operations." 200 without a body; a report
 * in any other status is refused 400; an unknown one 404.
 */
const cancelReport = spRoute('delete', '/reports/2021-06-30/reports/:reportId', ({ params }) => {
  const op = 'cancelReport';
  const report = reports.get(params.reportId ?? '');
  if (!report) return notFound(`Report ${params.reportId ?? ''} not found.`, op);
  const status = progressed(report).processingStatus;
  if (status !== 'IN_QUEUE') {
    return bad400(
      `Report ${report.reportId} cannot be cancelled: its processingStatus is ${status}; only IN_QUEUE reports can be cancelled.`,
      op,
    );
  }
  report.processingStatus = 'CANCELLED';
  report.processingEndTime = new Date().toISOString();
  return spEmpty(200, op);
});

/** getReports' filters (a nextToken carries them, as it is sent alone). */
interface ListQuery {
  types: string[];
  statuses: string[];
  marketplaces: string[];
  since: string | null;
  until: string | null;
  pageSize: number;
}

function listQuery(url: URL): ListQuery {
  return {
    types: csv(url, 'reportTypes'),
    statuses: csv(url, 'processingStatuses'),
    marketplaces: csv(url, 'marketplaceIds'),
    since: url.searchParams.get('createdSince'),
    until: url.searchParams.get('createdUntil'),
    pageSize: Number(url.searchParams.get('pageSize') ?? '10'),
  };
}

/** The query and offset a nextToken carries (it is sent alone). */
function resume(token: string): { query: ListQuery; offset: number } | undefined {
  const position = pageToken.decode(token);
  try {
    const query = position ? (JSON.parse(position.filters) as ListQuery) : undefined;
    return query && Array.isArray(query.types) ? { query, offset: position?.offset ?? 0 } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The model's filters. createdSince's default ("90 days ago") is not applied: the seeded reports are the
 * fixture's, dated March 2026.
 */
function listed(r: MockReport, q: ListQuery): boolean {
  const created = Date.parse(r.createdTime);
  return (
    q.types.includes(r.reportType) &&
    (q.statuses.length === 0 || q.statuses.includes(r.processingStatus)) &&
    (q.marketplaces.length === 0 || r.marketplaceIds.some((m) => q.marketplaces.includes(m))) &&
    (q.since === null || created >= Date.parse(q.since)) &&
    (q.until === null || created <= Date.parse(q.until))
  );
}

const list = spRoute('get', '/reports/2021-06-30/reports', ({ url }) => {
  const op = 'getReports';
  const bad = unexpectedParams(url, [
    'reportTypes',
    'processingStatuses',
    'marketplaceIds',
    'pageSize',
    'createdSince',
    'createdUntil',
    'nextToken',
  ]);
  if (bad.length > 0) return bad400(`Invalid input: ${bad.join(', ')}`, op);
  // The model: "include this token as the only parameter. Specifying nextToken with any other
  // parameters will cause the request to fail."
  if (url.searchParams.has('nextToken') && [...url.searchParams.keys()].some((k) => k !== 'nextToken')) {
    return bad400('nextToken must be the only parameter when it is given.', op);
  }
  const token = url.searchParams.get('nextToken');
  const page = token === null ? { query: listQuery(url), offset: 0 } : resume(token);
  if (!page) return bad400('Invalid nextToken.', op);
  const { query, offset } = page;
  if (query.types.length === 0)
    return invalidInput('reportTypes is required when nextToken is not provided.', op);
  const rows = [...reports.values()].map((r) => progressed(r)).filter((r) => listed(r, query));
  const end = offset + query.pageSize;
  return spJson(
    {
      reports: rows.slice(offset, end),
      ...(end < rows.length ? { nextToken: pageToken.encode(end, JSON.stringify(query)) } : {}),
    },
    200,
    op,
  );
});

const getDocument = spRoute('get', '/reports/2021-06-30/documents/:documentId', ({ params, request }) => {
  const id = params.documentId ?? '';
  const doc = documents.get(id);
  if (!doc) return notFound(`Report document ${id} not found.`, 'getReportDocument');
  // A restricted report type's document: only with an RDT for this specific path.
  if (doc.restricted && grantOf(request) === undefined) {
    return spErrors(403, [
      { code: 'Unauthorized', message: 'Access to requested resource is denied.', details: '' },
    ]);
  }
  return spJson(
    {
      reportDocumentId: id,
      url: `${DOCUMENT_HOST}/NOT_A_REAL_BUCKET/${encodeURIComponent(id)}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=300&X-Amz-Signature=mock`,
      ...(doc.compressionAlgorithm ? { compressionAlgorithm: doc.compressionAlgorithm } : {}),
    },
    200,
    'getReportDocument',
  );
});

export const reportsHandlers: RequestHandler[] = [
  ...create,
  ...list,
  ...getReport,
  ...cancelReport,
  ...getDocument,
];
