// One execute run through the thread pool and the thread protocol, with the sandbox served on this thread
// (in-thread.ts): the run queue, cancellation, what the worker logs, and a sandbox whose engine cannot load.
import type { CallOutcome, Logger } from '@obmcp/contract';
import { createLogger } from '@obmcp/mcp-server/server';
import { describe, expect, it } from 'vitest';
import { type CodeModeOptions, resolveLimits } from '../src/options.js';
import type { RunOutcome, ToolCaller } from '../src/sandbox/types.js';
import { runInThread } from '../src/worker/run-in-thread.js';
import { ThreadPool } from '../src/worker/thread-pool.js';
import { FakeHost } from './fake-host.js';
import { InThreadSandbox } from './in-thread.js';

/** A pool of sandboxes on this thread; `spawned` lists every sandbox it started. */
function inThreadPool(options: CodeModeOptions = {}) {
  const limits = resolveLimits({ defaultTimeoutMs: 5000, ...options });
  const spawned: InThreadSandbox[] = [];
  const pool = new ThreadPool(limits, (l) => {
    const thread = new InThreadSandbox(l);
    spawned.push(thread);
    return thread;
  });
  const lines: Array<Record<string, unknown>> = [];
  const log: Logger = createLogger({
    name: 'thread-runs',
    level: 'debug',
    write: (l) => lines.push(JSON.parse(l)),
  });
  const run = (code: string, host: ToolCaller = new FakeHost(), signal = new AbortController().signal) =>
    runInThread(pool, limits, { code, timeoutMs: 5000, host, signal, log });
  return { run, spawned, lines };
}

/** A host whose `hold` calls wait until the test lets them go; `held` lists the calls in flight. */
class HoldingHost implements ToolCaller {
  readonly held: Array<{ args: unknown; signal: AbortSignal | undefined; release: () => void }> = [];
  call(_name: string, args: unknown, options?: { signal?: AbortSignal }): Promise<CallOutcome> {
    return new Promise((resolve) =>
      this.held.push({
        args,
        signal: options?.signal,
        release: () => resolve({ ok: true, value: args as never }),
      }),
    );
  }
}

/** Polls `check` every few ms; throws (failing the test, never hanging it) after `ms`. */
async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}

const settle = (ms = 50) => new Promise((r) => setTimeout(r, ms));

describe('runs through the thread pool', () => {
  it('runs at most maxConcurrentRuns scripts at once; a queued one starts when a slot frees', async () => {
    const { run } = inThreadPool({ maxConcurrentRuns: 2 });
    const host = new HoldingHost();
    const runs = [1, 2, 3].map((n) => run(`return await call_tool('hold', { n: ${n} });`, host));
    await until(() => host.held.length === 2);
    await settle();
    expect(host.held).toHaveLength(2);
    host.held[0]?.release();
    await until(() => host.held.length === 3);
    host.held[1]?.release();
    host.held[2]?.release();
    const outcomes = await Promise.all(runs);
    expect(outcomes.map((o) => (o.status === 'ok' ? o.value : o.status))).toEqual([
      { n: 1 },
      { n: 2 },
      { n: 3 },
    ]);
  });

  it('a clean run leaves its sandbox for the next run; a cancelled one is thrown away', async () => {
    const { run, spawned } = inThreadPool({ maxConcurrentRuns: 1 });
    expect(await run('return 1;')).toMatchObject({ status: 'ok', value: 1 });
    expect(await run('return 2;')).toMatchObject({ status: 'ok', value: 2 });
    expect(spawned).toHaveLength(1);
    const host = new HoldingHost();
    const controller = new AbortController();
    const cancelled = run("await call_tool('hold', {}); return 'late';", host, controller.signal);
    await until(() => host.held.length === 1);
    controller.abort();
    expect(await cancelled).toEqual({
      status: 'limitation',
      limitation: { kind: 'cancelled', issue: 'AbortError: the request was cancelled' },
      logs: [],
      calls: 1,
    });
    // The tool call the script was waiting for is cancelled upstream too.
    expect(host.held[0]?.signal?.aborted).toBe(true);
    expect(spawned[0]?.alive).toBe(false);
    expect(await run('return 3;')).toMatchObject({ status: 'ok', value: 3 });
    expect(spawned).toHaveLength(2);
  });

  it('a kept sandbox that died while idle is not handed to the next run', async () => {
    const { run, spawned } = inThreadPool({ maxConcurrentRuns: 1 });
    expect(await run('return 1;')).toMatchObject({ status: 'ok', value: 1 });
    spawned[0]?.terminate();
    const next = run('return 2;');
    const bound = new Promise((r) => setTimeout(() => r('no answer in time'), 3000));
    expect(await Promise.race([next, bound])).toMatchObject({ status: 'ok', value: 2 });
    expect(spawned).toHaveLength(2);
  });

  it('keeps one idle sandbox warm: the others are terminated when their runs end', async () => {
    const { run, spawned } = inThreadPool({ maxConcurrentRuns: 3 });
    const host = new HoldingHost();
    const runs = [1, 2, 3].map((n) => run(`return await call_tool('hold', { n: ${n} });`, host));
    await until(() => host.held.length === 3);
    for (const held of host.held) held.release();
    await Promise.all(runs);
    expect(spawned).toHaveLength(3);
    expect(spawned.filter((t) => t.alive)).toHaveLength(1);
  });

  it('a run cancelled while it waits for a slot never starts; the slot holder runs on', async () => {
    const { run } = inThreadPool({ maxConcurrentRuns: 1 });
    const host = new HoldingHost();
    const first = run("return await call_tool('hold', { n: 1 });", host);
    await until(() => host.held.length === 1);
    const controller = new AbortController();
    const queued = run("return await call_tool('hold', { n: 2 });", host, controller.signal);
    controller.abort();
    expect(await queued).toEqual({
      status: 'limitation',
      limitation: { kind: 'cancelled', issue: 'AbortError: the request was cancelled' },
      logs: [],
      calls: 0,
    });
    host.held[0]?.release();
    expect(await first).toMatchObject({ status: 'ok', value: { n: 1 } });
    expect(host.held).toHaveLength(1);
    // The slot the cancelled run never took is free.
    expect(await run('return 4;')).toMatchObject({ status: 'ok', value: 4 });
  });

  it('a run whose signal is already aborted is cancelled before its script starts', async () => {
    const { run } = inThreadPool();
    const host = new HoldingHost();
    const outcome = await run("await call_tool('hold', {});", host, AbortSignal.abort());
    expect(outcome).toMatchObject({ status: 'limitation', limitation: { kind: 'cancelled' }, calls: 0 });
    await settle();
    expect(host.held).toHaveLength(0);
  });

  it('the script runs its tool calls through the host and gets their values, logs and count back', async () => {
    const { run } = inThreadPool();
    const host = new FakeHost();
    const outcome: RunOutcome = await run(
      "console.log('before');\nconst a = await call_tool('echo', { t: 1 });\nconst b = await call_tool('echo', { t: 2 });\nreturn [a, b];",
      host,
    );
    expect(outcome).toEqual({
      status: 'ok',
      value: [{ echoed: { t: 1 } }, { echoed: { t: 2 } }],
      logs: ['before'],
      calls: 2,
    });
    expect(host.seen).toEqual([
      { name: 'echo', args: { t: 1 } },
      { name: 'echo', args: { t: 2 } },
    ]);
  });

  it("a tool that throws reaches the script as a ToolCallError and the server log with the tool's error", async () => {
    const { run, lines } = inThreadPool();
    const outcome = await run(
      "try { await call_tool('explode', {}); } catch (e) { return [e.name, e.message]; }",
    );
    expect(outcome).toMatchObject({
      status: 'ok',
      value: [
        'ToolCallError',
        "call_tool('explode') failed without an envelope (internal error; details are in the server log)",
      ],
    });
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: 'code mode call_tool failed without an envelope',
        component: 'code-mode-worker',
        tool: 'explode',
        error: expect.objectContaining({ name: 'Error', message: 'kaboom: internal detail' }),
      }),
    );
  });

  it('a sandbox whose engine cannot load ends the run as a limitation and is not reused', async () => {
    // A WebAssembly memory maximum past 4 GiB cannot be created: the engine never loads.
    const { run, spawned, lines } = inThreadPool({ memoryLimitBytes: 8 * 1024 ** 3 });
    const outcome = await run('return 1;');
    expect(outcome).toMatchObject({
      status: 'limitation',
      limitation: { kind: 'memory', issue: expect.stringMatching(/^RangeError: .*Memory/) },
      logs: [],
      calls: 0,
    });
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'code mode sandbox fault', component: 'code-mode-worker' }),
    );
    expect(spawned[0]?.alive).toBe(false);
  });
});
