// How sp-mcp's catalog is built from the SP-API models: the toolset of each model folder, the POSTs that are reads,
// and the documented examples that replace the models' samples (what `obmcp-openapi-tools generate` reads).
import type { SpecFile } from '@obmcp/upstream-specs';
import { describe, expect, it } from 'vitest';
import { catalogConfig, spToolsetOf } from '../../src/operations/catalog-config.js';

const file = (relPath: string, stem = 'stem'): SpecFile =>
  ({ family: 'sp-api', stem, relPath, absPath: `/x/${relPath}` }) as SpecFile;

describe('spToolsetOf', () => {
  it.each([
    ['models/orders-api-model/ordersV0.json', 'orders'],
    ['models/catalog-items-api-model/catalogItems_2022-04-01.json', 'catalog-items'],
    [
      'models/amazon-warehousing-and-distribution-model/awd_2024-05-09.json',
      'amazon-warehousing-and-distribution',
    ],
    ['models/external-fulfillment/externalFulfillmentReturns_2024-09-11.json', 'external-fulfillment'],
    ['models/delivery-by-amazon/deliveryShipmentInvoiceV2022-07-01.json', 'delivery-by-amazon'],
    ['models/model-api-model/x.json', 'model'],
    // Only a folder's ending suffix goes: `-model` or `-api-model` inside a name stays part of it.
    ['models/data-model-kiosk/x.json', 'data-model-kiosk'],
    ['models/x-api-model-y/x.json', 'x-api-model-y'],
    ['models/x-api-model-model/x.json', 'x-api-model'],
  ])('%s → %s', (relPath, toolset) => {
    expect(spToolsetOf(file(relPath))).toBe(toolset);
  });

  it('a file outside a model folder is its own toolset (its stem)', () => {
    expect(spToolsetOf(file('loose.json', 'loose'))).toBe('loose');
  });
});

describe('catalogConfig', () => {
  it('SP-API family; report, query, restricted-token and fee-estimate POSTs are reads', () => {
    expect(catalogConfig.family).toBe('sp-api');
    expect(catalogConfig.toolsetOf).toBe(spToolsetOf);
    expect(catalogConfig.readOperations).toEqual([
      'createReport',
      'createQuery',
      'createRestrictedDataToken',
      'getMyFeesEstimates',
    ]);
  });

  it('the documented examples: March 2026 sales in US/Pacific, fee estimates with the full request', () => {
    const feesRequest = {
      FeesEstimateRequest: {
        MarketplaceId: 'ATVPDKIKX0DER',
        IsAmazonFulfilled: false,
        PriceToEstimateFees: {
          ListingPrice: { CurrencyCode: 'USD', Amount: 10 },
          Shipping: { CurrencyCode: 'USD', Amount: 10 },
          Points: { PointsNumber: 0, PointsMonetaryValue: { CurrencyCode: 'USD', Amount: 0 } },
        },
        Identifier: 'UmaS1',
      },
    };
    expect(catalogConfig.documentedExamples).toEqual({
      getOrderMetrics: [
        {
          marketplaceIds: ['ATVPDKIKX0DER'],
          interval: '2026-03-01T00:00:00-08:00--2026-03-04T00:00:00-08:00',
          granularityTimeZone: 'US/Pacific',
          granularity: 'Day',
        },
      ],
      getMyFeesEstimateForASIN: [{ body: feesRequest, Asin: 'B00V5DG6IQ' }],
      getMyFeesEstimateForSKU: [{ body: feesRequest, SellerSKU: 'SKU-001' }],
    });
  });
});
