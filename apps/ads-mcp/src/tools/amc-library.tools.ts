// AMC account and library reads: AMC accounts, instances, saved workflows and schedules.
import { defineTool, type FromSchema, READ_UPSTREAM, type ToolDefinition } from '@obmcp/contract';
import {
  accountsSchema,
  instancePageSchema,
  listInstancesSchema,
  scheduleSchema,
  workflowSchema,
} from './amc.schemas.js';
import { amcAccounts } from './amc-scope.js';
import { callOperation } from './call-operation.js';
import type { AdsToolContext } from './context.js';
import { type AdsOperation, OPS } from './operations.js';

const read = READ_UPSTREAM;

/** `{<key>: [...], nextToken}` page of an AMC list answer. */
function page(body: unknown, key: string) {
  const b = (body ?? {}) as Record<string, unknown>;
  const items = Array.isArray(b[key]) ? (b[key] as unknown[]) : [];
  return {
    [key]: items,
    count: items.length,
    nextToken: typeof b.nextToken === 'string' ? b.nextToken : null,
  };
}

function instanceList(ctx: AdsToolContext, name: string, title: string, op: AdsOperation, key: string) {
  return defineTool<FromSchema<typeof instancePageSchema>>({
    name,
    title,
    description: `${op.method} ${op.path}: ${title.toLowerCase()} (paginated with nextToken).`,
    inputSchema: instancePageSchema,
    annotations: read,
    async handler(a, call) {
      const res = await callOperation(
        ctx,
        op,
        {
          pathParams: { instanceId: a.instanceId },
          query: { nextToken: a.nextToken, limit: a.limit },
          amc: a,
        },
        call,
      );
      return { instanceId: a.instanceId, ...page(res.body, key) };
    },
  });
}

export function amcLibraryTools(ctx: AdsToolContext): ToolDefinition[] {
  return [
    defineTool<FromSchema<typeof accountsSchema>>({
      name: 'list_amc_accounts',
      title: 'List AMC accounts',
      description:
        'GET /amc/accounts: the AMC accounts of this login; accountId is the advertiserId every AMC tool sends.',
      inputSchema: accountsSchema,
      annotations: read,
      async handler(a, call) {
        if (a.nextToken === undefined) {
          const accounts = await amcAccounts(ctx, call);
          return { amcAccounts: accounts, count: accounts.length, nextToken: null };
        }
        const res = await callOperation(
          ctx,
          OPS.listAmcAccounts,
          { query: { nextToken: a.nextToken } },
          call,
        );
        return page(res.body, 'amcAccounts');
      },
    }),
    defineTool<FromSchema<typeof listInstancesSchema>>({
      name: 'list_amc_instances',
      title: 'List AMC instances',
      description: 'AMC instances of the AMC account.',
      inputSchema: listInstancesSchema,
      annotations: read,
      async handler(a, call) {
        const res = await callOperation(
          ctx,
          OPS.listAmcInstances,
          { query: { nextToken: a.nextToken, limit: a.limit }, amc: a },
          call,
        );
        return page(res.body, 'instances');
      },
    }),
    instanceList(ctx, 'list_amc_workflows', 'List saved AMC workflows', OPS.listAmcWorkflows, 'workflows'),
    defineTool<FromSchema<typeof workflowSchema>>({
      name: 'get_amc_workflow',
      title: 'Get a saved AMC workflow',
      description: 'GET a saved AMC workflow (its SQL, parameters and output columns) as {workflow}.',
      inputSchema: workflowSchema,
      annotations: read,
      async handler(a, call) {
        const res = await callOperation(
          ctx,
          OPS.getAmcWorkflow,
          { pathParams: { instanceId: a.instanceId, workflowId: a.workflowId }, amc: a },
          call,
        );
        return res.body as Record<string, unknown>;
      },
    }),
    instanceList(ctx, 'list_amc_schedules', 'List AMC workflow schedules', OPS.listAmcSchedules, 'schedules'),
    defineTool<FromSchema<typeof scheduleSchema>>({
      name: 'get_amc_schedule',
      title: 'Get an AMC workflow schedule',
      description: 'GET one AMC schedule (workflow, cadence, state) as {schedule}.',
      inputSchema: scheduleSchema,
      annotations: read,
      async handler(a, call) {
        const res = await callOperation(
          ctx,
          OPS.getAmcSchedule,
          { pathParams: { instanceId: a.instanceId, scheduleId: a.scheduleId }, amc: a },
          call,
        );
        return res.body as Record<string, unknown>;
      },
    }),
  ];
}
