// Catalog Items 2022-04-01 tools: search_catalog_items and get_catalog_item (camelCase upstream).
import { defineTool, type FromSchema, type ToolDefinition } from '@obmcp/contract';
import { bodyAnswer, type ToolDeps } from './deps.js';
import { resolveSellerId } from './seller-id.js';
import { asin, marketplaceIds1, marketplaceIds50, pageToken, sellerId } from './schema-parts.js';

const includedData = {
  type: 'array',
  maxItems: 10,
  uniqueItems: true,
  items: {
    type: 'string',
    enum: [
      'attributes',
      'classifications',
      'dimensions',
      'identifiers',
      'images',
      'productTypes',
      'relationships',
      'salesRanks',
      'summaries',
      'vendorDetails',
    ],
  },
  description: 'Data sets to include (default summaries).',
} as const;

const locale = {
  type: 'string',
  pattern: '^[a-z]{2}_[A-Z]{2}$',
  description: 'Locale, e.g. en_US.',
} as const;

const searchSchema = {
  type: 'object',
  properties: {
    marketplaceIds: marketplaceIds1,
    identifiers: {
      type: 'array',
      minItems: 1,
      maxItems: 20,
      items: { type: 'string', minLength: 1, maxLength: 100 },
    },
    identifiersType: { type: 'string', enum: ['ASIN', 'EAN', 'GTIN', 'ISBN', 'JAN', 'MINSAN', 'SKU', 'UPC'] },
    keywords: {
      type: 'array',
      minItems: 1,
      maxItems: 20,
      items: { type: 'string', minLength: 1, maxLength: 200 },
    },
    includedData,
    locale,
    sellerId,
    brandNames: { type: 'array', maxItems: 20, items: { type: 'string', minLength: 1, maxLength: 200 } },
    classificationIds: { type: 'array', maxItems: 20, items: { type: 'string', pattern: '^[0-9]{1,20}$' } },
    pageSize: { type: 'integer', minimum: 1, maximum: 20 },
    pageToken,
    keywordsLocale: locale,
  },
  required: ['marketplaceIds'],
  examples: [
    { marketplaceIds: ['ATVPDKIKX0DER'], keywords: ['echo dot'] },
    {
      marketplaceIds: ['ATVPDKIKX0DER'],
      identifiers: ['B08N5WRWNW'],
      identifiersType: 'ASIN',
      includedData: ['summaries', 'salesRanks'],
    },
  ],
} as const;

const getSchema = {
  type: 'object',
  properties: { asin, marketplaceIds: marketplaceIds50, includedData, locale },
  required: ['asin', 'marketplaceIds'],
  examples: [{ asin: 'B08N5WRWNW', marketplaceIds: ['ATVPDKIKX0DER'] }],
} as const;

export function catalogItemsTools(deps: ToolDeps): ToolDefinition[] {
  const { operations } = deps;
  return [
    operations.one(['catalogItems_2022-04-01', 'searchCatalogItems'], (send) =>
      defineTool<FromSchema<typeof searchSchema>>({
        name: 'search_catalog_items',
        title: 'Search catalog items',
        description:
          'Searches the Amazon catalog by keywords or identifiers (Catalog Items 2022-04-01). identifiersType is required with identifiers; keywords and identifiers cannot be combined; SKU searches default sellerId to that of the active identity.',
        inputSchema: searchSchema,
        handler: async (args, call) => {
          // sellerId is "Required when identifiersType is SKU" (model): default it like the
          // listings tools do (audit S1-3).
          const query =
            args.identifiersType === 'SKU'
              ? { ...args, sellerId: resolveSellerId(deps, args.sellerId) }
              : args;
          return bodyAnswer(send, query, call);
        },
      }),
    ),
    operations.one(['catalogItems_2022-04-01', 'getCatalogItem'], (send) =>
      defineTool<FromSchema<typeof getSchema>>({
        name: 'get_catalog_item',
        title: 'Get catalog item',
        description: 'Returns one catalog item by ASIN (Catalog Items 2022-04-01 getCatalogItem).',
        inputSchema: getSchema,
        handler: (args, call) => bodyAnswer(send, args, call),
      }),
    ),
  ];
}
