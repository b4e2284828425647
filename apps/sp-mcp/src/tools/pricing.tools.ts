// Product Pricing v0 tools (PascalCase upstream): get_item_offers and get_pricing.
import { DomainValidationError, defineTool, type FromSchema, type ToolDefinition } from '@obmcp/contract';
import { asObject, payloadOf, type ToolDeps } from './deps.js';
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

export function pricingTools(deps: ToolDeps): ToolDefinition[] {
  return [
    deps.operations.one(['productPricingV0', 'getItemOffers'], (send) =>
      defineTool<FromSchema<typeof offersSchema>>({
        name: 'get_item_offers',
        title: 'Get offers for an ASIN',
        description:
          'Lowest prices, Buy Box prices and top offers for one ASIN (Product Pricing v0 getItemOffers).',
        inputSchema: offersSchema,
        handler: async (args, call) => {
          const { body } = await send(args, call);
          return { offers: payloadOf(body) };
        },
      }),
    ),
    deps.operations.one(['productPricingV0', 'getPricing'], (send) =>
      defineTool<FromSchema<typeof pricingSchema>>({
        name: 'get_pricing',
        title: 'Get own offer pricing',
        description: 'Your offer prices for up to 20 ASINs or SKUs (Product Pricing v0 getPricing).',
        inputSchema: pricingSchema,
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
          const { marketplaceId, itemType, itemCondition, offerType } = args;
          const { body } = await send(
            { marketplaceId, itemType, [listField]: args[listField], itemCondition, offerType },
            call,
          );
          const { payload } = asObject(body);
          return { prices: Array.isArray(payload) ? payload : [] };
        },
      }),
    ),
  ];
}
