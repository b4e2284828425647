// taskRecordsFromEnv: memory without OBMCP_REDIS_URL, else Redis under the configured prefix, bounded per caller,
// riding out an outage with one warn line; its log lines and its two connections.
import type { TaskRecord } from '@obmcp/mcp-server/tasks';
import { captureLogger, HAS_REDIS, type RedisProcess, startRedis } from '@obmcp/test-kit';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskRecordsFromEnv } from '../src/tasks/task-records-from-env.js';

const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

function record(i: number, owner: string): TaskRecord {
  const at = new Date(0).toISOString();
  return {
    task: { taskId: uuid(i), status: 'working', ttl: 60_000, createdAt: at, lastUpdatedAt: at },
    owner,
    expiresAt: Date.now() + 600_000,
  };
}

describe('taskRecordsFromEnv without Redis', () => {
  it('keeps tasks in memory, bounded by OBMCP_TASK_MAX_TASKS for the whole process; a blank URL is none', async () => {
    for (const env of [{ OBMCP_TASK_MAX_TASKS: '2' }, { OBMCP_TASK_MAX_TASKS: '2', OBMCP_REDIS_URL: '  ' }]) {
      const logger = captureLogger();
      const records = taskRecordsFromEnv(env, logger);
      expect(records.kind).toBe('memory');
      expect(await records.insert(record(1, 'alice'), 1_000)).toBe(true);
      expect(await records.insert(record(2, 'bob'), 1_000)).toBe(true);
      expect(await records.insert(record(3, 'carol'), 1_000)).toBe(false);
      expect(logger.lines).toEqual([]);
      await records.close();
    }
  });
});

describe.skipIf(!HAS_REDIS)('taskRecordsFromEnv with Redis (real redis-server)', { timeout: 30_000 }, () => {
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

  it('stores under <prefix>task: (obmcp:task: by default), says so once, and bounds each caller', async () => {
    for (const [i, prefix, expected] of [
      [1, undefined, 'obmcp:task:'],
      [2, '  ', 'obmcp:task:'],
      [3, ' tenant-a: ', 'tenant-a:task:'],
    ] as const) {
      const logger = captureLogger();
      const env = {
        OBMCP_REDIS_URL: ` ${redis.url} `,
        OBMCP_TASK_MAX_TASKS: '1',
        ...(prefix !== undefined ? { OBMCP_REDIS_KEY_PREFIX: prefix } : {}),
      };
      const records = taskRecordsFromEnv(env, logger);
      expect(records.kind).toBe('redis');
      expect(logger.lines).toEqual([
        { level: 'info', msg: 'task store', fields: { kind: 'redis', key_prefix: expected } },
      ]);
      expect(await records.insert(record(1, `alice-${i}`), 60_000)).toBe(true);
      expect(await raw.exists(`${expected}${uuid(1)}`)).toBe(1);
      expect(await records.insert(record(2, `alice-${i}`), 60_000)).toBe(false);
      expect(await records.insert(record(3, `bob-${i}`), 60_000)).toBe(true);
      await raw.del(`${expected}${uuid(1)}`, `${expected}${uuid(3)}`);
      await records.close();
    }
  });

  it('a cancel announced by one replica reaches the other', async () => {
    const env = { OBMCP_REDIS_URL: redis.url, OBMCP_REDIS_KEY_PREFIX: 'cancel:' };
    const a = taskRecordsFromEnv(env, captureLogger());
    const b = taskRecordsFromEnv(env, captureLogger());
    const heard: string[] = [];
    b.onCancel((id) => heard.push(id));
    // Subscribed once the announcement is heard: announce until it is.
    while (heard.length === 0) {
      await a.announceCancel(uuid(4));
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(heard[0]).toBe(uuid(4));
    await Promise.all([a.close(), b.close()]);
  });

  it('close ends both of its connections', async () => {
    const connections = async () =>
      String(await raw.client('LIST'))
        .trim()
        .split('\n').length;
    // The stores of the tests before are closed: once their connections are gone only this test's probe is left.
    while ((await connections()) > 1) await new Promise((r) => setTimeout(r, 20));
    const before = await connections();
    const records = taskRecordsFromEnv({ OBMCP_REDIS_URL: redis.url }, captureLogger());
    while ((await connections()) < before + 2) await new Promise((r) => setTimeout(r, 20));
    await records.close();
    while ((await connections()) > before) await new Promise((r) => setTimeout(r, 20));
    expect(await connections()).toBe(before);
  });
});

describe.skipIf(!HAS_REDIS)('taskRecordsFromEnv through a Redis restart', { timeout: 60_000 }, () => {
  let redis: RedisProcess | undefined;
  afterAll(async () => {
    await redis?.kill();
  });

  it('a call made while Redis is down answers once it is back, after one warn line; errors are debug lines', async () => {
    redis = await startRedis();
    const logger = captureLogger();
    const records = taskRecordsFromEnv(
      { OBMCP_REDIS_URL: redis.url, OBMCP_REDIS_KEY_PREFIX: 'restart:' },
      logger,
    );
    expect(await records.insert(record(1, 'alice'), 60_000)).toBe(true);
    const { port } = redis;
    await redis.kill();
    const reading = records.read(uuid(1));
    // Down long enough for several attempts (each fails at ioredis's first reconnect, 0.1 to 0.3 s).
    while (logger.lines.filter((l) => l.level === 'debug').length < 10) {
      await new Promise((r) => setTimeout(r, 50));
    }
    redis = await startRedis(port);
    // Nothing persisted: the record is gone, but the call answered instead of failing.
    expect(await reading).toBeUndefined();
    const warns = logger.lines.filter((l) => l.level === 'warn');
    expect(warns).toHaveLength(1);
    expect(warns[0]?.msg).toBe('task store unreachable: retrying');
    expect(String(warns[0]?.fields?.error)).toMatch(
      /^(Reached the max retries|Connection is closed|connect ECONNREFUSED)/,
    );
    const debug = logger.lines.find((l) => l.level === 'debug');
    expect(debug?.msg).toBe('task store redis error');
    expect(String(debug?.fields?.error)).toMatch(/ECONNREFUSED/);
    await records.close();
  });
});
