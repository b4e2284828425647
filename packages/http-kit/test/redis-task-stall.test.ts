// A Redis stall of a few seconds (SIGSTOP on redis-server) mid-task: the task keeps running, completes, and is never owner-lost.
import type { CallToolRequest } from '@modelcontextprotocol/client';
import { type ContractServer, createContractServer } from '@obmcp/mcp-server/server';
import { type TaskRecords, UnknownCursorError } from '@obmcp/mcp-server/tasks';
import { silentLogger } from '@obmcp/mcp-server/testing';
import { captureLogger, HAS_REDIS, type RedisProcess, startRedis } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeJob, JOB_PROFILE, until } from './support/fake-job.js';
import { isTransientStoreError, storeRetry } from '../src/tasks/store-retry.js';
import { taskRecordsFromEnv } from '../src/tasks/task-records-from-env.js';

const { upstream, jobTool } = fakeJob();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('store retry: what is worth another try', () => {
  it('timeouts and dropped connections are transient; a script error or a foreign cursor is not', async () => {
    expect(isTransientStoreError(new Error('Command timed out'))).toBe(true);
    expect(isTransientStoreError(new Error('Connection is closed.'))).toBe(true);
    const reply = (message: string) => Object.assign(new Error(message), { name: 'ReplyError' });
    expect(isTransientStoreError(reply('LOADING Redis is loading the dataset in memory'))).toBe(true);
    expect(
      isTransientStoreError(reply('ERR user_script:1: Script attempted to access nonexistent global')),
    ).toBe(false);
    expect(isTransientStoreError(new UnknownCursorError('nope'))).toBe(false);
    let calls = 0;
    const value = await storeRetry(
      async () => {
        calls++;
        if (calls < 3) throw new Error('Command timed out');
        return 'ok';
      },
      { baseDelayMs: 1, maxDelayMs: 5 },
    );
    expect([value, calls]).toEqual(['ok', 3]);
    calls = 0;
    await expect(
      storeRetry(async () => {
        calls++;
        throw new UnknownCursorError('nope');
      }),
    ).rejects.toBeInstanceOf(UnknownCursorError);
    expect(calls).toBe(1);
    await expect(
      storeRetry(
        async () => {
          throw new Error('Command timed out');
        },
        { budgetMs: 50, baseDelayMs: 5, maxDelayMs: 10 },
      ),
    ).rejects.toThrow(/timed out/);
  });
});

describe.skipIf(!HAS_REDIS)('a Redis stall of a few seconds mid-task', { timeout: 90_000 }, () => {
  let redis: RedisProcess;
  const stores: TaskRecords[] = [];

  beforeAll(async () => {
    redis = await startRedis();
  }, 20_000);
  afterAll(async () => {
    redis?.child.kill('SIGCONT');
    for (const s of stores) await s.close().catch(() => undefined);
    await redis?.kill();
  });

  it('does not fail the running task nor mark it TASK_OWNER_LOST: it polls on and completes', async () => {
    // A 3 s lease and a 4.5 s stall: longer than the command timeout (2 s) and than one lease.
    const env = {
      OBMCP_REDIS_URL: redis.url,
      OBMCP_REDIS_KEY_PREFIX: `stall:${Date.now()}:`,
      OBMCP_TASK_LEASE_MS: '3000',
    };
    const logA = captureLogger();
    const replica = (records: TaskRecords, log = silentLogger): ContractServer =>
      createContractServer({
        profile: JOB_PROFILE,
        tools: [jobTool],
        env,
        logger: log,
        taskRecords: records,
      });
    const recordsA = taskRecordsFromEnv(env, silentLogger);
    const recordsB = taskRecordsFromEnv(env, silentLogger);
    stores.push(recordsA, recordsB);
    const a = replica(recordsA, logA);
    const b = replica(recordsB);
    const request: CallToolRequest = {
      method: 'tools/call',
      params: { name: 'run_job', arguments: {}, task: { ttl: 120_000 } },
    };
    const { task } = await a.tasks.start(request, 'alice', { send: async () => undefined });
    const onB = b.tasks.storeFor('alice');
    const seen: string[] = [];
    const status = async () => {
      const current = await onB.getTask(task.taskId);
      seen.push(`${current?.status}:${current?.statusMessage ?? ''}`);
      return current?.status;
    };
    await until(() => upstream.requests >= 3, 'the job to be polled');

    redis.child.kill('SIGSTOP');
    await sleep(4_500);
    redis.child.kill('SIGCONT');

    // Right after the stall, through the other replica: still working (the lease is suspect, not lost).
    expect(await status()).toBe('working');
    const resumedAt = upstream.requests;
    await until(() => upstream.requests >= resumedAt + 3, 'the job to be polled after the stall');
    expect(await status()).toBe('working');
    upstream.finish = true;
    await until(async () => (await status()) !== 'working', 'the task to end');
    expect(await status()).toBe('completed');
    expect(await onB.getTaskResult(task.taskId)).toMatchObject({ structuredContent: { status: 'DONE' } });
    expect(seen.filter((s) => s.startsWith('failed'))).toEqual([]);
    expect(logA.lines.filter((l) => l.msg === 'task did not store its result')).toEqual([]);
  });
});
