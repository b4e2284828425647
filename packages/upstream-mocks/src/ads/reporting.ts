// Reporting v3: create (425 on duplicates), status PENDING → PROCESSING → COMPLETED, gzip JSON file.
import { gzipSync } from 'node:zlib';
import { HttpResponse, http, type RequestHandler } from 'msw';
import { mockSettings } from '../settings.js';
import { withFault } from '../with-fault.js';
import { renderAdsFault } from './fault.js';
import { guard, readJson } from './guard.js';
import { ADS_HOSTS, REPORT_FILE_HOST, regionOfUrl } from './hosts.js';
import { scopesOf } from './profiles.js';
import { adsError, adsJson } from './respond.js';
import { type MockReport, type Row, reports } from './state.js';

const CREATE_MEDIA = 'application/vnd.createasyncreportrequest.v3+json';
const RESPONSE_MEDIA = 'application/vnd.createasyncreportresponse.v3+json';
const GET_MEDIA = 'application/vnd.getasyncreportresponse.v3+json';
const DELETE_MEDIA = 'application/vnd.deleteasyncreportresponse.v3+json';

/** The spec's required configuration fields and enums (ReportingVersion3 AsyncReportConfiguration). */
const REQUIRED_CONFIG = ['adProduct', 'columns', 'format', 'groupBy', 'reportTypeId', 'timeUnit'];
const ENUMS: Record<string, readonly string[]> = {
  adProduct: [
    'ALL',
    'DEMAND_SIDE_PLATFORM',
    'SPONSORED_BRANDS',
    'SPONSORED_DISPLAY',
    'SPONSORED_PRODUCTS',
    'SPONSORED_TELEVISION',
  ],
  format: ['GZIP_JSON'],
  timeUnit: ['DAILY', 'SUMMARY'],
};

function configProblem(config: Row): string | undefined {
  const missing = REQUIRED_CONFIG.find((k) => config[k] === undefined || config[k] === null);
  if (missing) return `configuration.${missing} is required.`;
  for (const [key, allowed] of Object.entries(ENUMS)) {
    if (!allowed.includes(String(config[key])))
      return `configuration.${key} must be one of ${allowed.join(', ')}.`;
  }
  return undefined;
}

function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Row).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function view(report: MockReport): Row {
  const status =
    report.polls < mockSettings.adsReportPendingPolls()
      ? 'PENDING'
      : report.polls < mockSettings.adsReportPolls()
        ? 'PROCESSING'
        : 'COMPLETED';
  const done = status === 'COMPLETED';
  const now = new Date().toISOString();
  return {
    ...report.body,
    reportId: report.reportId,
    status,
    createdAt: report.createdAt,
    updatedAt: now,
    failureReason: null,
    fileSize: done ? 1024 : null,
    generatedAt: done ? now : null,
    url: done ? `${REPORT_FILE_HOST}/${report.reportId}.json.gz?X-Amz-Signature=mock` : null,
    urlExpiresAt: done ? new Date(Date.now() + 3600_000).toISOString() : null,
  };
}

/** Requested columns beyond the base six, as the API fills them: names and attributed sales/purchases. */
function extraColumns(report: MockReport, i: number): Row {
  const config = report.body.configuration as { columns?: unknown } | undefined;
  const requested = Array.isArray(config?.columns) ? config.columns.filter((c) => typeof c === 'string') : [];
  const extra: Row = {};
  for (const column of requested) {
    if (column === 'campaignName') extra[column] = `Mock campaign ${i}`;
    else if (/^(attributedS|s)ales\d+d$/.test(column)) extra[column] = Number((i * 1.85).toFixed(2));
    else if (/^purchases\d+d$/.test(column)) extra[column] = i % 3;
  }
  return extra;
}

function rowsOf(report: MockReport): Row[] {
  return Array.from({ length: report.rows }, (_, i) => ({
    campaignId: `10000000000${i}`,
    impressions: 100 + i,
    clicks: i % 7,
    cost: Number((i * 0.37).toFixed(2)),
    startDate: report.body.startDate,
    endDate: report.body.endDate,
    ...extraColumns(report, i),
  }));
}

const apiHandlers: RequestHandler[] = Object.values(ADS_HOSTS).flatMap((host) => [
  http.post(
    `${host}/reporting/reports`,
    withFault('api', renderAdsFault, async ({ request }) => {
      const rejected = guard(
        request,
        { scope: true, contentType: CREATE_MEDIA, accept: RESPONSE_MEDIA },
        scopesOf(regionOfUrl(request.url)),
      );
      if (rejected) return rejected;
      const body = await readJson(request);
      const config = body?.configuration as Row | undefined;
      if (!body || !config || typeof body.startDate !== 'string' || typeof body.endDate !== 'string') {
        return adsError(400, '400', 'startDate, endDate and configuration are required.', true);
      }
      if (!Array.isArray(config.groupBy) || config.groupBy.length === 0) {
        return adsError(400, '400', 'configuration.groupBy is required.', true);
      }
      const problem = configProblem(config);
      if (problem) return adsError(400, '400', problem, true);
      const scope = request.headers.get('amazon-advertising-api-scope') ?? '';
      const fingerprint = `${scope}|${stable({ s: body.startDate, e: body.endDate, c: config })}`;
      for (const existing of reports.values()) {
        if (existing.fingerprint === fingerprint) {
          return adsError(425, '425', `The Request is a duplicate of : ${existing.reportId}`, true);
        }
      }
      const reportId = crypto.randomUUID();
      const rows = String(body.name ?? '').includes('LARGE') ? 2500 : 5;
      const report: MockReport = {
        reportId,
        fingerprint,
        body,
        polls: 0,
        createdAt: new Date().toISOString(),
        rows,
      };
      reports.set(reportId, report);
      return adsJson(view(report), 200, RESPONSE_MEDIA);
    }),
  ),
  http.get(
    `${host}/reporting/reports/:reportId`,
    withFault('api', renderAdsFault, ({ request, params }) => {
      const rejected = guard(request, { scope: true, accept: GET_MEDIA }, scopesOf(regionOfUrl(request.url)));
      if (rejected) return rejected;
      const report = reports.get(String(params.reportId));
      if (!report) return adsError(404, '404', `Report ${String(params.reportId)} not found.`, true);
      const out = view(report);
      report.polls += 1;
      return adsJson(out, 200, GET_MEDIA);
    }),
  ),
  // deleteAsyncReport: "Deletes a report by id. Use this operation to cancel a report in a PENDING status."
  // A PENDING report is deleted (a later getReport: 404); one already processing or done is refused (400),
  // an unknown id is 404.
  http.delete(
    `${host}/reporting/reports/:reportId`,
    withFault('api', renderAdsFault, ({ request, params }) => {
      const rejected = guard(
        request,
        { scope: true, accept: DELETE_MEDIA },
        scopesOf(regionOfUrl(request.url)),
      );
      if (rejected) return rejected;
      const reportId = String(params.reportId);
      const report = reports.get(reportId);
      if (!report) return adsError(404, '404', `Report ${reportId} not found.`, true);
      const status = view(report).status;
      if (status !== 'PENDING') {
        return adsError(
          400,
          '400',
          `Report ${reportId} is ${String(status)}: only a report in PENDING status can be cancelled.`,
          true,
        );
      }
      reports.delete(reportId);
      return adsJson({ code: '200', detail: 'Report deleted.', reportId }, 200, DELETE_MEDIA);
    }),
  ),
]);

const fileHandler = http.get(`${REPORT_FILE_HOST}/:file`, ({ params }) => {
  const file = String(params.file);
  const id = file.replace(/\.json\.gz$/, '');
  const report = reports.get(id);
  if (!report) {
    return new HttpResponse('<?xml version="1.0"?><Error><Code>NoSuchKey</Code></Error>', {
      status: 404,
      headers: { 'content-type': 'application/xml' },
    });
  }
  const gz = gzipSync(Buffer.from(JSON.stringify(rowsOf(report))));
  return new HttpResponse(gz, { status: 200, headers: { 'content-type': 'application/octet-stream' } });
});

export const reportingHandlers: RequestHandler[] = [...apiHandlers, fileHandler];
