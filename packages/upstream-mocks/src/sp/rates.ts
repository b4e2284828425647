// Documented default rate (req/s) per operation, as the mock reports it in x-amzn-RateLimit-Limit.
export const SP_RATES: Record<string, string> = {
  getMarketplaceParticipations: '0.016',
  getOrders: '0.0167',
  getOrder: '0.5',
  getOrderItems: '0.5',
  getOrderAddress: '0.5',
  getOrderBuyerInfo: '0.5',
  getOrderItemsBuyerInfo: '0.5',
  createRestrictedDataToken: '1.0',
  searchOrders: '0.0056',
  searchCatalogItems: '2.0',
  getCatalogItem: '2.0',
  getInventorySummaries: '2.0',
  createReport: '0.0167',
  getReport: '2.0',
  getReports: '0.0222',
  getReportDocument: '0.0167',
  getListingsItem: '5.0',
  patchListingsItem: '5.0',
  getItemOffers: '0.5',
  getPricing: '0.5',
  createFeedDocument: '0.5',
  createFeed: '0.0083',
  getFeed: '2.0',
  listFinancialEventGroups: '0.5',
  listFinancialEvents: '0.5',
  listFinancialEventsByGroupId: '0.5',
  listFinancialEventsByOrderId: '0.5',
  getMyFeesEstimateForSKU: '1.0',
  getMyFeesEstimateForASIN: '1.0',
  getMyFeesEstimates: '0.5',
  getOrderMetrics: '0.5',
  getSolicitationActionsForOrder: '1.0',
  createProductReviewAndSellerFeedbackSolicitation: '1.0',
};

/** Rates read from the models' usage-plan tables for the operations the catch-all answers. */
const documented = new Map<string, string>();

export function recordDocumentedRate(operation: string, rate: number): void {
  if (!(operation in SP_RATES)) documented.set(operation, String(rate));
}

/** The rate the mock reports for an operation (the hand-written table first, then the models). */
export function rateOf(operation: string): string | undefined {
  return SP_RATES[operation] ?? documented.get(operation);
}

/**
 * Best-effort header: operations listed here never get it (so "absent header → absent _meta" is
 * observable); `OBMCP_MOCK_SP_RATE_HEADER=off` drops it everywhere, `=<number>` reports that rate for
 * every operation (a seller with a raised usage plan).
 */
export const OMIT_RATE_HEADER = new Set(['getMarketplaceParticipations']);
