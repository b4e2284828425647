// Listings Items 2021-08-01 tools: get_listings_item (read) and patch_listings_item (write, gated).
import { defineTool, type FromSchema, type ToolDefinition } from '@obmcp/contract';
import { bodyAnswer, type ToolDeps } from './deps.js';
import { resolveSellerId } from './seller-id.js';
import { marketplaceIds1, marketplaceIds50, sellerId, sku } from './schema-parts.js';

const issueLocale = {
  type: 'string',
  pattern: '^[a-z]{2}_[A-Z]{2}$',
  description: 'Locale for issue messages, e.g. en_US.',
} as const;

const getSchema = {
  type: 'object',
  properties: {
    sellerId,
    sku,
    marketplaceIds: marketplaceIds50,
    includedData: {
      type: 'array',
      maxItems: 8,
      uniqueItems: true,
      items: {
        type: 'string',
        enum: [
          'summaries',
          'attributes',
          'issues',
          'offers',
          'fulfillmentAvailability',
          'procurement',
          'relationships',
          'productTypes',
        ],
      },
    },
    issueLocale,
  },
  required: ['sku', 'marketplaceIds'],
  examples: [
    {
      sellerId: 'A2MOCKSELLER01',
      sku: 'SKU-1000',
      marketplaceIds: ['ATVPDKIKX0DER'],
      includedData: ['summaries', 'offers'],
    },
  ],
} as const;

const patchSchema = {
  type: 'object',
  properties: {
    sellerId,
    sku,
    marketplaceIds: marketplaceIds1,
    productType: {
      type: 'string',
      pattern: '^[A-Z0-9_]{2,100}$',
      description: 'Amazon product type, e.g. SPEAKERS.',
    },
    patches: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      items: {
        type: 'object',
        properties: {
          op: { type: 'string', enum: ['add', 'replace', 'merge', 'delete'] },
          path: { type: 'string', pattern: '^/attributes/[A-Za-z0-9_]+', maxLength: 200 },
          value: { type: 'array', maxItems: 100, items: { type: 'object', additionalProperties: true } },
        },
        required: ['op', 'path'],
        additionalProperties: false,
      },
    },
    mode: { type: 'string', enum: ['VALIDATION_PREVIEW'], description: 'Validate only; nothing is changed.' },
    includedData: {
      type: 'array',
      maxItems: 2,
      uniqueItems: true,
      items: { type: 'string', enum: ['identifiers', 'issues'] },
      description:
        'Data sets in the response (default issues); identifiers only with mode VALIDATION_PREVIEW.',
    },
    issueLocale,
  },
  required: ['sku', 'marketplaceIds', 'productType', 'patches'],
  examples: [
    {
      sellerId: 'A2MOCKSELLER01',
      sku: 'SKU-1000',
      marketplaceIds: ['ATVPDKIKX0DER'],
      productType: 'SPEAKERS',
      patches: [
        {
          op: 'replace',
          path: '/attributes/item_name',
          value: [{ value: 'Echo Dot (4th Gen)', marketplace_id: 'ATVPDKIKX0DER' }],
        },
      ],
      mode: 'VALIDATION_PREVIEW',
    },
  ],
} as const;

export function listingsReadTools(deps: ToolDeps): ToolDefinition[] {
  return [
    deps.operations.one(['listingsItems_2021-08-01', 'getListingsItem'], (send) =>
      defineTool<FromSchema<typeof getSchema>>({
        name: 'get_listings_item',
        title: 'Get a listing',
        description: 'One listing by seller SKU (Listings Items 2021-08-01 getListingsItem).',
        inputSchema: getSchema,
        handler: async (args, call) => {
          const seller = resolveSellerId(deps, args.sellerId);
          return bodyAnswer(send, { ...args, sellerId: seller }, call);
        },
      }),
    ),
  ];
}

export function listingsWriteTools(deps: ToolDeps): ToolDefinition[] {
  return [
    deps.operations.one(['listingsItems_2021-08-01', 'patchListingsItem'], (send) =>
      defineTool<FromSchema<typeof patchSchema>>({
        name: 'patch_listings_item',
        title: 'Patch a listing (write)',
        description:
          'Partially updates a listing (Listings Items 2021-08-01 patchListingsItem). Changes live seller data unless mode=VALIDATION_PREVIEW. Only listed when SP_API_ENABLE_WRITES=true.',
        inputSchema: patchSchema,
        handler: async (args, call) => {
          const seller = resolveSellerId(deps, args.sellerId);
          const { productType, patches, ...query } = args;
          return bodyAnswer(send, { ...query, sellerId: seller, body: { productType, patches } }, call);
        },
      }),
    ),
  ];
}
