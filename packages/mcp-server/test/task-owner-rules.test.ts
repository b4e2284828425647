// Another caller's task is "not found" to every store method, reads and writes alike, and nothing of it changes;
// a wait loop whose progress report is refused (the task was cancelled, maybe on another replica) sends no more polls.
import type { CallContext } from '@obmcp/contract/internal/tool/types.js';
import { describe, expect, it } from 'vitest';
import { MemoryTaskRecords } from '../src/tasks/memory-task-records.js';
import { pollJob } from '../src/tasks/poll-job.js';
import { ScopedTaskStore } from '../src/tasks/scoped-task-store.js';
import { readTaskSettings } from '../src/tasks/task-settings.js';

function twoCallers() {
  const records = new MemoryTaskRecords(10);
  const settings = readTaskSettings({});
  return {
    alice: new ScopedTaskStore(records, 'auth:alice', settings),
    bob: new ScopedTaskStore(records, 'auth:bob', settings),
  };
}

describe("another caller's task", () => {
  it('every write is refused as not found and leaves the task as it was', async () => {
    const { alice, bob } = twoCallers();
    const task = await alice.open('run_job', { ttl: 60_000 });
    await expect(bob.updateTaskStatus(task.taskId, 'cancelled')).rejects.toThrow(/not found/i);
    await expect(bob.storeTaskResult(task.taskId, 'completed', { content: [] })).rejects.toThrow(
      /not found/i,
    );
    await expect(bob.storeTaskResult(task.taskId, 'failed', { content: [], isError: true })).rejects.toThrow(
      /not found/i,
    );
    expect((await alice.getTask(task.taskId))?.status).toBe('working');
  });

  it('every read answers as for an id that does not exist', async () => {
    const { alice, bob } = twoCallers();
    const task = await alice.open('run_job', { ttl: 60_000 });
    await alice.storeTaskResult(task.taskId, 'completed', {
      content: [{ type: 'text', text: 'alice only' }],
    });
    expect(await bob.getTask(task.taskId)).toBeNull();
    expect(await bob.getTask('no-such-task')).toBeNull();
    const [ownMissing, otherMissing] = await Promise.all([
      bob.getTaskResult('no-such-task').then(String, (e: Error) => e.message.replace('no-such-task', 'ID')),
      bob.getTaskResult(task.taskId).then(String, (e: Error) => e.message.replace(task.taskId, 'ID')),
    ]);
    expect(otherMissing).toBe(ownMissing);
    expect((await bob.listTasks()).tasks).toEqual([]);
    expect((await alice.listTasks()).tasks.map((t) => t.taskId)).toEqual([task.taskId]);
  });
});

describe('pollJob after a refused progress report', () => {
  it('stops before the next upstream poll and rejects with the reason', async () => {
    let polls = 0;
    let reports = 0;
    const call = {
      signal: new AbortController().signal,
      progress: async () => {
        reports++;
        if (reports >= 2) throw new Error('task cancelled');
      },
    } as unknown as CallContext;
    await expect(
      pollJob(call, {
        poll: async () => ++polls,
        state: (v: number) => ({ done: v >= 5, status: 'RUNNING' }),
        delayMs: () => 1,
      }),
    ).rejects.toThrow('task cancelled');
    expect(polls).toBe(1);
  });

  it('a cancel during the wait ends it at once with no further poll', async () => {
    let polls = 0;
    const controller = new AbortController();
    const call = { signal: controller.signal, progress: async () => {} } as unknown as CallContext;
    const waiting = pollJob(call, {
      poll: async () => ++polls,
      state: () => ({ done: false, status: 'RUNNING' }),
      delayMs: () => 60_000,
    });
    setTimeout(() => controller.abort(new Error('cancelled by the client')), 10);
    await expect(waiting).rejects.toThrow('cancelled by the client');
    expect(polls).toBe(1);
  });
});
