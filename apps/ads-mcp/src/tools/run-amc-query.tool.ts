// run_amc_query: an AMC workflow execution in one call (create → wait for SUCCEEDED → download URLs and rows).
import {
  cancelUpstreamJob,
  noteUpstreamNotCancelled,
  pollCadence,
  pollJob,
  waitSecondsProperty,
} from '@obmcp/mcp-server/tasks';
import { CREATE_UPSTREAM, defineTool, type FromSchema, type ToolDefinition } from '@obmcp/contract';
import { amcRowCap, downloadAmcRows, filesOf, NO_ROWS } from './amc-results.js';
import { amcMaxRows, createSchema } from './amc.schemas.js';
import { amcSend } from './amc-call.js';
import { AMC_ENDED, amcStep, executionOf } from './amc-steps.js';
import type { ToolDeps } from './deps.js';

const runSchema = {
  ...createSchema,
  properties: {
    ...createSchema.properties,
    waitSeconds: waitSecondsProperty('SUCCEEDED', 300, 'start only'),
    maxRows: amcMaxRows,
  },
  examples: [{ ...createSchema.examples[1], waitSeconds: 300 }],
} as const;

type RunArgs = FromSchema<typeof runSchema>;

/** The create, status and download-URL steps are the AMC tools' own handlers (one request builder each). */
export function runAmcQueryTool(ctx: ToolDeps, amc: readonly ToolDefinition[]): ToolDefinition {
  const create = amcStep(amc, 'create_amc_workflow_execution', 'run_amc_query');
  const status = amcStep(amc, 'get_amc_workflow_execution', 'run_amc_query');
  const urls = amcStep(amc, 'get_amc_execution_download_urls', 'run_amc_query');
  // Declares the operations the three steps call (they are the AMC tools' own handlers).
  return ctx.operations.many(
    {
      create: ['AMCWorkflow', 'createWorkflowExecution'],
      status: ['AMCWorkflow', 'getWorkflowExecution'],
      urls: ['AMCWorkflow', 'getWorkflowExecutionDownloadUrls'],
      cancel: ['AMCWorkflow', 'UpdateWorkflowExecution'],
    },
    (send) =>
      defineTool<RunArgs>({
        name: 'run_amc_query',
        title: 'Run an AMC query and return its rows',
        description:
          'AMC in one call: create_amc_workflow_execution, get_amc_workflow_execution until SUCCEEDED (every 2.5 % of the time waited, 10 s to 60 s), then the download URLs and the result CSV as rows (maxRows; truncated:true when more exist). Not done in time: ready:false and workflowExecutionId for get_amc_query_results. Runs as an MCP task when the host asks.',
        inputSchema: runSchema,
        annotations: CREATE_UPSTREAM,
        taskSupport: 'optional',
        async handler(a, call) {
          const { waitSeconds, maxRows, ...args } = a;
          const scope = {
            instanceId: a.instanceId,
            advertiserId: a.advertiserId,
            marketplaceId: a.marketplaceId,
          };
          // A task handed over by a replica that shut down waits on the execution its first run started.
          const reattached = call.reattach?.workflowExecutionId;
          const started =
            typeof reattached === 'string'
              ? await status({ ...scope, workflowExecutionId: reattached }, call)
              : await create(args, call);
          const id = executionOf(started).workflowExecutionId ?? '';
          // The status the wait saw last (its state() reads the first answer before any wait can be cancelled).
          let last: string | undefined;
          const { value, timedOut } = await pollJob(call, {
            first: started,
            poll: () => status({ ...scope, workflowExecutionId: id }, call),
            state: (r) => {
              last = executionOf(r).status ?? 'PENDING';
              // On shutdown the task is handed over with it: another replica waits on this execution.
              return { status: last, done: AMC_ENDED.has(last), reattach: { workflowExecutionId: id } };
            },
            delayMs: pollCadence({ firstMs: 10_000, maxMs: 60_000, share: 0.025 }, ctx.config.pollTimeScale),
            waitMs: (waitSeconds ?? 300) * 1000,
          }).catch(async (error: unknown) => {
            // A cancelled task: an execution still PENDING or RUNNING is set CANCELLED (it stops using the
            // instance's compute).
            if (last === 'PENDING' || last === 'RUNNING') {
              await cancelUpstreamJob(call, `AMC execution ${id}`, async (fresh) => {
                await amcSend(
                  send.cancel,
                  { ...scope, workflowExecutionId: id, body: { status: 'CANCELLED' } },
                  fresh,
                  { idempotent: false },
                );
                return `AMC execution ${id} cancelled (UpdateWorkflowExecution status CANCELLED)`;
              });
            } else {
              noteUpstreamNotCancelled(call, `AMC execution ${id} was ${last}: nothing to cancel`);
            }
            throw error;
          });
          const execution = executionOf(value);
          if (execution.status !== 'SUCCEEDED') {
            if (timedOut) {
              call.meta.addWarning({
                kind: 'partial_results',
                summary: `AMC execution ${id} is still ${execution.status ?? 'PENDING'} after ${waitSeconds ?? 300} s.`,
                details: [
                  { path: 'waitSeconds', issue: 'execution not SUCCEEDED in time', received_type: 'integer' },
                ],
                hints: [
                  `Call get_amc_query_results with workflowExecutionId='${id}' later (its rows once SUCCEEDED).`,
                ],
              });
            }
            return {
              workflowExecutionId: id,
              status: execution.status ?? 'PENDING',
              ready: false,
              ...value,
              ...NO_ROWS,
            };
          }
          const files = await urls({ ...scope, workflowExecutionId: id }, call);
          const rows = await downloadAmcRows(ctx, filesOf(files), amcRowCap(ctx, maxRows), call);
          return { workflowExecutionId: id, status: 'SUCCEEDED', ready: true, ...value, ...files, ...rows };
        },
      }),
  );
}
