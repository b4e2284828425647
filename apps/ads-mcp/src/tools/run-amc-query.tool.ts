// run_amc_query: an AMC workflow execution in one call (create → wait for SUCCEEDED → download URLs).
import {
  backoff,
  type CallContext,
  CREATE_UPSTREAM,
  defineTool,
  type FromSchema,
  pollJob,
  type ToolDefinition,
  waitSecondsProperty,
} from '@obmcp/contract';
import { createSchema } from './amc.schemas.js';
import type { ToolDeps } from './deps.js';

const runSchema = {
  ...createSchema,
  properties: {
    ...createSchema.properties,
    waitSeconds: waitSecondsProperty('SUCCEEDED', 300, 'start only'),
  },
  examples: [{ ...createSchema.examples[1], waitSeconds: 300 }],
} as const;

type RunArgs = FromSchema<typeof runSchema>;
type Step = (args: Record<string, unknown>, call: CallContext) => Promise<Record<string, unknown>>;

/** Terminal statuses of a WorkflowExecution (AMCWorkflow.json). */
const ENDED = new Set(['SUCCEEDED', 'FAILED', 'CANCELLED', 'REJECTED']);

/** The create, status and download-URL steps are the AMC tools' own handlers (one request builder each). */
export function runAmcQueryTool(ctx: ToolDeps, amc: readonly ToolDefinition[]): ToolDefinition {
  const step = (name: string): Step => {
    const tool = amc.find((t) => t.name === name);
    if (!tool) throw new Error(`run_amc_query needs ${name}`);
    return async (args, call) => (await tool.handler(args as never, call)) as Record<string, unknown>;
  };
  const create = step('create_amc_workflow_execution');
  const status = step('get_amc_workflow_execution');
  const urls = step('get_amc_execution_download_urls');
  // Declares the operations the three steps call (they are the AMC tools' own handlers).
  return ctx.operations.many(
    {
      create: ['AMCWorkflow', 'createWorkflowExecution'],
      status: ['AMCWorkflow', 'getWorkflowExecution'],
      urls: ['AMCWorkflow', 'getWorkflowExecutionDownloadUrls'],
    },
    () =>
      defineTool<RunArgs>({
        name: 'run_amc_query',
        title: 'Run an AMC query and return its download URLs',
        description:
          'AMC in one call: create_amc_workflow_execution, get_amc_workflow_execution until SUCCEEDED (10 s doubling to 60 s), then the download URLs. Not done in time: ready:false and workflowExecutionId. Runs as an MCP task when the host asks.',
        inputSchema: runSchema,
        annotations: CREATE_UPSTREAM,
        taskSupport: 'optional',
        async handler(a, call) {
          const { waitSeconds, ...args } = a;
          const scope = {
            instanceId: a.instanceId,
            advertiserId: a.advertiserId,
            marketplaceId: a.marketplaceId,
          };
          const executionOf = (r: Record<string, unknown>) =>
            (r.workflowExecution ?? {}) as { workflowExecutionId?: string; status?: string };
          const started = await create(args, call);
          const id = executionOf(started).workflowExecutionId ?? '';
          const { value, timedOut } = await pollJob(call, {
            first: started,
            poll: () => status({ ...scope, workflowExecutionId: id }, call),
            state: (r) => {
              const s = executionOf(r).status ?? 'PENDING';
              return { status: s, done: ENDED.has(s) };
            },
            delayMs: ctx.config.mock ? backoff(20, 1_000) : backoff(10_000, 60_000),
            waitMs: (waitSeconds ?? 300) * 1000,
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
                  `Call get_amc_workflow_execution with workflowExecutionId='${id}' later, then get_amc_execution_download_urls.`,
                ],
              });
            }
            return { workflowExecutionId: id, status: execution.status ?? 'PENDING', ready: false, ...value };
          }
          const files = await urls({ ...scope, workflowExecutionId: id }, call);
          return { workflowExecutionId: id, status: 'SUCCEEDED', ready: true, ...value, ...files };
        },
      }),
  );
}
