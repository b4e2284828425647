// Product Pricing v0 tools (PascalCase upstream): get_item_offers and get_pricing.
import { fillPath } from '@obmcp/http-kit';
import {
  DomainValidationError,
  defineTool,
  type FromSchema,
  type ToolDefinition,
  READ_UPSTREAM,
} from '@obmcp/contract';
import { mapQuery } from '../http/query-case.js';
import { payloadOf, type SpToolDeps } from './deps.js';
import { asin, itemCondition, marketplaceId } from './schema-parts.js';

const offersSchema = {
  type: 'object',
  properties: {
    asin,
    marketplaceId,
    itemCondition,
    customerType: { type: 'string', enum: ['Consumer', 'Business'] },
  },
  required: ['asin', 'marketplaceId', 'itemCondition'],
  examples: [{ asin: 'B08N5WRWNW', marketplaceId: 'ATVPDKIKX0DER', itemCondition: 'New' }],
} as const;

const pricingSchema = {
  type: 'object',
  properties: {
    marketplaceId,
    itemType: { type: 'string', enum: ['Asin', 'Sku'], description: 'Asin → pass asins; Sku → pass skus.' },
    asins: { type: 'array', minItems: 1, maxItems: 20, uniqueItems: true, items: asin },
    skus: {
      type: 'array',
      minItems: 1,
      maxItems: 20,
      uniqueItems: true,
      items: { type: 'string', minLength: 1, maxLength: 200 },
    },
    itemCondition,
    offerType: { type: 'string', enum: ['B2C', 'B2B'] },
  },
  required: ['marketplaceId', 'itemType'],
  examples: [
    { marketplaceId: 'ATVPDKIKX0DER', itemType: 'Asin', asins: ['B08N5WRWNW'] },
    { marketplaceId: 'ATVPDKIKX0DER', itemType: 'Sku', skus: ['SKU-1000'] },
  ],
} as const;

export function pricingTools(deps: SpToolDeps): ToolDefinition[] {
  return [
    defineTool<FromSchema<typeof offersSchema>>({
      name: 'get_item_offers',
      title: 'Get offers for an ASIN',
      description:
        'Lowest prices, Buy Box prices and top offers for one ASIN (Product Pricing v0 getItemOffers). Rate 0.5/s, burst 1.',
      inputSchema: offersSchema,
      passthrough: 'query',
      annotations: READ_UPSTREAM,
      handler: async (args, call) => {
        const { body } = await deps.client.call(
          {
            operation: 'getItemOffers',
            method: 'GET',
            path: fillPath('/products/pricing/v0/items/{asin}/offers', { asin: { value: args.asin } }),
            query: mapQuery(args, ['marketplaceId', 'itemCondition', 'customerType'], 'pascal'),
          },
          call,
        );
        return { offers: payloadOf(body) };
      },
    }),
    defineTool<FromSchema<typeof pricingSchema>>({
      name: 'get_pricing',
      title: 'Get own offer pricing',
      description:
        'Your offer prices for up to 20 ASINs or SKUs (Product Pricing v0 getPricing). Rate 0.5/s, burst 1.',
      inputSchema: pricingSchema,
      passthrough: 'query',
      annotations: READ_UPSTREAM,
      handler: async (args, call) => {
        const listField = args.itemType === 'Asin' ? 'asins' : 'skus';
        if (args[listField] === undefined) {
          throw new DomainValidationError('INPUT_VALIDATION_FAILED', {
            summary: `${listField} is required when itemType is ${args.itemType}.`,
            details: [
              {
                path: listField,
                issue: `required when itemType=${args.itemType}`,
                received_type: 'undefined',
              },
            ],
            hints: [`Required: ${listField}. See schema.`],
          });
        }
        const { body } = await deps.client.call(
          {
            operation: 'getPricing',
            method: 'GET',
            path: '/products/pricing/v0/price',
            query: mapQuery(
              args,
              ['marketplaceId', 'itemType', listField, 'itemCondition', 'offerType'],
              'pascal',
            ),
          },
          call,
        );
        const payload =
          body && typeof body === 'object' ? (body as { payload?: unknown }).payload : undefined;
        return { prices: Array.isArray(payload) ? payload : [] };
      },
    }),
  ];
}
