// Token-bucket store math, limiter waits within budget, refusal with retryAfterSeconds, learn(), penalize().
import { RateLimitedError } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import { ARRIVAL_MARGIN_MS } from '../src/limiter.js';
import { createLimiter } from '../src/index.js';
import { MemoryLimiterStore } from '../src/memory-limiter-store.js';

const T0 = 1_700_000_000_000;

describe('MemoryLimiterStore', () => {
  it('starts full at burst and refills continuously at rate/s up to burst', async () => {
    const store = new MemoryLimiterStore();
    const rule = { rate: 2, burst: 3 };
    for (let i = 0; i < 3; i++) expect((await store.take('k', rule, T0)).allowed).toBe(true);
    const empty = await store.take('k', rule, T0);
    expect(empty).toEqual({ allowed: false, waitSeconds: 0.5, tokens: 0 });
    const quarter = await store.take('k', rule, T0 + 250); // 0.5 token refilled
    expect(quarter.allowed).toBe(false);
    expect(quarter.waitSeconds).toBeCloseTo(0.25, 9);
    expect((await store.take('k', rule, T0 + 500)).allowed).toBe(true);
    const later = await store.take('k', rule, T0 + 60_000); // capped at burst
    expect(later.tokens).toBeCloseTo(2, 9);
  });

  it('keys are independent', async () => {
    const store = new MemoryLimiterStore();
    const rule = { rate: 1, burst: 1 };
    expect((await store.take('a', rule, T0)).allowed).toBe(true);
    expect((await store.take('a', rule, T0)).allowed).toBe(false);
    expect((await store.take('b', rule, T0)).allowed).toBe(true);
  });

  it('reserves within maxWaitSeconds so concurrent waiters queue (tokens go negative)', async () => {
    const store = new MemoryLimiterStore();
    const rule = { rate: 10, burst: 1 };
    expect(await store.take('k', rule, T0, 1)).toEqual({ allowed: true, waitSeconds: 0, tokens: 0 });
    const second = await store.take('k', rule, T0, 1);
    expect(second.allowed).toBe(true);
    expect(second.waitSeconds).toBeCloseTo(0.1, 9);
    const third = await store.take('k', rule, T0, 1);
    expect(third.waitSeconds).toBeCloseTo(0.2, 9);
    expect(third.tokens).toBeCloseTo(-2, 9);
    const refused = await store.take('k', rule, T0, 0.25);
    expect(refused.allowed).toBe(false);
    expect(refused.waitSeconds).toBeCloseTo(0.3, 9);
  });

  it('penalize blocks a key until the deadline even with tokens left', async () => {
    const store = new MemoryLimiterStore();
    const rule = { rate: 5, burst: 5 };
    await store.penalize('k', T0 + 2_000);
    const blocked = await store.take('k', rule, T0);
    expect(blocked).toMatchObject({ allowed: false, waitSeconds: 2 });
    expect((await store.take('k', rule, T0 + 2_000)).allowed).toBe(true);
  });
});

describe('createLimiter', () => {
  it('passes immediately while tokens last', async () => {
    const limiter = createLimiter({ maxWaitMs: 0, now: () => T0 });
    await limiter.acquire('getOrders', { rate: 1, burst: 2 });
    await limiter.acquire('getOrders', { rate: 1, burst: 2 });
  });

  it('waits when the next token comes within maxWaitMs (the waits seen through an injected sleep and clock)', async () => {
    let clock = T0;
    const waits: number[] = [];
    const limiter = createLimiter({
      maxWaitMs: 500,
      now: () => clock,
      arrivalMarginMs: 0,
      sleep: async (ms) => {
        waits.push(ms);
        clock += ms;
      },
    });
    const rule = { rate: 10, burst: 1 };
    await limiter.acquire('k', rule);
    expect(waits).toEqual([]);
    await limiter.acquire('k', rule);
    await limiter.acquire('k', rule);
    // 10/s with no burst to spend: each further call waits its 100 ms slot.
    expect(waits).toHaveLength(2);
    for (const ms of waits) expect(ms).toBeCloseTo(100, 6);
  });

  it('a waited request goes out ARRIVAL_MARGIN_MS after its token, and the next token keeps its time', async () => {
    const clock = T0;
    const waits: number[] = [];
    const limiter = createLimiter({
      maxWaitMs: 500,
      now: () => clock,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    const rule = { rate: 10, burst: 1 };
    await limiter.acquire('k', rule);
    await limiter.acquire('k', rule);
    await limiter.acquire('k', rule);
    // The caller's clock stands still: slots at 100 and 200 ms, each taken ARRIVAL_MARGIN_MS later.
    expect(waits.map((ms) => Math.round(ms))).toEqual([100 + ARRIVAL_MARGIN_MS, 200 + ARRIVAL_MARGIN_MS]);
  });

  it('a token that accrued less than ARRIVAL_MARGIN_MS ago is used only once it is that old; a full bucket goes at once', async () => {
    let clock = T0;
    const waits: number[] = [];
    const limiter = createLimiter({
      maxWaitMs: 500,
      now: () => clock,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    const rule = { rate: 10, burst: 2 };
    await limiter.acquire('k', rule);
    await limiter.acquire('k', rule);
    expect(waits).toEqual([]);
    // 130 ms later the next token accrued 30 ms ago: it goes ARRIVAL_MARGIN_MS after it accrued, not at once.
    clock += 130;
    await limiter.acquire('k', rule);
    expect(waits.map((ms) => Math.round(ms))).toEqual([ARRIVAL_MARGIN_MS - 30]);
    // A bucket full again (idle): its tokens are old, no wait.
    clock += 10_000;
    await limiter.acquire('k', rule);
    expect(waits).toHaveLength(1);
  });

  it('refuses beyond maxWaitMs with RateLimitedError and retryAfterSeconds rounded up to 0.1 s', async () => {
    const limiter = createLimiter({ maxWaitMs: 100, now: () => T0 });
    const rule = { rate: 0.0167, burst: 1 }; // SP-API getOrders-style
    await limiter.acquire('sp:getOrders', rule);
    const error = await limiter.acquire('sp:getOrders', rule).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RateLimitedError);
    const limited = error as RateLimitedError;
    expect(limited.retryAfterSeconds).toBe(59.9); // 1 / 0.0167 = 59.88… → 59.9
    expect(limited.summary).toMatch(/^Pre-flight rate limiter: sp:getOrders /);
    expect(limited.hints).toEqual(['Wait at least 59.9 seconds before calling this operation again.']);
  });

  it('rounds tiny waits up to 0.1 s', async () => {
    let now = T0;
    const limiter = createLimiter({ maxWaitMs: 0, now: () => now });
    const rule = { rate: 1, burst: 1 };
    await limiter.acquire('k', rule);
    now += 990;
    const error = (await limiter.acquire('k', rule).catch((e: unknown) => e)) as RateLimitedError;
    expect(error.retryAfterSeconds).toBe(0.1);
  });

  it('learn() overrides the default rate for that key only', async () => {
    let now = T0;
    const limiter = createLimiter({ maxWaitMs: 0, now: () => now });
    const rule = { rate: 1, burst: 1 };
    limiter.learn('k', 0.5);
    limiter.learn('k', Number.NaN); // ignored
    limiter.learn('k', 0); // ignored
    expect(limiter.ruleFor('k', rule)).toEqual({ rate: 0.5, burst: 1 });
    expect(limiter.ruleFor('other', rule)).toBe(rule);
    await limiter.acquire('k', rule);
    await limiter.acquire('other', rule);
    now += 1_000;
    await limiter.acquire('other', rule); // default rate: refilled after 1 s
    const error = (await limiter.acquire('k', rule).catch((e: unknown) => e)) as RateLimitedError;
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error.retryAfterSeconds).toBe(1); // learned 0.5/s: one more second
  });

  it('learn() tells a shared store (every replica) the rate; its failure never reaches the caller', async () => {
    const told: Array<[string, number]> = [];
    const memory = new MemoryLimiterStore();
    const shared = {
      take: memory.take.bind(memory),
      penalize: memory.penalize.bind(memory),
      learn: async (key: string, rate: number) => {
        told.push([key, rate]);
        throw new Error('redis down');
      },
    };
    const limiter = createLimiter({ maxWaitMs: 0, now: () => T0, store: shared });
    limiter.learn('k', 2);
    limiter.learn('k', -1); // ignored: never sent
    await new Promise((resolve) => setImmediate(resolve));
    expect(told).toEqual([['k', 2]]);
    expect(limiter.ruleFor('k', { rate: 1, burst: 1 })).toEqual({ rate: 2, burst: 1 });
  });

  it('penalize() makes acquire refuse until the deadline', async () => {
    const limiter = createLimiter({ maxWaitMs: 1_000, now: () => T0 });
    await limiter.penalize('k', T0 + 5_000);
    const error = (await limiter
      .acquire('k', { rate: 5, burst: 5 })
      .catch((e: unknown) => e)) as RateLimitedError;
    expect(error.retryAfterSeconds).toBe(5);
  });

  it('an aborted signal stops a wait', async () => {
    const limiter = createLimiter({ maxWaitMs: 10_000 });
    const rule = { rate: 0.2, burst: 1 };
    await limiter.acquire('k', rule);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('cancelled')), 20);
    await expect(limiter.acquire('k', rule, controller.signal)).rejects.toThrow('cancelled');
  });
});

describe('in-process stores answer without a promise', () => {
  it('MemoryLimiterStore.takeNow is take without the promise (same buckets)', async () => {
    const store = new MemoryLimiterStore();
    const rule = { rate: 1, burst: 2 };
    expect(store.takeNow('k', rule, T0)).toEqual({ allowed: true, waitSeconds: 0, tokens: 1 });
    expect(await store.take('k', rule, T0)).toEqual({ allowed: true, waitSeconds: 0, tokens: 0 });
    expect(store.takeNow('k', rule, T0, 1)).toEqual({ allowed: true, waitSeconds: 1, tokens: -1 });
  });

  it('acquire uses takeNow when the store has it, and take (awaited) when it does not', async () => {
    const seen: string[] = [];
    const allowed = { allowed: true, waitSeconds: 0, tokens: 1 };
    const sync = createLimiter({
      maxWaitMs: 0,
      store: {
        take: async () => {
          throw new Error('take must not be called when takeNow exists');
        },
        takeNow: (key) => {
          seen.push(`now:${key}`);
          return allowed;
        },
        penalize: async () => undefined,
      },
    });
    const promised = createLimiter({
      maxWaitMs: 0,
      store: {
        take: async (key) => {
          seen.push(`async:${key}`);
          return allowed;
        },
        penalize: async () => undefined,
      },
    });
    await sync.acquire('a', { rate: 1, burst: 1 });
    await promised.acquire('b', { rate: 1, burst: 1 });
    expect(seen).toEqual(['now:a', 'async:b']);
  });

  /** A limiter over a store that answers `taken`, recording the waits it takes. */
  function answering(taken: { allowed: boolean; waitSeconds: number; tokens: number }) {
    const waits: number[] = [];
    const limiter = createLimiter({
      maxWaitMs: 10_000,
      now: () => T0,
      arrivalMarginMs: 50,
      sleep: async (ms) => {
        waits.push(ms);
      },
      store: { take: async () => taken, takeNow: () => taken, penalize: async () => undefined },
    });
    return { limiter, waits };
  }

  it("a reserved token waits the store's waitSeconds plus the arrival margin", async () => {
    const { limiter, waits } = answering({ allowed: true, waitSeconds: 2, tokens: 0 });
    await limiter.acquire('k', { rate: 1, burst: 1 });
    expect(waits).toEqual([2_050]);
  });

  it('with rate 0 (no refill) a token that did not come from a full bucket still waits the margin', async () => {
    const { limiter, waits } = answering({ allowed: true, waitSeconds: 0, tokens: 1 });
    await limiter.acquire('k', { rate: 0, burst: 5 });
    expect(waits).toEqual([50]);
  });

  it('a refusal from takeNow is still a RateLimitedError', async () => {
    const limiter = createLimiter({ maxWaitMs: 0, store: new MemoryLimiterStore(), now: () => T0 });
    await limiter.acquire('k', { rate: 1, burst: 1 });
    await expect(limiter.acquire('k', { rate: 1, burst: 1 })).rejects.toBeInstanceOf(RateLimitedError);
  });
});
