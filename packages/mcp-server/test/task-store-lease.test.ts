// The task store when processes stop, race or hand over: a lapsed lease ends a task failed, a handed-over task is
// resumed exactly once, a cancel reaches the runner, input requests wait for their answers, and a record that
// vanishes between a read and a write is "not found", never a crash.
import { ProtocolError } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { MemoryTaskRecords } from '../src/tasks/memory-task-records.js';
import { ScopedTaskStore, type TaskResumer } from '../src/tasks/scoped-task-store.js';
import type { OrphanOutcome, ReplaceOutcome, TaskRecord } from '../src/tasks/task-records.js';
import { leaseHoldMs, readTaskSettings } from '../src/tasks/task-settings.js';

const settings = readTaskSettings({});
const HOLD = leaseHoldMs(settings);

/** Memory records whose next replace/endOrphan answers can be scripted (a record that changed on another replica). */
class ScriptedRecords extends MemoryTaskRecords {
  replaces: ReplaceOutcome[] = [];
  listFailure: Error | undefined;
  override async list(owner: string, cursor: string | undefined, pageSize: number) {
    if (this.listFailure) throw this.listFailure;
    return super.list(owner, cursor, pageSize);
  }
  orphans: OrphanOutcome[] = [];
  leaseLies = 0;
  override async replace(record: TaskRecord): Promise<ReplaceOutcome> {
    return this.replaces.shift() ?? super.replace(record);
  }
  override async endOrphan(ended: TaskRecord): Promise<OrphanOutcome> {
    const scripted = this.orphans.shift();
    if (scripted === 'missing') await this.close();
    return scripted ?? super.endOrphan(ended);
  }
  /** The next `leaseLies` reads of a lease say it lapsed (the runner renews it right after). */
  override async leaseHeld(taskId: string): Promise<boolean> {
    if (this.leaseLies > 0) {
      this.leaseLies--;
      return false;
    }
    return super.leaseHeld(taskId);
  }
}

function setup(resumer?: TaskResumer) {
  const clock = { now: 1_800_000_000_000 };
  const records = new ScriptedRecords(100, () => clock.now);
  const store = new ScopedTaskStore(records, 'auth:alice', settings, () => clock.now, undefined, resumer);
  return { clock, records, store };
}

async function refused(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProtocolError);
  return (error as Error).message;
}

describe('a running task whose lease lapsed', () => {
  it('is working until its lease ends exactly, then failed with no result', async () => {
    const { clock, store } = setup();
    const task = await store.open('t', { ttl: 600_000 });
    clock.now += HOLD - 1;
    expect((await store.getTask(task.taskId))?.status).toBe('working');
    clock.now += 1;
    const failed = await store.getTask(task.taskId);
    expect(failed?.status).toBe('failed');
    expect(failed?.lastUpdatedAt).toBe(new Date(clock.now).toISOString());
    expect(await refused(store.getTaskResult(task.taskId))).toBe(
      `Task ${task.taskId} is failed: it has no result`,
    );
    expect((await store.listTasks()).tasks.map((t) => t.status)).toEqual(['failed']);
  });

  it('a task that ended keeps its end after the lease', async () => {
    const { clock, store } = setup();
    const task = await store.open('t', { ttl: 600_000 });
    await store.storeTaskResult(task.taskId, 'completed', { content: [] });
    clock.now += HOLD;
    expect((await store.getTask(task.taskId))?.status).toBe('completed');
  });

  it('renewed by its runner while this read ended it: shown as it is, still working', async () => {
    const { clock, records, store } = setup();
    const task = await store.open('t', { ttl: 600_000 });
    clock.now += HOLD;
    records.orphans.push('held');
    expect((await store.getTask(task.taskId))?.status).toBe('working');
  });

  it('expired meanwhile: not found, and left out of the list', async () => {
    const { clock, records, store } = setup();
    const task = await store.open('t', { ttl: 600_000 });
    clock.now += HOLD;
    records.orphans.push('missing');
    expect(await store.getTask(task.taskId)).toBeNull();
    const other = await store.open('t', { ttl: 600_000 });
    await store.open('t', { ttl: 600_000 });
    clock.now += HOLD;
    records.orphans.push('missing');
    expect((await store.listTasks()).tasks).toEqual([]);
    expect(other.status).toBe('working');
  });

  it('the runner renewing right after a stall: the process running it still sees it working (peek)', async () => {
    const { clock, records, store } = setup();
    const task = await store.open('t', { ttl: 600_000 });
    clock.now += HOLD;
    expect((await store.peek(task.taskId))?.task.status).toBe('working');
    await records.renewLeases([task.taskId], settings.leaseMs);
    expect((await store.getTask(task.taskId))?.status).toBe('working');
  });
});

describe('a task handed over by a replica that shut down', () => {
  async function handedOver(resumer?: TaskResumer) {
    const s = setup(resumer);
    const task = await s.store.open('t', { ttl: 600_000 });
    const record = (await s.store.peek(task.taskId)) as TaskRecord;
    expect(await s.records.handOver({ ...record, handover: { arguments: { id: 1 } } })).toBe('ok');
    return { ...s, task };
  }

  it('a process that cannot resume it leaves it working for another replica', async () => {
    const { store, task } = await handedOver();
    expect((await store.getTask(task.taskId))?.status).toBe('working');
    const closing = await handedOver({ accepting: () => false, resume: () => undefined });
    expect((await closing.store.getTask(closing.task.taskId))?.status).toBe('working');
    expect((await closing.store.peek(closing.task.taskId))?.handover).toEqual({ arguments: { id: 1 } });
  });

  it('two reads at once resume it exactly once, with its arguments', async () => {
    const resumed: unknown[] = [];
    const { store, task } = await handedOver({ accepting: () => true, resume: (_r, h) => resumed.push(h) });
    const [a, b] = await Promise.all([store.getTask(task.taskId), store.getTask(task.taskId)]);
    expect([a?.status, b?.status]).toEqual(['working', 'working']);
    expect(resumed).toEqual([{ arguments: { id: 1 } }]);
    expect((await store.peek(task.taskId))?.handover).toBeUndefined();
  });
});

describe('status changes', () => {
  it('a running task still expires on its own ttl, however often its status changes', async () => {
    const { clock, store } = setup();
    const task = await store.open('t', { ttl: 60_000 });
    clock.now += 50_000;
    await store.updateTaskStatus(task.taskId, 'working', 'still polling');
    clock.now += 10_000;
    expect(await store.getTask(task.taskId)).toBeNull();
  });

  it('only a cancel reaches the runner; ending a task otherwise announces nothing', async () => {
    const { records, store } = setup();
    const announced: string[] = [];
    records.onCancel((id) => {
      announced.push(id);
      void records.annotateCancelled(id, 'cancelled upstream');
    });
    const done = await store.open('t', { ttl: 60_000 });
    await store.updateTaskStatus(done.taskId, 'completed', 'done');
    const failed = await store.open('t', { ttl: 60_000 });
    await store.updateTaskStatus(failed.taskId, 'failed');
    const cancelled = await store.open('t', { ttl: 60_000 });
    await store.updateTaskStatus(cancelled.taskId, 'cancelled', 'cancelling');
    expect(announced).toEqual([cancelled.taskId]);
    expect((await store.getTask(cancelled.taskId))?.statusMessage).toBe('cancelled upstream');
    expect((await store.getTask(done.taskId))?.statusMessage).toBe('done');
    expect(await store.getRecord(cancelled.taskId)).not.toHaveProperty('result');
  });

  it('a cancelled task that expires while the cancel waits for its runner ends the wait', async () => {
    const { clock, records, store } = setup();
    const task = await store.open('t', { ttl: 1_000 });
    records.onCancel(() => {
      clock.now += 1_000;
    });
    const started = Date.now();
    await store.updateTaskStatus(task.taskId, 'cancelled', 'cancelling');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await store.getTask(task.taskId)).toBeNull();
  });

  it('a cancel of a task whose runner is gone does not wait for it', async () => {
    const { clock, store } = setup();
    const task = await store.open('t', { ttl: 600_000 });
    clock.now += HOLD;
    const started = Date.now();
    await store.updateTaskStatus(task.taskId, 'cancelled', 'cancelling');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await store.getTask(task.taskId))?.status).toBe('cancelled');
  });

  it('a record that vanished or ended between the read and the write: not found, or already ended', async () => {
    const { records, store } = setup();
    const task = await store.open('t', { ttl: 60_000 });
    const notFound = /^Task not found/;
    records.replaces.push('missing');
    expect(await refused(store.updateTaskStatus(task.taskId, 'working'))).toMatch(notFound);
    records.replaces.push('missing');
    expect(await refused(store.storeTaskResult(task.taskId, 'completed', { content: [] }))).toMatch(notFound);
    records.replaces.push('missing');
    expect(await refused(store.askInput(task.taskId, { a: {} }))).toMatch(notFound);
    records.replaces.push('terminal');
    expect(await refused(store.askInput(task.taskId, { a: {} }))).toBe(
      `Task ${task.taskId} has already ended: it cannot become input_required`,
    );
  });
});

describe('input requests (tasks/update)', () => {
  it('the task waits, naming what it waits for; answers to keys it did not ask are ignored', async () => {
    const { clock, store } = setup();
    const task = await store.open('t', { ttl: 60_000 });
    clock.now += 1_000;
    await store.askInput(task.taskId, { region: { q: 1 }, profile: { q: 2 } });
    expect(await store.getTask(task.taskId)).toMatchObject({
      status: 'input_required',
      statusMessage: 'waiting for input: region, profile',
      lastUpdatedAt: new Date(clock.now).toISOString(),
    });
    expect(await store.takeInput(task.taskId)).toBeUndefined();
    await store.answerInput(task.taskId, { region: 'eu', bogus: 'x' });
    expect(await store.takeInput(task.taskId)).toBeUndefined();
    expect((await store.getRecord(task.taskId))?.inputRequests).toEqual({ profile: { q: 2 } });
    await store.answerInput(task.taskId, { profile: '123' });
    expect(await store.takeInput(task.taskId)).toEqual({ region: 'eu', profile: '123' });
    const back = await store.getRecord(task.taskId);
    expect(back?.task).toMatchObject({ status: 'working', statusMessage: 'input received' });
    expect(back).not.toHaveProperty('inputRequests');
    expect(back).not.toHaveProperty('inputResponses');
  });

  it('answers to a task that asked nothing change nothing; a new question drops old answers', async () => {
    const { store } = setup();
    const task = await store.open('t', { ttl: 60_000 });
    await store.answerInput(task.taskId, { region: 'eu' });
    expect(await store.getRecord(task.taskId)).not.toHaveProperty('inputResponses');
    expect(await store.takeInput(task.taskId)).toBeUndefined();
    await store.askInput(task.taskId, { region: {} });
    await store.answerInput(task.taskId, { region: 'eu' });
    await store.askInput(task.taskId, { region: {} });
    expect(await store.getRecord(task.taskId)).not.toHaveProperty('inputResponses');
  });

  it('an ended task takes no input; a task that ends while its input is taken says so', async () => {
    const { records, store } = setup();
    const task = await store.open('t', { ttl: 60_000 });
    await store.askInput(task.taskId, { region: {} });
    await store.answerInput(task.taskId, { region: 'eu' });
    records.replaces.push('terminal');
    expect(await refused(store.takeInput(task.taskId))).toBe(
      `Task ${task.taskId} has already ended: it cannot become working`,
    );
    await store.updateTaskStatus(task.taskId, 'failed');
    expect(await refused(store.takeInput(task.taskId))).toBe(
      `Task ${task.taskId} has already ended: it cannot become working`,
    );
    await store.answerInput(task.taskId, { region: 'us' });
    expect((await store.getRecord(task.taskId))?.inputResponses).toEqual({ region: 'eu' });
  });
});

describe('guards behind the usual path', () => {
  it('a task no longer waiting for input takes no answers, even with requests left on its record', async () => {
    const { records, store } = setup();
    const task = await store.open('t', { ttl: 60_000 });
    const record = (await store.peek(task.taskId)) as TaskRecord;
    await records.replace({ ...record, inputRequests: { region: {} } });
    await store.answerInput(task.taskId, { region: 'eu' });
    expect(await store.getRecord(task.taskId)).not.toHaveProperty('inputResponses');
    await records.replace({ ...record, task: { ...record.task, status: 'input_required' } });
    await store.answerInput(task.taskId, { region: 'eu' });
    expect(await store.getRecord(task.taskId)).not.toHaveProperty('inputResponses');
  });

  it('an ended task with questions still open gives no input', async () => {
    const { store } = setup();
    const task = await store.open('t', { ttl: 60_000 });
    await store.askInput(task.taskId, { region: {} });
    await store.updateTaskStatus(task.taskId, 'failed');
    expect(await refused(store.takeInput(task.taskId))).toBe(
      `Task ${task.taskId} has already ended: it cannot become working`,
    );
  });

  it('a store that fails to list passes its own error on (only an unknown cursor is -32602)', async () => {
    const { records, store } = setup();
    records.listFailure = new Error('redis down');
    const error = await store.listTasks().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).not.toBeInstanceOf(ProtocolError);
    expect((error as Error).message).toBe('redis down');
  });
});

describe('memory records', () => {
  it('claims only a handed-over task that is still running and known', async () => {
    let now = 1_000_000;
    const records = new MemoryTaskRecords(10, () => now);
    const record: TaskRecord = {
      task: { taskId: 'c', status: 'working', ttl: 1_000, createdAt: '', lastUpdatedAt: '' },
      owner: 'o',
      expiresAt: now + 600_000,
    };
    expect(await records.claimHandover(record, 60_000)).toBe(false);
    await records.insert(record, 60_000);
    now += 60_000;
    expect(await records.claimHandover(record, 60_000)).toBe(false);
    await records.replace({
      ...record,
      task: { ...record.task, status: 'completed' },
      handover: { arguments: {} },
    });
    expect(await records.claimHandover(record, 60_000)).toBe(false);
  });

  it('annotates a cancelled task', async () => {
    const records = new MemoryTaskRecords(10);
    const record: TaskRecord = {
      task: { taskId: 'd', status: 'working', ttl: 1_000, createdAt: '', lastUpdatedAt: '' },
      owner: 'o',
      expiresAt: Date.now() + 60_000,
    };
    await records.insert(record, 60_000);
    await records.replace({ ...record, task: { ...record.task, status: 'cancelled' } });
    expect(await records.annotateCancelled('d', 'cancelled upstream')).toBe(true);
    expect((await records.read('d'))?.task.statusMessage).toBe('cancelled upstream');
  });

  it('a lease and a replace of an unknown task, an annotation of a task not cancelled', async () => {
    const records = new MemoryTaskRecords(10);
    const record: TaskRecord = {
      task: { taskId: 'a', status: 'working', ttl: 1_000, createdAt: '', lastUpdatedAt: '' },
      owner: 'o',
      expiresAt: Date.now() + 60_000,
    };
    expect(await records.replace(record)).toBe('missing');
    await records.renewLeases(['a'], 60_000);
    expect(await records.leaseHeld('a')).toBe(false);
    expect(await records.insert(record, 60_000)).toBe(true);
    expect(await records.endOrphan({ ...record, task: { ...record.task, status: 'failed' } })).toBe('held');
    expect(await records.annotateCancelled('a', 'x')).toBe(false);
    expect(await records.annotateCancelled('missing', 'x')).toBe(false);
    expect(await records.claimHandover(record, 60_000)).toBe(false);
    expect(await records.handOver({ ...record, handover: { arguments: {} } })).toBe('ok');
    expect(await records.leaseHeld('a')).toBe(false);
    await records.replace({ ...record, task: { ...record.task, status: 'completed' } });
    expect(await records.handOver({ ...record, handover: { arguments: {} } })).toBe('terminal');
    expect(await records.claimHandover(record, 60_000)).toBe(false);
    await records.close();
    expect(await records.read('a')).toBeUndefined();
  });

  it('a handover is claimed once and not while its lease is held; a terminal hand-over is not', async () => {
    const records = new MemoryTaskRecords(10);
    const record: TaskRecord = {
      task: { taskId: 'b', status: 'working', ttl: 1_000, createdAt: '', lastUpdatedAt: '' },
      owner: 'o',
      expiresAt: Date.now() + 60_000,
    };
    await records.insert(record, 60_000);
    expect(await records.replace({ ...record, handover: { arguments: {} } })).toBe('ok');
    expect(await records.claimHandover(record, 60_000)).toBe(false);
    expect(await records.handOver({ ...record, handover: { arguments: {} } })).toBe('ok');
    expect(await records.claimHandover(record, 60_000)).toBe(true);
    expect(await records.leaseHeld('b')).toBe(true);
    expect(await records.claimHandover(record, 60_000)).toBe(false);
    const annotated = await records.annotateCancelled('b', 'x');
    expect(annotated).toBe(false);
  });

  it('a cancel announced reaches every listener', async () => {
    const records = new MemoryTaskRecords(10);
    const heard: string[] = [];
    records.onCancel((id) => heard.push(`1:${id}`));
    records.onCancel((id) => heard.push(`2:${id}`));
    await records.announceCancel('t1');
    expect(heard).toEqual(['1:t1', '2:t1']);
  });
});
