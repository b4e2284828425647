// Catalog Items 2022-04-01 tools: search_catalog_items and get_catalog_item (camelCase upstream).
import { fillPath } from '@obmcp/http-kit';
import { defineTool, type FromSchema, type ToolDefinition, READ_UPSTREAM } from '@obmcp/contract';
import { mapQuery } from '../http/query-case.js';
import { asObject, type SpToolDeps } from './deps.js';
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

const SEARCH_KEYS = [
  'marketplaceIds',
  'identifiers',
  'identifiersType',
  'keywords',
  'includedData',
  'locale',
  'sellerId',
  'brandNames',
  'classificationIds',
  'pageSize',
  'pageToken',
  'keywordsLocale',
] as const;

const getSchema = {
  type: 'object',
  properties: { asin, marketplaceIds: marketplaceIds50, includedData, locale },
  required: ['asin', 'marketplaceIds'],
  examples: [{ asin: 'B08N5WRWNW', marketplaceIds: ['ATVPDKIKX0DER'] }],
} as const;

export function catalogTools(deps: SpToolDeps): ToolDefinition[] {
  const { client } = deps;
  return [
    defineTool<FromSchema<typeof searchSchema>>({
      name: 'search_catalog_items',
      title: 'Search catalog items',
      description:
        'Searches the Amazon catalog by keywords or identifiers (Catalog Items 2022-04-01). identifiersType is required with identifiers; keywords and identifiers cannot be combined; SKU searches default sellerId to that of the active identity. Rate 2/s, burst 2.',
      inputSchema: searchSchema,
      passthrough: 'query',
      annotations: READ_UPSTREAM,
      handler: async (args, call) => {
        const { body } = await client.call(
          {
            operation: 'searchCatalogItems',
            method: 'GET',
            path: '/catalog/2022-04-01/items',
            // sellerId is "Required when identifiersType is SKU" (model): default it like the
            // listings tools do (audit S1-3).
            query: mapQuery(
              args.identifiersType === 'SKU'
                ? { ...args, sellerId: resolveSellerId(deps, args.sellerId) }
                : args,
              SEARCH_KEYS,
              'camel',
            ),
          },
          call,
        );
        return asObject(body);
      },
    }),
    defineTool<FromSchema<typeof getSchema>>({
      name: 'get_catalog_item',
      title: 'Get catalog item',
      description:
        'Returns one catalog item by ASIN (Catalog Items 2022-04-01 getCatalogItem). Rate 2/s, burst 2.',
      inputSchema: getSchema,
      passthrough: 'query',
      annotations: READ_UPSTREAM,
      handler: async (args, call) => {
        const { body } = await client.call(
          {
            operation: 'getCatalogItem',
            method: 'GET',
            path: fillPath('/catalog/2022-04-01/items/{asin}', { asin: { value: args.asin } }),
            query: mapQuery(args, ['marketplaceIds', 'includedData', 'locale'], 'camel'),
          },
          call,
        );
        return asObject(body);
      },
    }),
  ];
}
