// RedisLimiterStore's own rules: its defaults (prefix, Redis's clock, an hour's idle life), waits, and which
// learned rates it shares (never one that would lift the limit).
import { HAS_REDIS, type RedisProcess, startRedis } from '@obmcp/test-kit';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisLimiterStore } from '../src/redis-limiter-store.js';

describe.skipIf(!HAS_REDIS)('RedisLimiterStore rules (real redis-server)', { timeout: 20_000 }, () => {
  let redis: RedisProcess;
  let raw: Redis;
  const clients: Redis[] = [];
  const client = () => {
    const c = new Redis(redis.url, { maxRetriesPerRequest: 0 });
    clients.push(c);
    return c;
  };
  beforeAll(async () => {
    redis = await startRedis();
    raw = new Redis(redis.url);
  }, 20_000);
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await raw?.quit();
    await redis?.kill();
  });

  it("by default: keys under obmcp:rl:, an hour's idle life, and Redis's clock (a replica's skewed clock changes nothing)", async () => {
    const store = new RedisLimiterStore(client());
    const rule = { rate: 1, burst: 2 };
    expect(await store.take('sp:A1:getOrders', rule, Date.now())).toEqual({
      allowed: true,
      waitSeconds: 0,
      tokens: 1,
    });
    const ttl = await raw.pttl('obmcp:rl:sp:A1:getOrders');
    expect(ttl).toBeGreaterThan(3_500_000);
    expect(ttl).toBeLessThanOrEqual(3_600_000);
    // A caller an hour ahead: Redis's clock decides, so no hour of refill.
    await store.take('sp:A1:getOrders', rule, Date.now() + 3_600_000);
    const third = await store.take('sp:A1:getOrders', rule, Date.now() + 3_600_000);
    expect(third.allowed).toBe(false);
    expect(third.waitSeconds).toBeGreaterThan(0.5);
  });

  it("with the caller's clock, the time the caller gives refills the bucket", async () => {
    const store = new RedisLimiterStore(client(), { keyPrefix: 'caller:', clock: 'caller', ttlMs: 30_000 });
    const rule = { rate: 1, burst: 1 };
    const now = Date.now();
    expect((await store.take('k', rule, now)).allowed).toBe(true);
    expect((await store.take('k', rule, now)).allowed).toBe(false);
    expect(await store.take('k', rule, now + 1_000)).toMatchObject({ allowed: true });
    expect(await raw.pttl('caller:k')).toBeLessThanOrEqual(30_000);
  });

  it('an empty bucket refuses by default, reserves the next token within the wait allowed, refuses a negative wait', async () => {
    const store = new RedisLimiterStore(client(), { keyPrefix: 'wait:', clock: 'caller' });
    const rule = { rate: 2, burst: 1 };
    const now = Date.now();
    await store.take('k', rule, now);
    expect(await store.take('k', rule, now)).toEqual({ allowed: false, waitSeconds: 0.5, tokens: 0 });
    expect(await store.take('k', rule, now, -5)).toEqual({ allowed: false, waitSeconds: 0.5, tokens: 0 });
    expect(await store.take('k', rule, now, 10)).toEqual({ allowed: true, waitSeconds: 0.5, tokens: -1 });
  });

  it('a learned rate of zero, below zero, NaN or infinite is not shared: the last real one holds', async () => {
    const store = new RedisLimiterStore(client(), { keyPrefix: 'learn:', clock: 'caller' });
    const rule = { rate: 100, burst: 1 };
    const now = Date.now();
    await store.learn('k', 0.5);
    for (const rate of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) await store.learn('k', rate);
    await store.take('k', rule, now);
    expect(await store.take('k', rule, now)).toMatchObject({ allowed: false, waitSeconds: 2 });
    // An infinite rate on a bucket that learned nothing would have lifted its limit.
    await store.learn('fresh', Number.POSITIVE_INFINITY);
    await store.take('fresh', rule, now);
    expect(await store.take('fresh', rule, now)).toMatchObject({ allowed: false, waitSeconds: 0.01 });
  });
});
