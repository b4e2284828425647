// run_report: a Reports 2021-06-30 report in one call (createReport → getReport until DONE → the document).
import {
  cancelUpstreamJob,
  noteUpstreamNotCancelled,
  pollCadence,
  pollJob,
  waitSecondsProperty,
} from '@obmcp/mcp-server/tasks';
import {
  type CallContext,
  CREATE_UPSTREAM,
  defineTool,
  type FromSchema,
  type ToolDefinition,
  UpstreamTransportError,
} from '@obmcp/contract';
import { asObject, type ToolDeps } from './deps.js';
import type { ReportTypesSeen } from './report-types-seen.js';
import type { createSchema } from './reports.tools.js';

/** createReport's own schema plus the wait (handed in: reports.tools.ts registers this tool). */
const runSchemaFrom = (create: typeof createSchema) =>
  ({
    type: 'object',
    properties: {
      ...create.properties,
      waitSeconds: waitSecondsProperty('DONE', 120, 'one status check'),
      maxChars: {
        type: 'integer',
        minimum: 1,
        maximum: 1_000_000,
        description: 'Characters of document content to return (default 100000).',
      },
      reportId: {
        type: 'string',
        minLength: 1,
        description:
          'Wait on this report (e.g. from an earlier run_report) instead of creating one; the other fields then only describe it.',
      },
    },
    required: ['reportType', 'marketplaceIds'],
    examples: [
      { reportType: 'GET_MERCHANT_LISTINGS_ALL_DATA', marketplaceIds: ['ATVPDKIKX0DER'], maxChars: 5000 },
    ],
  }) as const;

type RunArgs = FromSchema<ReturnType<typeof runSchemaFrom>>;

/** get_report_document's handler: the download (RDT for restricted types, GZIP, charset) written once. */
export type DocumentHandler = (
  args: { reportDocumentId: string; reportType?: string; maxChars?: number },
  call: CallContext,
) => Promise<unknown>;

/**
 * getReport allows 2/s (burst 15) and a report takes minutes: wait 2.5 % of the time waited so far (5 s to
 * 60 s), so DONE is seen at most 2.5 % late; ten reports polled at once stay within the documented rate.
 */
const REPORT_CADENCE = { firstMs: 5_000, maxMs: 60_000, share: 0.025 } as const;

/**
 * createReport's reportId. An answer without one leaves no report to wait on: that is Amazon's answer to report,
 * not an argument the agent could fix.
 */
function createdReportId(body: unknown): string {
  const { reportId } = asObject(body);
  if (typeof reportId === 'string' && reportId !== '') return reportId;
  throw new UpstreamTransportError('UPSTREAM_INVALID_RESPONSE', {
    summary: 'createReport answered without a reportId: there is no report to wait on.',
    details: [
      { path: 'reportId', issue: 'missing from the createReport answer', received_type: typeof reportId },
    ],
  });
}

/** Terminal processing statuses (the model's enum): no more polls. */
const ENDED = new Set(['DONE', 'FATAL', 'CANCELLED']);

/** A report's processingStatus; one Amazon left out is IN_QUEUE (where every new report starts). */
const statusOf = (report: Record<string, unknown>): string =>
  typeof report.processingStatus === 'string' ? report.processingStatus : 'IN_QUEUE';

export function runReportTool(
  deps: ToolDeps,
  seen: ReportTypesSeen,
  document: DocumentHandler,
  create: typeof createSchema,
): ToolDefinition {
  // The document step is get_report_document's handler, which declares getReportDocument itself.
  const operations = {
    create: ['reports_2021-06-30', 'createReport'],
    get: ['reports_2021-06-30', 'getReport'],
    document: ['reports_2021-06-30', 'getReportDocument'],
    cancel: ['reports_2021-06-30', 'cancelReport'],
  } as const;
  return deps.operations.many(operations, (send) => {
    const getReport = async (reportId: string, call: CallContext) => {
      const { body } = await send.get({ reportId }, call);
      seen.record(body);
      return asObject(body);
    };
    return defineTool<RunArgs>({
      name: 'run_report',
      title: 'Run a report and return its document',
      description:
        'Creates a report (Reports 2021-06-30), waits until DONE and returns its document. Not DONE in time: ready:false and reportId; pass that reportId to wait on it instead of creating another. An MCP task when the host asks.',
      inputSchema: runSchemaFrom(create),
      annotations: CREATE_UPSTREAM,
      taskSupport: 'optional',
      async handler(a, call) {
        const { waitSeconds: asked, maxChars, reportId: existing, ...create } = a;
        const waitSeconds = asked ?? 120;
        const reportId = existing ?? createdReportId((await send.create({ body: create }, call)).body);
        let last = 'IN_QUEUE';
        // The limiter paces the polls at getReport's rate too.
        const { value: report, timedOut } = await pollJob(call, {
          poll: () => getReport(reportId, call),
          state: (r) => {
            last = statusOf(r);
            // A server shutting down hands the task over with these: another replica waits on this report.
            return { status: last, done: ENDED.has(last), resume: { reportId } };
          },
          delayMs: pollCadence(REPORT_CADENCE, deps.config.pollTimeScale),
          waitMs: waitSeconds * 1000,
        }).catch(async (error: unknown) => {
          // A cancelled task: Amazon cancels a report only while it is IN_QUEUE (cancelReport).
          if (last === 'IN_QUEUE') {
            await cancelUpstreamJob(call, `report ${reportId}`, async (fresh) => {
              await send.cancel({ reportId }, fresh);
              return `report ${reportId} cancelled at Amazon (cancelReport)`;
            });
          } else {
            noteUpstreamNotCancelled(
              call,
              `report ${reportId} was ${last}: Amazon cancels only IN_QUEUE reports, so it may still finish (get_report)`,
            );
          }
          throw error;
        });
        const status = statusOf(report);
        const documentId = typeof report.reportDocumentId === 'string' ? report.reportDocumentId : undefined;
        if (status !== 'DONE' || documentId === undefined) {
          if (timedOut) {
            call.meta.addWarning({
              kind: 'partial_results',
              summary: `Report ${reportId} is still ${status} after ${waitSeconds} s.`,
              details: [{ path: 'waitSeconds', issue: 'report not DONE in time', received_type: 'integer' }],
              hints: [
                `Call run_report with reportId='${reportId}' later: it waits on this report and returns its document.`,
              ],
            });
          }
          return {
            reportId,
            processingStatus: status,
            ready: false,
            ...(documentId ? { reportDocumentId: documentId } : {}),
          };
        }
        const doc = asObject(
          await document(
            { reportDocumentId: documentId, reportType: a.reportType, ...(maxChars ? { maxChars } : {}) },
            call,
          ),
        );
        return { reportId, processingStatus: status, ready: true, ...doc };
      },
    });
  });
}
