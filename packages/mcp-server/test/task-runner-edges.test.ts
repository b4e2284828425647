// The task runner's edges as a client, a tool and an operator see them: leases of several tasks, internal tools,
// the result bound's edge, what a tool's signal says on shutdown, a dead channel, a draining replica's reads.
import type { Envelope, ToolDefinition } from '@obmcp/contract';
import { exampleProfile, exampleTools } from '@obmcp/contract/internal/example/example-tools.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ContractServer, createContractServer } from '../src/entries/server.js';
import { MemoryTaskRecords } from '../src/entries/tasks.js';
import type { TaskChannel } from '../src/tasks/task-runner.js';
import { capturingLogger, pause, tool, until } from './helpers.js';
import { type FakeJobs, fakeJobs, jobTool } from './job-tool.js';

afterEach(() => {
  vi.restoreAllMocks();
});

const EMPTY = { type: 'object', properties: {}, examples: [{}] } as const;

interface Options {
  records?: MemoryTaskRecords;
  env?: Record<string, string>;
  tools?: ToolDefinition[];
  internalTools?: ToolDefinition[];
  /** The fake job tool's wait between upstream polls (ms). */
  jobDelayMs?: number;
}

/** One server (kind 'redis' records let a drain hand over); its log as parsed lines. */
function server(jobs: FakeJobs, options: Options = {}) {
  const log = capturingLogger();
  const records = options.records ?? new MemoryTaskRecords(100);
  const c: ContractServer = createContractServer({
    profile: exampleProfile,
    tools: [...exampleTools, jobTool(jobs, options.jobDelayMs), ...(options.tools ?? [])],
    ...(options.internalTools ? { internalTools: options.internalTools } : {}),
    env: { OBMCP_TASK_POLL_INTERVAL_MS: '100', ...options.env },
    logger: log.logger,
    taskRecords: records,
  });
  const start = (
    args: Record<string, unknown> = {},
    name = 'run_job',
    channel: TaskChannel = { send: async () => undefined },
    ttl = 60_000,
  ) =>
    c.tasks.start(
      { method: 'tools/call', params: { name, arguments: args, task: { ttl } } },
      'local',
      channel,
    );
  const lines = (msg: string) => log.records().filter((r) => r.msg === msg);
  const errors = () => log.records().filter((r) => r.level === 'error');
  return { c, records, start, lines, errors, store: c.tasks.storeFor('local') };
}

const shared = () => {
  const records = new MemoryTaskRecords(100);
  Object.defineProperty(records, 'kind', { value: 'redis' });
  return records;
};

const textOf = (result: unknown) => (result as { content: { text: string }[] }).content[0]?.text ?? '';
const envelopeOf = (result: unknown) => JSON.parse(textOf(result)) as Envelope;

describe('the records a runner keeps its tasks in', () => {
  it('are the ones the server was given (Code Mode hands them on)', () => {
    const records = new MemoryTaskRecords(100);
    expect(server(fakeJobs(), { records }).c.tasks.records).toBe(records);
  });
});

describe('leases of several tasks', { timeout: 30_000 }, () => {
  it('one task ending leaves the other renewed: it is still working past two leases', async () => {
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const { start, store, c } = server(jobs, { env: { OBMCP_TASK_LEASE_MS: '1000' } });
    const first = await start();
    const second = await start();
    await store.updateTaskStatus(first.task.taskId, 'cancelled');
    await until(() => c.tasks.runningCount() === 1, 'the first run to stop');
    // Two leases (2 s) and more: a task whose renewals stopped would read failed (its owner lost).
    await pause(2_600);
    expect((await store.getTask(second.task.taskId))?.status).toBe('working');
    await store.updateTaskStatus(second.task.taskId, 'cancelled');
    await until(() => c.tasks.runningCount() === 0, 'the second run to stop');
  });

  it('a task started after every other one ended is renewed too', async () => {
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const { start, store, c } = server(jobs, { env: { OBMCP_TASK_LEASE_MS: '1000' } });
    const first = await start();
    await store.updateTaskStatus(first.task.taskId, 'cancelled');
    await until(() => c.tasks.runningCount() === 0, 'the first run to stop');
    const second = await start();
    await pause(2_600);
    expect((await store.getTask(second.task.taskId))?.status).toBe('working');
    await store.updateTaskStatus(second.task.taskId, 'cancelled');
    await until(() => c.tasks.runningCount() === 0, 'the second run to stop');
  });

  it('a renewal refused with a non-Error value is logged with that value', async () => {
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const records = new MemoryTaskRecords(100);
    const renew = vi.spyOn(records, 'renewLeases').mockRejectedValue('connection reset');
    const { start, store, lines, c } = server(jobs, { records, env: { OBMCP_TASK_LEASE_MS: '1000' } });
    const { task } = await start();
    await until(
      () => renew.mock.calls.length >= 1 && lines('task lease renewal failed').length >= 1,
      'a renewal',
    );
    expect(lines('task lease renewal failed')[0]).toMatchObject({ error: 'connection reset', tasks: 1 });
    await store.updateTaskStatus(task.taskId, 'cancelled');
    await until(() => c.tasks.runningCount() === 0, 'the run to stop');
  });
});

describe('which tools a task runs', { timeout: 30_000 }, () => {
  it('an internal tool is not run as a task: the same tool_not_found as an unknown name, listing only listed tools', async () => {
    const ran: string[] = [];
    const hidden = tool('hidden_tool', EMPTY, () => {
      ran.push('hidden_tool');
      return { secret: true };
    });
    const { start, store, c } = server(fakeJobs(), { internalTools: [hidden] });
    const internal = await start({}, 'hidden_tool');
    const unknown = await start({}, 'no_such_tool');
    await until(() => c.tasks.runningCount() === 0, 'both runs to end');
    expect(ran).toEqual([]);
    const hiddenEnvelope = envelopeOf(await store.getTaskResult(internal.task.taskId));
    const unknownEnvelope = envelopeOf(await store.getTaskResult(unknown.task.taskId));
    expect(hiddenEnvelope).toMatchObject({ error_code: 'TOOL_NOT_FOUND', tool: 'hidden_tool' });
    expect(unknownEnvelope).toMatchObject({ error_code: 'TOOL_NOT_FOUND', tool: 'no_such_tool' });
    expect(JSON.stringify(hiddenEnvelope)).not.toContain('hidden_tool"]');
    expect(JSON.stringify(hiddenEnvelope.hints)).not.toContain('hidden_tool');
    expect((await store.getTask(internal.task.taskId))?.status).toBe('failed');
    // Inline, through the host, the internal tool answers (Code Mode's way in).
    expect(await c.host.call('hidden_tool', {})).toMatchObject({ ok: true, value: { secret: true } });
  });
});

describe('the bound on a stored result', { timeout: 30_000 }, () => {
  it('a result of exactly OBMCP_TASK_MAX_RESULT_BYTES is kept; one byte more is the failed envelope', async () => {
    // The size of the result with 2 000 characters of rows, measured once under a large bound.
    const probe = server(fakeJobs(2));
    const measured = await probe.start({ size: 2_000 });
    await until(() => probe.c.tasks.runningCount() === 0, 'the probe to end');
    const bytes = Buffer.byteLength(
      JSON.stringify(await probe.store.getTaskResult(measured.task.taskId)),
      'utf8',
    );

    const exact = server(fakeJobs(2), { env: { OBMCP_TASK_MAX_RESULT_BYTES: String(bytes) } });
    const kept = await exact.start({ size: 2_000 });
    await until(() => exact.c.tasks.runningCount() === 0, 'the run to end');
    expect((await exact.store.getTask(kept.task.taskId))?.status).toBe('completed');
    expect(await exact.store.getTaskResult(kept.task.taskId)).toMatchObject({
      structuredContent: { status: 'DONE', rows: 'x'.repeat(2_000) },
    });

    const over = server(fakeJobs(2), { env: { OBMCP_TASK_MAX_RESULT_BYTES: String(bytes - 1) } });
    const refused = await over.start({ size: 2_000 });
    await until(() => over.c.tasks.runningCount() === 0, 'the run to end');
    expect((await over.store.getTask(refused.task.taskId))?.status).toBe('failed');
    expect(envelopeOf(await over.store.getTaskResult(refused.task.taskId))).toMatchObject({
      error_kind: 'internal_error',
      error_code: 'INTERNAL_ERROR',
      tool: 'run_job',
      retryable: false,
      summary: `The task's result (${bytes} bytes) exceeds the task store's bound (${bytes - 1} bytes).`,
      details: [
        {
          path: '',
          issue: 'result too large to keep',
          received_type: 'object',
          limit: bytes - 1,
          actual: bytes,
        },
      ],
      hints: [
        'Ask for less (maxChars, maxRows, a narrower range), or call the tool without a task to receive the result inline.',
      ],
    });
  });
});

describe('a client that cannot be reached', { timeout: 30_000 }, () => {
  it('a channel whose sends fail (the HTTP reply is gone) does not fail the task', async () => {
    const jobs = fakeJobs(4);
    const { start, store, c } = server(jobs);
    const channel: TaskChannel = {
      send: async () => {
        throw new Error('connection closed');
      },
      progressToken: 'p1',
    };
    const { task } = await start({}, 'run_job', channel);
    await until(() => c.tasks.runningCount() === 0, 'the run to end');
    expect((await store.getTask(task.taskId))?.status).toBe('completed');
    expect(await store.getTaskResult(task.taskId)).toMatchObject({ structuredContent: { status: 'DONE' } });
  });

  it('the client is told each new status once, and the end', async () => {
    const jobs = fakeJobs(4);
    const { start, c } = server(jobs);
    const sent: { method: string; params: Record<string, unknown> }[] = [];
    const channel: TaskChannel = {
      send: async (n) => {
        sent.push(n as never);
      },
    };
    await start({}, 'run_job', channel);
    await until(() => c.tasks.runningCount() === 0, 'the run to end');
    const statuses = sent.filter((n) => n.method === 'notifications/tasks/status').map((n) => n.params);
    const messages = statuses.map((s) => `${s.status}:${s.statusMessage}`);
    expect(new Set(messages).size).toBe(messages.length);
    expect(statuses.at(-1)?.status).toBe('completed');
    expect(statuses.slice(0, -1).every((s) => s.status === 'working')).toBe(true);
  });
});

describe('a task that expires while it runs', { timeout: 30_000 }, () => {
  it('stops polling its upstream job once its record is gone', async () => {
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const { start, c, errors } = server(jobs);
    await start({}, 'run_job', { send: async () => undefined }, 1_000);
    await until(() => c.tasks.runningCount() === 0, 'the run to stop after the ttl', 5_000);
    const polls = jobs.requests.length;
    await pause(200);
    expect(jobs.requests.length).toBe(polls);
    // Stopped as a cancel is (its abort), not by a failure of its own.
    expect(errors().map((r) => (r.error as { name?: string }).name)).not.toContain('TypeError');
    expect(errors().map((r) => (r.error as { message?: string }).message)).toEqual(
      errors().map(() => expect.stringMatching(/^task .* cancelled$/)),
    );
  });
});

describe('what a tool sees when the server shuts down', { timeout: 30_000 }, () => {
  /** A task tool that waits until its signal aborts and keeps the reason. */
  function waiter(reasons: unknown[], onStart?: (call: { progress?: (u: never) => Promise<void> }) => void) {
    return {
      ...tool('wait_for_abort', EMPTY),
      taskSupport: 'optional' as const,
      handler: async (
        _args: unknown,
        call: { signal: AbortSignal; progress?: (u: never) => Promise<void> },
      ) => {
        onStart?.(call);
        await new Promise<void>((resolve) => {
          call.signal.addEventListener('abort', () => resolve(), { once: true });
        });
        reasons.push(call.signal.reason);
        throw call.signal.reason;
      },
    } as unknown as ToolDefinition;
  }

  it('an interrupted task: an AbortError naming the task and why', async () => {
    const reasons: unknown[] = [];
    const { start, c, store } = server(fakeJobs(), { tools: [waiter(reasons)] });
    const { task } = await start({}, 'wait_for_abort');
    await pause(50);
    expect(await c.tasks.drain('SIGTERM', 20)).toEqual({ finished: 0, handedOver: 0, interrupted: 1 });
    expect(reasons).toHaveLength(1);
    const reason = reasons[0] as Error;
    expect(reason.name).toBe('AbortError');
    expect(reason.message).toBe(`task ${task.taskId} interrupted: server shutting down (SIGTERM)`);
    expect((await store.getTask(task.taskId))?.status).toBe('failed');
  });

  it('a handed-over task: an AbortError saying where it went', async () => {
    const reasons: unknown[] = [];
    const records = shared();
    const tools = [
      waiter(reasons, (call) => {
        void call.progress?.({ status: 'RUNNING', resume: { again: true } } as never);
      }),
    ];
    const { start, c } = server(fakeJobs(), { records, tools });
    const { task } = await start({}, 'wait_for_abort');
    await pause(100);
    expect(await c.tasks.drain('SIGTERM', 20)).toEqual({ finished: 0, handedOver: 1, interrupted: 0 });
    const reason = reasons[0] as Error;
    expect(reason.name).toBe('AbortError');
    expect(reason.message).toBe(`task ${task.taskId} handed over: server shutting down`);
  });
});

describe('drain edges', { timeout: 30_000 }, () => {
  it('waits one poll interval for blocked readers, and not much more', async () => {
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const { start, c } = server(jobs, { env: { OBMCP_TASK_POLL_INTERVAL_MS: '1000' } });
    await start();
    await until(() => jobs.requests.length >= 1, 'a poll');
    const began = Date.now();
    await c.tasks.drain('SIGTERM', 10);
    const took = Date.now() - began;
    expect(took).toBeGreaterThanOrEqual(1_200);
    expect(took).toBeLessThan(3_000);
  });

  it('an interrupted end the store does not take is logged; one that ended meanwhile is not', async () => {
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const records = new MemoryTaskRecords(100);
    const { start, c, lines, store } = server(jobs, { records, env: { OBMCP_TASK_LEASE_MS: '1000' } });
    const { task } = await start();
    await until(() => jobs.requests.length >= 1, 'a poll');
    vi.spyOn(records, 'replace').mockRejectedValue(new Error('store down'));
    expect(await c.tasks.drain('SIGTERM', 10)).toEqual({ finished: 0, handedOver: 0, interrupted: 1 });
    expect(lines('interrupted task not stored')).toEqual([
      expect.objectContaining({ level: 'warn', task_id: task.taskId, error: 'store down' }),
    ]);
    vi.restoreAllMocks();
    expect((await store.peek(task.taskId))?.task.status).toBe('working');
  });

  it('a task ended elsewhere during the drain keeps that end, and nothing is logged about it', async () => {
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const records = new MemoryTaskRecords(100);
    const { start, c, lines, store } = server(jobs, { records });
    const { task } = await start();
    await until(() => jobs.requests.length >= 1, 'a poll');
    // Another replica's cancel lands, unheard by this runner: the interrupted end is refused as already ended.
    const record = await records.read(task.taskId);
    if (record === undefined) throw new Error('no record');
    await records.replace({ ...record, task: { ...record.task, status: 'cancelled' } });
    expect(await c.tasks.drain('SIGTERM', 10)).toEqual({ finished: 0, handedOver: 0, interrupted: 1 });
    expect(lines('interrupted task not stored')).toEqual([]);
    expect((await store.getTask(task.taskId))?.status).toBe('cancelled');
  });
});

describe('handover edges', { timeout: 30_000 }, () => {
  it('the resumed run keeps the call’s own arguments beside the resume ones', async () => {
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const records = shared();
    const a = server(jobs, { records });
    const b = server(jobs, { records });
    const { task } = await a.start({ resumable: true, size: 3 });
    await until(() => jobs.requests.length >= 2, 'two polls');
    expect(await a.c.tasks.drain('SIGTERM', 20)).toEqual({ finished: 0, handedOver: 1, interrupted: 0 });
    const claimed = await b.store.getTask(task.taskId);
    expect(claimed?.status).toBe('working');
    expect(Date.parse(claimed?.lastUpdatedAt ?? '')).toBeGreaterThan(Date.parse(claimed?.createdAt ?? ''));
    jobs.pollsToFinish = 0;
    await until(() => b.c.tasks.runningCount() === 0, 'the resumed run to end');
    expect(await b.store.getTaskResult(task.taskId)).toMatchObject({
      structuredContent: { status: 'DONE', resumed: true, rows: 'xxx' },
    });
  });

  it('a replica that is draining does not claim a handed-over task: it stays working for another', async () => {
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const records = shared();
    const a = server(jobs, { records });
    const b = server(jobs, { records });
    const d = server(jobs, { records });
    const { task } = await a.start({ resumable: true });
    await until(() => jobs.requests.length >= 2, 'two polls');
    await b.c.tasks.drain('SIGTERM');
    expect(await a.c.tasks.drain('SIGTERM', 20)).toEqual({ finished: 0, handedOver: 1, interrupted: 0 });
    expect((await b.store.getTask(task.taskId))?.status).toBe('working');
    expect(b.c.tasks.runningCount()).toBe(0);
    expect(b.lines('task resumed')).toEqual([]);
    // The next replica that is not shutting down claims it.
    await d.store.getTask(task.taskId);
    expect(d.c.tasks.runningCount()).toBe(1);
    await d.store.updateTaskStatus(task.taskId, 'cancelled');
    await until(() => d.c.tasks.runningCount() === 0, 'the resumed run to stop');
  });
});

describe('a cancel and an end written elsewhere', { timeout: 30_000 }, () => {
  it('a cancel during a long wait between upstream polls stops the task at once, with no further poll', async () => {
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const { start, store, c } = server(jobs, { jobDelayMs: 3_000 });
    const { task } = await start();
    await until(() => jobs.requests.length >= 1, 'the first poll');
    await pause(50);
    const began = Date.now();
    await store.updateTaskStatus(task.taskId, 'cancelled');
    await until(() => c.tasks.runningCount() === 0, 'the run to stop');
    expect(Date.now() - began).toBeLessThan(1_500);
    expect(jobs.requests).toHaveLength(1);
    expect((await store.getTask(task.taskId))?.status).toBe('cancelled');
  });

  it('a task a cancel of which this runner never heard stops at its next poll: no status written after, no progress sent', async () => {
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const records = new MemoryTaskRecords(100);
    const { start, store, c, lines } = server(jobs, { records });
    const sent: { method: string; params: Record<string, unknown> }[] = [];
    const { task } = await start({}, 'run_job', {
      send: async (n) => {
        sent.push(n as never);
      },
      progressToken: 'p1',
    });
    await until(() => jobs.requests.length >= 2, 'two polls');
    // Ended on another replica by the lease rule: a write, no cancel announced to this process.
    const record = await records.read(task.taskId);
    if (record === undefined) throw new Error('no record');
    await records.replace({ ...record, task: { ...record.task, status: 'failed', statusMessage: 'lost' } });
    const progressBefore = sent.filter((n) => n.method === 'notifications/progress').length;
    await until(() => c.tasks.runningCount() === 0, 'the run to stop');
    const polls = jobs.requests.length;
    await pause(100);
    expect(jobs.requests).toHaveLength(polls);
    // The poll that saw the end was the last one: its update is neither stored nor sent.
    expect(sent.filter((n) => n.method === 'notifications/progress')).toHaveLength(progressBefore);
    expect(lines('task status not stored')).toEqual([]);
    expect((await store.getTask(task.taskId))?.statusMessage).toBe('lost');
  });

  it('a cancel announced to a replica that does not run the task reaches the one that does', async () => {
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const records = new MemoryTaskRecords(100);
    // The idle replica hears every cancel first.
    const idle = server(jobs, { records, jobDelayMs: 3_000 });
    const runner = server(jobs, { records, jobDelayMs: 3_000 });
    const { task } = await runner.start();
    await until(() => jobs.requests.length >= 1, 'the first poll');
    await runner.store.updateTaskStatus(task.taskId, 'cancelled');
    await until(() => runner.c.tasks.runningCount() === 0, 'the run to stop', 1_500);
    expect(idle.c.tasks.runningCount()).toBe(0);
    expect(jobs.requests).toHaveLength(1);
    expect((await runner.store.getTask(task.taskId))?.status).toBe('cancelled');
  });

  it('a cancel that lands while the end is being stored: the task is cancelled and says what the cancel did', async () => {
    const jobs = fakeJobs(2);
    const records = new MemoryTaskRecords(100);
    const { start, store, c } = server(jobs, { records });
    const replace = records.replace.bind(records);
    let raced = false;
    vi.spyOn(records, 'replace').mockImplementation(async (record) => {
      if (record.task.status === 'completed' && !raced) {
        raced = true;
        await store.updateTaskStatus(record.task.taskId, 'cancelled');
      }
      return replace(record);
    });
    const { task } = await start();
    await until(() => c.tasks.runningCount() === 0, 'the run to end');
    expect(raced).toBe(true);
    const ended = await store.getTask(task.taskId);
    expect(ended?.status).toBe('cancelled');
    expect(ended?.statusMessage).toBe(
      'cancelled by the client; no upstream cancel was sent (this tool has none: a job it started may still run upstream)',
    );
  });
});

describe('a runner that stops renewing', { timeout: 30_000 }, () => {
  it('its task is read as failed with TASK_OWNER_LOST once two leases pass', async () => {
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const records = new MemoryTaskRecords(100);
    vi.spyOn(records, 'renewLeases').mockResolvedValue(undefined);
    const { start, store } = server(jobs, { records, env: { OBMCP_TASK_LEASE_MS: '1000' } });
    const { task } = await start();
    await pause(2_300);
    expect((await store.getTask(task.taskId))?.status).toBe('failed');
    expect(envelopeOf(await store.getTaskResult(task.taskId))).toMatchObject({
      error_code: 'TASK_OWNER_LOST',
      retryable: true,
      tool: 'run_job',
    });
  });
});

describe('results a task cannot keep as they are', { timeout: 30_000 }, () => {
  it('a cyclic result is a failed task with an internal_error envelope', async () => {
    const cyclic = {
      ...tool('cyclic_job', EMPTY, () => {
        const value: Record<string, unknown> = { name: 'loop' };
        value.self = value;
        return value;
      }),
      taskSupport: 'optional' as const,
    };
    const { start, store, c } = server(fakeJobs(), { tools: [cyclic] });
    const { task } = await start({}, 'cyclic_job');
    await until(() => c.tasks.runningCount() === 0, 'the run to end');
    expect((await store.getTask(task.taskId))?.status).toBe('failed');
    expect(envelopeOf(await store.getTaskResult(task.taskId))).toMatchObject({
      error_kind: 'internal_error',
      tool: 'cyclic_job',
    });
  });

  it('a task whose record expired before its tool answered ends quietly', async () => {
    const slow = {
      ...tool('slow_job', EMPTY, async () => {
        await pause(1_400);
        return { done: true };
      }),
      taskSupport: 'optional' as const,
    };
    const { start, store, c, lines } = server(fakeJobs(), { tools: [slow] });
    const { task } = await start({}, 'slow_job', { send: async () => undefined }, 1_000);
    await until(() => c.tasks.runningCount() === 0, 'the run to end');
    expect(await store.getTask(task.taskId)).toBeNull();
    expect(lines('task did not store its result')).toEqual([]);
  });
});

describe('what a tool may do in a task', { timeout: 30_000 }, () => {
  it('a 2025-11-25 task cannot ask its client for input (no askInput), nor can a resumed one', async () => {
    const seen: string[] = [];
    const asker = {
      ...tool('asker', { type: 'object', properties: { again: { type: 'boolean' } }, examples: [{}] }),
      taskSupport: 'optional' as const,
      handler: async (
        args: { again?: boolean },
        call: { askInput?: unknown; signal: AbortSignal; progress?: (u: unknown) => Promise<void> },
      ) => {
        seen.push(`${args.again === true ? 'resumed' : 'first'}:${typeof call.askInput}`);
        if (args.again === true) return { resumed: true };
        await call.progress?.({ status: 'RUNNING', resume: { again: true } });
        await new Promise<void>((resolve) => call.signal.addEventListener('abort', () => resolve()));
        throw call.signal.reason;
      },
    } as unknown as ToolDefinition;
    const records = shared();
    const a = server(fakeJobs(), { records, tools: [asker] });
    const b = server(fakeJobs(), { records, tools: [asker] });
    const { task } = await a.start({}, 'asker');
    await pause(100);
    expect(await a.c.tasks.drain('SIGTERM', 20)).toEqual({ finished: 0, handedOver: 1, interrupted: 0 });
    await b.store.getTask(task.taskId);
    await until(() => b.c.tasks.runningCount() === 0, 'the resumed run to end');
    expect(seen).toEqual(['first:undefined', 'resumed:undefined']);
    expect(await b.store.getTaskResult(task.taskId)).toMatchObject({ structuredContent: { resumed: true } });
  });
});

describe('drain and handover, more edges', { timeout: 30_000 }, () => {
  it('a drain resolves only once every run stopped, even one whose tool ignores the abort', async () => {
    const stubborn = {
      ...tool('stubborn_job', EMPTY, async () => {
        await pause(1_200);
        return { done: true };
      }),
      taskSupport: 'optional' as const,
    };
    const { start, store, c } = server(fakeJobs(), { tools: [stubborn] });
    const { task } = await start({}, 'stubborn_job');
    await pause(50);
    expect(await c.tasks.drain('SIGTERM', 20)).toEqual({ finished: 0, handedOver: 0, interrupted: 1 });
    expect(c.tasks.runningCount()).toBe(0);
    // The interrupted end came first and stays.
    expect(envelopeOf(await store.getTaskResult(task.taskId))).toMatchObject({
      error_code: 'TASK_INTERRUPTED',
    });
  });

  it('a task handed over before any status was stored says "working; handed over …"', async () => {
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const records = shared();
    const replace = records.replace.bind(records);
    vi.spyOn(records, 'replace').mockImplementation(async (record) => {
      if (record.task.status === 'working' && record.handover === undefined) throw new Error('store down');
      return replace(record);
    });
    const a = server(jobs, { records });
    const b = server(jobs, { records });
    const { task } = await a.start({ resumable: true });
    await until(() => jobs.requests.length >= 2, 'two polls');
    expect(await a.c.tasks.drain('SIGTERM', 20)).toEqual({ finished: 0, handedOver: 1, interrupted: 0 });
    vi.restoreAllMocks();
    expect((await b.store.getTask(task.taskId))?.statusMessage).toBe(
      'working; handed over to another replica (this one shut down: SIGTERM)',
    );
    await b.store.updateTaskStatus(task.taskId, 'cancelled');
    await until(() => b.c.tasks.runningCount() === 0, 'the resumed run to stop');
  });

  it('a reattached task keeps the call’s own arguments on the replica that resumes it', async () => {
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const records = shared();
    const a = server(jobs, { records });
    const b = server(jobs, { records });
    const { task } = await a.start({ reattachable: true, size: 3 });
    await until(() => jobs.requests.length >= 2, 'two polls');
    expect(await a.c.tasks.drain('SIGTERM', 20)).toEqual({ finished: 0, handedOver: 1, interrupted: 0 });
    await b.store.getTask(task.taskId);
    jobs.pollsToFinish = 0;
    await until(() => b.c.tasks.runningCount() === 0, 'the resumed run to end');
    expect(await b.store.getTaskResult(task.taskId)).toMatchObject({
      structuredContent: { status: 'DONE', rows: 'xxx', reattached: { jobId: 'J1' } },
    });
  });

  it('a drain waits for the longest poll interval among its tasks, a resumed one’s included', async () => {
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const records = shared();
    const a = server(jobs, { records, env: { OBMCP_TASK_POLL_INTERVAL_MS: '1000' } });
    const b = server(jobs, { records });
    const handed = await a.start({ resumable: true });
    await until(() => jobs.requests.length >= 2, 'two polls');
    expect(await a.c.tasks.drain('SIGTERM', 20)).toEqual({ finished: 0, handedOver: 1, interrupted: 0 });
    await b.store.getTask(handed.task.taskId);
    await b.start();
    expect(b.c.tasks.runningCount()).toBe(2);
    const began = Date.now();
    await b.c.tasks.drain('SIGTERM', 20);
    // A's poll interval (1 s) plus 250 ms: a blocked reader of the resumed task polls that slowly.
    expect(Date.now() - began).toBeGreaterThanOrEqual(1_200);
  });
});

describe('a drain meeting a task that ended or vanished', { timeout: 30_000 }, () => {
  it('a resumable task whose record expired is not handed over; the drain still ends', async () => {
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const records = shared();
    const a = server(jobs, { records, jobDelayMs: 5_000 });
    await a.start({ resumable: true }, 'run_job', { send: async () => undefined }, 1_000);
    await until(() => jobs.requests.length >= 1, 'the first poll');
    await pause(1_100);
    expect(await a.c.tasks.drain('SIGTERM', 20)).toEqual({ finished: 0, handedOver: 0, interrupted: 1 });
    expect(a.lines('task handed over')).toEqual([]);
  });

  it('a resumable task another replica ended is not handed over: it keeps that end', async () => {
    const jobs = fakeJobs(Number.POSITIVE_INFINITY);
    const records = shared();
    const a = server(jobs, { records, jobDelayMs: 5_000 });
    const { task } = await a.start({ resumable: true });
    await until(() => jobs.requests.length >= 1, 'the first poll');
    await pause(50);
    const record = await records.read(task.taskId);
    if (record === undefined) throw new Error('no record');
    await records.replace({ ...record, task: { ...record.task, status: 'failed', statusMessage: 'lost' } });
    expect(await a.c.tasks.drain('SIGTERM', 20)).toEqual({ finished: 0, handedOver: 0, interrupted: 1 });
    const after = await records.read(task.taskId);
    expect(after?.task.status).toBe('failed');
    expect(after?.task.statusMessage).toBe('lost');
    expect(after?.handover).toBeUndefined();
  });
});
