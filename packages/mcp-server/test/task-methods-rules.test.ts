// The 2025-11-25 task methods as a client sees them: exact refusals, paging, and a tasks/result that waits politely.
import { Client, InMemoryTransport, ProtocolError } from '@modelcontextprotocol/client';
import {
  CallToolResultSchema,
  CancelTaskResultSchema,
  CreateTaskResultSchema,
  GetTaskResultSchema,
  ListTasksResultSchema,
} from '@modelcontextprotocol/core';
import { exampleProfile, exampleTools } from '@obmcp/contract/internal/example/example-tools.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createContractServer } from '../src/entries/server.js';
import { MemoryTaskRecords } from '../src/entries/tasks.js';
import { silentLogger } from '../src/entries/testing.js';
import { type FakeJobs, fakeJobs, jobTool } from './job-tool.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const close of closers.splice(0)) await close();
});

async function connect(jobs: FakeJobs, env: Record<string, string> = {}, delayMs = 15) {
  const records = new MemoryTaskRecords(200);
  const c = createContractServer({
    profile: exampleProfile,
    tools: [...exampleTools, jobTool(jobs, delayMs)],
    env: { OBMCP_TASK_POLL_INTERVAL_MS: '100', ...env },
    logger: silentLogger,
    taskRecords: records,
  });
  const server = c.newServer();
  const client = new Client({ name: 'methods-test', version: '0.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  closers.push(async () => {
    await client.close();
    await server.close();
  });
  const createTask = (args: Record<string, unknown> = {}) =>
    client.request(
      { method: 'tools/call', params: { name: 'run_job', arguments: args, task: { ttl: 60_000 } } },
      CreateTaskResultSchema,
    );
  return { client, records, c, createTask };
}

async function refusal(promise: Promise<unknown>): Promise<ProtocolError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProtocolError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('2025-11-25 task methods', { timeout: 30_000 }, () => {
  it('an unknown task id is named in the refusal, cut to 80 characters', async () => {
    const { client } = await connect(fakeJobs());
    const long = `t${'x'.repeat(200)}`;
    for (const method of ['tasks/get', 'tasks/result', 'tasks/cancel'] as const) {
      const error = await refusal(
        client.request({ method, params: { taskId: long } }, GetTaskResultSchema.passthrough()),
      );
      expect(error.code).toBe(-32602);
      expect(error.message).toBe(
        `Task not found: ${JSON.stringify(long.slice(0, 80))} (unknown, expired, or created by other credentials)`,
      );
    }
  });

  it('tasks/update does not exist before the extension: -32601', async () => {
    const { client, createTask } = await connect(fakeJobs(2));
    const { task } = await createTask();
    const error = await refusal(
      client.request(
        { method: 'tasks/update', params: { taskId: task.taskId, inputResponses: {} } },
        GetTaskResultSchema.passthrough(),
      ),
    );
    expect(error.code).toBe(-32601);
    expect(error.message).toBe('Method not found: tasks/update');
  });

  it('cancelling an ended task names its status; cancelling a running one answers the cancelled task', async () => {
    const { client, createTask } = await connect(fakeJobs(Number.POSITIVE_INFINITY));
    const { task } = await createTask();
    const cancelled = await client.request(
      { method: 'tasks/cancel', params: { taskId: task.taskId } },
      CancelTaskResultSchema,
    );
    expect(cancelled).toMatchObject({ taskId: task.taskId, status: 'cancelled' });
    const again = await refusal(
      client.request({ method: 'tasks/cancel', params: { taskId: task.taskId } }, CancelTaskResultSchema),
    );
    expect(again.code).toBe(-32602);
    expect(again.message).toBe('Cannot cancel task in terminal status: cancelled');
  });

  it('tasks/list pages by 50: nextCursor only while more are left', async () => {
    const { client, createTask } = await connect(fakeJobs(Number.POSITIVE_INFINITY));
    const one = await createTask();
    const first = await client.request({ method: 'tasks/list', params: {} }, ListTasksResultSchema);
    expect(first.tasks.map((t) => t.taskId)).toEqual([one.task.taskId]);
    expect(first).not.toHaveProperty('nextCursor');
    for (let i = 0; i < 50; i++) await createTask();
    const page = await client.request({ method: 'tasks/list', params: {} }, ListTasksResultSchema);
    expect(page.tasks).toHaveLength(50);
    expect(typeof page.nextCursor).toBe('string');
    const next = await client.request(
      { method: 'tasks/list', params: { cursor: page.nextCursor } },
      ListTasksResultSchema,
    );
    expect(next.tasks).toHaveLength(1);
    expect(next).not.toHaveProperty('nextCursor');
  });

  it('a blocked tasks/result looks at the store once a poll interval, not in a busy loop', async () => {
    // The job's own polls 5 s apart: the reads in this second are the waiting tasks/result's.
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const { client, records, createTask, c } = await connect(
      jobs,
      { OBMCP_TASK_POLL_INTERVAL_MS: '200' },
      5_000,
    );
    const { task } = await createTask();
    await new Promise((r) => setTimeout(r, 100));
    const read = vi.spyOn(records, 'read');
    const waiting = client.request(
      { method: 'tasks/result', params: { taskId: task.taskId } },
      CallToolResultSchema,
    );
    await new Promise((r) => setTimeout(r, 1_000));
    const reads = read.mock.calls.length;
    // About five looks at 200 ms (never every 50 ms, never a busy loop), at least one.
    expect(reads).toBeGreaterThanOrEqual(1);
    expect(reads).toBeLessThanOrEqual(12);
    await c.tasks.storeFor('local').updateTaskStatus(task.taskId, 'cancelled');
    await waiting.catch(() => undefined);
  });

  it('a tasks/result the client gives up on stops looking at the store', async () => {
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const { client, records, createTask, c } = await connect(
      jobs,
      { OBMCP_TASK_POLL_INTERVAL_MS: '100' },
      5_000,
    );
    const { task } = await createTask();
    const stop = new AbortController();
    const waiting = client
      .request({ method: 'tasks/result', params: { taskId: task.taskId } }, CallToolResultSchema, {
        signal: stop.signal,
      })
      .catch((error: unknown) => error);
    await new Promise((r) => setTimeout(r, 300));
    stop.abort('done waiting');
    await waiting;
    // The job polls 5 s apart: from now on only a tasks/result still looping would read the record.
    const read = vi.spyOn(records, 'read');
    await new Promise((r) => setTimeout(r, 500));
    expect(read).not.toHaveBeenCalled();
    await c.tasks.storeFor('local').updateTaskStatus(task.taskId, 'cancelled');
  });
});
