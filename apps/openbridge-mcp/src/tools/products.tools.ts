// Product tools: search by name, stage ids (payloads ≥ 1000), and the tables a product delivers.
import { defineTool, type FromSchema, type ToolDefinition, READ_UPSTREAM } from '@obmcp/contract';
import type { CallScope } from '../http/client.js';
import { type ToolDeps, idSchema } from './deps.js';
import { page, single } from './shape.js';

const MAX_PAGES = 10;

const searchSchema = {
  type: 'object',
  properties: {
    query: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      description: 'Case-insensitive substring of the product name.',
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
    subscription_id: idSchema('Alternatively a subscription id: its product is used.'),
  },
  anyOf: [{ required: ['product_id'] }, { required: ['subscription_id'] }],
  additionalProperties: false,
  examples: [{ product_id: 70 }, { subscription_id: 107004 }],
} as const;

export function productTools({ client, config }: ToolDeps): ToolDefinition[] {
  const payloads = async (call: CallScope, productId: number) => {
    const body = await client.request(call, {
      url: `${config.urls.service}/service/products/product/${productId}/payloads`,
      query: { stage_id__gte: 1000 },
      resource: 'product',
    });
    return page(body).items.map((p) => ({ table_name: p.name, stage_id: p.stage_id, payload_id: p.id }));
  };
  return [
    defineTool<FromSchema<typeof searchSchema>>({
      name: 'search_products',
      title: 'Search products',
      description: 'Active Openbridge products whose name contains the query (case-insensitive).',
      inputSchema: searchSchema,
      annotations: READ_UPSTREAM,
      handler: async (args, call) => {
        const needle = args.query.toLowerCase();
        const matches: Record<string, unknown>[] = [];
        for (let p = 1; p <= MAX_PAGES; p++) {
          const body = await client.request(call, {
            url: `${config.urls.subscriptions}/v2/product`,
            query: {
              active: 1,
              is_storage_product:
                args.is_storage_product === undefined ? undefined : args.is_storage_product ? 1 : 0,
              page: p,
              page_size: 1000,
            },
          });
          const result = page(body);
          matches.push(
            ...result.items.filter((i) =>
              String(i.name ?? '')
                .toLowerCase()
                .includes(needle),
            ),
          );
          if (!result.pagination.has_next) break;
        }
        return { query: args.query, products: matches, count: matches.length };
      },
    }),
    defineTool<FromSchema<typeof stageSchema>>({
      name: 'get_product_stage_ids',
      title: 'Stage ids of a product',
      description: 'Current stage ids (≥ 1000) of a product with the table each stage produces.',
      inputSchema: stageSchema,
      annotations: READ_UPSTREAM,
      handler: async (args, call) => {
        const rows = await payloads(call, args.product_id);
        return {
          product_id: args.product_id,
          stage_ids: [...new Set(rows.map((r) => r.stage_id))],
          stages: rows,
        };
      },
    }),
    defineTool<FromSchema<typeof tablesSchema>>({
      name: 'list_product_tables',
      title: 'Tables of a product',
      description: 'Tables a product delivers (one per current stage). Use get_table_schema for the columns.',
      inputSchema: tablesSchema,
      annotations: READ_UPSTREAM,
      handler: async (args, call) => {
        let productId = args.product_id;
        if (productId === undefined && args.subscription_id !== undefined) {
          const sub = single(
            await client.request(call, {
              url: `${config.urls.subscriptions}/v2/sub/${args.subscription_id}`,
              resource: 'subscription',
            }),
          );
          productId = Number(sub.product_id);
        }
        const tables = await payloads(call, Number(productId));
        return { product_id: productId, tables, count: tables.length };
      },
    }),
  ];
}
