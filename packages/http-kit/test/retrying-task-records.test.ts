// RetryingTaskRecords: each call reaches the store with the caller's own arguments (owner, ids), retried through a
// short outage, and answers what the store answered; a refusal that would be the same next time is not retried.
import type { TaskRecord, TaskRecords } from '@obmcp/mcp-server/tasks';
import { MemoryTaskRecords, UnknownCursorError } from '@obmcp/mcp-server/tasks';
import { describe, expect, it } from 'vitest';
import { RetryingTaskRecords } from '../src/tasks/retrying-task-records.js';

const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

function record(id: string, owner: string, status: TaskRecord['task']['status'] = 'working'): TaskRecord {
  const at = new Date(0).toISOString();
  return {
    task: { taskId: id, status, ttl: 60_000, createdAt: at, lastUpdatedAt: at },
    owner,
    expiresAt: Date.now() + 600_000,
  };
}

/**
 * A memory store behind a connection that drops: the first attempt of every call fails as a timed-out Redis
 * command would (nothing reaches the store), the next one goes through. Every call that reached it is logged.
 */
function flaky(kind: TaskRecords['kind'] = 'redis') {
  const store = new MemoryTaskRecords(100);
  const reached: string[] = [];
  let failNext = true;
  const pass = <T>(name: string, args: unknown[], call: () => Promise<T>): Promise<T> => {
    if (failNext) {
      failNext = false;
      return Promise.reject(new Error('Command timed out'));
    }
    failNext = true;
    reached.push(`${name}(${JSON.stringify(args)})`);
    return call();
  };
  const cancelListeners: ((id: string) => void)[] = [];
  let closed = 0;
  const inner: TaskRecords = {
    kind,
    insert: (r, lease) => pass('insert', [r.task.taskId, r.owner, lease], () => store.insert(r, lease)),
    read: (id) => pass('read', [id], () => store.read(id)),
    replace: (r) => pass('replace', [r.task.taskId, r.task.status], () => store.replace(r)),
    renewLeases: (ids, lease) => pass('renewLeases', [ids, lease], () => store.renewLeases(ids, lease)),
    leaseHeld: (id) => pass('leaseHeld', [id], () => store.leaseHeld(id)),
    endOrphan: (r) => pass('endOrphan', [r.task.taskId], () => store.endOrphan(r)),
    handOver: (r) => pass('handOver', [r.task.taskId], () => store.handOver(r)),
    claimHandover: (r, lease) =>
      pass('claimHandover', [r.task.taskId, lease], () => store.claimHandover(r, lease)),
    annotateCancelled: (id, message) =>
      pass('annotateCancelled', [id, message], () => store.annotateCancelled(id, message)),
    list: (owner, cursor, size) => pass('list', [owner, cursor, size], () => store.list(owner, cursor, size)),
    announceCancel: (id) =>
      pass('announceCancel', [id], async () => {
        for (const l of cancelListeners) l(id);
      }),
    onCancel: (listener) => {
      cancelListeners.push(listener);
    },
    close: async () => {
      closed++;
      throw new Error('Command timed out');
    },
  };
  const retries: number[] = [];
  const records = new RetryingTaskRecords(inner, {
    baseDelayMs: 1,
    maxDelayMs: 2,
    onRetry: (_error, attempt) => retries.push(attempt),
  });
  return { records, reached, retries, store, closedCount: () => closed };
}

describe('RetryingTaskRecords', () => {
  it('every call is tried again after a dropped attempt and answers as the store, with the same arguments', async () => {
    const { records, reached, retries } = flaky();
    expect(records.kind).toBe('redis');
    const alice = record(uuid(1), 'alice');
    expect(await records.insert(alice, 5_000)).toBe(true);
    expect(await records.insert(record(uuid(2), 'bob'), 5_000)).toBe(true);
    expect(await records.read(uuid(1))).toEqual(alice);
    expect(await records.read(uuid(9))).toBeUndefined();
    expect(await records.leaseHeld(uuid(1))).toBe(true);
    await records.renewLeases([uuid(1), uuid(2)], 7_000);
    expect(await records.endOrphan({ ...alice, task: { ...alice.task, status: 'failed' } })).toBe('held');
    const page = await records.list('alice', undefined, 10);
    expect(page.records.map((r) => `${r.owner}:${r.task.taskId}`)).toEqual([`alice:${uuid(1)}`]);
    expect((await records.list('bob', undefined, 10)).records.map((r) => r.owner)).toEqual(['bob']);
    const handed = { ...alice, handover: { arguments: { id: 'job-1' } } };
    expect(await records.handOver(handed)).toBe('ok');
    expect(await records.claimHandover(alice, 9_000)).toBe(true);
    expect(await records.replace({ ...alice, task: { ...alice.task, status: 'cancelled' } })).toBe('ok');
    expect(await records.replace({ ...alice, task: { ...alice.task, status: 'completed' } })).toBe(
      'terminal',
    );
    expect(await records.annotateCancelled(uuid(1), 'upstream job cancelled')).toBe(true);
    expect((await records.read(uuid(1)))?.task.statusMessage).toBe('upstream job cancelled');
    expect(reached).toEqual([
      `insert(["${uuid(1)}","alice",5000])`,
      `insert(["${uuid(2)}","bob",5000])`,
      `read(["${uuid(1)}"])`,
      `read(["${uuid(9)}"])`,
      `leaseHeld(["${uuid(1)}"])`,
      `renewLeases([["${uuid(1)}","${uuid(2)}"],7000])`,
      `endOrphan(["${uuid(1)}"])`,
      'list(["alice",null,10])',
      'list(["bob",null,10])',
      `handOver(["${uuid(1)}"])`,
      `claimHandover(["${uuid(1)}",9000])`,
      `replace(["${uuid(1)}","cancelled"])`,
      `replace(["${uuid(1)}","completed"])`,
      `annotateCancelled(["${uuid(1)}","upstream job cancelled"])`,
      `read(["${uuid(1)}"])`,
    ]);
    expect(retries).toHaveLength(reached.length);
    expect(new Set(retries)).toEqual(new Set([1]));
  });

  it('a cancel is announced through an outage and heard by the listeners; close is not retried', async () => {
    const { records, reached, closedCount } = flaky('memory');
    expect(records.kind).toBe('memory');
    const heard: string[] = [];
    records.onCancel((id) => heard.push(id));
    await records.announceCancel(uuid(3));
    expect(heard).toEqual([uuid(3)]);
    expect(reached).toEqual([`announceCancel(["${uuid(3)}"])`]);
    await expect(records.close()).rejects.toThrow('Command timed out');
    expect(closedCount()).toBe(1);
  });

  it('a cursor the store did not issue fails at once, as the store said', async () => {
    let calls = 0;
    const store = new MemoryTaskRecords(10);
    const records = new RetryingTaskRecords(
      {
        ...store,
        kind: store.kind,
        list: (owner: string, cursor: string | undefined, size: number) => {
          calls++;
          return store.list(owner, cursor, size);
        },
      } as TaskRecords,
      { baseDelayMs: 1, maxDelayMs: 2 },
    );
    await expect(records.list('alice', 'not-a-cursor', 10)).rejects.toBeInstanceOf(UnknownCursorError);
    expect(calls).toBe(1);
  });

  it('an outage past the budget fails the call with the store error', async () => {
    let calls = 0;
    const down = {
      kind: 'redis',
      read: async () => {
        calls++;
        throw new Error('Connection is closed.');
      },
    } as unknown as TaskRecords;
    const records = new RetryingTaskRecords(down, { budgetMs: 30, baseDelayMs: 1, maxDelayMs: 2 });
    await expect(records.read(uuid(1))).rejects.toThrow('Connection is closed.');
    expect(calls).toBeGreaterThan(1);
  });
});
