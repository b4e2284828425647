// Product Pricing v0 (PascalCase query, payload wrapper): getItemOffers and getPricing.
import type { RequestHandler } from 'msw';
import { invalidInput, spJson } from './respond.js';
import { csv, spRoute, unexpectedParams } from './route.js';

const CONDITIONS = ['New', 'Used', 'Collectible', 'Refurbished', 'Club'];

function money(amount: number): { CurrencyCode: string; Amount: number } {
  return { CurrencyCode: 'USD', Amount: amount };
}

const itemOffers = spRoute('get', '/products/pricing/v0/items/:Asin/offers', ({ url, params }) => {
  const op = 'getItemOffers';
  const extra = unexpectedParams(url, ['MarketplaceId', 'ItemCondition', 'CustomerType']);
  if (extra.length > 0)
    return invalidInput('Invalid Input', op, `Unknown query parameter(s): ${extra.join(', ')}`);
  const marketplaceId = url.searchParams.get('MarketplaceId');
  const condition = url.searchParams.get('ItemCondition');
  if (!marketplaceId) return invalidInput('Missing required parameter: MarketplaceId', op);
  if (!condition || !CONDITIONS.includes(condition)) return invalidInput('Invalid ItemCondition.', op);
  return spJson(
    {
      payload: {
        ASIN: params.Asin,
        status: 'Success',
        ItemCondition: condition,
        marketplaceId,
        Identifier: { MarketplaceId: marketplaceId, ASIN: params.Asin, ItemCondition: condition },
        Summary: {
          TotalOfferCount: 2,
          NumberOfOffers: [
            { condition: condition.toLowerCase(), fulfillmentChannel: 'Amazon', OfferCount: 2 },
          ],
          LowestPrices: [
            {
              condition: condition.toLowerCase(),
              fulfillmentChannel: 'Amazon',
              LandedPrice: money(47.5),
              ListingPrice: money(47.5),
              Shipping: money(0),
            },
          ],
          BuyBoxPrices: [
            {
              condition: condition.toLowerCase(),
              LandedPrice: money(49.99),
              ListingPrice: money(49.99),
              Shipping: money(0),
            },
          ],
        },
        Offers: [
          {
            SellerId: 'A2MOCKSELLER01',
            SubCondition: 'new',
            ShippingTime: { minimumHours: 24, maximumHours: 48, availabilityType: 'NOW' },
            ListingPrice: money(49.99),
            Shipping: money(0),
            IsFulfilledByAmazon: true,
            IsBuyBoxWinner: true,
          },
          {
            SellerId: 'A3OTHERSELLER9',
            SubCondition: 'new',
            ShippingTime: { minimumHours: 48, maximumHours: 72, availabilityType: 'NOW' },
            ListingPrice: money(47.5),
            Shipping: money(0),
            IsFulfilledByAmazon: true,
            IsBuyBoxWinner: false,
          },
        ],
      },
    },
    200,
    op,
  );
});

const pricing = spRoute('get', '/products/pricing/v0/price', ({ url }) => {
  const op = 'getPricing';
  const extra = unexpectedParams(url, [
    'MarketplaceId',
    'ItemType',
    'Asins',
    'Skus',
    'ItemCondition',
    'OfferType',
  ]);
  if (extra.length > 0)
    return invalidInput('Invalid Input', op, `Unknown query parameter(s): ${extra.join(', ')}`);
  const marketplaceId = url.searchParams.get('MarketplaceId');
  const type = url.searchParams.get('ItemType');
  if (!marketplaceId) return invalidInput('Missing required parameter: MarketplaceId', op);
  if (type !== 'Asin' && type !== 'Sku') return invalidInput('ItemType must be Asin or Sku.', op);
  const ids = csv(url, type === 'Asin' ? 'Asins' : 'Skus');
  if (ids.length === 0 || ids.length > 20)
    return invalidInput(`${type === 'Asin' ? 'Asins' : 'Skus'} must have 1-20 values.`, op);
  return spJson(
    {
      payload: ids.map((id) => ({
        status: 'Success',
        ...(type === 'Asin' ? { ASIN: id } : { SellerSKU: id }),
        Product: {
          Identifiers: {
            MarketplaceASIN: { MarketplaceId: marketplaceId, ASIN: type === 'Asin' ? id : 'B08N5WRWNW' },
          },
          Offers: [
            {
              BuyingPrice: { ListingPrice: money(49.99), LandedPrice: money(49.99), Shipping: money(0) },
              RegularPrice: money(54.99),
              FulfillmentChannel: 'AMAZON',
              ItemCondition: 'New',
              ItemSubCondition: 'New',
              SellerSKU: type === 'Sku' ? id : 'SKU-1000',
            },
          ],
        },
      })),
    },
    200,
    op,
  );
});

export const pricingHandlers: RequestHandler[] = [...itemOffers, ...pricing];
