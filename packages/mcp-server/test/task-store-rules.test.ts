// The task store as a client meets it through tasks/*: lifetimes it may ask for, how many tasks it may hold, pages of
// its own tasks, results kept for their ttl, and the answers for a task that has no result or has already ended.
import { ProtocolError } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { MemoryTaskRecords } from '../src/tasks/memory-task-records.js';
import { ScopedTaskStore } from '../src/tasks/scoped-task-store.js';
import { readTaskSettings } from '../src/tasks/task-settings.js';

/** Two callers' stores over one process's records, bounded as OBMCP_TASK_MAX_TASKS says (as the server builds them). */
function stores(maxTasks = 10, env: Record<string, string> = {}) {
  const clock = { now: 1_800_000_000_000 };
  const settings = readTaskSettings({ OBMCP_TASK_MAX_TASKS: String(maxTasks), ...env });
  const records = new MemoryTaskRecords(settings.maxTasks, () => clock.now);
  const store = (owner: string) => new ScopedTaskStore(records, owner, settings, () => clock.now);
  return { clock, records, settings, alice: store('auth:alice'), bob: store('auth:bob') };
}

/** The message of the -32602 (InvalidParams) a call is refused with. */
async function invalidParams(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProtocolError);
  expect((error as ProtocolError).code).toBe(-32602);
  return (error as Error).message;
}

describe('task lifetimes a client may ask for', () => {
  it('from one second to the longest the operator allows, whole milliseconds only; none gives the default', async () => {
    const { alice, settings } = stores(10, { OBMCP_TASK_MAX_TTL_MS: '600000' });
    expect((await alice.open('t', { ttl: 1_000 })).ttl).toBe(1_000);
    expect((await alice.open('t', { ttl: 600_000 })).ttl).toBe(600_000);
    expect((await alice.open('t', {})).ttl).toBe(settings.defaultTtlMs);
    expect((await alice.open('t', { ttl: null })).ttl).toBe(settings.defaultTtlMs);
    for (const ttl of [999, 600_001, 1_500.5])
      expect(await invalidParams(alice.open('t', { ttl }))).toContain(
        `task.ttl must be a whole number of milliseconds from 1000 to 600000 (got ${ttl})`,
      );
  });

  it('a new task is working, dated now, with the poll interval asked for or the server default', async () => {
    const { alice, clock, settings } = stores();
    const task = await alice.open('t', { ttl: 60_000, pollInterval: 2_500 });
    expect(task).toMatchObject({
      status: 'working',
      ttl: 60_000,
      pollInterval: 2_500,
      createdAt: new Date(clock.now).toISOString(),
      lastUpdatedAt: new Date(clock.now).toISOString(),
    });
    expect((await alice.open('t', {})).pollInterval).toBe(settings.pollIntervalMs);
    expect((await alice.getRecord(task.taskId))?.tool).toBe('t');
    const untooled = await alice.createTask({ ttl: 60_000 });
    expect(await alice.getRecord(untooled.taskId)).not.toHaveProperty('tool');
    const noParams = await alice.createTask({ ttl: 60_000 }, 1, { method: 'tools/call' });
    expect(await alice.getRecord(noParams.taskId)).not.toHaveProperty('tool');
    const oddName = await alice.createTask({ ttl: 60_000 }, 1, { method: 'tools/call', params: { name: 5 } });
    expect(await alice.getRecord(oddName.taskId)).not.toHaveProperty('tool');
    const named = await alice.createTask({ ttl: 60_000 }, 1, {
      method: 'tools/call',
      params: { name: 'run_job' },
    });
    expect((await alice.getRecord(named.taskId))?.tool).toBe('run_job');
  });

  it('a task is forgotten when its ttl runs out', async () => {
    const { alice, clock } = stores();
    const task = await alice.open('t', { ttl: 60_000 });
    clock.now += 59_999;
    expect(await alice.getTask(task.taskId)).not.toBeNull();
    clock.now += 1;
    expect(await alice.getTask(task.taskId)).toBeNull();
  });

  it('an ended task keeps its result for its ttl from the end, not from its start', async () => {
    const { alice, clock } = stores();
    const task = await alice.open('t', { ttl: 60_000 });
    clock.now += 50_000;
    await alice.storeTaskResult(task.taskId, 'completed', { content: [{ type: 'text', text: 'done' }] });
    clock.now += 59_000;
    expect(await alice.getTaskResult(task.taskId)).toEqual({ content: [{ type: 'text', text: 'done' }] });
    expect((await alice.getTask(task.taskId))?.lastUpdatedAt).toBe(
      new Date(clock.now - 59_000).toISOString(),
    );
    clock.now += 1_000;
    expect(await alice.getTask(task.taskId)).toBeNull();
  });
});

describe('how many live tasks a store keeps', () => {
  it('one more than the limit is refused, naming it; an expired task frees its place', async () => {
    const { alice, bob, clock } = stores(2);
    await alice.open('t', { ttl: 10_000 });
    await bob.open('t', { ttl: 60_000 });
    const error = await alice.open('t', { ttl: 60_000 }).then(
      () => undefined,
      (e: unknown) => e as ProtocolError,
    );
    expect(error?.code).toBe(-32600);
    expect(error?.message).toContain(
      'Too many live tasks (2): wait for some to end or expire, or call the tool without a task',
    );
    clock.now += 10_000;
    expect((await alice.open('t', { ttl: 60_000 })).status).toBe('working');
  });
});

describe('tasks/list', () => {
  it('pages of 50 of the caller’s own tasks; the last page has no cursor', async () => {
    const { alice, bob } = stores(200);
    const mine: string[] = [];
    for (let i = 0; i < 101; i++) {
      mine.push((await alice.open('t', { ttl: 60_000 })).taskId);
      if (i % 10 === 0) await bob.open('t', { ttl: 60_000 });
    }
    const first = await alice.listTasks();
    expect(first.tasks).toHaveLength(50);
    expect(first.nextCursor).toBe(mine[49]);
    const second = await alice.listTasks(first.nextCursor);
    expect(second.tasks.map((t) => t.taskId)).toEqual(mine.slice(50, 100));
    const third = await alice.listTasks(second.nextCursor);
    expect(third.tasks.map((t) => t.taskId)).toEqual(mine.slice(100));
    expect(third).not.toHaveProperty('nextCursor');
    expect((await bob.listTasks()).tasks).toHaveLength(11);
  });

  it('exactly one page: no cursor', async () => {
    const { alice } = stores(100);
    for (let i = 0; i < 50; i++) await alice.open('t', { ttl: 60_000 });
    const page = await alice.listTasks();
    expect(page.tasks).toHaveLength(50);
    expect(page).not.toHaveProperty('nextCursor');
  });

  it('a cursor that is not one of the caller’s tasks is -32602', async () => {
    const { alice, bob } = stores();
    const theirs = await bob.open('t', { ttl: 60_000 });
    await alice.open('t', { ttl: 60_000 });
    expect(await invalidParams(alice.listTasks('made-up'))).toContain('Unknown cursor "made-up"');
    expect(await invalidParams(alice.listTasks(theirs.taskId))).toContain('Unknown cursor');
  });

  it('lists expired tasks no more', async () => {
    const { alice, clock } = stores();
    await alice.open('t', { ttl: 10_000 });
    const lasting = await alice.open('t', { ttl: 60_000 });
    clock.now += 10_000;
    expect((await alice.listTasks()).tasks.map((t) => t.taskId)).toEqual([lasting.taskId]);
  });
});

describe('a task without a result, or already ended', () => {
  it('tasks/result of a working or cancelled task says why there is none', async () => {
    const { alice, records } = stores();
    const working = await alice.open('t', { ttl: 60_000 });
    expect(await invalidParams(alice.getTaskResult(working.taskId))).toBe(
      `Task ${working.taskId} is working: it has no result`,
    );
    // The runner answers the cancel at once (no wait for what it did upstream).
    records.onCancel((id) => void records.annotateCancelled(id, 'stopped by the user'));
    await alice.updateTaskStatus(working.taskId, 'cancelled', 'cancelling');
    expect(await invalidParams(alice.getTaskResult(working.taskId))).toBe(
      `Task ${working.taskId} was cancelled before it finished: it has no result`,
    );
    expect((await alice.getTask(working.taskId))?.statusMessage).toBe('stopped by the user');
  });

  it('an ended task keeps its first end; a later end or status is -32602', async () => {
    const { alice } = stores();
    const task = await alice.open('t', { ttl: 60_000 });
    await alice.finish(task.taskId, 'completed', { content: [] }, 'finished at shutdown');
    expect(await invalidParams(alice.storeTaskResult(task.taskId, 'failed', { content: [] }))).toBe(
      `Task ${task.taskId} has already ended: it cannot become failed`,
    );
    expect(await invalidParams(alice.updateTaskStatus(task.taskId, 'working'))).toBe(
      `Task ${task.taskId} has already ended: it cannot become working`,
    );
    expect(await alice.getTask(task.taskId)).toMatchObject({
      status: 'completed',
      statusMessage: 'finished at shutdown',
    });
  });

  it('a status update of a running task is seen by its owner, dated when it happened', async () => {
    const { alice, bob, clock } = stores();
    const task = await alice.open('t', { ttl: 60_000 });
    clock.now += 5_000;
    await alice.updateTaskStatus(task.taskId, 'working', 'polling upstream');
    expect(await alice.getTask(task.taskId)).toMatchObject({
      status: 'working',
      statusMessage: 'polling upstream',
      lastUpdatedAt: new Date(clock.now).toISOString(),
    });
    await alice.updateTaskStatus(task.taskId, 'working');
    expect((await alice.getTask(task.taskId))?.statusMessage).toBe('polling upstream');
    expect(await invalidParams(bob.updateTaskStatus(task.taskId, 'working', 'x'))).toContain(
      'Task not found',
    );
    expect((await alice.getTask(task.taskId))?.statusMessage).toBe('polling upstream');
  });

  it('an unknown task is not found everywhere, the id quoted and cut at 80 characters', async () => {
    const { alice } = stores();
    const long = 'x'.repeat(100);
    const message = `Task not found: ${JSON.stringify('x'.repeat(80))} (unknown, expired, or created by other credentials)`;
    expect(await invalidParams(alice.getTaskResult(long))).toBe(message);
    expect(await invalidParams(alice.updateTaskStatus(long, 'working'))).toBe(message);
    expect(await invalidParams(alice.updateTaskStatus(long, 'completed'))).toBe(message);
    expect(await invalidParams(alice.askInput(long, { a: {} }))).toBe(message);
    expect(await invalidParams(alice.answerInput(long, { a: 1 }))).toBe(message);
    expect(await invalidParams(alice.takeInput(long))).toBe(message);
    expect(await alice.getRecord(long)).toBeNull();
    expect(await alice.peek(long)).toBeUndefined();
  });
});
