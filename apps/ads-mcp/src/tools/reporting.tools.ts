// Reporting v3: create_report (425 duplicate → existing_report_id), get_report, download_report (gzip JSON rows).
import {
  type CallContext,
  DomainValidationError,
  defineTool,
  type FromSchema,
  type ToolDefinition,
  UpstreamTransportError,
  CREATE_UPSTREAM,
  READ_UPSTREAM,
} from '@obmcp/contract';
import { MEDIA } from '../http/media-types.js';
import type { AdsToolContext } from './context.js';
import { reportView } from './report-view.js';
import { createSchema, downloadSchema, getSchema } from './reporting.schemas.js';

async function fetchReport(ctx: AdsToolContext, id: string, call: CallContext) {
  const res = await ctx.client.request(
    {
      method: 'GET',
      path: `/reporting/reports/${encodeURIComponent(id)}`,
      media: MEDIA.reportResponse,
      scope: { kind: 'profile' },
      idempotent: true,
    },
    call,
  );
  return reportView(res.body);
}

function parseRows(bytes: Uint8Array): unknown[] {
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (Array.isArray(parsed)) return parsed;
  } catch {
    // fall through
  }
  throw new UpstreamTransportError('UPSTREAM_INVALID_RESPONSE', {
    summary: 'The report file is not a JSON array (GZIP_JSON).',
    details: [
      {
        path: '',
        issue: 'report document did not decode to a JSON array',
        received_type: 'upstream_response',
      },
    ],
  });
}

export function reportingTools(ctx: AdsToolContext): ToolDefinition[] {
  return [
    defineTool<FromSchema<typeof createSchema>>({
      name: 'create_report',
      title: 'Request an async report (Reporting v3)',
      description:
        'POST /reporting/reports (GZIP_JSON). Poll get_report until status COMPLETED, then download_report. A duplicate request fails with ADS_API_HTTP_425 and details[0].existing_report_id.',
      inputSchema: createSchema,
      annotations: CREATE_UPSTREAM,
      async handler(a, call) {
        if (a.endDate < a.startDate) {
          throw new DomainValidationError('INPUT_VALIDATION_FAILED', {
            summary: 'endDate is before startDate.',
            details: [
              {
                path: 'endDate',
                issue: `endDate ${a.endDate} is before startDate ${a.startDate}`,
                received_type: 'string',
              },
            ],
            hints: ['Use an endDate on or after startDate (YYYY-MM-DD).'],
          });
        }
        const configuration = {
          adProduct: a.adProduct ?? 'SPONSORED_PRODUCTS',
          groupBy: a.groupBy,
          columns: a.columns,
          reportTypeId: a.reportTypeId,
          timeUnit: a.timeUnit ?? 'SUMMARY',
          format: 'GZIP_JSON',
          ...(a.filters ? { filters: a.filters } : {}),
        };
        const res = await ctx.client.request(
          {
            method: 'POST',
            path: '/reporting/reports',
            media: MEDIA.createReport,
            accept: MEDIA.reportResponse,
            body: {
              name: a.name ?? `${a.reportTypeId} ${a.startDate}..${a.endDate}`,
              startDate: a.startDate,
              endDate: a.endDate,
              configuration,
            },
            scope: { kind: 'profile' },
            idempotent: false,
          },
          call,
        );
        return reportView(res.body);
      },
    }),
    defineTool<FromSchema<typeof getSchema>>({
      name: 'get_report',
      title: 'Get report status',
      description:
        'GET /reporting/reports/{reportId}: status PENDING → PROCESSING → COMPLETED (ready:true, url) or FAILED (failureReason).',
      inputSchema: getSchema,
      annotations: READ_UPSTREAM,
      handler: (a, call) => fetchReport(ctx, a.reportId, call),
    }),
    defineTool<FromSchema<typeof downloadSchema>>({
      name: 'download_report',
      title: 'Download report rows',
      description:
        'Downloads a COMPLETED report (gzip JSON, size-bounded by ADS_REPORT_MAX_BYTES) and returns its rows, truncated to maxRows with truncated:true.',
      inputSchema: downloadSchema,
      annotations: READ_UPSTREAM,
      async handler(a, call) {
        const report = await fetchReport(ctx, a.reportId, call);
        if (!report.ready || report.url === null) {
          return {
            reportId: a.reportId,
            status: report.status,
            ready: false,
            totalRows: null,
            returnedRows: 0,
            truncated: false,
            rows: [],
          };
        }
        const rows = parseRows(await ctx.client.download(report.url, call));
        const cap = Math.min(a.maxRows ?? ctx.config.reportMaxRows, ctx.config.reportMaxRows);
        const truncated = rows.length > cap;
        if (truncated) {
          call.meta.addWarning({
            kind: 'partial_results',
            summary: `Returned ${cap} of ${rows.length} report rows (row cap).`,
            details: [
              {
                path: 'maxRows',
                issue: `row cap ${cap} reached`,
                received_type: 'integer',
                limit: cap,
                actual: rows.length,
              },
            ],
            hints: ['Narrow the report (dates, filters, columns) to receive every row.'],
          });
        }
        return {
          reportId: a.reportId,
          status: report.status,
          ready: true,
          totalRows: rows.length,
          returnedRows: Math.min(cap, rows.length),
          truncated,
          rows: rows.slice(0, cap),
        };
      },
    }),
  ];
}
