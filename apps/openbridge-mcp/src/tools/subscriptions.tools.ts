// Subscription reads: list (all pages, bounded, truncation reported), get by id, enriched storage destinations.
import { defineTool, type FromSchema, type ToolDefinition, READ_UPSTREAM } from '@obmcp/contract';
import { type ToolDeps, idSchema } from './deps.js';
import { readAllPages } from './paging.js';
import { single } from './shape.js';
import { readStorages, STORAGE_OPERATIONS } from './storages.js';

const MAX_PAGES = 10;
const PAGE_SIZE = 1000;

const listSchema = {
  type: 'object',
  properties: {
    status: {
      type: 'string',
      enum: ['active', 'cancelled', 'paused', 'invalid', 'any'],
      default: 'active',
      description: "Subscription status; 'any' lists every status.",
    },
    product_id: idSchema('Only subscriptions of this product.'),
    remote_identity_id: idSchema('Only subscriptions using this remote identity.'),
  },
  examples: [{}, { status: 'any', product_id: 50 }],
} as const;

const byIdSchema = {
  type: 'object',
  properties: { subscription_id: idSchema('Subscription id, e.g. 107003.') },
  required: ['subscription_id'],
  examples: [{ subscription_id: 107003 }],
} as const;

const storagesSchema = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['active', 'cancelled', 'any'], default: 'active' },
  },
  examples: [{}, { status: 'any' }],
} as const;

export function subscriptionReadTools({ operations }: ToolDeps): ToolDefinition[] {
  return [
    operations.one(['subscriptions', 'listSubscriptions'], (send) =>
      defineTool<FromSchema<typeof listSchema>>({
        name: 'get_subscriptions',
        title: 'List subscriptions',
        description: `Lists the account's data-pipeline subscriptions (reads up to ${MAX_PAGES} pages of ${PAGE_SIZE}; 'truncated' says when more exist).`,
        inputSchema: listSchema,
        handler: async (args, call) => {
          const all = await readAllPages(send, call, {
            args: {
              status: args.status === 'any' ? undefined : (args.status ?? 'active'),
              // Documented filter names (subscriptions-api.md "List Subscriptions"): product=, remote_identity=.
              product: args.product_id,
              remote_identity: args.remote_identity_id,
            },
            pageSize: PAGE_SIZE,
            maxPages: MAX_PAGES,
          });
          return { subscriptions: all.items, count: all.items.length, truncated: all.truncated };
        },
      }),
    ),
    operations.one(['subscriptions', 'getSubscription'], (send) =>
      defineTool<FromSchema<typeof byIdSchema>>({
        name: 'get_subscription_by_id',
        title: 'Get a subscription',
        description: 'One subscription (v2) with its attributes flattened.',
        inputSchema: byIdSchema,
        handler: async (args, call) => ({
          subscription: single(
            await send({ subscription_id: args.subscription_id }, call, { resource: 'subscription' }),
          ),
        }),
      }),
    ),
    operations.many(STORAGE_OPERATIONS, (send) =>
      defineTool<FromSchema<typeof storagesSchema>>({
        name: 'get_storage_subscriptions',
        title: 'List storage destinations',
        description:
          'Storage destinations (warehouses) the account delivers data to, with name, key_name (the key execute_query ' +
          'takes), storage_type and dataset_id; read-only through the API. Credentials are never read out.',
        inputSchema: storagesSchema,
        passthrough: 'query',
        annotations: READ_UPSTREAM,
        handler: async (args, call) => {
          const status = args.status === 'any' ? undefined : (args.status ?? 'active');
          const { storages, truncated } = await readStorages(send, call, status);
          return { storages, count: storages.length, truncated };
        },
      }),
    ),
  ];
}
