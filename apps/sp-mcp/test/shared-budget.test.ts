// Two sp-mcp processes sharing one Redis budget never spend the same seller's tokens twice; without Redis they would.
import {
  callTool,
  HAS_REDIS,
  type RedisProcess,
  type RunningServer,
  startRedis,
  startServer,
} from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ARGS = { asin: 'B08N5WRWNW', marketplaceId: 'ATVPDKIKX0DER', itemCondition: 'New' };
// getItemOffers: 0.5 requests/s, burst 1 (the documented default usage plan).
const RATE = 0.5;
const BURST = 1;

async function spendFromBoth(a: RunningServer, b: RunningServer, rounds: number) {
  const started = Date.now();
  let ok = 0;
  let limited = 0;
  for (let i = 0; i < rounds; i++) {
    const outcomes = await Promise.all([a, b].map((s) => callTool(s.client, 'get_item_offers', ARGS)));
    for (const o of outcomes) {
      if (o.envelope?.error_code === 'RATE_LIMITED') limited += 1;
      else if (o.result) ok += 1;
    }
  }
  return { ok, limited, seconds: (Date.now() - started) / 1000 };
}

describe.skipIf(!HAS_REDIS)('one rate budget across replicas (OBMCP_REDIS_URL)', () => {
  let redis: RedisProcess;
  let servers: RunningServer[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    // A generous command timeout: on a loaded CI machine a 500 ms EVALSHA timeout would send a take to
    // the local fallback bucket, and each process would then admit a call of its own.
    const env = {
      OBMCP_REDIS_URL: redis.url,
      OBMCP_REDIS_TIMEOUT_MS: '5000',
      SP_API_LIMITER_MAX_WAIT_MS: '0',
    };
    servers = await Promise.all([startServer({ app: 'sp-mcp', env }), startServer({ app: 'sp-mcp', env })]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await redis?.kill();
  });

  it('two server processes together stay within the documented rate', async () => {
    const [a, b] = servers;
    if (!a || !b) throw new Error('servers did not start');
    const { ok, limited, seconds } = await spendFromBoth(a, b, 4);
    const fallbacks = [a, b]
      .flatMap((s) => s.stderr().split('\n'))
      .filter((l) => /falling back to local/.test(l));
    expect(fallbacks, 'a replica fell back to local limiting').toEqual([]);
    expect(ok).toBeGreaterThanOrEqual(1);
    // Separate local buckets would admit one call per process (2) in the first round alone.
    expect(ok).toBeLessThanOrEqual(BURST + Math.floor(RATE * seconds));
    expect(limited).toBe(8 - ok);
  });

  it('when Redis goes away, calls still succeed on local limiting and the log says so once', async () => {
    const [a] = servers;
    if (!a) throw new Error('server did not start');
    await redis.kill();
    await new Promise((r) => setTimeout(r, 2_100));
    const after = await callTool(a.client, 'get_item_offers', ARGS);
    expect(after.envelope === undefined || after.envelope.error_code === 'RATE_LIMITED').toBe(true);
    expect(after.envelope?.error_kind).not.toBe('internal_error');
    const warnings = a
      .stderr()
      .split('\n')
      .filter((l) => /redis/i.test(l) && /"level":"warn"/.test(l));
    expect(warnings.length).toBe(1);
  });
});
