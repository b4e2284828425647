// A persistent Redis (appendonly yes, appendfsync everysec) killed and restarted mid-task: the task completes, ended ones stay.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallToolRequest } from '@modelcontextprotocol/client';
import { createContractServer } from '@obmcp/mcp-server/server';
import type { TaskRecords } from '@obmcp/mcp-server/tasks';
import { silentLogger } from '@obmcp/mcp-server/testing';
import { HAS_REDIS, type RedisProcess, startRedis } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeJob, JOB_PROFILE, until } from './support/fake-job.js';
import { taskRecordsFromEnv } from '../src/tasks/task-records-from-env.js';

const { upstream, jobTool } = fakeJob();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!HAS_REDIS)('a persistent Redis restarted mid-task', { timeout: 90_000 }, () => {
  let dir: string;
  const servers: RedisProcess[] = [];
  const stores: TaskRecords[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'obmcp-redis-aof-'));
    servers.push(await startRedis(undefined, { appendOnlyDir: dir }));
  }, 20_000);
  afterAll(async () => {
    for (const s of stores) await s.close().catch(() => undefined);
    for (const s of servers) await s.kill();
    await rm(dir, { recursive: true, force: true });
  });

  it('the running task completes and a task that ended before the restart keeps its result', async () => {
    const first = servers[0] as RedisProcess;
    const env = {
      OBMCP_REDIS_URL: first.url,
      OBMCP_REDIS_KEY_PREFIX: `restart:${Date.now()}:`,
      OBMCP_TASK_LEASE_MS: '3000',
    };
    const records = taskRecordsFromEnv(env, silentLogger);
    stores.push(records);
    const { tasks } = createContractServer({
      profile: JOB_PROFILE,
      tools: [jobTool],
      env,
      logger: silentLogger,
      taskRecords: records,
    });
    const call = (quick: boolean): CallToolRequest => ({
      method: 'tools/call',
      params: { name: 'run_job', arguments: { quick }, task: { ttl: 120_000 } },
    });
    const channel = { send: async () => undefined };
    const store = tasks.storeFor('alice');
    const ended = (await tasks.start(call(true), 'alice', channel)).task;
    await until(async () => (await store.getTask(ended.taskId))?.status === 'completed', 'the quick task');
    const { task } = await tasks.start(call(false), 'alice', channel);
    await until(() => upstream.requests >= 4, 'the long job to be polled');
    // appendfsync everysec: what was written more than a second ago is on disk.
    await sleep(1_500);

    await first.kill();
    await sleep(500);
    servers.push(await startRedis(first.port, { appendOnlyDir: dir }));

    const resumedAt = upstream.requests;
    await until(() => upstream.requests >= resumedAt + 3, 'the job to be polled after the restart');
    expect((await store.getTask(task.taskId))?.status).toBe('working');
    upstream.finish = true;
    await until(async () => (await store.getTask(task.taskId))?.status !== 'working', 'the task to end');
    expect((await store.getTask(task.taskId))?.status).toBe('completed');
    expect(await store.getTaskResult(task.taskId)).toMatchObject({ structuredContent: { status: 'DONE' } });
    expect(await store.getTaskResult(ended.taskId)).toMatchObject({ structuredContent: { status: 'DONE' } });
  });
});
