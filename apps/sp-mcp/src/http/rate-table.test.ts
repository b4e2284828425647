// Unit: the documented default usage plans, and the conservative rule for an unlisted operation.
import { describe, expect, it } from 'vitest';
import { ruleFor, SP_RATE_TABLE } from './rate-table.js';

describe('rate table', () => {
  it('holds the documented defaults', () => {
    expect(ruleFor('getOrders')).toEqual({ rate: 0.0167, burst: 20 });
    expect(ruleFor('getOrderItems')).toEqual({ rate: 0.5, burst: 30 });
    expect(ruleFor('searchCatalogItems')).toEqual({ rate: 2, burst: 2 });
    expect(ruleFor('getInventorySummaries')).toEqual({ rate: 2, burst: 2 });
    expect(ruleFor('createReport')).toEqual({ rate: 0.0167, burst: 15 });
    expect(ruleFor('getReport')).toEqual({ rate: 2, burst: 15 });
    for (const rule of Object.values(SP_RATE_TABLE)) {
      expect(rule.rate).toBeGreaterThan(0);
      expect(Number.isInteger(rule.burst)).toBe(true);
    }
  });
  it('an operation missing from the table gets the lowest documented plan, never no limit', () => {
    expect(ruleFor('notInTheTable')).toEqual({ rate: 0.0056, burst: 1 });
  });
});
