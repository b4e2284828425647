// Reporting v3: create_report (425 duplicate → existing_report_id), get_report, download_report (gzip JSON rows).
import {
  type CallContext,
  DomainValidationError,
  requireDateOrder,
  defineTool,
  type FromSchema,
  type ToolDefinition,
  CREATE_UPSTREAM,
  READ_UPSTREAM,
} from '@obmcp/contract';
import { type OperationRef, routeOf } from '@obmcp/openapi-tools';
import type { ToolDeps } from './deps.js';
import { capRows, parseRows } from './file-rows.js';
import { type ReportView, reportView } from './report-view.js';
import { createSchema, downloadSchema, getSchema } from './reporting.schemas.js';
import type { AdsSend } from './sp-list.js';

export const CREATE_REPORT: OperationRef = ['ReportingVersion3', 'createAsyncReport'];
export const GET_REPORT: OperationRef = ['ReportingVersion3', 'getAsyncReport'];
/** The documented cancel of a PENDING report (run_report sends it when its task is cancelled). */
export const DELETE_REPORT: OperationRef = ['ReportingVersion3', 'deleteAsyncReport'];

/** getAsyncReport, as a report view. */
export async function fetchReport(send: AdsSend, id: string, call: CallContext) {
  const res = await send({ reportId: id }, call);
  return reportView(res.body);
}

const AD_PRODUCT_OF_PREFIX: Readonly<Record<string, string>> = {
  sp: 'SPONSORED_PRODUCTS',
  sb: 'SPONSORED_BRANDS',
  sd: 'SPONSORED_DISPLAY',
  st: 'SPONSORED_TELEVISION',
  dsp: 'DEMAND_SIDE_PLATFORM',
};

/** The ad product a reportTypeId belongs to (its lower-case prefix: spCampaigns → SPONSORED_PRODUCTS). */
export function adProductOf(reportTypeId: string): string | undefined {
  const prefix = /^[a-z]+/.exec(reportTypeId)?.[0] ?? '';
  return AD_PRODUCT_OF_PREFIX[prefix];
}

type CreateArgs = FromSchema<typeof createSchema>;

/** Validates the dates and sends createAsyncReport; answers the report view. */
export async function createReport(send: AdsSend, a: CreateArgs, call: CallContext) {
  requireDateOrder({ path: 'startDate', value: a.startDate }, { path: 'endDate', value: a.endDate });
  const adProduct = a.adProduct ?? adProductOf(a.reportTypeId);
  if (adProduct === undefined) {
    throw new DomainValidationError('INPUT_VALIDATION_FAILED', {
      summary: `adProduct is needed: reportTypeId '${a.reportTypeId}' does not name its ad product.`,
      details: [{ path: 'adProduct', issue: 'required for this reportTypeId', received_type: 'undefined' }],
      hints: ['Pass adProduct (e.g. SPONSORED_PRODUCTS) explicitly.'],
    });
  }
  const configuration = {
    adProduct,
    groupBy: a.groupBy,
    columns: a.columns,
    reportTypeId: a.reportTypeId,
    timeUnit: a.timeUnit ?? 'SUMMARY',
    format: 'GZIP_JSON',
    ...(a.filters ? { filters: a.filters } : {}),
  };
  const res = await send(
    {
      body: {
        name: a.name ?? `${a.reportTypeId} ${a.startDate}..${a.endDate}`,
        startDate: a.startDate,
        endDate: a.endDate,
        configuration,
      },
    },
    call,
    // Creating a report changes nothing, but a repeat after a timeout would queue a second one.
    { idempotent: false },
  );
  return reportView(res.body);
}

/** Downloads a COMPLETED report's rows (capped); ready:false when it is not COMPLETED yet. */
export async function downloadRows(
  ctx: ToolDeps,
  getReport: AdsSend,
  reportId: string,
  maxRows: number | undefined,
  call: CallContext,
  known?: ReportView,
) {
  const report = known ?? (await fetchReport(getReport, reportId, call));
  if (!report.ready || report.url === null) {
    return {
      reportId,
      status: report.status,
      ready: false,
      totalRows: null,
      returnedRows: 0,
      truncated: false,
      rows: [],
    };
  }
  const rows = parseRows(await ctx.client.download(report.url, call), 'report');
  const capped = capRows(
    rows,
    {
      maxRows,
      limit: ctx.config.reportMaxRows,
      what: 'report',
      narrow: 'Narrow the report (dates, filters, columns) to receive every row.',
    },
    call,
  );
  return { reportId, status: report.status, ready: true, ...capped };
}

export function reportingTools(ctx: ToolDeps): ToolDefinition[] {
  return [
    ctx.operations.one(CREATE_REPORT, (send, op) =>
      defineTool<CreateArgs>({
        name: 'create_report',
        title: 'Request an async report (Reporting v3)',
        description: `${routeOf(op)} (GZIP_JSON). Poll get_report until status COMPLETED, then download_report. A duplicate request fails with ADS_API_HTTP_425 and details[0].existing_report_id.`,
        inputSchema: createSchema,
        annotations: CREATE_UPSTREAM,
        handler: (a, call) => createReport(send, a, call),
      }),
    ),
    ctx.operations.one(GET_REPORT, (send) =>
      defineTool<FromSchema<typeof getSchema>>({
        name: 'get_report',
        title: 'Get report status',
        description:
          'Report status: PENDING → PROCESSING → COMPLETED (ready:true) or FAILED (failureReason).',
        inputSchema: getSchema,
        handler: (a, call) => fetchReport(send, a.reportId, call),
      }),
    ),
    // getAsyncReport for the file's URL, then the pre-signed download (no Ads operation).
    ctx.operations.many({ get: GET_REPORT }, (send) =>
      defineTool<FromSchema<typeof downloadSchema>>({
        name: 'download_report',
        title: 'Download report rows',
        description: 'Rows of a COMPLETED report (gzip JSON), truncated to maxRows.',
        inputSchema: downloadSchema,
        annotations: READ_UPSTREAM,
        handler: (a, call) => downloadRows(ctx, send.get, a.reportId, a.maxRows, call),
      }),
    ),
  ];
}
