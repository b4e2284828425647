// The limiter rule and the description's rate sentence of an SP-API operation, both from its model's usage plan.
import type { LimitRule } from '@obmcp/http-kit';
import type { CatalogOperation } from '@obmcp/openapi-tools';
import { spOperationKey } from './call-operation.js';
import { spCatalog } from './catalog.js';

/**
 * Operations whose model documents no usage plan: one request per second, burst 5, until the
 * upstream's x-amzn-RateLimit-Limit header teaches the limiter the real rate.
 */
export const UNDOCUMENTED_RULE: LimitRule = { rate: 1, burst: 5 };

/** The rule an operation is limited by: its documented usage plan, else UNDOCUMENTED_RULE. */
export function usageRule(op: CatalogOperation): LimitRule {
  return op.usagePlan ?? UNDOCUMENTED_RULE;
}

let rules: Map<string, LimitRule> | undefined;

/** The limiter rule of an operation by its key (`<api>.<operationId>`); undefined for any other key. */
export function operationRule(operation: string): LimitRule | undefined {
  rules ??= new Map(spCatalog().operations.map((op) => [spOperationKey(op), usageRule(op)]));
  return rules.get(operation);
}

/** "Rate 0.0167/s, burst 20.": the documented usage plan, as curated descriptions end. */
export function rateSentence(op: CatalogOperation): string | undefined {
  return op.usagePlan ? `Rate ${op.usagePlan.rate}/s, burst ${op.usagePlan.burst}.` : undefined;
}
