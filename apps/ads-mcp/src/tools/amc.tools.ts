// AMC tools: instances, workflow executions (ad-hoc SQL or saved workflow), status, list, download URLs.
import {
  DomainValidationError,
  defineTool,
  type FromSchema,
  type ToolDefinition,
  CREATE_UPSTREAM,
  READ_UPSTREAM,
} from '@obmcp/contract';
import { createSchema, executionSchema, listInstancesSchema, listSchema } from './amc.schemas.js';
import { amcScope } from './amc-scope.js';
import type { AdsToolContext } from './context.js';

const read = READ_UPSTREAM;
const base = (id: string) => `/amc/reporting/${encodeURIComponent(id)}/workflowExecutions`;

export function amcTools(ctx: AdsToolContext): ToolDefinition[] {
  return [
    defineTool<FromSchema<typeof listInstancesSchema>>({
      name: 'list_amc_instances',
      title: 'List AMC instances',
      description: 'GET /amc/instances for an advertiser (default: the active profile).',
      inputSchema: listInstancesSchema,
      annotations: read,
      async handler(a, call) {
        const res = await ctx.client.request(
          { method: 'GET', path: '/amc/instances', scope: await amcScope(ctx, a, call), idempotent: true },
          call,
        );
        const instances = ((res.body ?? {}) as { instances?: unknown }).instances;
        return { instances: Array.isArray(instances) ? instances : [] };
      },
    }),
    defineTool<FromSchema<typeof createSchema>>({
      name: 'create_amc_workflow_execution',
      title: 'Run an AMC query',
      description:
        'Starts an AMC workflow execution from ad-hoc sqlQuery or a saved workflowId over a time window; poll get_amc_workflow_execution until SUCCEEDED or FAILED.',
      inputSchema: createSchema,
      annotations: CREATE_UPSTREAM,
      async handler(a, call) {
        const type = a.timeWindowType ?? 'EXPLICIT';
        if (type === 'EXPLICIT' && (a.timeWindowStart === undefined || a.timeWindowEnd === undefined)) {
          const missing = a.timeWindowStart === undefined ? 'timeWindowStart' : 'timeWindowEnd';
          throw new DomainValidationError('INPUT_VALIDATION_FAILED', {
            summary: `timeWindowType EXPLICIT needs ${missing}.`,
            details: [
              {
                path: missing,
                issue: 'required when timeWindowType is EXPLICIT',
                received_type: 'undefined',
              },
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
        const body = {
          ...(a.sqlQuery !== undefined
            ? { workflow: { sqlQuery: a.sqlQuery.replace(/\s*[\r\n]+\s*/g, ' ').trim() } }
            : { workflowId: a.workflowId }),
          timeWindowType: type,
          timeWindowStart: a.timeWindowStart,
          timeWindowEnd: a.timeWindowEnd,
          timeWindowTimeZone: a.timeWindowTimeZone,
          parameterValues: a.parameterValues,
          outputFormat: a.outputFormat,
        };
        const res = await ctx.client.request(
          {
            method: 'POST',
            path: base(a.instanceId),
            body,
            scope: await amcScope(ctx, a, call),
            idempotent: false,
          },
          call,
        );
        return res.body as Record<string, unknown>;
      },
    }),
    defineTool<FromSchema<typeof executionSchema>>({
      name: 'get_amc_workflow_execution',
      title: 'Get AMC execution status',
      description: 'Status of one AMC execution: PENDING → RUNNING → SUCCEEDED, or FAILED with statusReason.',
      inputSchema: executionSchema,
      annotations: read,
      async handler(a, call) {
        const res = await ctx.client.request(
          {
            method: 'GET',
            path: `${base(a.instanceId)}/${encodeURIComponent(a.workflowExecutionId)}`,
            scope: await amcScope(ctx, a, call),
            idempotent: true,
          },
          call,
        );
        return res.body as Record<string, unknown>;
      },
    }),
    defineTool<FromSchema<typeof listSchema>>({
      name: 'list_amc_workflow_executions',
      title: 'List AMC executions',
      description: 'Lists the workflow executions of an AMC instance (paginated with nextToken).',
      inputSchema: listSchema,
      annotations: read,
      async handler(a, call) {
        const res = await ctx.client.request(
          {
            method: 'GET',
            path: base(a.instanceId),
            query: { nextToken: a.nextToken },
            scope: await amcScope(ctx, a, call),
            idempotent: true,
          },
          call,
        );
        const body = (res.body ?? {}) as { executions?: unknown; nextToken?: unknown };
        const executions = Array.isArray(body.executions) ? body.executions : [];
        return {
          instanceId: a.instanceId,
          count: executions.length,
          executions,
          nextToken: typeof body.nextToken === 'string' ? body.nextToken : null,
        };
      },
    }),
    defineTool<FromSchema<typeof executionSchema>>({
      name: 'get_amc_execution_download_urls',
      title: 'Get AMC result download URLs',
      description: "Pre-signed URLs of a SUCCEEDED execution's result files.",
      inputSchema: executionSchema,
      annotations: read,
      async handler(a, call) {
        const res = await ctx.client.request(
          {
            method: 'GET',
            path: `${base(a.instanceId)}/${encodeURIComponent(a.workflowExecutionId)}/downloadUrls`,
            scope: await amcScope(ctx, a, call),
            idempotent: true,
          },
          call,
        );
        const urls = ((res.body ?? {}) as { downloadUrls?: unknown }).downloadUrls;
        return { workflowExecutionId: a.workflowExecutionId, downloadUrls: Array.isArray(urls) ? urls : [] };
      },
    }),
  ];
}
