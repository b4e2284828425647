// runScript, one run on a leased QuickJS module: which engine the next run gets (the same one after a clean run or
// an ordinary limitation, a fresh one after a memory refusal or a host-side fault), what a host-side fault answers,
// and what "the heap is exhausted" means when the configured allowance is small.
import type { CallOutcome, Logger } from '@obmcp/contract';
import { silentLogger } from '@obmcp/mcp-server/testing';
import { describe, expect, it } from 'vitest';
import { type CodeModeOptions, resolveLimits } from '../src/options.js';
import { type ModuleLease, ModulePool } from '../src/sandbox/module-pool.js';
import { type RunRequest, runScript } from '../src/sandbox/run-script.js';
import type { ToolCaller } from '../src/sandbox/types.js';
import { FakeHost } from './fake-host.js';

const MiB = 1024 * 1024;

/** A pool that remembers the module each run leased. */
class WatchedPool extends ModulePool {
  readonly leased: ModuleLease[] = [];
  override async acquire(): Promise<ModuleLease> {
    const lease = await super.acquire();
    this.leased.push(lease);
    return lease;
  }
}

function setup(options: CodeModeOptions = {}) {
  const limits = resolveLimits({ memoryLimitBytes: 4 * MiB, ...options });
  const pool = new WatchedPool(limits.memoryLimitBytes, () => {});
  const run = (code: string, request: Partial<RunRequest> = {}) =>
    runScript(pool, limits, { code, timeoutMs: 5000, host: new FakeHost(), log: silentLogger, ...request });
  /** Whether the next run gets the module the last run had. */
  const nextReusesLast = async () => {
    const last = pool.leased.at(-1);
    await run('return 0;');
    return pool.leased.at(-1) === last;
  };
  return { limits, pool, run, nextReusesLast };
}

function recordingLog() {
  const lines: Array<[string, string, unknown]> = [];
  const log: Logger = {
    ...silentLogger,
    warn: (msg: string, fields?: unknown) => void lines.push(['warn', msg, fields]),
  };
  return { log, lines };
}

describe('runScript: which engine the next run gets', () => {
  it('after a clean run, the same module', async () => {
    const s = setup();
    expect(await s.run('return 1;')).toEqual({
      outcome: { status: 'ok', value: 1, logs: [], calls: 0 },
      poisoned: false,
    });
    expect(await s.nextReusesLast()).toBe(true);
  });

  it('after a script error or an ordinary limitation, the same module', async () => {
    const s = setup({ maxCalls: 1 });
    expect((await s.run('throw new TypeError("no");')).outcome).toMatchObject({ status: 'script_error' });
    expect(await s.nextReusesLast()).toBe(true);
    const calls = await s.run("await call_tool('echo', {}); await call_tool('echo', {}); return 1;");
    expect(calls).toMatchObject({ outcome: { limitation: { kind: 'calls' }, calls: 1 }, poisoned: false });
    expect(await s.nextReusesLast()).toBe(true);
  });

  it('after a memory refusal of one allocation that never grew the heap, a fresh module', async () => {
    const s = setup();
    const { outcome, poisoned } = await s.run("const s = 'x'.repeat(40_000_000); return s.length;");
    expect(outcome).toEqual({
      status: 'limitation',
      limitation: { kind: 'memory', issue: 'InternalError: out of memory', limit: 4 * MiB },
      logs: [],
      calls: 0,
    });
    expect(poisoned).toBe(false);
    // The heap is still its initial size: only the memory refusal itself keeps the module from the next run.
    expect(s.pool.leased.at(-1)?.memory.buffer.byteLength).toBe(16 * MiB);
    expect(await s.nextReusesLast()).toBe(false);
  });

  it('after a run that left a tool call pending, the same module, and that call is aborted', async () => {
    let signal: AbortSignal | undefined;
    const host: ToolCaller = {
      call: (_name, _args, options) => {
        signal = options?.signal;
        return new Promise<CallOutcome>(() => {});
      },
    };
    const s = setup();
    const result = await s.run("call_tool('echo', {}); return 'left it';", { host });
    expect(result).toEqual({
      outcome: { status: 'ok', value: 'left it', logs: [], calls: 1 },
      poisoned: false,
    });
    expect(signal?.aborted).toBe(true);
    expect(signal?.reason).toMatchObject({ message: 'code mode run finished' });
    expect(await s.nextReusesLast()).toBe(true);
  });

  it('a tool answer arriving after the run ended is dropped, and the module serves the next run', async () => {
    let answer: (outcome: CallOutcome) => void = () => {};
    const host: ToolCaller = {
      call: () =>
        new Promise<CallOutcome>((resolve) => {
          answer = resolve;
        }),
    };
    const s = setup();
    expect((await s.run("call_tool('echo', {}); return 2;", { host })).outcome).toMatchObject({ value: 2 });
    answer({ ok: true, value: 'late' });
    await new Promise((r) => setTimeout(r, 5));
    expect(await s.run('return 3;')).toEqual({
      outcome: { status: 'ok', value: 3, logs: [], calls: 0 },
      poisoned: false,
    });
    expect(s.pool.leased[0]).toBe(s.pool.leased[1]);
  });
});

type FaultAt = 'runtime' | 'evaluate' | 'then' | 'dispose';

/** A lease whose engine faults on the host side at `where` (a wasm trap, the host stack overflowing). */
function faultingLease(where: FaultAt, error: unknown) {
  const disposed: string[] = [];
  /** Engine methods called once `ended` is set. */
  const touched: string[] = [];
  const state = { ended: false };
  const real = async () => new ModulePool(4 * MiB, () => {}).acquire();
  return {
    disposed,
    async lease(): Promise<ModuleLease> {
      const lease = await real();
      const module = {
        newRuntime: () => {
          const rt = lease.module.newRuntime();
          return new Proxy(rt, {
            get(target, key, receiver) {
              if (key === 'setMemoryLimit' && where === 'runtime')
                return () => {
                  throw error;
                };
              if (key === 'dispose')
                return () => {
                  disposed.push('runtime');
                  target.dispose();
                };
              if (key === 'newContext')
                return () => {
                  const ctx = target.newContext();
                  return new Proxy(ctx, {
                    get(c, k, r) {
                      if (k === 'evalCode' && where === 'evaluate')
                        return () => {
                          throw error;
                        };
                      if (k === 'dispose' && where === 'dispose')
                        return () => {
                          throw error;
                        };
                      if (k === 'callFunction' && where === 'then')
                        return () => {
                          throw error;
                        };
                      if (state.ended) touched.push(String(k));
                      const value = Reflect.get(c, k, r);
                      return typeof value === 'function' ? value.bind(c) : value;
                    },
                  });
                };
              const value = Reflect.get(target, key, receiver);
              return typeof value === 'function' ? value.bind(target) : value;
            },
          });
        },
      };
      return { ...lease, module: module as never };
    },
    touched,
    end: () => {
      state.ended = true;
    },
  };
}

describe('runScript: a host-side fault', () => {
  const limits = resolveLimits({ memoryLimitBytes: 4 * MiB });

  async function faultRun(
    where: FaultAt,
    error: unknown,
    code = 'return 1;',
    host: ToolCaller = new FakeHost(),
  ) {
    const fault = faultingLease(where, error);
    const lease = await fault.lease();
    const released: Array<[ModuleLease, boolean]> = [];
    const pool = {
      acquire: async () => lease,
      release: (l: ModuleLease, discard: boolean) => void released.push([l, discard]),
    } as unknown as ModulePool;
    const { log, lines } = recordingLog();
    const result = await runScript(pool, limits, { code, timeoutMs: 5000, host, log });
    fault.end();
    return { result, lines, released, lease, disposed: fault.disposed, touched: fault.touched };
  }

  it('inside the engine: a limitation naming the fault, logged, the engine poisoned and never reused', async () => {
    // What a wasm trap throws (WebAssembly.RuntimeError).
    const trap = Object.assign(new Error('unreachable'), { name: 'RuntimeError' });
    const r = await faultRun('evaluate', trap);
    expect(r.result).toEqual({
      outcome: {
        status: 'limitation',
        limitation: { kind: 'sandbox_crash', issue: 'RuntimeError: unreachable' },
        logs: [],
        calls: 0,
      },
      poisoned: true,
    });
    expect(r.lines).toEqual([['warn', 'code mode sandbox fault', { error: trap }]]);
    expect(r.released).toEqual([[r.lease, true]]);
    // Never touched again: disposing an engine after a fault trips QuickJS's assertion.
    expect(r.disposed).toEqual([]);
  });

  it('with a tool call in flight: the call is aborted, and its late answer never touches the engine', async () => {
    let signal: AbortSignal | undefined;
    let answer: (outcome: CallOutcome) => void = () => {};
    const host: ToolCaller = {
      call: (_name, _args, options) => {
        signal = options?.signal;
        return new Promise<CallOutcome>((resolve) => {
          answer = resolve;
        });
      },
    };
    const r = await faultRun('then', new Error('unreachable'), "call_tool('echo'); return 1;", host);
    expect(r.result).toEqual({
      outcome: {
        status: 'limitation',
        limitation: { kind: 'sandbox_crash', issue: 'Error: unreachable' },
        logs: [],
        calls: 1,
      },
      poisoned: true,
    });
    expect(signal?.aborted).toBe(true);
    answer({ ok: true, value: 'late' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(r.touched).toEqual([]);
  });

  it('the host stack overflowing: a stack limitation', async () => {
    const r = await faultRun('evaluate', new RangeError('Maximum call stack size exceeded'));
    expect(r.result.outcome).toMatchObject({
      limitation: { kind: 'stack', issue: 'RangeError: Maximum call stack size exceeded' },
    });
    expect(r.result.poisoned).toBe(true);
  });

  it('while the runtime is set up: the half-made runtime is freed, the run answers the fault', async () => {
    const r = await faultRun('runtime', new Error('setup failed'));
    expect(r.result).toEqual({
      outcome: {
        status: 'limitation',
        limitation: { kind: 'sandbox_crash', issue: 'Error: setup failed' },
        logs: [],
        calls: 0,
      },
      poisoned: true,
    });
    expect(r.disposed).toEqual(['runtime']);
    expect(r.released).toEqual([[r.lease, true]]);
  });

  it('an engine that cannot be freed after a good run: the answer stands, the engine is not reused', async () => {
    const r = await faultRun('dispose', new Error('Aborted(Assertion failed)'));
    expect(r.result).toEqual({
      outcome: { status: 'ok', value: 1, logs: [], calls: 0 },
      poisoned: true,
    });
    expect(r.lines).toEqual([]);
    expect(r.released).toEqual([[r.lease, true]]);
  });
});

describe('runScript: an exhausted heap is one that grew to its maximum', () => {
  // 16 MiB of initial heap is over 90 % of the maximum when the allowance is 1 MiB: an untouched heap is no sign of
  // exhaustion, so a script's own throw, error or result is still its own.
  const small = setup({ memoryLimitBytes: MiB });

  it('a script throwing null under a 1 MiB allowance is told what it threw, not out of memory', async () => {
    expect((await small.run('throw null;')).outcome).toEqual({
      status: 'script_error',
      error: { name: 'Error', message: 'script threw a non-Error value: null', line: null },
      logs: [],
      calls: 0,
    });
  });

  it("a script's error mentioning memory under a 1 MiB allowance stays its error", async () => {
    expect((await small.run('throw new Error("memory card missing");')).outcome).toEqual({
      status: 'script_error',
      error: { name: 'Error', message: 'memory card missing', line: 1 },
      logs: [],
      calls: 0,
    });
  });

  it('a result that is not JSON under a 1 MiB allowance is a non_json_result', async () => {
    expect((await small.run('return 10n;')).outcome).toEqual({
      status: 'limitation',
      limitation: {
        kind: 'non_json_result',
        issue: 'TypeError: Do not know how to serialize a BigInt (while serialising the result)',
      },
      logs: [],
      calls: 0,
    });
  });

  it('a heap that grew but is far from its maximum is not exhausted either', async () => {
    const roomy = setup({ memoryLimitBytes: 32 * MiB });
    const out = await roomy.run("globalThis.keep = 'x'.repeat(15_000_000); throw null;");
    expect(roomy.pool.leased.at(-1)?.memory.buffer.byteLength).toBeGreaterThan(16 * MiB);
    expect(out.outcome).toMatchObject({
      status: 'script_error',
      error: { message: 'script threw a non-Error value: null' },
    });
  });

  it('a heap grown to exactly 90 % of its maximum counts as exhausted', async () => {
    const limits = resolveLimits({ memoryLimitBytes: 4 * MiB });
    const real = await new ModulePool(limits.memoryLimitBytes, () => {}).acquire();
    // 20 MiB maximum, 320 pages: 90 % is 18 MiB, a whole number of pages. The heap's size is played here; the
    // script reaches it through a tool call.
    expect(real.maxBytes).toBe(20 * MiB);
    const heap = { byteLength: 16 * MiB };
    const lease: ModuleLease = {
      module: real.module,
      maxBytes: real.maxBytes,
      memory: { buffer: heap as never },
    };
    const pool = { acquire: async () => lease, release: () => {} } as unknown as ModulePool;
    const grow = (bytes: number): ToolCaller => ({
      call: async () => {
        heap.byteLength = bytes;
        return { ok: true, value: null };
      },
    });
    const run = (host: ToolCaller) =>
      runScript(pool, limits, {
        code: "await call_tool('grow'); throw null;",
        timeoutMs: 5000,
        host,
        log: silentLogger,
      });
    expect((await run(grow(18 * MiB))).outcome).toMatchObject({
      status: 'limitation',
      limitation: { kind: 'memory', limit: 4 * MiB },
    });
    heap.byteLength = 16 * MiB;
    expect((await run(grow(18 * MiB - 65_536))).outcome).toMatchObject({ status: 'script_error' });
  });

  it('a heap grown to its maximum: a null thrown while out of memory is a memory limitation', async () => {
    const s = setup({ memoryLimitBytes: MiB });
    const out = await s.run(
      // 1000 strings of 100 kB: far past the 17 MiB maximum, so the loop ends out of memory, never by a clock.
      "const a = []; try { for (let i = 0; i < 1000; i++) a.push('y'.repeat(100000) + i); } catch { throw null; }",
    );
    expect(s.pool.leased.at(-1)?.memory.buffer.byteLength).toBeGreaterThan(16 * MiB);
    expect(out.outcome).toEqual({
      status: 'limitation',
      limitation: { kind: 'memory', issue: 'InternalError: out of memory', limit: MiB },
      logs: [],
      calls: 0,
    });
  });
});
