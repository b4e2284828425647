// evaluate, the script's run inside its context: what a run answers when the script's promise settles, when a
// limit stops it first (while it waits on a tool, while its result is serialised), when the script tampers with
// the promise machinery evaluate relies on, and that a run leaves no timer behind.
import { silentLogger } from '@obmcp/mcp-server/testing';
import { describe, expect, it, vi } from 'vitest';
import { type CodeModeOptions, resolveLimits } from '../src/options.js';
import { MAX_JSON_DEPTH } from '../src/sandbox/marshal.js';
import { ModulePool } from '../src/sandbox/module-pool.js';
import { runScript } from '../src/sandbox/run-script.js';
import type { ToolCaller } from '../src/sandbox/types.js';
import { FakeHost } from './fake-host.js';

function runner(options: CodeModeOptions = {}) {
  const limits = resolveLimits(options);
  const pool = new ModulePool(limits.memoryLimitBytes, () => {});
  return (code: string, timeoutMs = 5000) =>
    runScript(pool, limits, { code, timeoutMs, host: new FakeHost(), log: silentLogger });
}

const timeout = (ms: number) => ({
  status: 'limitation',
  limitation: { kind: 'timeout', issue: `InternalError: interrupted (wall-time limit ${ms} ms)`, limit: ms },
  logs: [],
});

describe('evaluate: what the script settles with', () => {
  it('a value the script returns after awaiting tools, and a rejection it does not catch', async () => {
    const run = runner();
    expect(await run("const a = await call_tool('echo', { text: 'x' }); return a;")).toEqual({
      outcome: { status: 'ok', value: { echoed: { text: 'x' } }, logs: [], calls: 1 },
      poisoned: false,
    });
    expect(await run("await call_tool('echo', {});\nthrow new RangeError('late');")).toEqual({
      outcome: {
        status: 'script_error',
        error: { name: 'RangeError', message: 'late', line: 2 },
        logs: [],
        calls: 1,
      },
      poisoned: false,
    });
  });

  it('a script that replaces Promise.prototype.then still has its own value returned', async () => {
    const run = runner();
    expect(
      await run('Promise.prototype.then = function () { return 42; };\nreturn await Promise.resolve(7);'),
    ).toEqual({ outcome: { status: 'ok', value: 7, logs: [], calls: 0 }, poisoned: false });
  });

  it('a script whose promise species throws is told its own error, and the engine stays clean', async () => {
    const run = runner();
    const code =
      "Object.defineProperty(Promise.prototype, 'constructor', { value: { [Symbol.species]: function () {\n" +
      "  throw new TypeError('species says no'); } } });\nreturn 1;";
    expect(await run(code)).toEqual({
      outcome: {
        status: 'script_error',
        error: { name: 'TypeError', message: 'species says no', line: 2 },
        logs: [],
        calls: 0,
      },
      poisoned: false,
    });
    expect(await run('return 2;')).toMatchObject({ outcome: { value: 2 } });
  });

  it('a promise species that calls past the call limit is the call limitation, not its error', async () => {
    const run = runner({ maxCalls: 3 });
    const code =
      "Object.defineProperty(Promise.prototype, 'constructor', { value: { [Symbol.species]: function () {\n" +
      "  for (let i = 0; i < 100; i++) call_tool('echo', {}); } } });\nreturn 1;";
    expect(await run(code)).toEqual({
      outcome: {
        status: 'limitation',
        limitation: { kind: 'calls', issue: 'more than 3 call_tool calls in one run', limit: 3 },
        logs: [],
        calls: 3,
      },
      poisoned: false,
    });
  });

  it('a syntax error is the script error, before anything runs', async () => {
    const run = runner();
    expect(await run("call_tool('echo', {});\nreturn (;")).toEqual({
      outcome: {
        status: 'script_error',
        error: { name: 'SyntaxError', message: expect.stringMatching(/unexpected token/i), line: 2 },
        logs: [],
        calls: 0,
      },
      poisoned: false,
    });
  });
});

describe('evaluate: a limit reached first', () => {
  it('a script waiting on a tool that never answers ends at its wall time', async () => {
    // Which limit ended it is read from the outcome, never from a clock (a broken host timer hangs to the test's bound).
    const run = runner();
    expect(await run("await call_tool('slow', {}); return 1;", 300)).toEqual({
      outcome: { ...timeout(300), calls: 1 },
      poisoned: false,
    });
  });

  // Loops below end on their own after 10 s, not `for (;;)`: on this thread nothing but the interrupt stops a loop,
  // so a broken interrupt must fail these tests (the loop returns), not hang the suite (see limits.test.ts).
  const busy = (body: string) => `const end = Date.now() + 10_000; while (Date.now() < end) { ${body} }`;

  it('a result whose toJSON runs past the wall time is a timeout, not a non-JSON result', async () => {
    const run = runner();
    expect(await run(`return { toJSON() { ${busy('')} return 'ran to the end'; } };`, 300)).toEqual({
      outcome: { ...timeout(300), calls: 0 },
      poisoned: false,
    });
  });

  it('a result whose toJSON calls past the call limit is the call limitation', async () => {
    const run = runner({ maxCalls: 3 });
    const code = `return { toJSON() { ${busy("try { call_tool('echo', {}); } catch {}")} return 1; } };`;
    expect(await run(code)).toEqual({
      outcome: {
        status: 'limitation',
        limitation: { kind: 'calls', issue: 'more than 3 call_tool calls in one run', limit: 3 },
        logs: [],
        calls: 3,
      },
      poisoned: false,
    });
  });

  it('a busy loop swallowing the call limit error is the call limitation, not a timeout', async () => {
    const run = runner({ maxCalls: 3 });
    expect(await run(`${busy("try { call_tool('echo', {}); } catch {}")} return 1;`, 2000)).toEqual({
      outcome: {
        status: 'limitation',
        limitation: { kind: 'calls', issue: 'more than 3 call_tool calls in one run', limit: 3 },
        logs: [],
        calls: 3,
      },
      poisoned: false,
    });
  });

  it('a result over maxResultBytes names its size and the limit', async () => {
    const run = runner({ maxResultBytes: 100 });
    expect(await run("return 'é'.repeat(60);")).toEqual({
      outcome: {
        status: 'limitation',
        limitation: {
          kind: 'result_size',
          issue: 'RangeError: result JSON is 122 bytes, over the 100-byte limit',
          limit: 100,
        },
        logs: [],
        calls: 0,
      },
      poisoned: false,
    });
  });
});

describe('evaluate: a result it cannot hand back', () => {
  it('nested past the depth limit: a result_depth limitation naming the limit', async () => {
    const run = runner();
    const code = `let v = 1; for (let i = 0; i < ${MAX_JSON_DEPTH + 5}; i++) v = [v]; return v;`;
    expect(await run(code)).toEqual({
      outcome: {
        status: 'limitation',
        limitation: {
          kind: 'result_depth',
          issue: `RangeError: result nests ${MAX_JSON_DEPTH + 5} levels deep, over the 1000-level limit`,
          limit: MAX_JSON_DEPTH,
        },
        logs: [],
        calls: 0,
      },
      poisoned: false,
    });
  });

  it('serialising it runs the heap out: a memory limitation, not a non-JSON result', async () => {
    const run = runner({ memoryLimitBytes: 1024 * 1024 });
    const code =
      "const a = []; try { for (let i = 0; i < 1000; i++) a.push('y'.repeat(100000) + i); } catch {}\n" +
      'a.length = Math.max(0, a.length - 2); return a;';
    expect((await run(code)).outcome).toEqual({
      status: 'limitation',
      limitation: {
        kind: 'memory',
        issue: 'InternalError: out of memory while serialising the result',
        limit: 1024 * 1024,
      },
      logs: [],
      calls: 0,
    });
  });
});

describe('evaluate: what a run leaves behind', () => {
  it('no timer: a run of a long wall time that ends early does not hold its deadline timer', async () => {
    const limits = resolveLimits();
    const pool = new ModulePool(limits.memoryLimitBytes, () => {});
    const host: ToolCaller = { call: async () => ({ ok: true, value: 1 }) };
    const run = (code: string) =>
      runScript(pool, limits, { code, timeoutMs: 600_000, host, log: silentLogger });
    await run('return 0;');
    // Only the timers, and only from here: every timer this test's runs start is counted, none of another test's.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      expect(await run('return 1;')).toMatchObject({ outcome: { value: 1 } });
      expect(await run("return await call_tool('x', {});")).toMatchObject({ outcome: { value: 1 } });
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
