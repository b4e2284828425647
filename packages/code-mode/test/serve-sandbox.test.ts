// The worker's loop (serveSandbox) on the calling thread, driven message by message as the main side drives it:
// started before anything else, each call_tool as a call message settled by its reply, the wall time it is sent,
// and the done message with the outcome and whether the engine is still clean.
import type { Logger } from '@obmcp/contract';
import { silentLogger } from '@obmcp/mcp-server/testing';
import { describe, expect, it } from 'vitest';
import { resolveLimits } from '../src/options.js';
import type { FromWorker } from '../src/worker/protocol.js';
import { enginePool } from '../src/worker/serve-sandbox.js';
import { InThreadSandbox } from './in-thread.js';

/** Polls `check` every few ms; throws (failing the test, never hanging it) after `ms`. */
async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}

const limits = resolveLimits();
const types = (messages: FromWorker[]) => messages.map((m) => m.type);

describe('enginePool', () => {
  it("the engine's own output, on either stream, is a warn line of the worker's log", async () => {
    const warned: Array<[string, unknown]> = [];
    const log: Logger = { ...silentLogger, warn: (msg, fields) => void warned.push([msg, fields]) };
    const lease = await enginePool(limits, log).acquire();
    const engine = (
      lease.module as unknown as { module: { print(t: string): void; printErr(t: string): void } }
    ).module;
    engine.print('from the engine');
    engine.printErr('Aborted(Assertion failed)');
    expect(warned).toEqual([
      ['code mode engine output', { stream: 'stdout', text: 'from the engine' }],
      ['code mode engine output', { stream: 'stderr', text: 'Aborted(Assertion failed)' }],
    ]);
    expect(lease.maxBytes).toBe(16 * 1024 * 1024 + limits.memoryLimitBytes);
  });
});

describe('serveSandbox', () => {
  it('answers a run with started, its calls, then done with the outcome and a clean engine', async () => {
    const sandbox = new InThreadSandbox(limits);
    sandbox.post({
      type: 'run',
      code: "const r = await call_tool('echo', { a: 1 }); return r;",
      timeoutMs: 5000,
    });
    await until(() => sandbox.received.some((m) => m.type === 'call'));
    expect(types(sandbox.received)).toEqual(['started', 'call']);
    expect(sandbox.received[1]).toEqual({ type: 'call', callId: 1, name: 'echo', args: { a: 1 } });
    sandbox.post({ type: 'call_result', callId: 1, outcome: { ok: true, value: { got: 1 } } });
    await until(() => sandbox.received.some((m) => m.type === 'done'));
    expect(sandbox.received.at(-1)).toEqual({
      type: 'done',
      outcome: { status: 'ok', value: { got: 1 }, logs: [], calls: 1 },
      poisoned: false,
    });
    sandbox.terminate();
  });

  it('a call_thrown reply reaches the script as a ToolCallError', async () => {
    const sandbox = new InThreadSandbox(limits);
    sandbox.post({
      type: 'run',
      code: "try { await call_tool('x', {}); } catch (e) { return [e.name, e.message]; }",
      timeoutMs: 5000,
    });
    await until(() => sandbox.received.some((m) => m.type === 'call'));
    sandbox.post({ type: 'call_thrown', callId: 1, error: { name: 'TypeError', message: 'nope' } });
    await until(() => sandbox.received.some((m) => m.type === 'done'));
    const last = sandbox.received.at(-1) as Extract<FromWorker, { type: 'done' }>;
    expect(last.outcome).toMatchObject({
      status: 'ok',
      value: ['ToolCallError', expect.stringContaining("'x'")],
    });
    sandbox.terminate();
  });

  it('runs with the wall time it is sent', async () => {
    const sandbox = new InThreadSandbox(limits);
    sandbox.post({ type: 'run', code: 'await new Promise(() => {});', timeoutMs: 150 });
    await until(() => sandbox.received.some((m) => m.type === 'done'));
    expect(sandbox.received.at(-1)).toEqual({
      type: 'done',
      outcome: {
        status: 'limitation',
        limitation: {
          kind: 'timeout',
          issue: 'InternalError: interrupted (wall-time limit 150 ms)',
          limit: 150,
        },
        logs: [],
        calls: 0,
      },
      poisoned: false,
    });
    sandbox.terminate();
  });

  it('an engine that cannot load: done as a limitation, poisoned, and the fault logged', async () => {
    const sandbox = new InThreadSandbox(resolveLimits({ memoryLimitBytes: 8 * 1024 ** 3 }));
    sandbox.post({ type: 'run', code: 'return 1;', timeoutMs: 5000 });
    await until(() => sandbox.received.some((m) => m.type === 'done'));
    expect(types(sandbox.received)).toEqual(['log', 'done']);
    expect(sandbox.received[0]).toMatchObject({
      type: 'log',
      level: 'warn',
      msg: 'code mode sandbox fault',
      fields: { component: 'code-mode-worker', error: { name: 'RangeError' } },
    });
    expect(sandbox.received[1]).toMatchObject({
      type: 'done',
      outcome: { status: 'limitation', limitation: { kind: 'memory' }, logs: [], calls: 0 },
      poisoned: true,
    });
    sandbox.terminate();
  });
});
