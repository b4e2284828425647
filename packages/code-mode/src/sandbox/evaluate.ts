// Evaluates the wrapped script in a prepared context and waits for it, a limitation, or the deadline.
import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten';
import { classifyHandle, type JobDeps, pumpJobs } from './pump-jobs.js';
import { MAX_JSON_DEPTH, type Marshal } from './marshal.js';
import { SCRIPT_FILE, wrapScript } from './script-source.js';
import { wallTimeLimitation } from './wall-time.js';
import type { Limitation, ScriptErrorInfo } from './types.js';
import type { Json } from '@obmcp/contract';

export type Evaluated =
  | { status: 'ok'; value: Json }
  | { status: 'script_error'; error: ScriptErrorInfo }
  | { status: 'limitation'; limitation: Limitation };

export interface EvaluateDeps extends JobDeps {
  marshal: Marshal;
  limits: JobDeps['limits'] & { maxResultBytes: number };
}

type Settled = { ok: true; handle: QuickJSHandle } | { ok: false; handle: QuickJSHandle };

export async function evaluate(deps: EvaluateDeps): Promise<Evaluated> {
  const { ctx, state } = deps;
  const then = capturePromiseThen(ctx);
  let settled: Settled | undefined;
  let markDone: () => void;
  const done = new Promise<void>((resolve) => {
    markDone = resolve;
  });
  const timer = setTimeout(
    () => state.fail(wallTimeLimitation(deps.limits.timeoutMs)),
    Math.max(0, state.deadline - Date.now()),
  );
  try {
    // Global code: the wrapper starts with `(`, so QuickJS's module detection never takes it for a module.
    const evaluated = ctx.evalCode(wrapScript(deps.code), SCRIPT_FILE);
    if (evaluated.error) return evaluated.error.consume((error) => fromThrown(deps, error));
    // Settlement is recorded synchronously inside the sandbox callback, so no handle can leak. The captured
    // `then` calls one of the two, once: the script's promise is native and the script cannot reach them.
    const onValue = ctx.newFunction((value: QuickJSHandle) => {
      settled = { ok: true, handle: value.dup() };
      markDone();
    });
    const onError = ctx.newFunction((error: QuickJSHandle) => {
      settled = { ok: false, handle: error.dup() };
      markDone();
    });
    const chained = ctx.callFunction(then, evaluated.value, onValue, onError);
    for (const handle of [onValue, onError, evaluated.value]) handle.dispose();
    if (chained.error) return chained.error.consume((error) => fromThrown(deps, error));
    chained.value.dispose();
    pumpJobs(deps);
    await Promise.race([done, state.failed]);
    if (state.limitation) return { status: 'limitation', limitation: state.limitation };
    // No limitation, so `done` won the race: the script's promise settled.
    const { ok, handle } = settled as Settled;
    return ok ? fromValue(deps, handle) : fromThrown(deps, handle);
  } finally {
    clearTimeout(timer);
    then.dispose();
    settled?.handle.dispose();
  }
}

/** The original Promise.prototype.then, taken before the script can replace it. */
function capturePromiseThen(ctx: QuickJSContext): QuickJSHandle {
  const ctor = ctx.getProp(ctx.global, 'Promise');
  const proto = ctx.getProp(ctor, 'prototype');
  const then = ctx.getProp(proto, 'then');
  ctor.dispose();
  proto.dispose();
  return then;
}

function fromThrown(deps: EvaluateDeps, error: QuickJSHandle): Evaluated {
  if (deps.state.limitation) return { status: 'limitation', limitation: deps.state.limitation };
  return classifyHandle(deps, error);
}

function fromValue(deps: EvaluateDeps, value: QuickJSHandle): Evaluated {
  const max = deps.limits.maxResultBytes;
  const converted = deps.marshal.toHost(value, max);
  if (converted.ok) return { status: 'ok', value: converted.value };
  if (deps.state.limitation) return { status: 'limitation', limitation: deps.state.limitation };
  // Serialising ran past the deadline (a toJSON that never ends is interrupted): the wall-time limit, as anywhere.
  if (deps.state.shouldInterrupt())
    return { status: 'limitation', limitation: wallTimeLimitation(deps.limits.timeoutMs) };
  if (converted.reason === 'too_large')
    return {
      status: 'limitation',
      limitation: {
        kind: 'result_size',
        issue: `RangeError: result JSON is ${converted.message}, over the ${max}-byte limit`,
        limit: max,
      },
    };
  if (converted.reason === 'too_deep')
    return {
      status: 'limitation',
      limitation: {
        kind: 'result_depth',
        issue: `RangeError: result nests ${converted.message} deep, over the ${MAX_JSON_DEPTH}-level limit`,
        limit: MAX_JSON_DEPTH,
      },
    };
  if (deps.memoryExhausted())
    return {
      status: 'limitation',
      limitation: {
        kind: 'memory',
        issue: `InternalError: out of memory while serialising the result`,
        limit: deps.limits.memoryLimitBytes,
      },
    };
  return {
    status: 'limitation',
    limitation: { kind: 'non_json_result', issue: `${converted.message} (while serialising the result)` },
  };
}
