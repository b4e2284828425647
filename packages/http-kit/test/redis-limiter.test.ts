// Redis LimiterStore against a real redis-server: two limiters (and two processes) share one budget.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { RateLimitedError } from '@obmcp/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLimiter } from '../src/limiter.js';
import { RedisLimiterStore } from '../src/redis-limiter-store.js';
import { HAS_REDIS, type RedisProcess, startRedis } from '@obmcp/test-kit';

const KEY = 'sp:A1SELLER:getOrders';

describe.skipIf(!HAS_REDIS)('RedisLimiterStore (real redis-server)', () => {
  let redis: RedisProcess;
  const clients: Redis[] = [];
  const client = () => {
    const c = new Redis(redis.url, { maxRetriesPerRequest: 0 });
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    redis = await startRedis();
  }, 20_000);
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await redis?.kill();
  });

  it('two limiter instances sharing a bucket never exceed the rate together (one injected clock)', async () => {
    const prefix = `t1:${Date.now()}:`;
    // The caller's clock (the store's 'caller' mode), so the test steps time instead of reading it.
    let clock = Date.now();
    const now = () => clock;
    const a = createLimiter({
      store: new RedisLimiterStore(client(), { keyPrefix: prefix, clock: 'caller' }),
      maxWaitMs: 0,
      now,
    });
    const b = createLimiter({
      store: new RedisLimiterStore(client(), { keyPrefix: prefix, clock: 'caller' }),
      maxWaitMs: 0,
      now,
    });
    const rule = { rate: 10, burst: 5 };
    /** 20 concurrent takes, alternating between the instances: how many were granted. */
    const burst = async () => {
      const outcomes = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? a : b).acquire(KEY, rule).then(
            () => true,
            (error: unknown) => {
              if (!(error instanceof RateLimitedError)) throw error;
              return false;
            },
          ),
        ),
      );
      return outcomes.filter(Boolean).length;
    };
    // One shared bucket: the burst once between them (two buckets would grant 10).
    expect(await burst()).toBe(rule.burst);
    // 300 ms later: exactly the refill, rate × 0.3 s = 3, between them.
    clock += 300;
    expect(await burst()).toBe(3);
  }, 10_000);

  it('reservations are shared: queued waits from two instances stay within the rate (waits recorded, not taken)', async () => {
    const prefix = `t2:${Date.now()}:`;
    // The caller's clock, fixed: every wait is a reservation, none is time that passed.
    const clock = Date.now();
    const waits: number[] = [];
    const options = {
      maxWaitMs: 5_000,
      now: () => clock,
      arrivalMarginMs: 0,
      sleep: async (ms: number) => {
        waits.push(ms);
      },
    };
    const a = createLimiter({
      store: new RedisLimiterStore(client(), { keyPrefix: prefix, clock: 'caller' }),
      ...options,
    });
    const b = createLimiter({
      store: new RedisLimiterStore(client(), { keyPrefix: prefix, clock: 'caller' }),
      ...options,
    });
    const rule = { rate: 20, burst: 1 };
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).acquire(KEY, rule)));
    // 1 at once, then 19 reserved one slot (50 ms at 20/s) apart across both instances: 50, 100 … 950 ms.
    const sorted = [...waits].sort((x, y) => x - y);
    expect(sorted).toHaveLength(19);
    sorted.forEach((ms, i) => {
      expect(ms).toBeCloseTo((i + 1) * 50, 3);
    });
  }, 10_000);

  it('a Retry-After penalty and a learned rate set on one instance apply to the other', async () => {
    const prefix = `t3:${Date.now()}:`;
    const storeA = new RedisLimiterStore(client(), { keyPrefix: prefix });
    const storeB = new RedisLimiterStore(client(), { keyPrefix: prefix });
    const rule = { rate: 100, burst: 100 };
    await storeA.penalize(KEY, Date.now() + 2_000);
    const blocked = await storeB.take(KEY, rule, Date.now());
    expect(blocked.allowed).toBe(false);
    expect(blocked.waitSeconds).toBeGreaterThan(1.5);

    await storeA.learn('other', 0.5);
    const first = await storeB.take('other', { rate: 100, burst: 1 }, Date.now());
    const second = await storeB.take('other', { rate: 100, burst: 1 }, Date.now());
    expect(first.allowed).toBe(true);
    expect(second).toMatchObject({ allowed: false });
    // At the learned 0.5/s the next token is ~2 s away (not 10 ms at the default 100/s).
    expect(second.waitSeconds).toBeGreaterThan(1.5);
  });

  it('expires idle buckets (no unbounded key growth)', async () => {
    const prefix = `t4:${Date.now()}:`;
    const c = client();
    const store = new RedisLimiterStore(c, { keyPrefix: prefix, ttlMs: 60_000 });
    await store.take(KEY, { rate: 1, burst: 1 }, Date.now());
    const ttl = await c.pttl(prefix + KEY);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('two real node processes sharing one seller bucket never exceed the rate together', async () => {
    const worker = fileURLToPath(new URL('./fixtures/redis-worker.mjs', import.meta.url));
    const rule = { rate: 5, burst: 3 };
    const duration = 1_000;
    const env = {
      PATH: process.env.PATH ?? '',
      OBMCP_REDIS_URL: redis.url,
      OBMCP_REDIS_KEY_PREFIX: `t5:${Date.now()}:`,
      RATE: String(rule.rate),
      BURST: String(rule.burst),
    };
    type Counts = { allowed: number; refused: number; failed: number; kind: string };
    /** A worker, loaded: `ready` once it printed "ready", `counts` once it sent its counts and exited. */
    const start = () => {
      const child = spawn(process.execPath, [worker], { env, stdio: ['pipe', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      let markReady: () => void = () => {};
      const ready = new Promise<void>((resolve) => {
        markReady = resolve;
      });
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString('utf8');
        if (out.startsWith('ready\n')) markReady();
      });
      child.stderr.on('data', (c: Buffer) => {
        err += c.toString('utf8');
      });
      const counts = new Promise<Counts>((resolve, reject) => {
        child.once('close', (code) => {
          if (code !== 0) reject(new Error(`worker exited ${code}: ${err}`));
          else resolve(JSON.parse(out.slice('ready\n'.length).trim()) as Counts);
        });
      });
      return { child, ready: Promise.race([ready, counts.then(() => undefined)]), counts };
    };
    const first = start();
    const second = start();
    const workers = [first, second];
    await Promise.all(workers.map((w) => w.ready));
    // One window for both, opened once both are loaded: the same end time, sent to each at once.
    const end = String(Date.now() + duration);
    for (const w of workers) w.child.stdin.end(`${end}\n`);
    const [p1, p2] = await Promise.all([first.counts, second.counts]);
    expect([p1.kind, p2.kind]).toEqual(['redis', 'redis']);
    expect(p1.failed + p2.failed).toBe(0);
    const total = p1.allowed + p2.allowed;
    const budget = rule.burst + (rule.rate * duration) / 1000;
    expect(total).toBeLessThanOrEqual(budget + 1);
    // Under CPU load a process may get few turns; the bucket must still have been shared and used.
    expect(total).toBeGreaterThanOrEqual(rule.burst);
    expect(p1.refused + p2.refused).toBeGreaterThan(0);
  }, 30_000);
});
