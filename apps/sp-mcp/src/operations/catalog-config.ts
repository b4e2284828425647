// How sp-mcp's catalog is built from the vendored SP-API models (read by `obmcp-openapi-tools generate`,
// never at run time): toolsets, read-like POSTs, and the documented examples the samples cannot replace.
import type { JsonObjectValue } from '@obmcp/openapi-tools';
import type { CatalogOptions } from '@obmcp/openapi-tools/generate';
import type { SpecFile } from '@obmcp/upstream-specs';

/** `orders-api-model/ordersV0.json` → `orders`; `external-fulfillment/…` → `external-fulfillment`. */
export function spToolsetOf(file: SpecFile): string {
  const folder = file.relPath.split('/')[1] ?? file.stem;
  return folder.replace(/-api-model$|-model$/, '');
}

/**
 * SP-API: toolsets are the model folders. POSTs that only create a read-side artefact (a report, a
 * Data Kiosk query, a restricted-data token, a fee estimate) are reads, as today's create_report is.
 */
export const catalogConfig: CatalogOptions = {
  family: 'sp-api',
  toolsetOf: spToolsetOf,
  readOperations: ['createReport', 'createQuery', 'createRestrictedDataToken', 'getMyFeesEstimates'],
  documentedExamples: spDocumentedExamples(),
};

/**
 * Where the sample alone is no request the API accepts. Sales: the interval format and the time zone
 * are rules of the parameter descriptions (sales.json getOrderMetrics: the examples of `interval`,
 * `granularityTimeZone` and `granularity`); the model's example interval (September 2018) is no longer one:
 * "the interval specified must be less or equal to 2 years from now", so the same three days of March
 * 2026, the orders fixture's month (US/Pacific is still at -08:00 until 8 March 2026). Product Fees: a request needs its FeesEstimateRequest, which
 * the schema leaves optional ("Each fees estimate request must include an original identifier"): the
 * models' static sandbox body, for the ASIN of its canned answer.
 */
function spDocumentedExamples(): Record<string, JsonObjectValue[]> {
  const money = (amount: number) => ({ CurrencyCode: 'USD', Amount: amount });
  const feesRequest = {
    FeesEstimateRequest: {
      MarketplaceId: 'ATVPDKIKX0DER',
      IsAmazonFulfilled: false,
      PriceToEstimateFees: {
        ListingPrice: money(10),
        Shipping: money(10),
        Points: { PointsNumber: 0, PointsMonetaryValue: money(0) },
      },
      Identifier: 'UmaS1',
    },
  };
  return {
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
  };
}
