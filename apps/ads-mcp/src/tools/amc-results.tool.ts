// get_amc_query_results: an AMC execution's rows (status → fresh download URLs → CSV rows, capped).
import { defineTool, type FromSchema, READ_UPSTREAM, type ToolDefinition } from '@obmcp/contract';
import { amcRowCap, downloadAmcRows, filesOf, NO_ROWS } from './amc-results.js';
import { resultsSchema } from './amc.schemas.js';
import { amcStep, executionOf } from './amc-steps.js';
import type { ToolDeps } from './deps.js';

type ResultsArgs = FromSchema<typeof resultsSchema>;

/** The status and download-URL steps are the AMC tools' own handlers. */
export function amcResultsTool(ctx: ToolDeps, amc: readonly ToolDefinition[]): ToolDefinition {
  const status = amcStep(amc, 'get_amc_workflow_execution', 'get_amc_query_results');
  const urls = amcStep(amc, 'get_amc_execution_download_urls', 'get_amc_query_results');
  return ctx.operations.many(
    {
      status: ['AMCWorkflow', 'getWorkflowExecution'],
      urls: ['AMCWorkflow', 'getWorkflowExecutionDownloadUrls'],
    },
    () =>
      defineTool<ResultsArgs>({
        name: 'get_amc_query_results',
        title: 'Get the rows of an AMC execution',
        description:
          "An AMC execution's status; once SUCCEEDED, its result CSV rows (capped by maxRows; truncated:true when more exist) and fresh download URLs, else ready:false.",
        inputSchema: resultsSchema,
        annotations: READ_UPSTREAM,
        async handler(a, call) {
          const { maxRows, ...scope } = a;
          const id = a.workflowExecutionId;
          const answer = await status(scope, call);
          const state = executionOf(answer).status ?? 'PENDING';
          if (state !== 'SUCCEEDED') {
            return { workflowExecutionId: id, status: state, ready: false, ...answer, ...NO_ROWS };
          }
          const files = await urls(scope, call);
          const rows = await downloadAmcRows(ctx, filesOf(files), amcRowCap(ctx, maxRows), call);
          return { workflowExecutionId: id, status: state, ready: true, ...answer, ...files, ...rows };
        },
      }),
  );
}
