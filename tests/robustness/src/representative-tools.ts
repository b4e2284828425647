// A representative tool set for in-process contract checks and bench/contract-cost.mjs: nested objects, arrays, enums, formats, aliases.
import { defineTool, type ServerProfile, type ToolDefinition } from '@obmcp/contract';

export const representativeProfile: ServerProfile = {
  name: 'robustness-representative',
  version: '0.0.0',
  httpKind: 'sp_api_http',
  clientKind: 'sp_api_client',
  httpCodePrefix: 'SP_API',
  errorKinds: ['mcp_input_validation', 'tool_not_found', 'sp_api_http', 'sp_api_client', 'internal_error'],
  hintTables: { keyRenames: { MarketplaceIds: 'marketplaceIds' }, valueAliases: { region: { usa: 'na' } } },
};

/** The shape of a typical list tool (mirrors sp-mcp get_orders). */
export const ordersSchema = {
  type: 'object',
  properties: {
    marketplaceIds: {
      type: 'array',
      items: { type: 'string', pattern: '^[A-Z0-9]{10,14}$' },
      minItems: 1,
      maxItems: 50,
    },
    createdAfter: { type: 'string', format: 'date-time' },
    orderStatuses: {
      type: 'array',
      items: { type: 'string', enum: ['Pending', 'Unshipped', 'Shipped', 'Canceled'] },
    },
    region: { type: 'string', enum: ['na', 'eu', 'fe'] },
    maxResults: { type: 'integer', minimum: 1, maximum: 100 },
    filters: {
      type: 'object',
      properties: { buyerEmail: { type: 'string', maxLength: 200 }, amount: { type: 'number', minimum: 0 } },
    },
  },
  required: ['marketplaceIds'],
  examples: [{ marketplaceIds: ['ATVPDKIKX0DER'], createdAfter: '2026-03-01T00:00:00Z' }],
} as const;

export const representativeTools: ToolDefinition[] = [
  defineTool<Record<string, unknown>>({
    name: 'get_orders',
    description: 'Representative list tool.',
    inputSchema: ordersSchema,
    handler: (args) => ({ orders: [], echoedKeys: Object.keys(args) }),
  }),
  defineTool<Record<string, unknown>>({
    name: 'get_thing',
    description: 'Representative lookup tool.',
    inputSchema: {
      type: 'object',
      properties: {
        id: { type: 'string', minLength: 1, maxLength: 64 },
        include: { type: 'array', items: { type: 'string' } },
      },
      required: ['id'],
      examples: [{ id: 'A1' }],
    },
    handler: (args) => ({ thing: { id: String(args.id) } }),
  }),
];
