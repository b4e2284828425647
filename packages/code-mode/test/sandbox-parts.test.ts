// The sandbox's parts on the calling thread: how a script is wrapped and its lines mapped back, what an error
// escaping a pending job ends the run with, a result nested too deep, and what a run hands the engine.
import { SandboxLimitationError } from '@obmcp/contract';
import { silentLogger } from '@obmcp/mcp-server/testing';
import { describe, expect, it } from 'vitest';
import { resolveLimits } from '../src/options.js';
import { MAX_JSON_DEPTH } from '../src/sandbox/marshal.js';
import { ModulePool } from '../src/sandbox/module-pool.js';
import { classifyHandle, pumpJobs } from '../src/sandbox/pump-jobs.js';
import { runScript } from '../src/sandbox/run-script.js';
import { RunState } from '../src/sandbox/run-state.js';
import { SCRIPT_FILE, scriptLine, wrapScript } from '../src/sandbox/script-source.js';
import { FakeHost, rejection, runner } from './fake-host.js';
import { sameThreadCodeModeTools } from './same-thread.js';

const limits = { ...resolveLimits(), timeoutMs: 5000 };

describe('script source', () => {
  it('the code runs as the body of an async function, in script.js', () => {
    expect(wrapScript('return 1;')).toBe('(async () => {\nreturn 1;\n})()');
    expect(SCRIPT_FILE).toBe('script.js');
  });

  it("maps the wrapper's lines to the agent's, clamped to the code's first and last line", () => {
    const code = 'a\nb\nc';
    expect(scriptLine(2, code)).toBe(1);
    expect(scriptLine(4, code)).toBe(3);
    expect(scriptLine(5, code)).toBe(3);
    expect(scriptLine(1, code)).toBe(1);
    expect(scriptLine(0, code)).toBe(1);
    expect(scriptLine(3, 'one line')).toBe(1);
    expect(scriptLine(Number.NaN, code)).toBeNull();
    expect(scriptLine(Number.POSITIVE_INFINITY, code)).toBeNull();
  });

  it('an error on the last line, or past it (an unclosed brace), is reported on the last line', async () => {
    const run = runner(sameThreadCodeModeTools({ defaultTimeoutMs: 5000 }), new FakeHost());
    expect(await run('execute', { code: 'const a = 1;\n\nthrow new Error("x");' })).toMatchObject({
      error: { name: 'Error', line: 3 },
    });
    expect(await run('execute', { code: 'const a = 1;\nif (a) {' })).toMatchObject({
      error: { name: 'SyntaxError', line: 2 },
    });
  });
});

/** A QuickJS context of its own for the job tests. */
async function engine() {
  const lease = await new ModulePool(limits.memoryLimitBytes, () => {}).acquire();
  const rt = lease.module.newRuntime();
  const ctx = rt.newContext();
  const close = () => {
    ctx.dispose();
    rt.dispose();
  };
  return { rt, ctx, close };
}

describe('pumpJobs', () => {
  it('an ordinary error escaping a pending job ends the run as a sandbox crash, naming it', async () => {
    const { ctx, close } = await engine();
    const state = new RunState(Date.now() + 5000);
    const thrown = ctx.newError({ name: 'TypeError', message: 'x is not a function' });
    const rt = { executePendingJobs: () => ({ error: thrown }) };
    pumpJobs({ ctx, rt: rt as never, state, code: 'x()', memoryExhausted: () => false, limits });
    expect(thrown.alive).toBe(false);
    expect(state.limitation).toEqual({
      kind: 'sandbox_crash',
      issue: 'TypeError: x is not a function (escaped a pending job)',
    });
    expect(state.abort.signal.aborted).toBe(true);
    close();
  });

  it('an interrupt escaping a job ends the run at the wall-time limit', async () => {
    const { ctx, close } = await engine();
    const state = new RunState(Date.now() + 5000);
    const thrown = ctx.newError({ name: 'InternalError', message: 'interrupted' });
    const rt = { executePendingJobs: () => ({ error: thrown }) };
    const jobLimits = { ...limits, timeoutMs: 700 };
    pumpJobs({ ctx, rt: rt as never, state, code: 'x()', memoryExhausted: () => false, limits: jobLimits });
    expect(state.limitation).toMatchObject({ kind: 'timeout', limit: 700 });
    close();
  });

  it('runs no job once the run has finished or hit a limitation; jobs that end well change nothing', async () => {
    const { ctx, close } = await engine();
    let ran = 0;
    const rt = {
      executePendingJobs: () => {
        ran++;
        return { error: undefined };
      },
    };
    const deps = (state: RunState) => ({
      ctx,
      rt: rt as never,
      state,
      code: '',
      memoryExhausted: () => false,
      limits,
    });
    const finished = new RunState(Date.now() + 5000);
    finished.finished = true;
    pumpJobs(deps(finished));
    const failed = new RunState(Date.now() + 5000);
    failed.fail({ kind: 'calls', issue: 'x' });
    pumpJobs(deps(failed));
    expect(ran).toBe(0);
    const running = new RunState(Date.now() + 5000);
    pumpJobs(deps(running));
    expect(ran).toBe(1);
    expect(running.limitation).toBeUndefined();
    close();
  });

  it('a thrown value the engine cannot dump is classified as thrown nothing', async () => {
    const { ctx, close } = await engine();
    const handle = ctx.newString('x');
    const broken = {
      ...ctx,
      dump: () => {
        throw new Error('cannot dump');
      },
    };
    const out = classifyHandle(
      { ctx: broken as never, code: 'x', memoryExhausted: () => false, limits: { ...limits, timeoutMs: 1 } },
      handle,
    );
    expect(out).toEqual({
      status: 'script_error',
      error: { name: 'Error', message: 'script threw a non-Error value: undefined', line: null },
    });
    handle.dispose();
    close();
  });
});

describe('evaluate', () => {
  it('a result nested past the depth limit is a result_depth limitation naming the limit', async () => {
    const run = runner(sameThreadCodeModeTools({ defaultTimeoutMs: 5000 }), new FakeHost());
    const error = await rejection(
      run('execute', {
        code: `let v = 1; for (let i = 0; i < ${MAX_JSON_DEPTH + 5}; i++) v = [v]; return v;`,
      }),
    );
    expect(error).toBeInstanceOf(SandboxLimitationError);
    const detail = (error as SandboxLimitationError).details[0] as unknown as Record<string, unknown>;
    expect(detail['limit_kind']).toBe('result_depth');
    expect(detail['limit']).toBe(MAX_JSON_DEPTH);
    expect(detail['issue']).toMatch(/^RangeError: result nests .+ deep, over the 1000-level limit$/);
  });

  it('a result of exactly the depth limit is returned', async () => {
    const run = runner(sameThreadCodeModeTools({ defaultTimeoutMs: 5000 }), new FakeHost());
    const out = (await run('execute', {
      code: `let v = 1; for (let i = 0; i < ${MAX_JSON_DEPTH - 1}; i++) v = [v]; return v;`,
    })) as { result: unknown };
    let depth = 0;
    for (let v = out.result; Array.isArray(v); v = v[0]) depth++;
    expect(depth).toBe(MAX_JSON_DEPTH - 1);
  });
});

describe('runScript', () => {
  it('starts the clock once the engine is loaded, and hands back the calls made', async () => {
    const pool = new ModulePool(limits.memoryLimitBytes, () => {});
    const events: string[] = [];
    const host = new FakeHost();
    const run = await runScript(pool, limits, {
      code: "await call_tool('echo', {}); await call_tool('echo', {}); return 1;",
      timeoutMs: 5000,
      host,
      log: silentLogger,
      onStart: () => events.push('started'),
    });
    expect(events).toEqual(['started']);
    expect(run).toEqual({ outcome: { status: 'ok', value: 1, logs: [], calls: 2 }, poisoned: false });
  });
});
