// Privileged job writes: one-off backfill jobs (one HistoryTransaction per stage) and history status updates.
import {
  ContractError,
  PartialWriteError,
  requireDateOrder,
  defineTool,
  type FromSchema,
  type ToolDefinition,
  REPLACE_UPSTREAM,
} from '@obmcp/contract';
import { MAX_EXACT_ID, type ToolDeps, idSchema } from './deps.js';
import { OutcomeUnknownError } from '../http/outcome-unknown.js';
import { single } from './shape.js';

const DATE = { type: 'string', format: 'date', description: 'YYYY-MM-DD' } as const;

const createSchema = {
  type: 'object',
  properties: {
    subscription_id: idSchema('Subscription to backfill.'),
    date_start: DATE,
    date_end: DATE,
    stage_ids: {
      type: 'array',
      items: { type: 'integer', minimum: 0, maximum: MAX_EXACT_ID },
      minItems: 1,
      maxItems: 20,
      uniqueItems: true,
      description: 'Stage ids to run (see get_product_stage_ids); one history transaction each.',
    },
  },
  required: ['subscription_id', 'date_start', 'date_end', 'stage_ids'],
  additionalProperties: false,
  examples: [
    { subscription_id: 107003, date_start: '2025-10-01', date_end: '2025-10-07', stage_ids: [1000] },
  ],
} as const;

const statusSchema = {
  type: 'object',
  properties: {
    history_id: idSchema('History transaction to update.'),
    status: {
      type: 'string',
      enum: ['cancelled'],
      description: 'New status; history-api.md: "Accepted value for updates: cancelled".',
    },
  },
  required: ['history_id', 'status'],
  additionalProperties: false,
  examples: [{ history_id: 72418, status: 'cancelled' }],
} as const;

/**
 * A later stage failed after earlier stages' transactions were created: name them (ids in details) and
 * forbid a blind retry, which would queue those backfills a second time.
 */
function partialBackfill(
  failure: ContractError,
  created: readonly Record<string, unknown>[],
  stages: readonly number[],
): PartialWriteError {
  const ids = created.map((t) => t.id);
  // The failing stage's own create may have landed (no usable answer): it is neither created nor not created.
  const unknown = failure instanceof OutcomeUnknownError ? stages.slice(0, 1) : [];
  const notCreated = stages.slice(unknown.length);
  // The transport failure itself: the stage's outcome_unknown detail below says what OutcomeUnknownError would.
  const cause = failure instanceof OutcomeUnknownError ? failure.failure : failure;
  return new PartialWriteError(cause, {
    summary:
      unknown.length > 0
        ? `create_job created ${created.length} history transaction(s); stage ${unknown[0]} was sent but its answer was lost (it may have been created); the rest were not created.`
        : `create_job created ${created.length} history transaction(s) before stage ${notCreated[0]} failed; the rest were not created.`,
    details: [
      ...created.map((t) => ({
        path: 'stage_ids',
        issue: `history transaction ${String(t.id)} was created for stage ${String(t.stage_id)}`,
        received_type: 'upstream_write',
        reason: 'already_created',
        history_id: t.id as number,
        stage_id: t.stage_id as number,
      })),
      ...unknown.map((stage) => ({
        path: 'stage_ids',
        issue: `stage ${stage}: the request was sent, no usable answer came back; it may have been created`,
        received_type: 'upstream_write',
        reason: 'outcome_unknown',
        stage_ids: [stage],
      })),
      ...(notCreated.length > 0
        ? [
            {
              path: 'stage_ids',
              issue: `not created for stage(s) ${notCreated.join(', ')}`,
              received_type: 'upstream_write',
              reason: 'not_created',
              stage_ids: [...notCreated],
            },
          ]
        : []),
    ],
    hints: [
      unknown.length > 0
        ? `Do not repeat the whole call: history transaction(s) ${ids.join(', ')} already exist and stage ${unknown[0]} may; check get_jobs for the subscription first, then call create_job with only the stage_ids still missing (of [${stages.join(', ')}]).`
        : `Do not repeat the whole call: history transaction(s) ${ids.join(', ')} already exist; call create_job again with only stage_ids [${notCreated.join(', ')}].`,
      'update_history_status with status cancelled stops a created transaction if it was not wanted.',
    ],
  });
}

export function jobWriteTools({ operations }: ToolDeps): ToolDefinition[] {
  return [
    operations.one(['service', 'createHistory'], (send) =>
      defineTool<FromSchema<typeof createSchema>>({
        name: 'create_job',
        title: 'Create one-off backfill jobs (privileged)',
        description: 'Requests a backfill for a date range: one history transaction per stage id.',
        inputSchema: createSchema,
        handler: async (args, call) => {
          requireDateOrder(
            { path: 'date_start', value: args.date_start },
            { path: 'date_end', value: args.date_end },
          );
          const created: Record<string, unknown>[] = [];
          for (const [index, stageId] of args.stage_ids.entries()) {
            let body: unknown;
            try {
              body = await send(
                {
                  subscription_id: args.subscription_id,
                  body: {
                    data: {
                      type: 'HistoryTransaction',
                      attributes: {
                        start_date: args.date_start,
                        end_date: args.date_end,
                        stage_id: stageId,
                      },
                    },
                  },
                },
                call,
                { resource: 'subscription' },
              );
            } catch (error) {
              throw created.length > 0 && error instanceof ContractError
                ? partialBackfill(error, created, args.stage_ids.slice(index))
                : error;
            }
            created.push(single(body));
          }
          return {
            subscription_id: args.subscription_id,
            history_transactions: created,
            count: created.length,
          };
        },
      }),
    ),
    operations.one(['service', 'updateHistory'], (send) =>
      defineTool<FromSchema<typeof statusSchema>>({
        name: 'update_history_status',
        title: 'Update a history transaction status (privileged)',
        description: 'Sets the status of a history transaction (e.g. cancelled to stop a backfill).',
        inputSchema: statusSchema,
        annotations: REPLACE_UPSTREAM,
        handler: async (args, call) => ({
          history: single(
            await send(
              {
                history_id: args.history_id,
                body: {
                  data: {
                    type: 'HistoryTransaction',
                    id: args.history_id,
                    attributes: { status: args.status },
                  },
                },
              },
              call,
              { resource: 'history transaction' },
            ),
          ),
        }),
      }),
    ),
  ];
}
