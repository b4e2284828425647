// OBMCP_MOCK_RATE_SCALE: in mock mode every documented rate × the factor (bursts unchanged), rates still learned.
import { describe, expect, it } from 'vitest';
import { limitRules } from '../src/index.js';
import { rateOverrideFromEnv, rateScaleFromEnv } from '../src/pipeline/rate-override.js';

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

describe('OBMCP_MOCK_RATE_LIMIT and OBMCP_MOCK_RATE_SCALE spellings', () => {
  const mock = (name: string, value: string) => ({ OBMCP_MOCK: '1', [name]: value });

  it('reads <rate>/<burst> with spaces and a decimal rate; a zero rate or burst, or stray text, is ignored', () => {
    expect(rateOverrideFromEnv(mock('OBMCP_MOCK_RATE_LIMIT', ' 2.25 / 10 '))).toEqual({
      rate: 2.25,
      burst: 10,
    });
    expect(rateOverrideFromEnv(mock('OBMCP_MOCK_RATE_LIMIT', '12/1'))).toEqual({ rate: 12, burst: 1 });
    expect(rateOverrideFromEnv({ OBMCP_MOCK_RATE_LIMIT: '5/5' })).toBeUndefined();
    for (const bad of ['0/5', '2/0', 'x2/3', '2/3x', '2.x/3', '2 3', '2/', ''])
      expect(rateOverrideFromEnv(mock('OBMCP_MOCK_RATE_LIMIT', bad))).toBeUndefined();
  });

  it('reads a scale with spaces and decimals; stray text is ignored', () => {
    expect(rateScaleFromEnv(mock('OBMCP_MOCK_RATE_SCALE', ' 25 '))).toBe(25);
    expect(rateScaleFromEnv(mock('OBMCP_MOCK_RATE_SCALE', '0.25'))).toBe(0.25);
    for (const bad of ['x2', '2x', '2.x', '2.'])
      expect(rateScaleFromEnv(mock('OBMCP_MOCK_RATE_SCALE', bad))).toBeUndefined();
  });

  it('without a test rule the documented table applies and advertised rates are learned', () => {
    expect(limitRules(table, {})).toEqual({ rule: table, learn: true });
    expect(limitRules(table, { OBMCP_MOCK: '1' })).toEqual({ rule: table, learn: true });
  });
});
