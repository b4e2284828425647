// MCP tasks through the real SDK Client over InMemoryTransport (stdio's shape): lifecycle, cancel, progress, bad input.
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/client';
import {
  CallToolResultSchema,
  CancelTaskResultSchema,
  CreateTaskResultSchema,
  GetTaskResultSchema,
  ListTasksResultSchema,
  ProgressNotificationParamsSchema,
  TaskStatusNotificationParamsSchema,
} from '@modelcontextprotocol/core';
import { ProtocolError, ProtocolErrorCode, type Task } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, test } from 'vitest';
import { exampleProfile, exampleTools } from '@obmcp/contract/internal/example/example-tools.js';
import { type ContractServer, createContractServer } from '../src/entries/server.js';
import type { Envelope } from '@obmcp/contract';
import { MemoryTaskRecords, readTaskSettings } from '../src/entries/tasks.js';
import { leaseHoldMs } from '../src/tasks/task-settings.js';
import { ScopedTaskStore } from '../src/tasks/scoped-task-store.js';
import { silentLogger } from '../src/entries/testing.js';
import { ownerLostRecord } from '../src/tasks/owner-lost.js';
import { expectSchemaValid, until as untilWithin } from './helpers.js';
import { type FakeJobs, fakeJobs, jobTool } from './job-tool.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** tasks/result re-reads the store every pollInterval: 100 ms keeps the tests short. */
function contract(jobs: FakeJobs, env: Record<string, string> = {}): ContractServer {
  return createContractServer({
    profile: exampleProfile,
    tools: [...exampleTools, jobTool(jobs)],
    env: { OBMCP_TASK_POLL_INTERVAL_MS: '100', ...env },
    logger: silentLogger,
  });
}

/** A client on a new server of `c`, as `owner`; it records every task status notification. */
async function connect(c: ContractServer, owner?: string) {
  const server = c.newServer(owner === undefined ? undefined : { owner });
  const client = new Client({ name: 'tasks-test', version: '0.0.0' });
  const statuses: Task[] = [];
  client.setNotificationHandler(
    'notifications/tasks/status',
    { params: TaskStatusNotificationParamsSchema },
    (params) => {
      statuses.push(params as Task);
    },
  );
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  closers.push(async () => {
    await client.close();
    await server.close();
  });
  const createTask = (args: Record<string, unknown> = {}, task: Record<string, unknown> = { ttl: 60_000 }) =>
    client.request(
      { method: 'tools/call', params: { name: 'run_job', arguments: args, task } },
      CreateTaskResultSchema,
    );
  const getTask = (taskId: string) =>
    client.request({ method: 'tasks/get', params: { taskId } }, GetTaskResultSchema);
  const result = (taskId: string) =>
    client.request({ method: 'tasks/result', params: { taskId } }, CallToolResultSchema);
  const cancel = (taskId: string) =>
    client.request({ method: 'tasks/cancel', params: { taskId } }, CancelTaskResultSchema);
  const list = () => client.request({ method: 'tasks/list', params: {} }, ListTasksResultSchema);
  return { client, statuses, createTask, getTask, result, cancel, list };
}

/** This file's waits fail after 5 s. */
const until = (check: () => boolean, what: string, ms = 5_000) => untilWithin(check, what, ms);

async function rejection(promise: Promise<unknown>): Promise<ProtocolError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProtocolError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('discovery', { timeout: 30_000 }, () => {
  test('capabilities advertise tasks; only the waiting tool declares execution.taskSupport', async () => {
    const { client } = await connect(contract(fakeJobs()));
    expect(client.getServerCapabilities()?.tasks).toEqual({
      list: {},
      cancel: {},
      requests: { tools: { call: {} } },
    });
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === 'run_job')?.execution).toEqual({ taskSupport: 'optional' });
    expect(tools.filter((t) => t.execution !== undefined).map((t) => t.name)).toEqual(['run_job']);
  });
});

describe('a task run to completion', { timeout: 30_000 }, () => {
  test('CreateTaskResult at once, status notifications in order, tasks/result is the tool result with its _meta', async () => {
    const jobs = fakeJobs(4);
    const { statuses, createTask, getTask, result } = await connect(contract(jobs));
    const created = await createTask({});
    expect(created.task).toMatchObject({ status: 'working', ttl: 60_000 });
    const { taskId } = created.task;
    const final = await result(taskId);
    expect(final.isError).toBeUndefined();
    expect(final.structuredContent).toMatchObject({ status: 'DONE', polls: 4 });
    expect(final._meta?.['io.modelcontextprotocol/related-task']).toEqual({ taskId });
    expect((await getTask(taskId)).status).toBe('completed');
    await until(() => statuses.at(-1)?.status === 'completed', 'the completed notification');
    expect(statuses.map((s) => `${s.status}:${s.statusMessage ?? ''}`)).toEqual([
      'working:QUEUED',
      'working:RUNNING (50%)',
      'working:RUNNING (75%)',
      'working:DONE',
      'completed:DONE',
    ]);
    expect(statuses.every((s) => s.taskId === taskId)).toBe(true);
  });

  test('a failing task ends failed; its result is the v1 envelope (isError), like an inline call', async () => {
    const jobs = fakeJobs(2);
    const { createTask, getTask, result, client } = await connect(contract(jobs));
    const { task } = await createTask({ fail: true });
    const final = await result(task.taskId);
    expect(final.isError).toBe(true);
    const first = final.content[0];
    if (first?.type !== 'text') throw new Error('expected text');
    const envelope = JSON.parse(first.text) as Envelope;
    expectSchemaValid(envelope);
    expect(envelope).toMatchObject({ error_kind: 'sp_api_http', tool: 'run_job' });
    expect((await getTask(task.taskId)).status).toBe('failed');
    const inline = await client.callTool({ name: 'run_job', arguments: { fail: true } });
    const inlineText = (inline.content as { text: string }[])[0]?.text ?? '';
    expect(JSON.parse(inlineText).error_code).toBe(envelope.error_code);
  });

  test('an unknown tool as a task fails with the tool_not_found envelope, not a crash', async () => {
    const { client } = await connect(contract(fakeJobs()));
    const { task } = await client.request(
      { method: 'tools/call', params: { name: 'run_jbo', arguments: {}, task: {} } },
      CreateTaskResultSchema,
    );
    const final = await client.request(
      { method: 'tasks/result', params: { taskId: task.taskId } },
      CallToolResultSchema,
    );
    const text = (final.content as { text: string }[])[0]?.text ?? '';
    expect(JSON.parse(text)).toMatchObject({ error_code: 'TOOL_NOT_FOUND' });
  });
});

describe('cancel', { timeout: 30_000 }, () => {
  test('a task cancelled mid-poll makes no upstream request after the cancel and has no result', async () => {
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const { createTask, cancel, getTask, result, statuses } = await connect(contract(jobs));
    const { task } = await createTask({});
    await until(() => jobs.requests.length >= 3, 'three polls');
    const cancelled = await cancel(task.taskId);
    expect(cancelled.status).toBe('cancelled');
    // The answer says what happened upstream: this job has no cancel.
    expect(cancelled.statusMessage).toBe(
      'cancelled by the client; no upstream cancel was sent (this tool has none: a job it started may still run upstream)',
    );
    expect(jobs.cancels).toBe(0);
    const seen = jobs.requests.length;
    await new Promise((r) => setTimeout(r, 150));
    expect(jobs.requests.length).toBe(seen);
    expect((await getTask(task.taskId)).status).toBe('cancelled');
    const error = await rejection(result(task.taskId));
    expect(error.code).toBe(ProtocolErrorCode.InvalidParams);
    expect(error.message).toMatch(/was cancelled before it finished/);
    expect(statuses.some((s) => s.status === 'completed' || s.status === 'failed')).toBe(false);
  });

  test('a job whose API can cancel it is cancelled upstream, and the tasks/cancel answer says so', async () => {
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const { createTask, cancel, getTask } = await connect(contract(jobs));
    const { task } = await createTask({ cancellable: true });
    await until(() => jobs.requests.length >= 2, 'two polls');
    const cancelled = await cancel(task.taskId);
    expect(jobs.cancels).toBe(1);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.statusMessage).toBe('cancelled by the client; job J1 cancelled upstream (cancelJob)');
    expect((await getTask(task.taskId)).statusMessage).toBe(cancelled.statusMessage);
  });

  test('cancelling a finished task is -32602 and the result stays', async () => {
    const { createTask, cancel, result } = await connect(contract(fakeJobs(2)));
    const { task } = await createTask({});
    await result(task.taskId);
    const error = await rejection(cancel(task.taskId));
    expect(error.code).toBe(ProtocolErrorCode.InvalidParams);
    expect(error.message).toMatch(/terminal status: completed/);
    expect((await result(task.taskId)).structuredContent).toMatchObject({ status: 'DONE' });
  });
});

describe('inline progress (no task)', { timeout: 30_000 }, () => {
  test('a call with a progressToken gets notifications/progress per status, increasing; the result is unchanged', async () => {
    const jobs = fakeJobs(4);
    const { client } = await connect(contract(jobs));
    const seen: { progress: number; total?: number; message?: string }[] = [];
    const result = await client.callTool(
      { name: 'run_job', arguments: {} },
      {
        onprogress: (p) => seen.push(p),
      },
    );
    expect(result.structuredContent).toMatchObject({ status: 'DONE', polls: 4 });
    expect(seen.map((p) => p.message)).toEqual(['QUEUED', 'RUNNING (50%)', 'RUNNING (75%)', 'DONE']);
    const values = seen.map((p) => p.progress);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(new Set(values).size).toBe(values.length);
    const plain = await client.callTool({ name: 'run_job', arguments: {} });
    expect(plain.structuredContent).toMatchObject({ status: 'DONE', polls: 4 });
  });
});

describe('progress of a task', { timeout: 30_000 }, () => {
  test('a task created with a progressToken sends notifications/progress with that token until it ends', async () => {
    const jobs = fakeJobs(4);
    const c = contract(jobs);
    const { client, createTask, result } = await connect(c);
    const seen: { progressToken: unknown; progress: number; message?: string }[] = [];
    client.setNotificationHandler(
      'notifications/progress',
      { params: ProgressNotificationParamsSchema },
      (params) => {
        seen.push(params as never);
      },
    );
    const { task } = await client.request(
      {
        method: 'tools/call',
        params: {
          name: 'run_job',
          arguments: {},
          task: { ttl: 60_000 },
          _meta: { progressToken: 'task-progress-1' },
        },
      },
      CreateTaskResultSchema,
    );
    await result(task.taskId);
    await until(() => seen.length >= 4, 'four progress notifications');
    expect(seen.map((p) => p.progressToken)).toEqual(Array(seen.length).fill('task-progress-1'));
    expect(seen.map((p) => p.message)).toEqual(['QUEUED', 'RUNNING (50%)', 'RUNNING (75%)', 'DONE']);
    // Without a token, none.
    const quiet: unknown[] = [];
    client.setNotificationHandler(
      'notifications/progress',
      { params: ProgressNotificationParamsSchema },
      (p) => {
        quiet.push(p);
      },
    );
    const plain = await createTask({});
    await result(plain.task.taskId);
    expect(quiet).toEqual([]);
  });
});

describe('bad input', { timeout: 30_000 }, () => {
  test('an unknown task id: -32602 on get, result and cancel', async () => {
    const { getTask, result, cancel } = await connect(contract(fakeJobs()));
    for (const request of [getTask('nope'), result('nope'), cancel('nope')]) {
      const error = await rejection(request);
      expect(error.code).toBe(ProtocolErrorCode.InvalidParams);
      expect(error.message).toMatch(/not found/i);
    }
  });

  test("another owner's task is not found and not listed", async () => {
    const c = contract(fakeJobs(2));
    const alice = await connect(c, 'auth:alice');
    const bob = await connect(c, 'auth:bob');
    const { task } = await alice.createTask({});
    await alice.result(task.taskId);
    for (const request of [bob.getTask(task.taskId), bob.result(task.taskId), bob.cancel(task.taskId)]) {
      expect((await rejection(request)).code).toBe(ProtocolErrorCode.InvalidParams);
    }
    expect((await bob.list()).tasks).toEqual([]);
    expect((await alice.list()).tasks.map((t) => t.taskId)).toEqual([task.taskId]);
  });

  test("another owner's running task: get, result, cancel answer exactly as for an unknown id; list omits it; it runs on", async () => {
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const c = contract(jobs);
    const alice = await connect(c, 'auth:alice');
    const bob = await connect(c, 'auth:bob');
    const { task } = await alice.createTask({});
    await until(() => jobs.requests.length >= 2, 'two polls');
    const unknown = '00000000-0000-4000-8000-00000000dead';
    const as = (error: ProtocolError, id: string) => ({
      code: error.code,
      message: error.message.replace(id, 'ID'),
    });
    for (const [path, call] of [
      ['get', bob.getTask],
      ['result', bob.result],
      ['cancel', bob.cancel],
    ] as const) {
      const other = as(await rejection(call(task.taskId)), task.taskId);
      const missing = as(await rejection(call(unknown)), unknown);
      expect({ path, ...other }).toEqual({ path, ...missing });
      expect(other.code).toBe(ProtocolErrorCode.InvalidParams);
    }
    expect((await bob.list()).tasks).toEqual([]);
    const seen = jobs.requests.length;
    await until(() => jobs.requests.length > seen, 'a poll after bob tried to cancel');
    expect((await alice.getTask(task.taskId)).status).toBe('working');
    expect((await alice.cancel(task.taskId)).status).toBe('cancelled');
  });

  test('a ttl out of range is -32602 naming the range; none gives the default', async () => {
    const { createTask } = await connect(contract(fakeJobs(2)));
    for (const ttl of [0, -5, 1.5, 999, 8 * 24 * 3_600_000]) {
      const error = await rejection(createTask({}, { ttl }));
      expect(error.code).toBe(ProtocolErrorCode.InvalidParams);
      expect(error.message).toContain(
        'task.ttl must be a whole number of milliseconds from 1000 to 86400000',
      );
    }
    expect((await createTask({}, {})).task.ttl).toBe(3_600_000);
  });

  test('an operator who lowers the longest ttl lowers the default too: no task outlives OBMCP_TASK_MAX_TTL_MS', async () => {
    const { createTask } = await connect(contract(fakeJobs(2), { OBMCP_TASK_MAX_TTL_MS: '600000' }));
    expect((await createTask({}, {})).task.ttl).toBe(600_000);
    const error = await rejection(createTask({}, { ttl: 600_001 }));
    expect(error.message).toContain('task.ttl must be a whole number of milliseconds from 1000 to 600000');
  });

  test('tasks/result before completion waits for the end, then answers the result', async () => {
    const jobs = fakeJobs(6);
    const { createTask, result } = await connect(contract(jobs));
    const { task } = await createTask({});
    expect(jobs.requests.length).toBeLessThan(6);
    const final = await result(task.taskId);
    expect(final.structuredContent).toMatchObject({ status: 'DONE', polls: 6 });
  });

  test('a task-augmented call of a tool without taskSupport is -32601', async () => {
    const { client } = await connect(contract(fakeJobs()));
    const error = await rejection(
      client.request(
        { method: 'tools/call', params: { name: exampleTools[0]?.name ?? '', arguments: {}, task: {} } },
        CreateTaskResultSchema,
      ),
    );
    expect(error.code).toBe(ProtocolErrorCode.MethodNotFound);
    expect(error.message).toMatch(/does not support task-augmented calls/);
  });

  test('the store is bounded: beyond OBMCP_TASK_MAX_TASKS creation is refused with a clear error', async () => {
    const { createTask } = await connect(contract(fakeJobs(2), { OBMCP_TASK_MAX_TASKS: '2' }));
    await createTask({});
    await createTask({});
    const error = await rejection(createTask({}));
    expect(error.message).toMatch(/Too many live tasks \(2\)/);
  });

  test('a result larger than OBMCP_TASK_MAX_RESULT_BYTES is kept as a failed envelope saying so', async () => {
    const { createTask, result, getTask } = await connect(
      contract(fakeJobs(2), { OBMCP_TASK_MAX_RESULT_BYTES: '2048' }),
    );
    const { task } = await createTask({ size: 5000 });
    const final = await result(task.taskId);
    expect(final.isError).toBe(true);
    const envelope = JSON.parse((final.content as { text: string }[])[0]?.text ?? '') as Envelope;
    expectSchemaValid(envelope);
    expect(envelope.summary).toMatch(/exceeds the task store's bound \(2048 bytes\)/);
    expect((await getTask(task.taskId)).status).toBe('failed');
  });
});

describe('memory records keep a result for its ttl, then forget it', { timeout: 30_000 }, () => {
  test('expiry counts from the end of the task', async () => {
    let now = 1_000_000;
    const clock = () => now;
    const store = new ScopedTaskStore(new MemoryTaskRecords(10, clock), 'local', readTaskSettings({}), clock);
    const task = await store.createTask({ ttl: 10_000 });
    now += 9_000;
    await store.storeTaskResult(task.taskId, 'completed', { content: [] });
    now += 9_000;
    expect(await store.getTaskResult(task.taskId)).toEqual({ content: [] });
    now += 1_001;
    expect(await store.getTask(task.taskId)).toBeNull();
  });
});

describe('a task whose running process stopped renewing its lease ends failed (TASK_OWNER_LOST)', () => {
  const settings = { ...readTaskSettings({}), leaseMs: 3_000 };
  function lostStore() {
    let now = 1_000_000;
    const records = new MemoryTaskRecords(10, () => now);
    const store = new ScopedTaskStore(
      records,
      'local',
      settings,
      () => now,
      (record, at) => ownerLostRecord(record, exampleProfile, leaseHoldMs(settings), at),
    );
    return { records, store, advance: (ms: number) => (now += ms) };
  }

  test('working while the lease is renewed; failed with a v1 envelope once it lapses', async () => {
    const { records, store, advance } = lostStore();
    const task = await store.open('run_job', { ttl: 60_000 });
    advance(2_999);
    expect((await store.getTask(task.taskId))?.status).toBe('working');
    await records.renewLeases([task.taskId], leaseHoldMs(settings));
    // One lease without a renewal is only suspect (a store stall delays heartbeats too): still working.
    advance(4_500);
    expect((await store.getTask(task.taskId))?.status).toBe('working');
    advance(1_499);
    expect((await store.getTask(task.taskId))?.status).toBe('working');
    // Two leases without one: lost.
    advance(2);
    const lost = await store.getTask(task.taskId);
    expect(lost?.status).toBe('failed');
    expect(lost?.statusMessage).toMatch(/^lost: /);
    const result = (await store.getTaskResult(task.taskId)) as {
      isError?: boolean;
      content: { text: string }[];
    };
    expect(result.isError).toBe(true);
    const envelope = JSON.parse(result.content[0]?.text ?? '') as Envelope;
    expectSchemaValid(envelope);
    expect(envelope).toMatchObject({
      error_kind: exampleProfile.clientKind,
      error_code: 'TASK_OWNER_LOST',
      retryable: true,
      tool: 'run_job',
    });
    // The first end wins: a late result of the lost run does not replace the failure.
    await expect(store.storeTaskResult(task.taskId, 'completed', { content: [] })).rejects.toThrow(
      /already ended/,
    );
    expect((await store.getTask(task.taskId))?.status).toBe('failed');
  });

  test('tasks/list applies the lease rule like tasks/get: a lost task is listed failed, before any get', async () => {
    const { store, advance } = lostStore();
    const lost = await store.open('run_job', { ttl: 60_000 });
    advance(1_000);
    const alive = await store.open('run_job', { ttl: 60_000 });
    advance(5_001);
    const page = await store.listTasks();
    const byId = new Map(page.tasks.map((t) => [t.taskId, t]));
    expect(byId.get(lost.taskId)?.status).toBe('failed');
    expect(byId.get(lost.taskId)?.statusMessage).toMatch(/^lost: /);
    expect(byId.get(alive.taskId)?.status).toBe('working');
    // The list ended it in the store: get and result agree with what the list showed.
    expect((await store.getTask(lost.taskId))?.status).toBe('failed');
    const result = (await store.getTaskResult(lost.taskId)) as { content: { text: string }[] };
    expect(JSON.parse(result.content[0]?.text ?? '')).toMatchObject({ error_code: 'TASK_OWNER_LOST' });
  });

  test("another caller's reads never apply the lease rule to a task they cannot see", async () => {
    const { records, store, advance } = lostStore();
    const bob = new ScopedTaskStore(records, 'auth:bob', settings);
    const task = await store.open('run_job', { ttl: 60_000 });
    advance(6_001);
    expect(await bob.getTask(task.taskId)).toBeNull();
    await expect(bob.getTaskResult(task.taskId)).rejects.toThrow(/not found/i);
    expect((await bob.listTasks()).tasks).toEqual([]);
    expect((await records.read(task.taskId))?.task.status).toBe('working');
  });

  test('tasks/result on a task whose runner is gone ends failed instead of blocking until the ttl', async () => {
    const { store, advance } = lostStore();
    const task = await store.open('run_job', {});
    advance(6_001);
    const result = (await store.getTaskResult(task.taskId)) as { content: { text: string }[] };
    expect(JSON.parse(result.content[0]?.text ?? '')).toMatchObject({ error_code: 'TASK_OWNER_LOST' });
  });

  test('the server renews the leases of the tasks it runs: a task that outlives its lease completes', async () => {
    // 200 polls 15 ms apart: longer than two 1 s leases (the lease key's life), renewed every third of one.
    const jobs = fakeJobs(200);
    const { createTask, getTask, result } = await connect(contract(jobs, { OBMCP_TASK_LEASE_MS: '1000' }));
    const { task } = await createTask({});
    const final = await result(task.taskId);
    expect(jobs.requests.length).toBe(200);
    expect(final.isError).toBeUndefined();
    expect((await getTask(task.taskId)).status).toBe('completed');
  }, 30_000);
});

describe('shutdown drain (TaskRunner.drain)', { timeout: 30_000 }, () => {
  /** Two servers on one shared store (as two replicas on Redis): kind 'redis' lets a drain hand over. */
  function replicas(jobs: FakeJobs) {
    const records = new MemoryTaskRecords(100);
    Object.defineProperty(records, 'kind', { value: 'redis' });
    const make = () =>
      createContractServer({
        profile: exampleProfile,
        tools: [...exampleTools, jobTool(jobs)],
        env: { OBMCP_TASK_POLL_INTERVAL_MS: '100' },
        logger: silentLogger,
        taskRecords: records,
      });
    return { a: make(), b: make() };
  }
  const start = (c: ContractServer, args: Record<string, unknown>) =>
    c.tasks.start(
      { method: 'tools/call', params: { name: 'run_job', arguments: args, task: { ttl: 60_000 } } },
      'local',
      { send: async () => undefined },
    );

  test('a task that outlives the bound ends TASK_INTERRUPTED (retryable); no new task is taken', async () => {
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const { a } = replicas(jobs);
    const { task } = await start(a, {});
    await until(() => jobs.requests.length >= 2, 'two polls');
    const outcome = await a.tasks.drain('SIGTERM', 100);
    expect(outcome).toEqual({ finished: 0, handedOver: 0, interrupted: 1 });
    const store = a.tasks.storeFor('local');
    const ended = await store.getTask(task.taskId);
    expect(ended?.status).toBe('failed');
    expect(ended?.statusMessage).toMatch(/^interrupted: the server shut down \(SIGTERM\)/);
    const result = (await store.getTaskResult(task.taskId)) as { content: { text: string }[] };
    const envelope = JSON.parse(result.content[0]?.text ?? '') as Envelope;
    expectSchemaValid(envelope);
    expect(envelope).toMatchObject({ error_code: 'TASK_INTERRUPTED', retryable: true, tool: 'run_job' });
    const seen = jobs.requests.length;
    await new Promise((r) => setTimeout(r, 100));
    expect(jobs.requests.length).toBe(seen);
    await expect(start(a, {})).rejects.toThrow(/shutting down \(SIGTERM\): it takes no new task/);
  });

  test('a task that finishes within the bound completes as usual', async () => {
    const jobs = fakeJobs(5);
    const { a } = replicas(jobs);
    const { task } = await start(a, {});
    expect(await a.tasks.drain('SIGTERM', 10_000)).toEqual({ finished: 1, handedOver: 0, interrupted: 0 });
    expect((await a.tasks.storeFor('local').getTask(task.taskId))?.status).toBe('completed');
  });

  test('a resumable task is handed over: the other replica claims it at its first read and resumes it', async () => {
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const { a, b } = replicas(jobs);
    const { task } = await start(a, { resumable: true });
    await until(() => jobs.requests.length >= 2, 'two polls');
    expect(await a.tasks.drain('SIGTERM', 100)).toEqual({ finished: 0, handedOver: 1, interrupted: 0 });
    const onB = b.tasks.storeFor('local');
    const claimed = await onB.getTask(task.taskId);
    expect(claimed?.status).toBe('working');
    expect(claimed?.statusMessage).toMatch(/handed over to another replica/);
    expect(b.tasks.runningCount()).toBe(1);
    // Only one claimer: a second read runs nothing more.
    await onB.getTask(task.taskId);
    expect(b.tasks.runningCount()).toBe(1);
    jobs.pollsToFinish = 0;
    await until(() => b.tasks.runningCount() === 0, 'the resumed run to end');
    const result = (await onB.getTaskResult(task.taskId)) as { structuredContent?: unknown };
    expect(result.structuredContent).toMatchObject({ status: 'DONE', resumed: true });
  });

  test('a task whose tool reports reattach state is handed over with it: the resumed call gets call.reattach', async () => {
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const { a, b } = replicas(jobs);
    const { task } = await start(a, { reattachable: true });
    await until(() => jobs.requests.length >= 2, 'two polls');
    expect(await a.tasks.drain('SIGTERM', 100)).toEqual({ finished: 0, handedOver: 1, interrupted: 0 });
    const onB = b.tasks.storeFor('local');
    expect((await onB.getTask(task.taskId))?.status).toBe('working');
    expect(b.tasks.runningCount()).toBe(1);
    jobs.pollsToFinish = 0;
    await until(() => b.tasks.runningCount() === 0, 'the resumed run to end');
    const result = (await onB.getTaskResult(task.taskId)) as { structuredContent?: unknown };
    // The same arguments, and the job re-attached through the context (not an argument).
    expect(result.structuredContent).toMatchObject({ status: 'DONE', reattached: { jobId: 'J1' } });
    expect(result.structuredContent).not.toHaveProperty('resumed');
  });

  test('a task whose tool reports neither resume nor reattach is not handed over', async () => {
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const { a } = replicas(jobs);
    await start(a, {});
    await until(() => jobs.requests.length >= 2, 'two polls');
    expect(await a.tasks.drain('SIGTERM', 100)).toEqual({ finished: 0, handedOver: 0, interrupted: 1 });
  });
});
