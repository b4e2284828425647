// OBMCP_MOCK_RATE_SCALE: in mock mode every documented rate × the factor (bursts unchanged), rates still learned.
import { describe, expect, it } from 'vitest';
import { limitRules } from '../src/index.js';
import { rateScaleFromEnv } from '../src/pipeline/rate-override.js';

const table = (operation: string) =>
  operation === 'getOrders' ? { rate: 0.0167, burst: 20 } : { rate: 2, burst: 15 };

describe('limitRules with OBMCP_MOCK_RATE_SCALE', () => {
  it('scales every rate, keeps every burst, and keeps learning advertised rates', () => {
    const { rule, learn } = limitRules(table, { OBMCP_MOCK: '1', OBMCP_MOCK_RATE_SCALE: '100' });
    expect(rule('getOrders').burst).toBe(20);
    expect(rule('getOrders').rate).toBeCloseTo(1.67, 10);
    expect(rule('getReport')).toEqual({ rate: 200, burst: 15 });
    expect(learn).toBe(true);
  });

  it('is ignored outside mock mode and when malformed; the fixed override wins over it', () => {
    expect(rateScaleFromEnv({ OBMCP_MOCK_RATE_SCALE: '100' })).toBeUndefined();
    for (const bad of ['0', '-2', 'fast', ''])
      expect(rateScaleFromEnv({ OBMCP_MOCK: '1', OBMCP_MOCK_RATE_SCALE: bad })).toBeUndefined();
    expect(limitRules(table, { OBMCP_MOCK_RATE_SCALE: '100' }).rule('getOrders')).toEqual(table('getOrders'));
    const both = limitRules(table, {
      OBMCP_MOCK: '1',
      OBMCP_MOCK_RATE_SCALE: '100',
      OBMCP_MOCK_RATE_LIMIT: '5/5',
    });
    expect(both).toMatchObject({ learn: false });
    expect(both.rule('getOrders')).toEqual({ rate: 5, burst: 5 });
  });
});
