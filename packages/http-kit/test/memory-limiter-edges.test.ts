// MemoryLimiterStore at its edges: a zero rate or burst, a clock that steps back, penalties that overlap, and a
// negative wait budget.
import { describe, expect, it } from 'vitest';
import { MemoryLimiterStore } from '../src/memory-limiter-store.js';

const T0 = 1_700_000_000_000;

describe('MemoryLimiterStore edges', () => {
  it('a zero rate never refills (the wait is unbounded); a zero burst still allows one request', () => {
    const store = new MemoryLimiterStore();
    expect(store.takeNow('k', { rate: 0, burst: 1 }, T0).allowed).toBe(true);
    const refused = store.takeNow('k', { rate: 0, burst: 1 }, T0 + 3_600_000);
    expect(refused.allowed).toBe(false);
    expect(refused.waitSeconds).toBeGreaterThan(1e300);
    const negative = store.takeNow('n', { rate: -1, burst: 1 }, T0);
    expect(negative.allowed).toBe(true);
    expect(store.takeNow('n', { rate: -1, burst: 1 }, T0 + 3_600_000).allowed).toBe(false);
    expect(store.takeNow('z', { rate: 1, burst: 0 }, T0)).toEqual({
      allowed: true,
      waitSeconds: 0,
      tokens: 0,
    });
    expect(store.takeNow('z', { rate: 1, burst: 0 }, T0).allowed).toBe(false);
  });

  it('a clock that steps back neither adds tokens nor moves the bucket back in time', () => {
    const store = new MemoryLimiterStore();
    const rule = { rate: 1, burst: 1 };
    expect(store.takeNow('k', rule, T0).allowed).toBe(true);
    expect(store.takeNow('k', rule, T0 - 5_000).allowed).toBe(false);
    // Refill is counted from T0, not from the earlier reading.
    expect(store.takeNow('k', rule, T0 + 500).allowed).toBe(false);
    expect(store.takeNow('k', rule, T0 + 1_000).allowed).toBe(true);
  });

  it('overlapping penalties keep the later deadline; a penalty on a new key blocks it from the start', async () => {
    const store = new MemoryLimiterStore();
    const rule = { rate: 100, burst: 100 };
    store.takeNow('k', rule, T0);
    await store.penalize('k', T0 + 5_000);
    await store.penalize('k', T0 + 1_000);
    expect(store.takeNow('k', rule, T0 + 2_000)).toMatchObject({ allowed: false, waitSeconds: 3 });
    await store.penalize('fresh', T0 + 1_000);
    expect(store.takeNow('fresh', rule, T0)).toMatchObject({ allowed: false, waitSeconds: 1 });
    expect(store.takeNow('fresh', rule, T0 + 1_000)).toMatchObject({ allowed: true, waitSeconds: 0 });
  });

  it('a negative wait budget is no budget; take() answers as takeNow()', async () => {
    const store = new MemoryLimiterStore();
    const rule = { rate: 10, burst: 1 };
    store.takeNow('k', rule, T0);
    expect(store.takeNow('k', rule, T0, -5)).toMatchObject({ allowed: false });
    expect(await store.take('k', rule, T0, 1)).toMatchObject({ allowed: true });
    expect(await store.take('j', rule, T0)).toEqual({ allowed: true, waitSeconds: 0, tokens: 0 });
  });
});
