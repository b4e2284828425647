// Curated wrong-key → canonical-key table (case_mismatch / did_you_mean); tool input is camelCase.

/** SP-API v0 PascalCase query names (Orders v0, Product Pricing v0) → this server's camelCase input. */
const PASCAL: readonly string[] = [
  'MarketplaceIds',
  'MarketplaceId',
  'CreatedAfter',
  'CreatedBefore',
  'LastUpdatedAfter',
  'LastUpdatedBefore',
  'OrderStatuses',
  'FulfillmentChannels',
  'PaymentMethods',
  'BuyerEmail',
  'SellerOrderId',
  'MaxResultsPerPage',
  'EasyShipShipmentStatuses',
  'ElectronicInvoiceStatuses',
  'NextToken',
  'AmazonOrderIds',
  'OrderId',
  'ItemType',
  'ItemCondition',
  'OfferType',
  'CustomerType',
  'Asins',
  'Skus',
  'Asin',
  'SellerSku',
];

const camel = (k: string) => `${k.charAt(0).toLowerCase()}${k.slice(1)}`;

export const KEY_RENAMES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(PASCAL.map((k) => [k, camel(k)])),
  // Singular/plural and cross-API pagination names an agent is likely to mix up.
  MarketplaceID: 'marketplaceIds',
  marketplaceId: 'marketplaceIds',
  marketplace_ids: 'marketplaceIds',
  AmazonOrderId: 'orderId',
  amazonOrderId: 'orderId',
  ASIN: 'asin',
  SellerSKU: 'sku',
  sellerSku: 'sku',
  IsISPU: 'isIspu',
  ReportId: 'reportId',
  ReportType: 'reportType',
  ReportDocumentId: 'reportDocumentId',
  FeedId: 'feedId',
  identity_id: 'identityId',
};
