// A tiny example tool set exercising every contract path (used by integration tests and the conformance CLI self-check).
import { UpstreamHttpError } from '../tool/errors.js';
import type { ServerProfile, ToolDefinition } from '../tool/types.js';

export const exampleProfile: ServerProfile = {
  name: 'contract-example',
  version: '0.1.0',
  httpKind: 'sp_api_http',
  clientKind: 'sp_api_client',
  httpCodePrefix: 'SP_API',
  errorKinds: [
    'mcp_input_validation',
    'tool_not_found',
    'sp_api_http',
    'sp_api_client',
    'rate_limited',
    'auth_error',
    'internal_error',
  ],
  hintTables: {
    keyRenames: { MarketplaceIds: 'marketplaceIds' },
    valueAliases: { region: { usa: 'na', europe: 'eu', japan: 'fe' } },
  },
};

export const exampleTools: ToolDefinition[] = [
  {
    name: 'list_orders',
    description: 'Lists orders for marketplaces (example).',
    inputSchema: {
      type: 'object',
      properties: {
        marketplaceIds: {
          type: 'array',
          items: { type: 'string', enum: ['ATVPDKIKX0DER', 'A1PA6795UKMFR9'] },
          minItems: 1,
          maxItems: 2,
        },
        region: { type: 'string', enum: ['na', 'eu', 'fe'] },
        filters: {
          type: 'array',
          items: {
            type: 'object',
            properties: { marketplaceId: { type: 'string' }, status: { type: 'string' } },
          },
        },
        maxResults: { type: 'integer', minimum: 1, maximum: 100 },
      },
      required: ['marketplaceIds'],
      examples: [{ marketplaceIds: ['ATVPDKIKX0DER'] }],
    },
    // A GET-style listing: with MCP_STRICT_UNKNOWN_FIELDS=false unknown fields would join its query.
    passthrough: 'query',
    handler: (args, call) => ({
      orders: [{ orderId: '123-4567890-1234567', orderStatus: 'Shipped' }],
      received: args,
      ...(call.passthrough ? { passthrough: call.passthrough.fields } : {}),
    }),
  },
  {
    name: 'crash',
    description: 'Throws an unclassified error whose message must stay in the log (example).',
    inputSchema: { type: 'object', properties: {}, examples: [{}] },
    handler: () => {
      throw new Error('database password is hunter2 at /var/secret');
    },
  },
  {
    name: 'upstream_fail',
    description: 'Fails like an upstream HTTP error with the given status (example).',
    inputSchema: {
      type: 'object',
      properties: { status: { type: 'integer', minimum: 400, maximum: 599 } },
      required: ['status'],
      examples: [{ status: 503 }],
    },
    handler: (args) => {
      throw new UpstreamHttpError(Number(args.status), {
        retryAfterSeconds: 1.5,
        details: [{ path: '', issue: 'upstream said no', received_type: 'upstream_error' }],
      });
    },
  },
  {
    name: 'list_values',
    description: 'Returns an array (no _meta injection for non-objects) (example).',
    inputSchema: { type: 'object', properties: {}, examples: [{}] },
    passthrough: 'query',
    handler: () => [1, 2, 3],
  },
];
