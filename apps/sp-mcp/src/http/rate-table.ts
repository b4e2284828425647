// Documented default usage plans (rate tokens/s, burst) per SP-API operation, from the API models.
import type { LimitRule } from '@obmcp/http-kit';

export const SP_RATE_TABLE = {
  getMarketplaceParticipations: { rate: 0.016, burst: 15 },
  getOrders: { rate: 0.0167, burst: 20 },
  getOrder: { rate: 0.5, burst: 30 },
  getOrderItems: { rate: 0.5, burst: 30 },
  searchOrders: { rate: 0.0056, burst: 20 },
  searchCatalogItems: { rate: 2, burst: 2 },
  getCatalogItem: { rate: 2, burst: 2 },
  getInventorySummaries: { rate: 2, burst: 2 },
  createReport: { rate: 0.0167, burst: 15 },
  getReport: { rate: 2, burst: 15 },
  getReports: { rate: 0.0222, burst: 10 },
  getReportDocument: { rate: 0.0167, burst: 15 },
  getListingsItem: { rate: 5, burst: 10 },
  patchListingsItem: { rate: 5, burst: 5 },
  getItemOffers: { rate: 0.5, burst: 1 },
  getPricing: { rate: 0.5, burst: 1 },
  createFeedDocument: { rate: 0.5, burst: 15 },
  createFeed: { rate: 0.0083, burst: 15 },
  getFeed: { rate: 2, burst: 15 },
} as const satisfies Record<string, LimitRule>;

export type SpOperation = keyof typeof SP_RATE_TABLE;

/** Conservative rule for an operation missing from the table (the lowest documented plan). */
const UNLISTED: LimitRule = { rate: 0.0056, burst: 1 };

export function ruleFor(operation: string): LimitRule {
  return (SP_RATE_TABLE as Record<string, LimitRule>)[operation] ?? UNLISTED;
}
