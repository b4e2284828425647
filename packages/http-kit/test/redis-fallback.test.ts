// Redis going away mid-run: takes fall back to local buckets, one warn line, no failed take; then recovery.
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createLimiter } from '../src/limiter.js';
import { limiterStoreFromEnv } from '../src/limiter-store-from-env.js';
import { captureLogger, freePort, HAS_REDIS, type RedisProcess, startRedis } from '@obmcp/test-kit';

describe('limiterStoreFromEnv', () => {
  it('is the memory store without OBMCP_REDIS_URL', async () => {
    const store = limiterStoreFromEnv({}, captureLogger());
    expect(store.kind).toBe('memory');
    expect((await store.take('k', { rate: 1, burst: 1 }, Date.now())).allowed).toBe(true);
    await store.close();
  });
});

describe('limiterStoreFromEnv with Redis unreachable at startup', () => {
  it('serves every take locally, warns once, and never logs the password', async () => {
    const logger = captureLogger();
    const port = await freePort();
    const store = limiterStoreFromEnv(
      { OBMCP_REDIS_URL: `redis://:canary-pass-7f3a9c@127.0.0.1:${port}`, OBMCP_REDIS_TIMEOUT_MS: '100' },
      logger,
    );
    const limiter = createLimiter({ store, maxWaitMs: 0 });
    // Every take answers (none hangs on the unreachable Redis: the test's own timeout would fail it).
    for (let i = 0; i < 5; i++) await limiter.acquire('sp:A1:getOrders', { rate: 100, burst: 100 });
    expect(logger.lines.filter((l) => l.level === 'warn')).toHaveLength(1);
    expect(JSON.stringify(logger.lines)).not.toContain('canary-pass-7f3a9c');
    await store.close();
  }, 10_000);
});

describe.skipIf(!HAS_REDIS)('Redis fallback (real redis-server)', () => {
  let redis: RedisProcess | undefined;
  afterAll(async () => {
    await redis?.kill();
  });

  it('falls back when Redis dies mid-run, warns once, fails no take, and recovers', async () => {
    redis = await startRedis();
    const logger = captureLogger();
    const prefix = `fb:${Date.now()}:`;
    const store = limiterStoreFromEnv(
      { OBMCP_REDIS_URL: redis.url, OBMCP_REDIS_KEY_PREFIX: prefix, OBMCP_REDIS_TIMEOUT_MS: '200' },
      logger,
    );
    expect(store.kind).toBe('redis');
    const limiter = createLimiter({ store, maxWaitMs: 1_000 });
    const rule = { rate: 1_000, burst: 1_000 };
    const failures: unknown[] = [];
    const burst = async (n: number) => {
      for (let i = 0; i < n; i++) {
        await limiter.acquire('ads:profile-1:report', rule).catch((e: unknown) => failures.push(e));
      }
    };
    await burst(20);
    const probe = new Redis(redis.url, { maxRetriesPerRequest: 0, lazyConnect: true });
    await probe.connect();
    expect(await probe.exists(`${prefix}ads:profile-1:report`)).toBe(1);
    probe.disconnect();

    const port = redis.port;
    await redis.kill();
    // Calls keep running while Redis is gone (some while the client still thinks it is up).
    const during = burst(200);
    await new Promise((r) => setTimeout(r, 300));
    await during;
    await burst(100);
    expect(failures).toEqual([]);
    const warns = logger.lines.filter((l) => l.level === 'warn');
    expect(warns).toHaveLength(1);
    expect(warns[0]?.msg).toMatch(/falling back to local/);

    // Redis comes back on the same port: the client reconnects in the background and takes go shared again.
    redis = await startRedis(port);
    const deadline = Date.now() + 8_000;
    while (!logger.lines.some((l) => l.msg === 'shared rate limiter restored') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(logger.lines.some((l) => l.msg === 'shared rate limiter restored')).toBe(true);
    await burst(5);
    const again = new Redis(redis.url, { maxRetriesPerRequest: 0, lazyConnect: true });
    await again.connect();
    expect(await again.exists(`${prefix}ads:profile-1:report`)).toBe(1);
    again.disconnect();
    expect(failures).toEqual([]);
    expect(logger.lines.filter((l) => l.level === 'warn')).toHaveLength(1);
    await store.close();
  }, 30_000);
});
