// The main side of one run against a scripted thread: what it posts, what each worker message does (started,
// call, call_abort, log, done), a thread that dies, the start-up and wall-time backstops, and cancellation.
import { AsyncLocalStorage } from 'node:async_hooks';
import { getEventListeners } from 'node:events';
import type { CallOutcome, Logger } from '@obmcp/contract';
import { silentLogger } from '@obmcp/mcp-server/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveLimits } from '../src/options.js';
import type { RunOutcome, ToolCaller } from '../src/sandbox/types.js';
import type { FromWorker, ToWorker } from '../src/worker/protocol.js';
import {
  runInThread,
  START_LIMIT_MS,
  TERMINATE_GRACE_MS,
  threadRunner,
} from '../src/worker/run-in-thread.js';
import type { PooledThread, ThreadListener } from '../src/worker/sandbox-thread.js';
import { ThreadPool } from '../src/worker/thread-pool.js';

/** A thread the test plays the worker of: it records what it is sent and how it ends. */
class ScriptedThread implements PooledThread {
  alive = true;
  readonly posted: ToWorker[] = [];
  listener: ThreadListener | undefined;
  log: Logger | undefined;
  terminated = 0;
  detached = 0;
  /** When set, post throws for messages of this type (a value JSON cannot encode). */
  failPost: ToWorker['type'] | undefined;

  attach(listener: ThreadListener, log: Logger): void {
    this.listener = listener;
    this.log = log;
  }
  detach(): void {
    this.detached++;
  }
  post(message: ToWorker): void {
    if (message.type === this.failPost) throw new RangeError('Maximum call stack size exceeded');
    this.posted.push(message);
  }
  terminate(): void {
    this.terminated++;
    this.alive = false;
  }
  send(message: FromWorker): void {
    this.listener?.message(message);
  }
}

type Line = [level: string, msg: string, fields: unknown];

function recordingLog() {
  const lines: Line[] = [];
  const at =
    (level: string) =>
    (msg: string, fields?: unknown): void =>
      void lines.push([level, msg, fields]);
  const log: Logger = {
    ...silentLogger,
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
  };
  return { log, lines };
}

function setup(options: { maxCalls?: number; host?: ToolCaller; timeoutMs?: number } = {}) {
  const limits = resolveLimits({ maxCalls: options.maxCalls ?? 50, memoryLimitBytes: 5 * 1024 * 1024 });
  const threads: ScriptedThread[] = [];
  const pool = new ThreadPool(limits, () => {
    const thread = new ScriptedThread();
    threads.push(thread);
    return thread;
  });
  const { log, lines } = recordingLog();
  const controller = new AbortController();
  const host: ToolCaller = options.host ?? { call: async (_n, args) => ({ ok: true, value: args as never }) };
  const start = () =>
    runInThread(pool, limits, {
      code: 'return 1;',
      timeoutMs: options.timeoutMs ?? 2000,
      host,
      signal: controller.signal,
      log,
    });
  return { limits, threads, pool, log, lines, controller, start };
}

const flush = () => new Promise((r) => setTimeout(r, 0));
const done = (outcome: RunOutcome, poisoned = false): FromWorker => ({ type: 'done', outcome, poisoned });
const ok: RunOutcome = { status: 'ok', value: 1, logs: ['l'], calls: 0 };

afterEach(() => {
  vi.useRealTimers();
});

describe('a run on a thread', () => {
  it('posts the code and wall time once, and answers with the outcome the thread reports', async () => {
    const s = setup({ timeoutMs: 1234 });
    const outcome = s.start();
    await flush();
    const [thread] = s.threads;
    expect(thread?.posted).toEqual([{ type: 'run', code: 'return 1;', timeoutMs: 1234 }]);
    expect(thread?.log).toBe(s.log);
    thread?.send({ type: 'started' });
    thread?.send(done(ok));
    expect(await outcome).toEqual(ok);
    // A clean run leaves its thread idle for the next run, and later messages are ignored.
    expect(thread?.terminated).toBe(0);
    expect(thread?.detached).toBe(1);
    thread?.send(done({ ...ok, value: 2 }));
    const next = s.start();
    await flush();
    expect(s.threads).toHaveLength(1);
    thread?.send(done({ ...ok, value: 3 }));
    expect(await next).toMatchObject({ value: 3 });
  });

  it('a poisoned run ends with its outcome, and its thread is terminated, never reused', async () => {
    const s = setup();
    const outcome = s.start();
    await flush();
    s.threads[0]?.send(done(ok, true));
    expect(await outcome).toEqual(ok);
    expect(s.threads[0]?.terminated).toBe(1);
  });

  it("the worker's log lines reach the run's logger at their level, with their fields", async () => {
    const s = setup();
    const outcome = s.start();
    await flush();
    const thread = s.threads[0];
    thread?.send({ type: 'log', level: 'info', msg: 'one', fields: { a: 1 } });
    thread?.send({ type: 'log', level: 'error', msg: 'two' });
    thread?.send({ type: 'log', level: 'debug', msg: 'three', fields: { b: 2 } });
    thread?.send(done(ok));
    await outcome;
    expect(s.lines).toEqual([
      ['info', 'one', { a: 1 }],
      ['error', 'two', undefined],
      ['debug', 'three', { b: 2 }],
    ]);
  });

  it("serves the script's calls through the host and posts each result under its call id", async () => {
    const seen: Array<[string, unknown]> = [];
    const s = setup({
      host: {
        call: async (name, args) => {
          seen.push([name, args]);
          return { ok: true, value: { name } };
        },
      },
    });
    const outcome = s.start();
    await flush();
    const thread = s.threads[0];
    thread?.send({ type: 'call', callId: 7, name: 'echo', args: { x: 1 } });
    thread?.send({ type: 'call', callId: 8, name: 'other', args: null });
    await flush();
    expect(seen).toEqual([
      ['echo', { x: 1 }],
      ['other', null],
    ]);
    expect(thread?.posted.slice(1)).toEqual([
      { type: 'call_result', callId: 7, outcome: { ok: true, value: { name: 'echo' } } },
      { type: 'call_result', callId: 8, outcome: { ok: true, value: { name: 'other' } } },
    ]);
    thread?.send(done(ok));
    await outcome;
  });

  it('a host call that throws reaches the worker as call_thrown with its name and message', async () => {
    const s = setup({
      host: {
        call: async (name) => {
          if (name === 'string') throw 'plain text';
          throw new TypeError('bad thing');
        },
      },
    });
    const outcome = s.start();
    await flush();
    const thread = s.threads[0];
    thread?.send({ type: 'call', callId: 1, name: 'error', args: {} });
    thread?.send({ type: 'call', callId: 2, name: 'string', args: {} });
    await flush();
    expect(thread?.posted.slice(1)).toEqual([
      { type: 'call_thrown', callId: 1, error: { name: 'TypeError', message: 'bad thing' } },
      { type: 'call_thrown', callId: 2, error: { name: 'Error', message: 'plain text' } },
    ]);
    thread?.send(done(ok));
    await outcome;
  });

  it('a result the thread cannot be sent is answered as call_thrown instead', async () => {
    const s = setup();
    const outcome = s.start();
    await flush();
    const thread = s.threads[0];
    if (thread) thread.failPost = 'call_result';
    thread?.send({ type: 'call', callId: 3, name: 'deep', args: {} });
    await flush();
    expect(thread?.posted.slice(1)).toEqual([
      {
        type: 'call_thrown',
        callId: 3,
        error: { name: 'RangeError', message: 'Maximum call stack size exceeded' },
      },
    ]);
    thread?.send(done(ok));
    await outcome;
  });

  it('call_abort aborts that call upstream only (the worker drops its late answer)', async () => {
    const signals = new Map<string, AbortSignal | undefined>();
    const releases: Array<() => void> = [];
    const s = setup({
      host: {
        call: (name, _args, options) =>
          new Promise<CallOutcome>((resolve) => {
            signals.set(name, options?.signal);
            releases.push(() => resolve({ ok: true, value: name }));
          }),
      },
    });
    const outcome = s.start();
    await flush();
    const thread = s.threads[0];
    thread?.send({ type: 'call', callId: 1, name: 'a', args: {} });
    thread?.send({ type: 'call', callId: 2, name: 'b', args: {} });
    await flush();
    thread?.send({ type: 'call_abort', callId: 1 });
    thread?.send({ type: 'call_abort', callId: 99 });
    expect(signals.get('a')?.aborted).toBe(true);
    expect(signals.get('b')?.aborted).toBe(false);
    for (const release of releases) release();
    await flush();
    expect(thread?.posted).toContainEqual({
      type: 'call_result',
      callId: 2,
      outcome: { ok: true, value: 'b' },
    });
    thread?.send(done(ok));
    await outcome;
  });

  it('the end of a run aborts the calls still in flight and drops their answers', async () => {
    let signal: AbortSignal | undefined;
    let release = () => {};
    const s = setup({
      host: {
        call: (_name, _args, options) =>
          new Promise<CallOutcome>((resolve) => {
            signal = options?.signal;
            release = () => resolve({ ok: true, value: 'late' });
          }),
      },
    });
    const outcome = s.start();
    await flush();
    const thread = s.threads[0];
    thread?.send({ type: 'call', callId: 1, name: 'slow', args: {} });
    await flush();
    thread?.send(done(ok));
    await outcome;
    expect(signal?.aborted).toBe(true);
    expect(signal?.reason).toMatchObject({ message: 'code mode run finished' });
    release();
    await flush();
    expect(thread?.posted).toHaveLength(1);
  });
});

describe('a run that does not end by itself', () => {
  it('a thread out of heap: a memory limitation naming the limit and the calls it made (at most maxCalls)', async () => {
    const s = setup({ maxCalls: 2 });
    const outcome = s.start();
    await flush();
    const thread = s.threads[0];
    for (const callId of [1, 2, 3]) thread?.send({ type: 'call', callId, name: 'x', args: {} });
    const oom = Object.assign(new Error('Worker terminated due to reaching memory limit'), {
      code: 'ERR_WORKER_OUT_OF_MEMORY',
    });
    thread?.listener?.exit(oom);
    expect(await outcome).toEqual({
      status: 'limitation',
      limitation: {
        kind: 'memory',
        issue:
          'InternalError: out of memory (sandbox thread heap; Worker terminated due to reaching memory limit)',
        limit: 5 * 1024 * 1024,
      },
      logs: [],
      calls: 2,
    });
    expect(s.lines).toEqual([]);
  });

  it('a thread that exits otherwise: a sandbox crash, and the log says why', async () => {
    const s = setup();
    const outcome = s.start();
    await flush();
    const thread = s.threads[0];
    thread?.send({ type: 'call', callId: 1, name: 'x', args: {} });
    const error = new Error('boom');
    thread?.listener?.exit(error);
    expect(await outcome).toEqual({
      status: 'limitation',
      limitation: { kind: 'sandbox_crash', issue: 'Error: the sandbox thread exited' },
      logs: [],
      calls: 1,
    });
    expect(s.lines).toEqual([['warn', 'code mode sandbox thread exited', { error }]]);
    const quiet = setup();
    const second = quiet.start();
    await flush();
    quiet.threads[0]?.listener?.exit(undefined);
    expect(await second).toMatchObject({ limitation: { kind: 'sandbox_crash' }, calls: 0 });
  });

  it('cancelled while running: the thread is terminated at once and the run is cancelled', async () => {
    const s = setup();
    const outcome = s.start();
    await flush();
    s.controller.abort();
    expect(await outcome).toEqual({
      status: 'limitation',
      limitation: { kind: 'cancelled', issue: 'AbortError: the request was cancelled' },
      logs: [],
      calls: 0,
    });
    expect(s.threads[0]?.terminated).toBe(1);
  });

  it('cancelled before a slot frees: cancelled without a thread', async () => {
    const s = setup();
    s.controller.abort();
    expect(await s.start()).toEqual({
      status: 'limitation',
      limitation: { kind: 'cancelled', issue: 'AbortError: the request was cancelled' },
      logs: [],
      calls: 0,
    });
    expect(s.threads).toHaveLength(0);
  });

  it('a thread that never starts its sandbox is ended after START_LIMIT_MS as a crash', async () => {
    vi.useFakeTimers();
    const s = setup();
    const outcome = s.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(START_LIMIT_MS).toBe(30_000);
    await vi.advanceTimersByTimeAsync(START_LIMIT_MS - 1);
    expect(s.threads[0]?.terminated).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toEqual({
      status: 'limitation',
      limitation: { kind: 'sandbox_crash', issue: 'Error: the sandbox thread did not start' },
      logs: [],
      calls: 0,
    });
    expect(s.threads[0]?.terminated).toBe(1);
  });

  it('once started, a silent thread is ended at its wall time plus the grace, as a timeout, and logged', async () => {
    vi.useFakeTimers();
    const s = setup({ timeoutMs: 500 });
    const outcome = s.start();
    await vi.advanceTimersByTimeAsync(0);
    s.threads[0]?.send({ type: 'started' });
    expect(TERMINATE_GRACE_MS).toBe(1000);
    await vi.advanceTimersByTimeAsync(500 + TERMINATE_GRACE_MS - 1);
    expect(s.threads[0]?.terminated).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toEqual({
      status: 'limitation',
      limitation: {
        kind: 'timeout',
        issue: 'InternalError: interrupted (wall-time limit 500 ms)',
        limit: 500,
      },
      logs: [],
      calls: 0,
    });
    expect(s.threads[0]?.terminated).toBe(1);
    expect(s.lines).toEqual([
      ['warn', 'code mode sandbox thread terminated at its deadline', { timeout_ms: 500, grace_ms: 1000 }],
    ]);
  });

  it('the start-up limit no longer applies once the sandbox started', async () => {
    vi.useFakeTimers();
    const s = setup({ timeoutMs: 40_000 });
    const outcome = s.start();
    await vi.advanceTimersByTimeAsync(0);
    s.threads[0]?.send({ type: 'started' });
    await vi.advanceTimersByTimeAsync(START_LIMIT_MS + 10);
    expect(s.threads[0]?.terminated).toBe(0);
    s.threads[0]?.send(done(ok));
    expect(await outcome).toEqual(ok);
  });
});

describe('a run at its edges', () => {
  it('cancelled as its thread is handed over: cancelled, the thread terminated, no script posted', async () => {
    const s = setup();
    const outcome = s.start();
    s.controller.abort();
    expect(await outcome).toEqual({
      status: 'limitation',
      limitation: { kind: 'cancelled', issue: 'AbortError: the request was cancelled' },
      logs: [],
      calls: 0,
    });
    expect(s.threads).toHaveLength(1);
    expect(s.threads[0]?.posted).toEqual([]);
    expect(s.threads[0]?.terminated).toBe(1);
  });

  it('a cancel after the run ended changes nothing: the idle thread serves the next run', async () => {
    const s = setup();
    const outcome = s.start();
    await flush();
    s.threads[0]?.send(done(ok));
    expect(await outcome).toEqual(ok);
    s.controller.abort();
    await flush();
    expect(s.threads[0]?.terminated).toBe(0);
  });

  it('a thread that keeps reporting after its run ended reaches nothing: no call, no log, no second end', async () => {
    const seen: string[] = [];
    const s = setup({
      host: {
        call: async (name) => {
          seen.push(name);
          return { ok: true, value: null };
        },
      },
    });
    const outcome = s.start();
    await flush();
    const thread = s.threads[0];
    thread?.send(done(ok));
    expect(await outcome).toEqual(ok);
    // This thread's listener stays attached after the run released it (a real thread's is detached).
    thread?.send({ type: 'call', callId: 1, name: 'late', args: {} });
    thread?.send({ type: 'log', level: 'warn', msg: 'late line' });
    thread?.listener?.exit(new Error('late exit'));
    await flush();
    expect(seen).toEqual([]);
    expect(s.lines).toEqual([]);
    expect(thread?.posted).toHaveLength(1);
    expect(thread?.detached).toBe(1);
    expect(thread?.terminated).toBe(0);
  });

  it('a run leaves no abort listener on the request signal, however it ended', async () => {
    const s = setup();
    const first = s.start();
    await flush();
    s.threads[0]?.send(done(ok));
    await first;
    const second = s.start();
    await flush();
    s.threads[0]?.listener?.exit(new Error('gone'));
    await second;
    expect(getEventListeners(s.controller.signal, 'abort')).toEqual([]);
  });

  it('a thread that cannot be started fails the run with that error, not as cancelled', async () => {
    const limits = resolveLimits();
    const pool = new ThreadPool(limits, () => {
      throw new Error('cannot spawn a worker');
    });
    await expect(
      runInThread(pool, limits, {
        code: 'return 1;',
        timeoutMs: 1000,
        host: { call: async () => ({ ok: true, value: null }) },
        signal: new AbortController().signal,
        log: silentLogger,
      }),
    ).rejects.toThrow('cannot spawn a worker');
  });

  it("the script's tool calls run in the async context of the execute that started the run", async () => {
    const context = new AsyncLocalStorage<string>();
    const seen: Array<string | undefined> = [];
    const s = setup({
      host: {
        call: async () => {
          seen.push(context.getStore());
          return { ok: true, value: null };
        },
      },
    });
    const outcome = context.run('the caller', () => s.start());
    await flush();
    // The thread's messages arrive in another context (a pooled worker's, created for someone else).
    context.run('another user', () => s.threads[0]?.send({ type: 'call', callId: 1, name: 'x', args: {} }));
    await flush();
    expect(seen).toEqual(['the caller']);
    s.threads[0]?.send(done(ok));
    await outcome;
  });

  it('a call rejected after the run ended posts nothing to the thread', async () => {
    let fail: (error: Error) => void = () => {};
    const s = setup({
      host: {
        call: () =>
          new Promise<CallOutcome>((_resolve, reject) => {
            fail = reject;
          }),
      },
    });
    const outcome = s.start();
    await flush();
    const thread = s.threads[0];
    thread?.send({ type: 'call', callId: 1, name: 'x', args: {} });
    await flush();
    thread?.send(done(ok));
    await outcome;
    fail(new Error('too late'));
    await flush();
    expect(thread?.posted).toHaveLength(1);
  });

  it('a call the worker gave up on that then fails still answers the worker once, as thrown', async () => {
    const s = setup({
      host: {
        call: (_name, _args, options) =>
          new Promise<CallOutcome>((_resolve, reject) => {
            options?.signal?.addEventListener('abort', () => reject(options.signal?.reason));
          }),
      },
    });
    const outcome = s.start();
    await flush();
    const thread = s.threads[0];
    thread?.send({ type: 'call', callId: 4, name: 'x', args: {} });
    await flush();
    thread?.send({ type: 'call_abort', callId: 4 });
    await flush();
    expect(thread?.posted.slice(1)).toEqual([
      {
        type: 'call_thrown',
        callId: 4,
        error: { name: 'Error', message: 'code mode call no longer awaited' },
      },
    ]);
    thread?.send(done(ok));
    await outcome;
  });
});

describe('threadRunner', () => {
  it('runs each request on a thread of one pool, at most maxConcurrentRuns at once', async () => {
    const limits = resolveLimits({ maxConcurrentRuns: 1 });
    const threads: ScriptedThread[] = [];
    const run = threadRunner(limits, () => {
      const thread = new ScriptedThread();
      threads.push(thread);
      return thread;
    });
    const request = () => ({
      code: 'return 1;',
      timeoutMs: 1000,
      host: { call: async () => ({ ok: true as const, value: null }) },
      signal: new AbortController().signal,
      log: silentLogger,
    });
    const first = run(request());
    const second = run(request());
    await flush();
    expect(threads).toHaveLength(1);
    expect(threads[0]?.posted).toHaveLength(1);
    threads[0]?.send(done(ok));
    expect(await first).toEqual(ok);
    await flush();
    expect(threads).toHaveLength(1);
    expect(threads[0]?.posted).toHaveLength(2);
    threads[0]?.send(done({ ...ok, value: 2 }));
    expect(await second).toMatchObject({ value: 2 });
  });
});
