// AMC query tools: run a workflow execution (ad-hoc SQL or saved workflow), status, list, download URLs.
import {
  CREATE_UPSTREAM,
  DomainValidationError,
  defineTool,
  type FromSchema,
  type ToolDefinition,
} from '@obmcp/contract';
import { amcObject, amcPage, amcSend } from './amc-call.js';
import { createSchema, executionSchema, listSchema } from './amc.schemas.js';
import type { ToolDeps } from './deps.js';

type CreateArgs = FromSchema<typeof createSchema>;

function checkTimeWindow(a: CreateArgs): string | undefined {
  const explicit = a.timeWindowStart !== undefined || a.timeWindowEnd !== undefined;
  const type = a.timeWindowType ?? (explicit ? 'EXPLICIT' : undefined);
  if (type === 'EXPLICIT' && (a.timeWindowStart === undefined || a.timeWindowEnd === undefined)) {
    const missing = a.timeWindowStart === undefined ? 'timeWindowStart' : 'timeWindowEnd';
    throw new DomainValidationError('INPUT_VALIDATION_FAILED', {
      summary: `timeWindowType EXPLICIT needs ${missing}.`,
      details: [
        { path: missing, issue: 'required when timeWindowType is EXPLICIT', received_type: 'undefined' },
      ],
      hints: [
        "Pass timeWindowStart and timeWindowEnd (YYYY-MM-DDTHH:MM:SS), or a relative timeWindowType such as 'MOST_RECENT_WEEK'.",
      ],
    });
  }
  if (a.timeWindowStart && a.timeWindowEnd && a.timeWindowEnd <= a.timeWindowStart) {
    throw new DomainValidationError('INPUT_VALIDATION_FAILED', {
      summary: 'timeWindowEnd must be after timeWindowStart.',
      details: [{ path: 'timeWindowEnd', issue: 'not after timeWindowStart', received_type: 'string' }],
      hints: ['Use a timeWindowEnd later than timeWindowStart.'],
    });
  }
  return type;
}

export function amcTools(ctx: ToolDeps): ToolDefinition[] {
  return [
    ctx.operations.one(['AMCWorkflow', 'createWorkflowExecution'], (send) =>
      defineTool<CreateArgs>({
        name: 'create_amc_workflow_execution',
        title: 'Run an AMC query',
        description:
          'Runs ad-hoc sqlQuery or a saved workflowId; answers {workflowExecution}. Poll get_amc_query_results until ready.',
        inputSchema: createSchema,
        annotations: CREATE_UPSTREAM,
        async handler(a, call) {
          const timeWindowType = checkTimeWindow(a);
          const body = {
            ...(a.sqlQuery !== undefined
              ? { workflow: { sqlQuery: a.sqlQuery } }
              : { workflowId: a.workflowId }),
            timeWindowType,
            timeWindowStart: a.timeWindowStart,
            timeWindowEnd: a.timeWindowEnd,
            timeWindowTimeZone: a.timeWindowTimeZone,
            parameterValues: a.parameterValues,
          };
          // Not repeated after a timeout: a second run of the same query would be queued.
          const res = await send({ instanceId: a.instanceId, body }, call, { amc: a, idempotent: false });
          return res.body as Record<string, unknown>;
        },
      }),
    ),
    ctx.operations.one(['AMCWorkflow', 'getWorkflowExecution'], (send) =>
      defineTool<FromSchema<typeof executionSchema>>({
        name: 'get_amc_workflow_execution',
        title: 'Get AMC execution status',
        description: 'Status: PENDING → RUNNING → SUCCEEDED, FAILED or CANCELLED.',
        inputSchema: executionSchema,
        handler: amcObject(send),
      }),
    ),
    ctx.operations.one(['AMCWorkflow', 'listWorkflowExecutions'], (send) =>
      defineTool<FromSchema<typeof listSchema>>({
        name: 'list_amc_workflow_executions',
        title: 'List AMC executions',
        description: 'Executions of an AMC instance (nextToken pages).',
        inputSchema: listSchema,
        async handler(a, call) {
          return { instanceId: a.instanceId, ...amcPage((await amcSend(send, a, call)).body, 'executions') };
        },
      }),
    ),
    ctx.operations.one(['AMCWorkflow', 'getWorkflowExecutionDownloadUrls'], (send) =>
      defineTool<FromSchema<typeof executionSchema>>({
        name: 'get_amc_execution_download_urls',
        title: 'Get AMC result download URLs',
        description: "Pre-signed URLs of a SUCCEEDED execution's files.",
        inputSchema: executionSchema,
        async handler(a, call) {
          const res = await amcSend(send, a, call);
          const body = (res.body ?? {}) as { downloadUrls?: unknown; metadataDownloadUrls?: unknown };
          return {
            workflowExecutionId: a.workflowExecutionId,
            downloadUrls: Array.isArray(body.downloadUrls) ? body.downloadUrls : [],
            metadataDownloadUrls: Array.isArray(body.metadataDownloadUrls) ? body.metadataDownloadUrls : [],
          };
        },
      }),
    ),
  ];
}
