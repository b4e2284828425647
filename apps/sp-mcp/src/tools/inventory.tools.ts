// FBA Inventory v1 tool: get_inventory_summaries (granularity = one marketplace).
import { defineTool, type FromSchema, type ToolDefinition } from '@obmcp/contract';
import { asObject, payloadOf, type ToolDeps } from './deps.js';
import { dateTime, marketplaceId, pageToken } from './schema-parts.js';

const schema = {
  type: 'object',
  properties: {
    marketplaceId,
    details: { type: 'boolean', description: 'Include inventoryDetails (fulfillable, inbound, reserved …).' },
    startDateTime: dateTime,
    sellerSkus: {
      type: 'array',
      minItems: 1,
      maxItems: 50,
      items: { type: 'string', minLength: 1, maxLength: 200 },
    },
    nextToken: {
      ...pageToken,
      description: 'Token from the previous page (expires 30 s after it was issued).',
    },
  },
  required: ['marketplaceId'],
  examples: [
    { marketplaceId: 'ATVPDKIKX0DER', details: true },
    { marketplaceId: 'ATVPDKIKX0DER', sellerSkus: ['SKU-1000'] },
  ],
} as const;

export function inventoryTools(deps: ToolDeps): ToolDefinition[] {
  return [
    deps.operations.one(['fbaInventory', 'getInventorySummaries'], (send) =>
      defineTool<FromSchema<typeof schema>>({
        name: 'get_inventory_summaries',
        title: 'Get FBA inventory summaries',
        description: 'FBA inventory per SKU in one marketplace (FBA Inventory v1 getInventorySummaries).',
        inputSchema: schema,
        handler: async (args, call) => {
          const { body } = await send(
            {
              granularityType: 'Marketplace',
              granularityId: args.marketplaceId,
              marketplaceIds: [args.marketplaceId],
              details: args.details,
              startDateTime: args.startDateTime,
              sellerSkus: args.sellerSkus,
              nextToken: args.nextToken,
            },
            call,
          );
          const p = payloadOf(body);
          const pagination = asObject(asObject(body).pagination);
          return {
            granularity: p.granularity ?? {
              granularityType: 'Marketplace',
              granularityId: args.marketplaceId,
            },
            inventorySummaries: Array.isArray(p.inventorySummaries) ? p.inventorySummaries : [],
            ...(typeof pagination.nextToken === 'string' ? { nextToken: pagination.nextToken } : {}),
          };
        },
      }),
    ),
  ];
}
