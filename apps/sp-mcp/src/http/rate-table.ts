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

/**
 * Operations whose model documents no usage plan: one request per second, burst 5, until the
 * upstream's x-amzn-RateLimit-Limit header teaches the limiter the real rate.
 */
export const UNDOCUMENTED_RULE: LimitRule = { rate: 1, burst: 5 };

export function ruleFor(operation: SpOperation | string): LimitRule {
  return operation in SP_RATE_TABLE ? SP_RATE_TABLE[operation as SpOperation] : UNDOCUMENTED_RULE;
}

/** Limiter key: per operation and seller identity (never a secret). */
export function limiterKey(identityId: string, operation: SpOperation | string): string {
  return `${operation}@${identityId}`;
}
