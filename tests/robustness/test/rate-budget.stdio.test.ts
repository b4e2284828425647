// The pre-flight limiter and its Redis-shared budget on all three servers, over real stdio against the mocks.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AppName,
  callTool,
  HAS_REDIS,
  type RedisProcess,
  type RunningServer,
  startRedis,
  startServer,
} from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface Target {
  app: AppName;
  tool: string;
  args: Record<string, unknown>;
  /** The rule the burst runs against. */
  rate: number;
  burst: number;
  /** Extra env: the test-only rate override where the documented budget is too large to exhaust here. */
  env: Record<string, string>;
}

const TARGETS: Target[] = [
  // sp-mcp at its documented rate: getItemOffers 0.5 requests/s, burst 1.
  {
    app: 'sp-mcp',
    tool: 'get_item_offers',
    args: { asin: 'B08N5WRWNW', marketplaceId: 'ATVPDKIKX0DER', itemCondition: 'New' },
    rate: 0.5,
    burst: 1,
    env: { CODE_MODE: 'off' },
  },
  // Ads (a ceiling of 5/s, burst 10) and Openbridge (1,000 per 5 min: burst 100) are too large to exhaust
  // here: the test-only OBMCP_MOCK_RATE_LIMIT sets a small rule.
  {
    app: 'ads-mcp',
    tool: 'list_profiles',
    args: {},
    rate: 0.2,
    burst: 1,
    env: { CODE_MODE: 'off', ADS_API_PROFILE_ID: '1111111111', OBMCP_MOCK_RATE_LIMIT: '0.2/1' },
  },
  // Openbridge counts every request, the refresh-token → JWT exchange included: a process's first call spends
  // two tokens (its JWT exchange and the call), so the burst leaves room for one more call.
  {
    app: 'openbridge-mcp',
    tool: 'get_remote_identities',
    args: {},
    rate: 0.2,
    burst: 3,
    env: { CODE_MODE: 'off', OBMCP_MOCK_RATE_LIMIT: '0.2/3' },
  },
];

const dir = mkdtempSync(join(tmpdir(), 'obmcp-rate-budget-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let logs = 0;
/** A fresh request log the mock upstream appends `METHOD host/path` to. */
function requestLog(): { env: Record<string, string>; count: () => number } {
  const file = join(dir, `requests-${logs++}.log`);
  return {
    env: { OBMCP_MOCK_REQUEST_LOG: file },
    count: () => {
      try {
        return readFileSync(file, 'utf8').split('\n').filter(Boolean).length;
      } catch {
        return 0;
      }
    },
  };
}

interface Tally {
  ok: number;
  limited: number;
  other: string[];
  retryAfters: number[];
  seconds: number;
}

async function burst(servers: RunningServer[], target: Target, rounds: number): Promise<Tally> {
  const started = Date.now();
  const tally: Tally = { ok: 0, limited: 0, other: [], retryAfters: [], seconds: 0 };
  for (let i = 0; i < rounds; i++) {
    const outcomes = await Promise.all(servers.map((s) => callTool(s.client, target.tool, target.args)));
    for (const o of outcomes) {
      if (o.envelope?.error_code === 'RATE_LIMITED') {
        tally.limited += 1;
        const after = (o.envelope._meta as { retry_after_seconds?: unknown } | undefined)
          ?.retry_after_seconds;
        if (typeof after === 'number') tally.retryAfters.push(after);
      } else if (o.envelope) tally.other.push(`${o.envelope.error_code}: ${o.envelope.summary}`);
      else tally.ok += 1;
    }
  }
  tally.seconds = (Date.now() - started) / 1000;
  return tally;
}

describe.each(TARGETS)('$app: pre-flight limiter', (target) => {
  it('a burst beyond the rate is refused before upstream: rate_limited with retry_after_seconds, no extra upstream request', async () => {
    const log = requestLog();
    const server = await startServer({ app: target.app, env: { ...target.env, ...log.env } });
    try {
      const tally = await burst([server], target, 4);
      expect(tally.other).toEqual([]);
      expect(tally.ok).toBeGreaterThanOrEqual(1);
      expect(tally.ok).toBeLessThanOrEqual(target.burst + Math.floor(target.rate * tally.seconds));
      expect(tally.limited).toBe(4 - tally.ok);
      expect(tally.retryAfters.length).toBe(tally.limited);
      for (const after of tally.retryAfters) expect(after).toBeGreaterThan(0);
      // Every refused call stopped at the limiter: the upstream saw exactly the admitted ones.
      expect(log.count()).toBe(tally.ok);
    } finally {
      await server.close();
    }
  });
});

describe.skipIf(!HAS_REDIS).each(TARGETS)('$app: one budget across replicas (OBMCP_REDIS_URL)', (target) => {
  let redis: RedisProcess;
  let servers: RunningServer[] = [];
  const log = requestLog();

  beforeAll(async () => {
    redis = await startRedis();
    // A generous command timeout: on a loaded machine a 500 ms EVALSHA timeout would send a take to the
    // local fallback bucket, and each process would then admit a call of its own.
    const env = { ...target.env, ...log.env, OBMCP_REDIS_URL: redis.url, OBMCP_REDIS_TIMEOUT_MS: '5000' };
    servers = await Promise.all([
      startServer({ app: target.app, env }),
      startServer({ app: target.app, env }),
    ]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await redis?.kill();
  });

  it('two processes together stay within one budget', async () => {
    const tally = await burst(servers, target, 3);
    const fallbacks = servers
      .flatMap((s) => s.stderr().split('\n'))
      .filter((l) => /falling back to local/.test(l));
    expect(fallbacks, 'a replica fell back to local limiting').toEqual([]);
    expect(tally.other).toEqual([]);
    expect(tally.ok).toBeGreaterThanOrEqual(1);
    // Separate local buckets would admit one call per process (2) in the first round alone.
    expect(tally.ok).toBeLessThanOrEqual(target.burst + Math.floor(target.rate * tally.seconds));
    expect(tally.limited).toBe(6 - tally.ok);
    expect(log.count()).toBe(tally.ok);
  });

  it('Redis killed mid-run: calls go on with local limiting (no failed call) and one warning', async () => {
    const [a] = servers;
    if (!a) throw new Error('server did not start');
    await redis.kill();
    // The local fallback bucket starts full: the next call is admitted without waiting for a refill.
    await new Promise((r) => setTimeout(r, 1_000));
    const after = await burst([a], target, 2);
    expect(after.other).toEqual([]);
    expect(after.ok).toBeGreaterThanOrEqual(1);
    const warnings = a
      .stderr()
      .split('\n')
      .filter((l) => /redis|rate limiter/i.test(l) && /"level":"warn"/.test(l));
    expect(warnings.length).toBe(1);
  });
});
