// Product tools: fuzzy search (name, worker_name), stage ids (payloads ≥ 1000, every page), tables of a product or subscription.
import {
  type CallContext,
  defineTool,
  type FromSchema,
  type ToolDefinition,
  READ_UPSTREAM,
} from '@obmcp/contract';
import type { Send } from '../operations/bind.js';
import { type ToolDeps, idSchema } from './deps.js';
import { readAllPages } from './paging.js';
import { rankProducts } from './product-search.js';
import { single } from './shape.js';

const MAX_PAGES = 20;

const searchSchema = {
  type: 'object',
  properties: {
    query: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      description: 'Product name or worker name, or part of it; small typos are tolerated (fuzzy).',
    },
    is_storage_product: {
      type: 'boolean',
      description: 'true = storage destinations only, false = data sources only.',
    },
  },
  required: ['query'],
  additionalProperties: false,
  examples: [{ query: 'sponsored' }, { query: 'amazon', is_storage_product: false }],
} as const;

const stageSchema = {
  type: 'object',
  properties: { product_id: idSchema('Product id, e.g. 70.') },
  required: ['product_id'],
  additionalProperties: false,
  examples: [{ product_id: 70 }],
} as const;

const tablesSchema = {
  type: 'object',
  properties: {
    product_id: idSchema('Product id, e.g. 70.'),
    subscription_id: idSchema(
      "A subscription id: its product's tables, filtered to the stages the subscription enables (stage_ids).",
    ),
  },
  anyOf: [{ required: ['product_id'] }, { required: ['subscription_id'] }],
  additionalProperties: false,
  examples: [{ product_id: 70 }, { subscription_id: 107004 }],
} as const;

/** The stage ids a subscription enables: its `stage_ids` product parameter, a JSON array in a string. */
function enabledStages(parameters: Record<string, unknown>): number[] | undefined {
  const raw = parameters.stage_ids;
  if (typeof raw !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.map(Number).filter(Number.isInteger) : undefined;
  } catch {
    return undefined;
  }
}

const PAYLOADS = ['service', 'listProductPayloads'] as const;

export function productTools({ operations }: ToolDeps): ToolDefinition[] {
  const payloads = async (send: Send, call: CallContext, productId: number) => {
    const all = await readAllPages(send, call, {
      args: { product_id: productId, stage_id__gte: 1000 },
      resource: 'product',
      maxPages: MAX_PAGES,
    });
    const rows = all.items.map((p) => ({ table_name: p.name, stage_id: p.stage_id, payload_id: p.id }));
    return { rows, truncated: all.truncated };
  };
  return [
    operations.one(['subscriptions', 'listProducts'], (send) =>
      defineTool<FromSchema<typeof searchSchema>>({
        name: 'search_products',
        title: 'Search products',
        description:
          'Active Openbridge products matching the query on name or worker_name (case-insensitive, typo-tolerant), best first.',
        inputSchema: searchSchema,
        handler: async (args, call) => {
          const all = await readAllPages(send, call, {
            args: {
              active: 1,
              is_storage_product:
                args.is_storage_product === undefined ? undefined : args.is_storage_product ? 1 : 0,
            },
            pageSize: 1000,
            maxPages: MAX_PAGES,
          });
          const ranked = rankProducts(args.query, all.items);
          return {
            query: args.query,
            products: ranked.map((r) => ({ ...r.product, match_score: r.score, matched_on: r.matched_on })),
            count: ranked.length,
            truncated: all.truncated,
          };
        },
      }),
    ),
    operations.one(PAYLOADS, (send) =>
      defineTool<FromSchema<typeof stageSchema>>({
        name: 'get_product_stage_ids',
        title: 'Stage ids of a product',
        description:
          'Current stage ids (≥ 1000) of a product with the table each stage produces (every page).',
        inputSchema: stageSchema,
        handler: async (args, call) => {
          const { rows, truncated } = await payloads(send, call, args.product_id);
          return {
            product_id: args.product_id,
            stage_ids: [...new Set(rows.map((r) => r.stage_id))],
            stages: rows,
            truncated,
          };
        },
      }),
    ),
    operations.many(
      {
        getSubscription: ['subscriptions', 'getSubscription'],
        listSubscriptionParameters: ['subscriptions', 'listSubscriptionParameters'],
        listProductPayloads: PAYLOADS,
      },
      (send) =>
        defineTool<FromSchema<typeof tablesSchema>>({
          name: 'list_product_tables',
          title: 'Tables of a product',
          description:
            "Tables a product delivers (one per current stage); with subscription_id, only the subscription's enabled " +
            'stages. Use get_table_schema for the columns.',
          inputSchema: tablesSchema,
          annotations: READ_UPSTREAM,
          handler: async (args, call) => {
            let productId = args.product_id;
            let stages: number[] | undefined;
            if (args.subscription_id !== undefined) {
              const sub = single(
                await send.getSubscription({ subscription_id: args.subscription_id }, call, {
                  resource: 'subscription',
                }),
              );
              productId ??= Number(sub.product_id);
              const parameters = single(
                await send.listSubscriptionParameters({ subscription_id: args.subscription_id }, call, {
                  resource: 'subscription',
                }),
              );
              stages = enabledStages(parameters);
            }
            const { rows, truncated } = await payloads(send.listProductPayloads, call, Number(productId));
            const tables = stages ? rows.filter((r) => stages.includes(Number(r.stage_id))) : rows;
            return {
              product_id: productId,
              ...(args.subscription_id !== undefined
                ? { subscription_id: args.subscription_id, enabled_stage_ids: stages ?? null }
                : {}),
              tables,
              count: tables.length,
              truncated,
            };
          },
        }),
    ),
  ];
}
