// Privileged subscription writes: create (POST /v2/sub), partial update (PATCH), cancel (status=cancelled).
import {
  type CallContext,
  defineTool,
  type FromSchema,
  type ToolDefinition,
  REPLACE_UPSTREAM,
} from '@obmcp/contract';
import type { Send } from '../operations/bind.js';
import { type ToolDeps, idSchema } from './deps.js';
import { compact, single } from './shape.js';

const productParameters = {
  type: 'object',
  additionalProperties: { type: 'string' },
  description:
    'Product parameters; values are strings (stage_ids is a JSON array inside a string: "[1000]").',
} as const;

const createSchema = {
  type: 'object',
  properties: {
    product_id: idSchema('Product to subscribe to (must be active).'),
    name: { type: 'string', minLength: 1, maxLength: 255 },
    storage_group_id: idSchema('Destination storage group id.'),
    remote_identity_id: idSchema('Remote identity the pipeline authenticates with.'),
    date_start: {
      type: 'string',
      format: 'date-time',
      description:
        'Subscription start, ISO 8601 (required on create: subscriptions-api.md write-only attributes).',
    },
    date_end: { type: 'string', format: 'date-time' },
    product_parameters: productParameters,
  },
  required: ['product_id', 'name', 'storage_group_id', 'date_start'],
  additionalProperties: false,
  examples: [
    {
      product_id: 70,
      name: 'Acme Sponsored Products US',
      storage_group_id: 1688,
      remote_identity_id: 7460,
      date_start: '2025-01-01T00:00:00Z',
      product_parameters: { stage_ids: '[1000]' },
    },
  ],
} as const;

const updateSchema = {
  type: 'object',
  properties: {
    subscription_id: idSchema('Subscription to update.'),
    name: { type: 'string', minLength: 1, maxLength: 255 },
    status: { type: 'string', enum: ['active', 'paused', 'cancelled'] },
    date_end: { type: 'string', format: 'date-time' },
    remote_identity_id: idSchema('New remote identity.'),
    storage_group_id: idSchema('New storage group.'),
    product_parameters: {
      ...productParameters,
      description: 'Merged into the existing parameters (not replaced).',
    },
  },
  required: ['subscription_id'],
  minProperties: 2,
  additionalProperties: false,
  examples: [
    { subscription_id: 107003, name: 'Renamed subscription' },
    { subscription_id: 107003, status: 'paused' },
  ],
} as const;

const cancelSchema = {
  type: 'object',
  properties: { subscription_id: idSchema('Subscription to cancel.') },
  required: ['subscription_id'],
  additionalProperties: false,
  examples: [{ subscription_id: 107003 }],
} as const;

const UPDATE = ['subscriptions', 'updateSubscription'] as const;

export function subscriptionWriteTools({ operations, jwt }: ToolDeps): ToolDefinition[] {
  const patch = async (send: Send, call: CallContext, id: number, attributes: Record<string, unknown>) =>
    single(
      await send(
        { subscription_id: id, body: { data: { type: 'Subscription', id: String(id), attributes } } },
        call,
        { resource: 'subscription' },
      ),
    );
  return [
    operations.one(['subscriptions', 'createSubscription'], (send) =>
      defineTool<FromSchema<typeof createSchema>>({
        name: 'create_subscription',
        title: 'Create a subscription (privileged)',
        description: 'Creates a v2 subscription for the authenticated account and user.',
        inputSchema: createSchema,
        handler: async (args, call) => {
          const { accountId, userId } = await jwt.principal();
          const attributes = compact({
            account: accountId,
            user: userId,
            product: args.product_id,
            name: args.name,
            status: 'active',
            storage_group: String(args.storage_group_id),
            remote_identity: args.remote_identity_id,
            date_start: args.date_start,
            date_end: args.date_end,
            product_parameters: args.product_parameters,
          });
          const body = await send({ body: { data: { type: 'Subscription', attributes } } }, call);
          return { subscription: single(body) };
        },
      }),
    ),
    operations.one(UPDATE, (send) =>
      defineTool<FromSchema<typeof updateSchema>>({
        name: 'update_subscription',
        title: 'Update a subscription (privileged)',
        description: 'Partially updates a subscription; product_parameters are merged, not replaced.',
        inputSchema: updateSchema,
        annotations: {
          readOnlyHint: false,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: true,
        },
        handler: async (args, call) => {
          // Write names (subscriptions-api.md "write-only attributes"): storage_group and remote_identity;
          // storage_group_id / remote_identity_id are the names the API answers with.
          const { subscription_id, storage_group_id, remote_identity_id, ...rest } = args;
          const attributes = compact({
            ...rest,
            storage_group: storage_group_id,
            remote_identity: remote_identity_id,
          });
          return { subscription: await patch(send, call, subscription_id, attributes) };
        },
      }),
    ),
    operations.one(UPDATE, (send) =>
      defineTool<FromSchema<typeof cancelSchema>>({
        name: 'cancel_subscription',
        title: 'Cancel a subscription (privileged)',
        description: 'Sets the subscription status to cancelled (data delivery stops).',
        inputSchema: cancelSchema,
        annotations: REPLACE_UPSTREAM,
        handler: async (args, call) => ({
          subscription: await patch(send, call, args.subscription_id, { status: 'cancelled' }),
        }),
      }),
    ),
  ];
}
