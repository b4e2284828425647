// limiterStoreFromEnv as replicas use it: its settings and their refusals, the memory store, and a Redis store whose
// buckets, penalties and learned rates every replica shares; its log lines and its connection.
import { captureLogger, freePort, HAS_REDIS, type RedisProcess, startRedis } from '@obmcp/test-kit';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limiterStoreFromEnv, readLimiterSettings } from '../src/limiter-store-from-env.js';

const RULE = { rate: 0.001, burst: 2 };

describe('readLimiterSettings', () => {
  it('defaults: no Redis, the obmcp:rl: prefix, 500 ms commands, a 100 ms arrival margin', () => {
    expect(readLimiterSettings({})).toStrictEqual({
      keyPrefix: 'obmcp:rl:',
      commandTimeoutMs: 500,
      arrivalMarginMs: 100,
    });
  });

  it('reads each variable, at the edges of its range', () => {
    expect(
      readLimiterSettings({
        OBMCP_REDIS_URL: 'redis://cache:6380',
        OBMCP_REDIS_KEY_PREFIX: 'sp:',
        OBMCP_REDIS_TIMEOUT_MS: '1',
        OBMCP_LIMITER_ARRIVAL_MARGIN_MS: '0',
      }),
    ).toStrictEqual({
      redisUrl: 'redis://cache:6380',
      keyPrefix: 'sp:',
      commandTimeoutMs: 1,
      arrivalMarginMs: 0,
    });
    expect(
      readLimiterSettings({ OBMCP_REDIS_TIMEOUT_MS: '60000', OBMCP_LIMITER_ARRIVAL_MARGIN_MS: '60000' }),
    ).toMatchObject({ commandTimeoutMs: 60_000, arrivalMarginMs: 60_000 });
  });

  it('refuses a value out of range, naming the variable', () => {
    for (const [name, value] of [
      ['OBMCP_REDIS_TIMEOUT_MS', '0'],
      ['OBMCP_REDIS_TIMEOUT_MS', '60001'],
      ['OBMCP_LIMITER_ARRIVAL_MARGIN_MS', '-1'],
      ['OBMCP_LIMITER_ARRIVAL_MARGIN_MS', '60001'],
    ] as const) {
      expect(() => readLimiterSettings({ [name]: value })).toThrow(name);
    }
  });
});

describe('limiterStoreFromEnv without OBMCP_REDIS_URL', () => {
  it('keeps buckets and penalties in this process; learning and closing do nothing', async () => {
    const logger = captureLogger();
    const store = limiterStoreFromEnv({}, logger);
    expect(store.kind).toBe('memory');
    const now = Date.now();
    expect(store.takeNow?.('a', RULE, now)).toMatchObject({ allowed: true });
    expect(await store.take('a', RULE, now)).toMatchObject({ allowed: true });
    expect(await store.take('a', RULE, now)).toMatchObject({ allowed: false });
    await store.penalize('b', now + 60_000);
    const held = await store.take('b', RULE, now);
    expect(held.allowed).toBe(false);
    expect(held.waitSeconds).toBeCloseTo(60, 0);
    await expect(store.learn('b', 5)).resolves.toBeUndefined();
    await expect(store.close()).resolves.toBeUndefined();
    expect(logger.lines).toEqual([]);
  });
});

describe('limiterStoreFromEnv: what its log lines name', () => {
  it('the host and port (6379 when the URL has none), never the password; an unreadable URL as such', async () => {
    for (const [url, named] of [
      ['redis://:canary-pw-31@127.0.0.1', 'redis://127.0.0.1:6379'],
      ['redis://user:canary-pw-31@127.0.0.1:1', 'redis://127.0.0.1:1'],
      ['127.0.0.1:1', 'invalid URL'],
    ] as const) {
      const logger = captureLogger();
      const store = limiterStoreFromEnv({ OBMCP_REDIS_URL: url }, logger);
      expect(store.kind).toBe('redis');
      expect(logger.lines[0]).toEqual({
        level: 'info',
        msg: 'rate limiter store',
        fields: { kind: 'redis', redis: named },
      });
      await store.close();
      expect(JSON.stringify(logger.lines)).not.toContain('canary-pw-31');
    }
  });

  it('a connection error is a debug line naming the host, never the password', async () => {
    const logger = captureLogger();
    const port = await freePort();
    const store = limiterStoreFromEnv({ OBMCP_REDIS_URL: `redis://:canary-pw-32@127.0.0.1:${port}` }, logger);
    while (!logger.lines.some((l) => l.level === 'debug')) await new Promise((r) => setTimeout(r, 10));
    await store.close();
    const debug = logger.lines.find((l) => l.level === 'debug');
    expect(debug?.msg).toBe('redis connection error');
    expect(debug?.fields?.redis).toBe(`redis://127.0.0.1:${port}`);
    expect(String(debug?.fields?.error)).toMatch(/ECONNREFUSED/);
    expect(JSON.stringify(logger.lines)).not.toContain('canary-pw-32');
  });
});

describe('limiterStoreFromEnv with Redis unreachable', () => {
  it('takes are answered locally after one warn line naming the store, never its password', async () => {
    const logger = captureLogger();
    const port = await freePort();
    const store = limiterStoreFromEnv(
      { OBMCP_REDIS_URL: `redis://:canary-pw-33@127.0.0.1:${port}`, OBMCP_REDIS_TIMEOUT_MS: '100' },
      logger,
    );
    const now = Date.now();
    expect(await store.take('k', RULE, now)).toMatchObject({ allowed: true });
    expect(await store.take('k', RULE, now)).toMatchObject({ allowed: true });
    expect(await store.take('k', RULE, now)).toMatchObject({ allowed: false });
    await store.penalize('p', now + 60_000);
    expect(await store.take('p', RULE, now)).toMatchObject({ allowed: false });
    await expect(store.learn('k', 5)).resolves.toBeUndefined();
    const warns = logger.lines.filter((l) => l.level === 'warn');
    expect(warns).toHaveLength(1);
    expect(warns[0]?.msg).toBe(
      'shared rate limiter unavailable; falling back to local (per-process) limiting',
    );
    // Not a failed command: the connection was known to be down, so no command was sent.
    expect(warns[0]?.fields).toEqual({
      store: `redis redis://127.0.0.1:${port}`,
      error: 'connection is down',
    });
    expect(JSON.stringify(logger.lines)).not.toContain('canary-pw-33');
    await store.close();
  }, 15_000);
});

describe.skipIf(!HAS_REDIS)('limiterStoreFromEnv with Redis (real redis-server)', { timeout: 20_000 }, () => {
  let redis: RedisProcess;
  let raw: Redis;
  beforeAll(async () => {
    redis = await startRedis();
    raw = new Redis(redis.url);
  }, 20_000);
  afterAll(async () => {
    await raw?.quit();
    await redis?.kill();
  });

  const replicas = (env: Record<string, string>) => {
    const logs = [captureLogger(), captureLogger()];
    const stores = logs.map((l) => limiterStoreFromEnv({ OBMCP_REDIS_URL: redis.url, ...env }, l));
    return { stores: stores as [(typeof stores)[0], (typeof stores)[0]], logs };
  };

  it('two replicas hold one bucket: what one spends, the other cannot (no fallback at start)', async () => {
    // A 60 s command timeout: the first take waits for the connection, not for the bound (4 minutes).
    const { stores, logs } = replicas({ OBMCP_REDIS_KEY_PREFIX: 'shared:', OBMCP_REDIS_TIMEOUT_MS: '60000' });
    const [a, b] = stores;
    const now = Date.now();
    expect(await a.take('sp:A1:getOrders', RULE, now)).toMatchObject({ allowed: true });
    expect(await b.take('sp:A1:getOrders', RULE, now)).toMatchObject({ allowed: true });
    const third = await a.take('sp:A1:getOrders', RULE, now);
    expect(third.allowed).toBe(false);
    expect(await raw.exists('shared:sp:A1:getOrders')).toBe(1);
    for (const log of logs) {
      expect(log.lines.map((l) => l.level)).toEqual(['info']);
      expect(log.lines[0]?.fields).toEqual({ kind: 'redis', redis: `redis://127.0.0.1:${redis.port}` });
    }
    await Promise.all(stores.map((s) => s.close()));
  });

  it("a Retry-After penalty and a learned rate from one replica hold on the other's next take", async () => {
    const { stores } = replicas({});
    const [a, b] = stores;
    const now = Date.now();
    await a.penalize('ads:p1:report', now + 30_000);
    const held = await b.take('ads:p1:report', { rate: 100, burst: 100 }, Date.now());
    expect(held.allowed).toBe(false);
    expect(held.waitSeconds).toBeGreaterThan(20);
    // The default prefix.
    expect(await raw.exists('obmcp:rl:ads:p1:report')).toBe(1);

    await a.learn('ads:p1:list', 0.5);
    expect(await b.take('ads:p1:list', { rate: 100, burst: 1 }, Date.now())).toMatchObject({ allowed: true });
    const next = await b.take('ads:p1:list', { rate: 100, burst: 1 }, Date.now());
    expect(next.allowed).toBe(false);
    // At the learned 0.5/s the next token is about 2 s away (10 ms at the rule's 100/s).
    expect(next.waitSeconds).toBeGreaterThan(1);
    await Promise.all(stores.map((s) => s.close()));
  });

  it('close ends its Redis connection', async () => {
    const connections = async () =>
      String(await raw.client('LIST'))
        .trim()
        .split('\n').length;
    // The stores of the tests before are closed: once their connections are gone only this test's probe is left.
    while ((await connections()) > 1) await new Promise((r) => setTimeout(r, 20));
    const before = await connections();
    const { stores } = replicas({});
    await stores[0].take('k', RULE, Date.now());
    await stores[1].take('k', RULE, Date.now());
    expect(await connections()).toBe(before + 2);
    await stores[0].close();
    await stores[1].close();
    while ((await connections()) > before) await new Promise((r) => setTimeout(r, 20));
    expect(await connections()).toBe(before);
  });
});
