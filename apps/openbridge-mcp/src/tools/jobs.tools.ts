// Job and history reads: jobs of a subscription, one job, one history transaction.
import { defineTool, type FromSchema, type ToolDefinition } from '@obmcp/contract';
import { type ToolDeps, idSchema } from './deps.js';
import { readOnePage } from './paging.js';
import { single } from './shape.js';

const listSchema = {
  type: 'object',
  properties: {
    subscription_id: idSchema('Subscription whose jobs to list.'),
    status: {
      type: 'string',
      enum: ['any', 'processed', 'pending', 'failed', 'active'],
      default: 'any',
      description:
        "Job status filter (jobs-api.md statuses: processed, pending, failed); 'any' (default) sends no filter. " +
        'The Jobs API documents subscription_ids/id/ids/page/page_size/order_by only: a status is sent as the ' +
        'reference server sends it.',
    },
    is_primary: {
      type: 'boolean',
      description:
        'Only primary (scheduled) jobs, or only one-off runs; omitted (default): both. Sent as the reference server ' +
        'sends it (not a documented filter).',
    },
    page: { type: 'integer', minimum: 1, default: 1 },
    page_size: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
  },
  required: ['subscription_id'],
  examples: [{ subscription_id: 107003 }, { subscription_id: 107003, status: 'any', is_primary: false }],
} as const;

const jobSchema = {
  type: 'object',
  properties: { job_id: idSchema('Job id, e.g. 4100440.') },
  required: ['job_id'],
  examples: [{ job_id: 4100440 }],
} as const;

const historySchema = {
  type: 'object',
  properties: { history_id: idSchema('History transaction id, e.g. 72418.') },
  required: ['history_id'],
  examples: [{ history_id: 72418 }],
} as const;

export function jobReadTools({ operations }: ToolDeps): ToolDefinition[] {
  return [
    operations.one(['service', 'listJobs'], (send) =>
      defineTool<FromSchema<typeof listSchema>>({
        name: 'get_jobs',
        title: 'List jobs of a subscription',
        description: 'Jobs (scheduled and one-off) of one subscription, paginated.',
        inputSchema: listSchema,
        handler: async (args, call) => {
          const current = args.page ?? 1;
          const { items, pagination, past_end } = await readOnePage(
            () =>
              send(
                {
                  subscription_ids: args.subscription_id,
                  // jobs-api.md documents no status or is_primary filter: nothing is sent unless the caller asks.
                  status: args.status === 'any' ? undefined : args.status,
                  is_primary: args.is_primary,
                  page: args.page,
                  page_size: args.page_size,
                },
                call,
              ),
            current,
          );
          return {
            subscription_id: args.subscription_id,
            jobs: items,
            // A page at a time: next_page is the page to ask for while has_next is true.
            pagination: {
              ...pagination,
              page: current,
              ...(pagination.has_next ? { next_page: current + 1 } : {}),
              ...(past_end ? { past_end } : {}),
            },
          };
        },
      }),
    ),
    operations.one(['service', 'getJob'], (send) =>
      defineTool<FromSchema<typeof jobSchema>>({
        name: 'get_job_by_id',
        title: 'Get a job',
        description: 'One job with its schedule, stage and status.',
        inputSchema: jobSchema,
        handler: async (args, call) => ({
          job: single(await send({ job_id: args.job_id }, call, { resource: 'job' })),
        }),
      }),
    ),
    operations.one(['service', 'getHistory'], (send) =>
      defineTool<FromSchema<typeof historySchema>>({
        name: 'get_history_by_id',
        title: 'Get a history transaction',
        description: 'One history (backfill) transaction and its status.',
        inputSchema: historySchema,
        handler: async (args, call) => ({
          history: single(
            await send({ history_id: args.history_id }, call, { resource: 'history transaction' }),
          ),
        }),
      }),
    ),
  ];
}
