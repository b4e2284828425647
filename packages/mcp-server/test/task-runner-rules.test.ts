// The task runner's rules as a client and an operator see them: lease renewals, store outages, drain and handover.
import type { Envelope } from '@obmcp/contract';
import { exampleProfile, exampleTools } from '@obmcp/contract/internal/example/example-tools.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ContractServer, createContractServer } from '../src/entries/server.js';
import { MemoryTaskRecords } from '../src/entries/tasks.js';
import type { TaskRecord } from '../src/tasks/task-records.js';
import { capturingLogger, expectSchemaValid, pause, until } from './helpers.js';
import { type FakeJobs, fakeJobs, jobTool } from './job-tool.js';

afterEach(() => {
  vi.restoreAllMocks();
});

/** One server on `records` (kind 'redis' lets a drain hand over); its log as parsed lines. */
function server(jobs: FakeJobs, records = new MemoryTaskRecords(100), env: Record<string, string> = {}) {
  const log = capturingLogger();
  const c: ContractServer = createContractServer({
    profile: exampleProfile,
    tools: [...exampleTools, jobTool(jobs)],
    env: { OBMCP_TASK_POLL_INTERVAL_MS: '100', ...env },
    logger: log.logger,
    taskRecords: records,
  });
  const start = (args: Record<string, unknown> = {}) =>
    c.tasks.start(
      { method: 'tools/call', params: { name: 'run_job', arguments: args, task: { ttl: 60_000 } } },
      'local',
      { send: async () => undefined },
    );
  const lines = (msg: string) => log.records().filter((r) => r.msg === msg);
  return { c, records, start, lines, store: c.tasks.storeFor('local') };
}

const shared = () => {
  const records = new MemoryTaskRecords(100);
  Object.defineProperty(records, 'kind', { value: 'redis' });
  return records;
};

const envelopeOf = (result: unknown) =>
  JSON.parse((result as { content: { text: string }[] }).content[0]?.text ?? '') as Envelope;

describe('lease renewals', { timeout: 30_000 }, () => {
  it('renews a running task every third of the lease for two leases, and stops once nothing runs', async () => {
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const records = new MemoryTaskRecords(100);
    const renew = vi.spyOn(records, 'renewLeases');
    const { start, c, store } = server(jobs, records, { OBMCP_TASK_LEASE_MS: '1000' });
    const { task } = await start();
    await pause(1_500);
    // Every 333 ms: a few renewals in 1.5 s (never one each 100 ms, never none).
    expect(renew.mock.calls.length).toBeGreaterThanOrEqual(1);
    expect(renew.mock.calls.length).toBeLessThanOrEqual(6);
    // The running task's id, held for two leases.
    expect(renew.mock.calls[0]).toEqual([[task.taskId], 2_000]);
    await store.updateTaskStatus(task.taskId, 'cancelled');
    await until(() => c.tasks.runningCount() === 0, 'the run to stop');
    const after = renew.mock.calls.length;
    await pause(800);
    expect(renew.mock.calls.length).toBe(after);
  });

  it('a renewal that stalls is not piled up; one that fails is logged and tried again at the next beat', async () => {
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const stalled = new MemoryTaskRecords(100);
    const stall = vi
      .spyOn(stalled, 'renewLeases')
      .mockImplementation(() => new Promise<void>(() => undefined));
    const first = server(jobs, stalled, { OBMCP_TASK_LEASE_MS: '1000' });
    const a = await first.start();
    await pause(1_200);
    expect(stall).toHaveBeenCalledTimes(1);
    await first.store.updateTaskStatus(a.task.taskId, 'cancelled');

    const failing = new MemoryTaskRecords(100);
    const fail = vi.spyOn(failing, 'renewLeases').mockRejectedValue(new Error('store down'));
    const second = server(jobs, failing, { OBMCP_TASK_LEASE_MS: '1000' });
    const b = await second.start();
    await until(() => fail.mock.calls.length >= 2, 'a second renewal after a failed one');
    expect(second.lines('task lease renewal failed')[0]).toMatchObject({
      level: 'warn',
      error: 'store down',
      tasks: 1,
    });
    await second.store.updateTaskStatus(b.task.taskId, 'cancelled');
    await until(() => second.c.tasks.runningCount() === 0, 'the run to stop');
  });
});

describe('storing the end through a store outage', { timeout: 30_000 }, () => {
  /** replace() fails `times` times for the record that ends the task (completed), then works. */
  function failingEnds(records: MemoryTaskRecords, times: number) {
    const replace = records.replace.bind(records);
    let failed = 0;
    vi.spyOn(records, 'replace').mockImplementation(async (record: TaskRecord) => {
      if (record.task.status === 'completed' && failed < times) {
        failed++;
        throw new Error('store down');
      }
      return replace(record);
    });
    return () => failed;
  }

  it('an outage is waited out: the result is stored once the store answers', async () => {
    const jobs = fakeJobs(2);
    const records = new MemoryTaskRecords(100);
    const failed = failingEnds(records, 2);
    const { start, store, lines, c } = server(jobs, records);
    const { task } = await start();
    await until(() => c.tasks.runningCount() === 0, 'the run to end');
    expect(failed()).toBe(2);
    expect((await store.getTask(task.taskId))?.status).toBe('completed');
    expect(await store.getTaskResult(task.taskId)).toMatchObject({ structuredContent: { status: 'DONE' } });
    const retries = lines('task result not stored yet: retrying');
    expect(retries).toHaveLength(2);
    expect(retries[0]).toMatchObject({ level: 'warn', task_id: task.taskId, error: 'store down' });
  });

  it('an outage longer than two leases is given up (the run stops, it says so), after retries that back off', async () => {
    const jobs = fakeJobs(2);
    const records = new MemoryTaskRecords(100);
    failingEnds(records, Number.POSITIVE_INFINITY);
    const { start, store, lines, c } = server(jobs, records, { OBMCP_TASK_LEASE_MS: '1000' });
    const began = Date.now();
    const { task } = await start();
    await until(() => c.tasks.runningCount() === 0, 'the run to give up');
    // Waits of 100, 200, 400 and 800 ms fit in two leases (2 s); the next would not.
    expect(Date.now() - began).toBeGreaterThanOrEqual(1_400);
    const retries = lines('task result not stored yet: retrying').length;
    expect(retries).toBeGreaterThanOrEqual(2);
    expect(retries).toBeLessThanOrEqual(4);
    expect(lines('task did not store its result')[0]).toMatchObject({
      level: 'warn',
      task_id: task.taskId,
      error: 'store down',
    });
    expect((await store.peek(task.taskId))?.task.status).toBe('working');
  });

  it('a status the store does not take is logged and tried again with the next update; the task completes', async () => {
    const jobs = fakeJobs(4);
    const records = new MemoryTaskRecords(100);
    const replace = records.replace.bind(records);
    let refused = 0;
    vi.spyOn(records, 'replace').mockImplementation(async (record: TaskRecord) => {
      if (record.task.status === 'working' && refused === 0) {
        refused++;
        throw new Error('store down');
      }
      return replace(record);
    });
    const { start, store, lines, c } = server(jobs, records);
    const { task } = await start();
    await until(() => c.tasks.runningCount() === 0, 'the run to end');
    expect(lines('task status not stored')[0]).toMatchObject({ task_id: task.taskId, error: 'store down' });
    expect((await store.getTask(task.taskId))?.status).toBe('completed');
  });

  it('a store that cannot be read between polls: the job polls on and completes', async () => {
    const jobs = fakeJobs(4);
    const records = new MemoryTaskRecords(100);
    const read = records.read.bind(records);
    let outage = 0;
    const { start, store, lines, c } = server(jobs, records);
    const { task } = await start();
    vi.spyOn(records, 'read').mockImplementation(async (id: string) => {
      if (outage < 2) {
        outage++;
        throw new Error('store down');
      }
      return read(id);
    });
    await until(() => c.tasks.runningCount() === 0, 'the run to end');
    expect(lines('task store unreachable: polling on')[0]).toMatchObject({
      level: 'warn',
      task_id: task.taskId,
      error: 'store down',
    });
    expect(jobs.requests).toHaveLength(4);
    expect((await store.getTask(task.taskId))?.status).toBe('completed');
  });
});

describe('drain', { timeout: 30_000 }, () => {
  it('keeps the first reason, logs what it does, and takes no task afterwards', async () => {
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const { start, c, lines } = server(jobs);
    await start();
    await until(() => jobs.requests.length >= 1, 'a poll');
    expect(await c.tasks.drain('SIGTERM', 50)).toEqual({ finished: 0, handedOver: 0, interrupted: 1 });
    expect(await c.tasks.drain('SIGINT', 50)).toEqual({ finished: 0, handedOver: 0, interrupted: 0 });
    await expect(start()).rejects.toThrow(
      'Server is shutting down (SIGTERM): it takes no new task. Call run_job again: another replica, or this server once restarted, runs it.',
    );
    expect(lines('tasks draining')).toEqual([
      expect.objectContaining({ level: 'info', why: 'SIGTERM', running: 1, bound_ms: 50 }),
    ]);
    expect(lines('tasks drained')).toEqual([
      expect.objectContaining({ why: 'SIGTERM', finished: 0, handedOver: 0, interrupted: 1 }),
    ]);
  });

  it('an idle drain answers at once and still refuses new tasks', async () => {
    const { start, c, lines } = server(fakeJobs());
    const began = Date.now();
    expect(await c.tasks.drain('SIGTERM')).toEqual({ finished: 0, handedOver: 0, interrupted: 0 });
    expect(Date.now() - began).toBeLessThan(1_000);
    expect(lines('tasks draining')).toEqual([]);
    await expect(start()).rejects.toThrow(/shutting down \(SIGTERM\)/);
  });

  it('the interrupted end carries the last status and the bound; its wait stops with no more upstream polls', async () => {
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const { start, c, store } = server(jobs);
    const { task } = await start();
    await until(() => jobs.requests.length >= 3, 'three polls');
    const before = (await store.getTask(task.taskId))?.statusMessage;
    expect(before).toMatch(/^RUNNING/);
    await c.tasks.drain('SIGTERM', 60);
    const ended = await store.getTask(task.taskId);
    expect(ended?.status).toBe('failed');
    expect(ended?.statusMessage).toContain('SIGTERM');
    const envelope = envelopeOf(await store.getTaskResult(task.taskId));
    expectSchemaValid(envelope);
    expect(envelope).toMatchObject({ error_code: 'TASK_INTERRUPTED', retryable: true, tool: 'run_job' });
    expect(JSON.stringify(envelope)).toContain(before ?? 'no status');
    const polls = jobs.requests.length;
    await pause(150);
    expect(jobs.requests.length).toBe(polls);
    expect(c.tasks.runningCount()).toBe(0);
  });

  it('after the ends, waits one poll interval so a blocked tasks/result can see them', async () => {
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const { start, c } = server(jobs, undefined, { OBMCP_TASK_POLL_INTERVAL_MS: '1000' });
    await start();
    await until(() => jobs.requests.length >= 1, 'a poll');
    const began = Date.now();
    await c.tasks.drain('SIGTERM', 10);
    // The poll interval plus 250 ms (capped at 5 s).
    expect(Date.now() - began).toBeGreaterThanOrEqual(1_200);
  });
});

describe('handover', { timeout: 30_000 }, () => {
  it("says where the task went, after its last status; the other replica's run is logged", async () => {
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const records = shared();
    const a = server(jobs, records);
    const b = server(jobs, records);
    const { task } = await a.start({ resumable: true });
    await until(() => jobs.requests.length >= 3, 'three polls');
    const last = (await a.store.getTask(task.taskId))?.statusMessage;
    expect(await a.c.tasks.drain('SIGTERM', 50)).toEqual({ finished: 0, handedOver: 1, interrupted: 0 });
    expect(a.lines('task handed over')).toEqual([
      expect.objectContaining({ task_id: task.taskId, tool: 'run_job' }),
    ]);
    const claimed = await b.store.getTask(task.taskId);
    expect(claimed?.statusMessage).toBe(
      `${last}; handed over to another replica (this one shut down: SIGTERM)`,
    );
    expect(b.lines('task resumed')).toEqual([
      expect.objectContaining({ task_id: task.taskId, tool: 'run_job' }),
    ]);
    jobs.pollsToFinish = 0;
    await until(() => b.c.tasks.runningCount() === 0, 'the resumed run to end');
    expect(await b.store.getTaskResult(task.taskId)).toMatchObject({
      structuredContent: { status: 'DONE', resumed: true },
    });
  });

  it('a store that refuses the handover gets an interrupted task instead', async () => {
    for (const refuse of [
      (r: MemoryTaskRecords) => vi.spyOn(r, 'handOver').mockResolvedValue('terminal'),
      (r: MemoryTaskRecords) => vi.spyOn(r, 'handOver').mockRejectedValue(new Error('store down')),
    ]) {
      const jobs = fakeJobs(Number.POSITIVE_INFINITY);
      const records = shared();
      refuse(records);
      const a = server(jobs, records);
      const { task } = await a.start({ resumable: true });
      await until(() => jobs.requests.length >= 2, 'two polls');
      expect(await a.c.tasks.drain('SIGTERM', 50)).toEqual({ finished: 0, handedOver: 0, interrupted: 1 });
      expect(envelopeOf(await a.store.getTaskResult(task.taskId))).toMatchObject({
        error_code: 'TASK_INTERRUPTED',
      });
      expect(a.lines('task handed over')).toEqual([]);
    }
  });

  it('one process store (memory) never hands over: the task is interrupted', async () => {
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const a = server(jobs);
    await a.start({ resumable: true });
    await until(() => jobs.requests.length >= 2, 'two polls');
    expect(await a.c.tasks.drain('SIGTERM', 50)).toEqual({ finished: 0, handedOver: 0, interrupted: 1 });
  });
});

describe('a cancelled task', { timeout: 30_000 }, () => {
  it('keeps what the cancel did upstream; a store that cannot note it is logged', async () => {
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const records = new MemoryTaskRecords(100);
    const annotate = vi.spyOn(records, 'annotateCancelled').mockRejectedValue(new Error('store down'));
    const { start, store, lines, c } = server(jobs, records);
    const { task } = await start({ cancellable: true });
    await until(() => jobs.requests.length >= 2, 'two polls');
    await store.updateTaskStatus(task.taskId, 'cancelled');
    await until(() => c.tasks.runningCount() === 0, 'the run to stop');
    expect(annotate).toHaveBeenCalledWith(
      task.taskId,
      'cancelled by the client; job J1 cancelled upstream (cancelJob)',
    );
    expect(lines('cancel outcome not stored')[0]).toMatchObject({
      task_id: task.taskId,
      error: 'store down',
    });
    expect((await store.getTask(task.taskId))?.status).toBe('cancelled');
  });
});
