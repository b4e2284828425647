// The task helpers on their own: pollJob's wait loop, the poll cadence, progress notifications, upstream cancel, lost and interrupted ends, settings.
import { exampleProfile } from '@obmcp/contract/internal/example/example-tools.js';
import type { CallContext, ProgressUpdate } from '@obmcp/contract/internal/tool/types.js';
import type { Notification } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config/env-reader.js';
import { interruptedMessage, interruptedResult } from '../src/tasks/interrupted.js';
import { ownerLostRecord } from '../src/tasks/owner-lost.js';
import { mockTimeScale, pollCadence, pollJob } from '../src/tasks/poll-job.js';
import { progressNotifier, updateText } from '../src/tasks/progress-notifier.js';
import { isTerminalStatus, type TaskRecord, UnknownCursorError } from '../src/tasks/task-records.js';
import {
  createTaskResult,
  declaresTasks,
  detailedTask,
  isModernVersion,
  missingTasksExtension,
  TASKS_EXTENSION,
} from '../src/tasks/tasks-extension.js';
import { LEASE_GRACE, leaseHoldMs, readTaskSettings } from '../src/tasks/task-settings.js';
import {
  cancelUpstreamJob,
  noteUpstreamNotCancelled,
  TaskCancelledError,
} from '../src/tasks/upstream-cancel.js';
import { waitSecondsProperty } from '../src/tasks/wait-seconds.js';

/** A call context with only what the task helpers read. */
function callWith(signal: AbortSignal, progress?: (u: ProgressUpdate) => Promise<void>): CallContext {
  return { tool: 't', signal, ...(progress ? { progress } : {}) } as unknown as CallContext;
}

type Job = { status: string; percent?: number };
const stateOf = (v: Job) => ({
  status: v.status,
  done: v.status === 'DONE',
  ...(v.percent === undefined ? {} : { progress: v.percent, total: 100 }),
});

/** A fake upstream: answers these states in order, one per poll, and records each request. */
function upstream(states: Job[]) {
  const requests: number[] = [];
  return {
    requests,
    poll: async () => {
      requests.push(Date.now());
      const next = states[Math.min(requests.length - 1, states.length - 1)];
      if (next === undefined) throw new Error('no state');
      return next;
    },
  };
}

describe('pollJob', () => {
  it('polls at once, then after each delay until done; the reporter hears each state after its poll and before the next', async () => {
    const job = upstream([{ status: 'QUEUED' }, { status: 'RUNNING', percent: 50 }, { status: 'DONE' }]);
    const heard: string[] = [];
    const delays: Array<[number, number]> = [];
    const result = await pollJob(
      callWith(new AbortController().signal, async (u) => void heard.push(u.status)),
      {
        poll: job.poll,
        state: stateOf,
        delayMs: (n, elapsed) => {
          delays.push([n, elapsed]);
          return 5;
        },
      },
    );
    expect(result).toEqual({ value: { status: 'DONE' }, timedOut: false, polls: 3 });
    expect(job.requests).toHaveLength(3);
    expect(heard).toEqual(['QUEUED', 'QUEUED', 'RUNNING', 'RUNNING', 'DONE']);
    expect(delays.map(([n]) => n)).toEqual([2, 3]);
    for (const [, elapsed] of delays) expect(elapsed).toBeGreaterThanOrEqual(0);
    // A 5 ms timer read on Date.now()'s whole milliseconds can show 4 (CI saw it): the bound allows that rounding.
    expect(delays[1]?.[1]).toBeGreaterThanOrEqual(4);
    // Each wait was observed between requests.
    expect((job.requests[1] ?? 0) - (job.requests[0] ?? 0)).toBeGreaterThanOrEqual(4);
  });

  it('starts from a known first state without a request, and counts only the polls it made', async () => {
    const job = upstream([{ status: 'DONE' }]);
    const heard: string[] = [];
    const result = await pollJob(
      callWith(new AbortController().signal, async (u) => void heard.push(u.status)),
      { first: { status: 'QUEUED' }, poll: job.poll, state: stateOf, delayMs: () => 1 },
    );
    expect(result).toEqual({ value: { status: 'DONE' }, timedOut: false, polls: 1 });
    expect(heard).toEqual(['QUEUED', 'QUEUED', 'DONE']);
    const done = await pollJob(callWith(new AbortController().signal), {
      first: { status: 'DONE' },
      poll: job.poll,
      state: stateOf,
      delayMs: () => 1,
    });
    expect(done).toEqual({ value: { status: 'DONE' }, timedOut: false, polls: 0 });
    expect(job.requests).toHaveLength(1);
  });

  it('a reporter that refuses (the task was cancelled elsewhere) stops the wait before the next upstream request', async () => {
    const job = upstream([{ status: 'QUEUED' }, { status: 'RUNNING' }, { status: 'DONE' }]);
    let calls = 0;
    const wait = pollJob(
      callWith(new AbortController().signal, async () => {
        calls++;
        if (calls === 2) throw new Error('task cancelled');
      }),
      { poll: job.poll, state: stateOf, delayMs: () => 5 },
    );
    await expect(wait).rejects.toThrow('task cancelled');
    // One request only: the refusal came before the second.
    expect(job.requests).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 30));
    expect(job.requests).toHaveLength(1);
  });

  it('a reporter that refuses right after a poll stops the wait too', async () => {
    const job = upstream([{ status: 'QUEUED' }, { status: 'RUNNING' }]);
    const wait = pollJob(
      callWith(new AbortController().signal, async () => {
        throw new Error('gone');
      }),
      { poll: job.poll, state: stateOf, delayMs: () => 5 },
    );
    await expect(wait).rejects.toThrow('gone');
    await new Promise((r) => setTimeout(r, 30));
    expect(job.requests).toHaveLength(1);
  });

  it('waits for a slow reporter before the next request', async () => {
    const job = upstream([{ status: 'QUEUED' }, { status: 'DONE' }]);
    const order: string[] = [];
    await pollJob(
      callWith(new AbortController().signal, async (u) => {
        await new Promise((r) => setTimeout(r, 10));
        order.push(`heard ${u.status}`);
      }),
      {
        poll: async () => {
          order.push('request');
          return job.poll();
        },
        state: stateOf,
        delayMs: () => 1,
      },
    );
    expect(order).toEqual(['request', 'heard QUEUED', 'heard QUEUED', 'request', 'heard DONE']);
  });

  it('gives up after waitMs (timedOut), never sleeping past it', async () => {
    const job = upstream([{ status: 'RUNNING' }]);
    const began = Date.now();
    const result = await pollJob(callWith(new AbortController().signal), {
      poll: job.poll,
      state: stateOf,
      delayMs: () => 10_000,
      waitMs: 60,
    });
    expect(result.timedOut).toBe(true);
    expect(result.value).toEqual({ status: 'RUNNING' });
    expect(Date.now() - began).toBeLessThan(2_000);
    expect(result.polls).toBe(job.requests.length);
    // The first poll, then one at the deadline; a timer may wake a millisecond before Date.now() reaches it,
    // which costs one more short sleep and poll (seen under load), never a busy loop.
    expect(job.requests.length).toBeGreaterThanOrEqual(2);
    expect(job.requests.length).toBeLessThanOrEqual(3);
    const none = await pollJob(callWith(new AbortController().signal), {
      poll: job.poll,
      state: stateOf,
      delayMs: () => 1,
      waitMs: 0,
    });
    expect(none).toMatchObject({ timedOut: true, polls: 1 });
  });

  it('a cancel during a wait rejects at once with the reason, and makes no further request', async () => {
    const job = upstream([{ status: 'RUNNING' }]);
    const controller = new AbortController();
    const wait = pollJob(callWith(controller.signal), {
      poll: job.poll,
      state: stateOf,
      delayMs: () => 10_000,
    });
    await new Promise((r) => setTimeout(r, 20));
    const reason = new TaskCancelledError('t1');
    controller.abort(reason);
    await expect(wait).rejects.toBe(reason);
    expect(job.requests).toHaveLength(1);
  });
});

describe('pollCadence and mockTimeScale', () => {
  it('waits a share of the time waited, between the first and the longest wait, scaled', () => {
    const cadence = pollCadence({ firstMs: 5_000, maxMs: 60_000, share: 0.25 });
    expect(cadence(1, 0)).toBe(5_000);
    expect(cadence(2, 40_000)).toBe(10_000);
    expect(cadence(9, 1_000_000)).toBe(60_000);
    const fast = pollCadence({ firstMs: 5_000, maxMs: 60_000, share: 0.25 }, 250);
    expect(fast(1, 0)).toBe(20);
    expect(fast(2, 400)).toBe(100);
    expect(fast(3, 1_000_000)).toBe(240);
  });

  it('is 1 unless OBMCP_MOCK=1; then the stated positive scale, else 250', () => {
    expect(mockTimeScale({})).toBe(1);
    expect(mockTimeScale({ OBMCP_MOCK_RATE_SCALE: '10' })).toBe(1);
    expect(mockTimeScale({ OBMCP_MOCK: '0', OBMCP_MOCK_RATE_SCALE: '10' })).toBe(1);
    expect(mockTimeScale({ OBMCP_MOCK: '1' })).toBe(250);
    expect(mockTimeScale({ OBMCP_MOCK: '1', OBMCP_MOCK_RATE_SCALE: '10' })).toBe(10);
    expect(mockTimeScale({ OBMCP_MOCK: '1', OBMCP_MOCK_RATE_SCALE: '2.5' })).toBe(2.5);
    for (const bad of ['0', '-3', 'abc', '1e3', '3x', 'x3', '.5'])
      expect(mockTimeScale({ OBMCP_MOCK: '1', OBMCP_MOCK_RATE_SCALE: bad }), bad).toBe(250);
  });
});

describe('progressNotifier', () => {
  function notifier(token: string | number | undefined, fail = false) {
    const sent: Notification[] = [];
    const n = progressNotifier(token, async (notification) => {
      sent.push(notification);
      if (fail) throw new Error('client left');
    });
    return { sent, n, params: () => sent.map((s) => s.params) };
  }

  it('sends one notification per change, with an increasing progress and the total while it holds', async () => {
    const { n, sent, params } = notifier('p1');
    await n.report({ status: 'QUEUED' });
    await n.report({ status: 'QUEUED' });
    await n.report({ status: 'RUNNING', progress: 40, total: 100 });
    await n.report({ status: 'RUNNING', progress: 40, total: 100 });
    await n.report({ status: 'RUNNING', progress: 30, total: 100 });
    await n.report({ status: 'RUNNING', progress: 41, total: 41 });
    await n.report({ status: 'DONE', total: 41 });
    await n.report({ status: 'DONE', message: 'report ready' });
    expect(sent.every((s) => s.method === 'notifications/progress')).toBe(true);
    expect(params()).toEqual([
      { progressToken: 'p1', progress: 1, message: 'QUEUED' },
      { progressToken: 'p1', progress: 40, total: 100, message: 'RUNNING (40%)' },
      { progressToken: 'p1', progress: 41, total: 100, message: 'RUNNING (30%)' },
      { progressToken: 'p1', progress: 42, message: 'RUNNING (41%)' },
      { progressToken: 'p1', progress: 43, message: 'DONE' },
      { progressToken: 'p1', progress: 44, message: 'report ready' },
    ]);
  });

  it('sends nothing without a progress token; a failed send is not the tool failing', async () => {
    const none = notifier(undefined);
    await none.n.report({ status: 'QUEUED' });
    expect(none.sent).toEqual([]);
    const failing = notifier(0, true);
    await expect(failing.n.report({ status: 'QUEUED' })).resolves.toBeUndefined();
    expect(failing.params()).toEqual([{ progressToken: 0, progress: 1, message: 'QUEUED' }]);
  });

  it('shows the message, else the status with its percentage', () => {
    expect(updateText({ status: 'RUNNING' })).toBe('RUNNING');
    expect(updateText({ status: 'RUNNING', progress: 0 })).toBe('RUNNING (0%)');
    expect(updateText({ status: 'RUNNING', progress: 5, message: 'half' })).toBe('half');
  });
});

describe('cancelUpstreamJob', () => {
  it('on a cancelled task: runs the cancel with a fresh, live signal and notes its sentence', async () => {
    const controller = new AbortController();
    const reason = new TaskCancelledError('t9');
    expect(reason).toMatchObject({ name: 'AbortError', message: 'task t9 cancelled' });
    controller.abort(reason);
    let fresh: AbortSignal | undefined;
    await cancelUpstreamJob(callWith(controller.signal), 'report 1', async (call) => {
      fresh = call.signal;
      expect(call.tool).toBe('t');
      return 'report 1 cancelled upstream';
    });
    expect(fresh?.aborted).toBe(false);
    expect(reason.upstream).toBe('report 1 cancelled upstream');
  });

  it('notes a failed cancel (never throws), with its reason cut short', async () => {
    const controller = new AbortController();
    const reason = new TaskCancelledError('t9');
    controller.abort(reason);
    await cancelUpstreamJob(callWith(controller.signal), 'report 1', async () => {
      throw new Error(`refused ${'x'.repeat(300)}`);
    });
    expect(reason.upstream).toBe(
      `the upstream cancel of report 1 failed (refused ${'x'.repeat(192)}): it may still run upstream`,
    );
    const again = new TaskCancelledError('t8');
    const c2 = new AbortController();
    c2.abort(again);
    await cancelUpstreamJob(callWith(c2.signal), 'job 2', async () => {
      throw 'plain refusal';
    });
    expect(again.upstream).toBe(
      'the upstream cancel of job 2 failed (plain refusal): it may still run upstream',
    );
  });

  it('does nothing for an inline abort or a timeout (no cancel request)', async () => {
    const controller = new AbortController();
    controller.abort(new Error('timeout'));
    let asked = false;
    await cancelUpstreamJob(callWith(controller.signal), 'job', async () => {
      asked = true;
      return 'x';
    });
    expect(asked).toBe(false);
  });

  it('notes a job that cannot be cancelled, on a cancelled task only', () => {
    const controller = new AbortController();
    const reason = new TaskCancelledError('t1');
    controller.abort(reason);
    noteUpstreamNotCancelled(callWith(controller.signal), 'already done');
    expect(reason.upstream).toBe('already done');
    const other = new AbortController();
    const error = new Error('inline');
    other.abort(error);
    noteUpstreamNotCancelled(callWith(other.signal), 'x');
    expect((error as Error & { upstream?: string }).upstream).toBeUndefined();
  });
});

const record = (task: Partial<TaskRecord['task']> = {}, extra: Partial<TaskRecord> = {}): TaskRecord =>
  ({
    task: {
      taskId: 't1',
      status: 'working',
      ttl: 60_000,
      createdAt: '2026-01-01T00:00:00.000Z',
      lastUpdatedAt: '2026-01-01T00:00:00.000Z',
      pollInterval: 1000,
      ...task,
    },
    owner: 'o',
    tool: 'run_report',
    expiresAt: 5_000,
    ...extra,
  }) as TaskRecord;

const envelopeOf = (result: object) =>
  JSON.parse(((result as { content?: Array<{ text: string }> }).content ?? [])[0]?.text ?? '') as Record<
    string,
    unknown
  >;

describe('the failed ends of a task', () => {
  it('a lost owner: failed, kept its ttl from now, TASK_OWNER_LOST retryable naming the silence and the last status', () => {
    const now = Date.parse('2026-01-01T01:00:00.000Z');
    const lost = ownerLostRecord(record({ statusMessage: 'PROCESSING (40%)' }), exampleProfile, 60_400, now);
    expect(lost.task).toMatchObject({
      taskId: 't1',
      status: 'failed',
      statusMessage: 'lost: the server process running it stopped (no heartbeat for 60 s)',
      lastUpdatedAt: '2026-01-01T01:00:00.000Z',
    });
    expect(lost.expiresAt).toBe(now + 60_000);
    expect(lost.result?.isError).toBe(true);
    const envelope = envelopeOf(lost.result ?? {});
    expect(envelope).toMatchObject({
      error_code: 'TASK_OWNER_LOST',
      error_kind: exampleProfile.clientKind,
      retryable: true,
      tool: 'run_report',
      details: [{ path: '', issue: 'task owner lost', last_status: 'PROCESSING (40%)' }],
    });
    expect(JSON.stringify(envelope)).toContain('no heartbeat for 60 s');
    expect(JSON.stringify(envelope)).toContain('Call run_report again');
    // No status message: the status; no tool: unknown_tool; no ttl and a later expiry: the expiry stays.
    const bare = ownerLostRecord(
      record({ ttl: null as unknown as number }, { tool: undefined, expiresAt: now + 10 }),
      exampleProfile,
      1_000,
      now,
    );
    expect(bare.expiresAt).toBe(now + 10);
    expect(envelopeOf(bare.result ?? {})).toMatchObject({
      tool: 'unknown_tool',
      details: [{ last_status: 'working' }],
    });
    const old = ownerLostRecord(
      record({ ttl: null as unknown as number }, { expiresAt: 1 }),
      exampleProfile,
      1,
      now,
    );
    expect(old.expiresAt).toBe(now);
  });

  it('a lost owner: the envelope text content, both hints, the object received, an unset ttl keeping the expiry', () => {
    const now = Date.parse('2026-01-01T01:00:00.000Z');
    const lost = ownerLostRecord(
      record({ ttl: undefined as unknown as number }, { tool: undefined, expiresAt: now + 10 }),
      exampleProfile,
      2_000,
      now,
    );
    expect(lost.expiresAt).toBe(now + 10);
    expect(lost.result?.content).toEqual([{ type: 'text', text: expect.any(String) }]);
    const envelope = envelopeOf(lost.result ?? {});
    expect(envelope.hints).toEqual([
      'Call unknown_tool again (as a task or inline): the work of the lost task is gone.',
      'An upstream job it had started (e.g. a report) may still finish upstream: look it up with the matching get_* tool before starting a new one.',
    ]);
    expect(envelope).toMatchObject({ details: [{ received_type: 'object' }] });
  });

  it('an interrupted task: failed with TASK_INTERRUPTED, retryable, naming the signal and the drain', () => {
    const interruption = { tool: 'run_report', why: 'SIGTERM', drainMs: 9_600, lastStatus: 'IN_QUEUE' };
    expect(interruptedMessage(interruption)).toBe(
      'interrupted: the server shut down (SIGTERM) and the task did not finish within 10 s',
    );
    const result = interruptedResult(exampleProfile, interruption);
    expect(result.isError).toBe(true);
    const envelope = envelopeOf(result);
    expect(envelope).toMatchObject({
      error_code: 'TASK_INTERRUPTED',
      error_kind: exampleProfile.clientKind,
      retryable: true,
      tool: 'run_report',
      details: [{ path: '', issue: 'task interrupted by server shutdown', last_status: 'IN_QUEUE' }],
    });
    expect(JSON.stringify(envelope)).toContain(
      'The server shut down (SIGTERM) while this task ran; it waited 10 s',
    );
    expect(JSON.stringify(envelope)).toContain('Call run_report again');
    const bare = envelopeOf(interruptedResult(exampleProfile, { tool: 'x', why: 'SIGINT', drainMs: 0 }));
    expect(bare).toMatchObject({ details: [{ last_status: 'working' }] });
  });
});

describe('task settings', () => {
  it('has defaults, and a max ttl bounds the default ttl', () => {
    expect(readTaskSettings({})).toEqual({
      minTtlMs: 1_000,
      maxTtlMs: 86_400_000,
      defaultTtlMs: 3_600_000,
      maxResultBytes: 8 * 1024 * 1024,
      maxTasks: 1_000,
      pollIntervalMs: 2_000,
      leaseMs: 30_000,
      drainMs: 10_000,
    });
    expect(readTaskSettings({ OBMCP_TASK_MAX_TTL_MS: '120000' })).toMatchObject({
      maxTtlMs: 120_000,
      defaultTtlMs: 120_000,
    });
    expect(leaseHoldMs({ leaseMs: 3_000 })).toBe(3_000 * LEASE_GRACE);
    expect(LEASE_GRACE).toBe(2);
  });

  it('reads each variable within its bounds and refuses the rest, naming the variable', () => {
    const ok: Record<string, [string, string, number]> = {
      OBMCP_TASK_TTL_MS: ['1000', 'defaultTtlMs', 1_000],
      OBMCP_TASK_MAX_RESULT_BYTES: ['1024', 'maxResultBytes', 1_024],
      OBMCP_TASK_MAX_TASKS: ['1', 'maxTasks', 1],
      OBMCP_TASK_POLL_INTERVAL_MS: ['100', 'pollIntervalMs', 100],
      OBMCP_TASK_LEASE_MS: ['1000', 'leaseMs', 1_000],
      OBMCP_TASK_DRAIN_MS: ['0', 'drainMs', 0],
      OBMCP_TASK_MAX_TTL_MS: ['60000', 'maxTtlMs', 60_000],
    };
    for (const [name, [value, key, read]] of Object.entries(ok))
      expect(readTaskSettings({ [name]: value })[key as 'maxTasks'], name).toBe(read);
    const bad: Record<string, string[]> = {
      OBMCP_TASK_TTL_MS: ['999', '86400001'],
      OBMCP_TASK_MAX_TTL_MS: ['59999', String(7 * 86_400_000 + 1)],
      OBMCP_TASK_MAX_RESULT_BYTES: ['1023', String(64 * 1024 * 1024 + 1)],
      OBMCP_TASK_MAX_TASKS: ['0', '1000001'],
      OBMCP_TASK_POLL_INTERVAL_MS: ['99', '600001'],
      OBMCP_TASK_LEASE_MS: ['999', '600001'],
      OBMCP_TASK_DRAIN_MS: ['-1', '3600001'],
    };
    for (const [name, values] of Object.entries(bad))
      for (const value of values) {
        expect(() => readTaskSettings({ [name]: value }), `${name}=${value}`).toThrow(ConfigError);
        expect(() => readTaskSettings({ [name]: value }), `${name}=${value}`).toThrow(name);
      }
    const top: Record<string, [string, string, number]> = {
      OBMCP_TASK_MAX_TTL_MS: [String(7 * 86_400_000), 'maxTtlMs', 7 * 86_400_000],
      OBMCP_TASK_MAX_RESULT_BYTES: [String(64 * 1024 * 1024), 'maxResultBytes', 64 * 1024 * 1024],
      OBMCP_TASK_MAX_TASKS: ['1000000', 'maxTasks', 1_000_000],
      OBMCP_TASK_POLL_INTERVAL_MS: ['600000', 'pollIntervalMs', 600_000],
      OBMCP_TASK_LEASE_MS: ['600000', 'leaseMs', 600_000],
      OBMCP_TASK_DRAIN_MS: ['3600000', 'drainMs', 3_600_000],
      OBMCP_TASK_TTL_MS: ['86400000', 'defaultTtlMs', 86_400_000],
    };
    for (const [name, [value, key, read]] of Object.entries(top))
      expect(readTaskSettings({ [name]: value })[key as 'maxTasks'], name).toBe(read);
  });

  it('waitSeconds: an integer from 0 to 600 described with its default and what 0 does', () => {
    expect(waitSecondsProperty('the report', 30, 'start it only')).toEqual({
      type: 'integer',
      minimum: 0,
      maximum: 600,
      description: 'Wait for the report up to this long (default 30; 0 = start it only).',
    });
  });
});

describe('the Tasks extension shapes', () => {
  const task = (over: Partial<TaskRecord['task']> = {}) =>
    ({
      taskId: 't1',
      status: 'working',
      ttl: 60_000.4,
      createdAt: '2026-01-01T00:00:00.000Z',
      lastUpdatedAt: '2026-01-01T00:00:01.000Z',
      pollInterval: 999.6,
      ...over,
    }) as TaskRecord['task'];
  const base = {
    taskId: 't1',
    createdAt: '2026-01-01T00:00:00.000Z',
    lastUpdatedAt: '2026-01-01T00:00:01.000Z',
    ttlMs: 60_000,
    pollIntervalMs: 1_000,
  };
  const at = (t: TaskRecord['task'], extra: Partial<TaskRecord> = {}) =>
    ({ task: t, owner: 'o', expiresAt: 1, ...extra }) as TaskRecord;

  it('modern revisions are 2026-07-28 and later', () => {
    expect(isModernVersion('2026-07-28')).toBe(true);
    expect(isModernVersion('2027-01-01')).toBe(true);
    expect(isModernVersion('2025-11-25')).toBe(false);
    expect(isModernVersion(undefined)).toBe(false);
  });

  it('a request declares the extension in its own _meta capabilities only', () => {
    const caps = 'io.modelcontextprotocol/clientCapabilities';
    expect(declaresTasks({ [caps]: { extensions: { [TASKS_EXTENSION]: {} } } })).toBe(true);
    expect(declaresTasks({ [caps]: { extensions: { other: {} } } })).toBe(false);
    expect(declaresTasks({ [caps]: { extensions: [] } })).toBe(false);
    expect(declaresTasks({ [caps]: 'x' })).toBe(false);
    expect(declaresTasks({})).toBe(false);
    expect(declaresTasks(undefined)).toBe(false);
    const error = missingTasksExtension('tasks/get');
    expect(error.code).toBe(-32021);
    expect(error.message).toContain('tasks/get needs the io.modelcontextprotocol/tasks extension');
    expect(error.data).toEqual({ requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } });
  });

  it('CreateTaskResult is flat, in whole milliseconds (at least 1), without what the task lacks', () => {
    expect(createTaskResult(task())).toEqual({ resultType: 'task', status: 'working', ...base });
    expect(createTaskResult(task({ ttl: null, pollInterval: undefined, statusMessage: 'queued' }))).toEqual({
      resultType: 'task',
      taskId: 't1',
      status: 'working',
      statusMessage: 'queued',
      createdAt: '2026-01-01T00:00:00.000Z',
      lastUpdatedAt: '2026-01-01T00:00:01.000Z',
      ttlMs: null,
    });
    expect(createTaskResult(task({ ttl: 0.2, pollInterval: 0.2 }))).toMatchObject({
      ttlMs: 1,
      pollIntervalMs: 1,
    });
  });

  it('tasks/get: the result inlined (without the related-task _meta), input requests, or a failure', () => {
    const related = 'io.modelcontextprotocol/related-task';
    const done = { content: [{ type: 'text', text: 'ok' }], _meta: { [related]: { taskId: 't1' }, keep: 1 } };
    expect(detailedTask(at(task({ status: 'completed' }), { result: done }))).toEqual({
      resultType: 'complete',
      status: 'completed',
      ...base,
      result: { content: [{ type: 'text', text: 'ok' }], _meta: { keep: 1 } },
    });
    const plain = { content: [], _meta: { keep: 2 } };
    expect(detailedTask(at(task({ status: 'completed' }), { result: plain })).result).toBe(plain);
    expect(detailedTask(at(task({ status: 'completed' }))).result).toBeUndefined();
    expect(detailedTask(at(task({ status: 'input_required' }), { inputRequests: { a: { x: 1 } } }))).toEqual({
      resultType: 'complete',
      status: 'input_required',
      ...base,
      inputRequests: { a: { x: 1 } },
    });
    expect(detailedTask(at(task({ status: 'input_required' }))).inputRequests).toEqual({});
    expect(detailedTask(at(task()))).toEqual({ resultType: 'complete', status: 'working', ...base });
    // A tool's own error envelope: completed with result.isError.
    const toolError = {
      isError: true,
      content: [{ type: 'text', text: JSON.stringify({ error_kind: 'sp_api_client', summary: 'bad' }) }],
    };
    expect(detailedTask(at(task({ status: 'failed' }), { result: toolError }))).toEqual({
      resultType: 'complete',
      ...base,
      status: 'completed',
      result: toolError,
    });
    // The server's own failure: failed with a JSON-RPC error carrying the envelope.
    const internal = { error_kind: 'internal_error', summary: 'The tool crashed.' };
    const crashed = { isError: true, content: [{ type: 'text', text: JSON.stringify(internal) }] };
    expect(detailedTask(at(task({ status: 'failed' }), { result: crashed }))).toEqual({
      resultType: 'complete',
      status: 'failed',
      ...base,
      error: { code: -32603, message: 'The tool crashed.', data: { envelope: internal } },
    });
    // No result: the status message, else a generic sentence; no envelope, no data.
    expect(detailedTask(at(task({ status: 'failed', statusMessage: 'lost' }))).error).toEqual({
      code: -32603,
      message: 'lost',
    });
    expect(detailedTask(at(task({ status: 'failed' }))).error).toEqual({
      code: -32603,
      message: 'The task failed.',
    });
    const noSummary = { isError: true, content: [{ type: 'text', text: '{"error_kind":"internal_error"}' }] };
    expect(
      detailedTask(at(task({ status: 'failed', statusMessage: 'm' }), { result: noSummary })).error,
    ).toEqual({
      code: -32603,
      message: 'm',
      data: { envelope: { error_kind: 'internal_error' } },
    });
    // A failed result whose text is not an envelope is a completed error result as stored.
    for (const content of [
      [{ type: 'text', text: 'not json' }],
      [{ type: 'image', text: '{}' }],
      [{ type: 'text', text: '{"a":1}' }],
      'x',
    ]) {
      const result = { isError: true, content };
      expect(detailedTask(at(task({ status: 'failed' }), { result })), JSON.stringify(content)).toMatchObject(
        {
          status: 'completed',
          result,
        },
      );
    }
    expect(detailedTask(at(task({ status: 'cancelled' })))).toEqual({
      resultType: 'complete',
      status: 'cancelled',
      ...base,
    });
  });

  it('terminal statuses are completed, failed and cancelled', () => {
    expect(['completed', 'failed', 'cancelled'].map((s) => isTerminalStatus(s as 'failed'))).toEqual([
      true,
      true,
      true,
    ]);
    expect(['working', 'input_required'].map((s) => isTerminalStatus(s as 'failed'))).toEqual([false, false]);
    const error = new UnknownCursorError('c'.repeat(100));
    expect(error.name).toBe('UnknownCursorError');
    expect(error.message).toBe(
      `Unknown cursor ${JSON.stringify('c'.repeat(80))}: pass a nextCursor from a previous tasks/list`,
    );
  });
});
