// run_report: a Reporting v3 report in one call (create → wait for COMPLETED → download rows).
import { cancelUpstreamJob, noteUpstreamNotCancelled, pollJob } from '@obmcp/mcp-server/tasks';
import {
  type CallContext,
  CREATE_UPSTREAM,
  defineTool,
  type FromSchema,
  type ToolDefinition,
  UpstreamHttpError,
} from '@obmcp/contract';
import type { ToolDeps } from './deps.js';
import { adsJobCadence, warnStillRunning } from './job-wait.js';
import type { ReportView } from './report-view.js';
import { runSchema } from './reporting.schemas.js';
import {
  CREATE_REPORT,
  createReport,
  DELETE_REPORT,
  downloadRows,
  fetchReport,
  GET_REPORT,
} from './reporting.tools.js';
import type { AdsSend } from './sp-list.js';

type RunArgs = FromSchema<typeof runSchema>;

/** Creates the report, or reuses the queued duplicate Amazon names in a 425 answer. */
async function createOrReuse(
  send: Readonly<Record<'create' | 'get', AdsSend>>,
  a: RunArgs,
  call: CallContext,
): Promise<ReportView> {
  const { waitSeconds: _w, maxRows: _m, ...create } = a;
  try {
    return await createReport(send.create, create, call);
  } catch (error) {
    // The client names the existing report in a 425's first detail only (http/error-hints.ts).
    const existing =
      error instanceof UpstreamHttpError
        ? ((error.details[0] ?? {}) as { existing_report_id?: unknown }).existing_report_id
        : undefined;
    if (typeof existing !== 'string') throw error;
    return fetchReport(send.get, existing, call);
  }
}

export function runReportTool(ctx: ToolDeps): ToolDefinition {
  const operations = { create: CREATE_REPORT, get: GET_REPORT, cancel: DELETE_REPORT };
  return ctx.operations.many(operations, (send) =>
    defineTool<RunArgs>({
      name: 'run_report',
      title: 'Run a report and return its rows',
      description:
        'Reporting v3 in one call: create (a queued duplicate is reused), wait, return rows; if not ready in time, ready:false and reportId for download_report.',
      inputSchema: runSchema,
      annotations: CREATE_UPSTREAM,
      // A host may run it as an MCP task (create → wait → rows in the background, cancellable).
      taskSupport: 'optional',
      async handler(a, call) {
        // A task handed over by a replica that shut down waits on the report its first run created.
        const reattached = call.reattach?.reportId;
        const created =
          typeof reattached === 'string'
            ? await fetchReport(send.get, reattached, call)
            : await createOrReuse(send, a, call);
        const reportId = created.reportId ?? '';
        // The status the wait saw last (its state() reads the created report before any wait can be cancelled).
        let last: string | undefined;
        // Reports take minutes: 2.5 % of the time waited between getReport calls, 2 s to 30 s (the limiter paces them too).
        const { value: report } = await pollJob(call, {
          first: created,
          poll: () => fetchReport(send.get, reportId, call),
          state: (r) => {
            last = r.status ?? 'PENDING';
            // On shutdown the task is handed over with it: another replica waits on this report.
            return { status: last, done: r.ready || r.status === 'FAILED', reattach: { reportId } };
          },
          delayMs: adsJobCadence(ctx.config),
          waitMs: (a.waitSeconds ?? 120) * 1000,
        }).catch(async (error: unknown) => {
          // A cancelled task: deleteAsyncReport is the documented cancel of a PENDING report.
          if (last === 'PENDING') {
            await cancelUpstreamJob(call, `report ${reportId}`, async (fresh) => {
              await send.cancel({ reportId }, fresh);
              return `report ${reportId} cancelled at Amazon Ads (deleteAsyncReport)`;
            });
          } else {
            noteUpstreamNotCancelled(
              call,
              `report ${reportId} was ${last}: Amazon Ads cancels only PENDING reports (deleteAsyncReport), so it may still finish (download_report)`,
            );
          }
          throw error;
        });
        if (report.status === 'FAILED') {
          return { reportId, status: 'FAILED', ready: false, failureReason: report.failureReason, rows: [] };
        }
        if (!report.ready) {
          warnStillRunning(call, {
            what: 'Report',
            id: reportId,
            status: report.status ?? 'pending',
            waitSeconds: a.waitSeconds ?? 120,
            later: `Call download_report with reportId='${reportId}' later (reports can take up to three hours).`,
          });
        }
        return downloadRows(ctx, send.get, reportId, a.maxRows, call, report);
      },
    }),
  );
}
