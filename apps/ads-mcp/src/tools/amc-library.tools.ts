// AMC account and library reads: AMC accounts, instances, saved workflows and schedules.
import { defineTool, type FromSchema, type ToolDefinition } from '@obmcp/contract';
import {
  accountsSchema,
  instancePageSchema,
  listInstancesSchema,
  scheduleSchema,
  workflowSchema,
} from './amc.schemas.js';
import { type OperationRef, routeOf } from '@obmcp/openapi-tools';
import { amcObject, amcPage, amcSend } from './amc-call.js';
import { AMC_ACCOUNTS, amcAccounts } from './amc-scope.js';
import type { ToolDeps } from './deps.js';

function instanceList(ctx: ToolDeps, name: string, title: string, ref: OperationRef, key: string) {
  return ctx.operations.one(ref, (send, op) =>
    defineTool<FromSchema<typeof instancePageSchema>>({
      name,
      title,
      description: `${routeOf(op)}: ${title.toLowerCase()} (paginated with nextToken).`,
      inputSchema: instancePageSchema,
      async handler(a, call) {
        return { instanceId: a.instanceId, ...amcPage((await amcSend(send, a, call)).body, key) };
      },
    }),
  );
}

export function amcLibraryTools(ctx: ToolDeps): ToolDefinition[] {
  return [
    ctx.operations.one(AMC_ACCOUNTS, (send, op) =>
      defineTool<FromSchema<typeof accountsSchema>>({
        name: 'list_amc_accounts',
        title: 'List AMC accounts',
        description: `${routeOf(op)}: the AMC accounts of this login; accountId is the advertiserId every AMC tool sends.`,
        inputSchema: accountsSchema,
        async handler(a, call) {
          if (a.nextToken === undefined) {
            const accounts = await amcAccounts(ctx, call);
            return { amcAccounts: accounts, count: accounts.length, nextToken: null };
          }
          const res = await send({ nextToken: a.nextToken }, call);
          return amcPage(res.body, 'amcAccounts');
        },
      }),
    ),
    ctx.operations.one(['AMCAdmin', 'listInstances'], (send) =>
      defineTool<FromSchema<typeof listInstancesSchema>>({
        name: 'list_amc_instances',
        title: 'List AMC instances',
        description: 'AMC instances of the AMC account.',
        inputSchema: listInstancesSchema,
        handler: async (a, call) => amcPage((await amcSend(send, a, call)).body, 'instances'),
      }),
    ),
    instanceList(
      ctx,
      'list_amc_workflows',
      'List saved AMC workflows',
      ['AMCWorkflow', 'listWorkflows'],
      'workflows',
    ),
    ctx.operations.one(['AMCWorkflow', 'getWorkflow'], (send) =>
      defineTool<FromSchema<typeof workflowSchema>>({
        name: 'get_amc_workflow',
        title: 'Get a saved AMC workflow',
        description: 'GET a saved AMC workflow (its SQL, parameters and output columns) as {workflow}.',
        inputSchema: workflowSchema,
        handler: amcObject(send),
      }),
    ),
    instanceList(
      ctx,
      'list_amc_schedules',
      'List AMC workflow schedules',
      ['AMCWorkflow', 'listSchedules'],
      'schedules',
    ),
    ctx.operations.one(['AMCWorkflow', 'getSchedule'], (send) =>
      defineTool<FromSchema<typeof scheduleSchema>>({
        name: 'get_amc_schedule',
        title: 'Get an AMC workflow schedule',
        description: 'GET one AMC schedule (workflow, cadence, state) as {schedule}.',
        inputSchema: scheduleSchema,
        handler: amcObject(send),
      }),
    ),
  ];
}
