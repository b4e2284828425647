// The limiter's Redis-shared budget across replica processes on all three servers, over real stdio against the mocks.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HAS_REDIS, type RedisProcess, type RunningServer, startRedis, startServer } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { burst, TARGETS } from './support/rate-budget.js';

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
