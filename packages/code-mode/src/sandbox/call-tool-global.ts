// The sandbox's `call_tool(name, args)`: a promise settled by host.call (envelopes come back as values).
import type { CallOutcome, Logger } from '@obmcp/contract';
import type { QuickJSContext, QuickJSDeferredPromise, QuickJSHandle } from 'quickjs-emscripten';
import { MAX_JSON_DEPTH, type Marshal } from './marshal.js';
import type { RunState } from './run-state.js';
import type { ToolCaller } from './types.js';

export interface CallToolDeps {
  ctx: QuickJSContext;
  state: RunState;
  marshal: Marshal;
  host: ToolCaller;
  log: Logger;
  limits: { maxCalls: number; maxCallArgsBytes: number; maxCallValueBytes: number };
  /** Runs pending sandbox jobs after a promise settles. */
  pump: () => void;
}

/** Tools that call_tool refuses: running a sandbox from inside a sandbox. */
const NOT_CALLABLE = new Set(['execute']);

export function installCallTool(deps: CallToolDeps): void {
  const { ctx, state, marshal, limits } = deps;
  const fail = (name: string, message: string) => ({ error: ctx.newError({ name, message }) });
  const fn = ctx.newFunction('call_tool', (nameHandle?: QuickJSHandle, argsHandle?: QuickJSHandle) => {
    if (!nameHandle || ctx.typeof(nameHandle) !== 'string')
      return fail('TypeError', 'call_tool(name, args): name must be a string');
    const name = ctx.getString(nameHandle);
    if (NOT_CALLABLE.has(name)) {
      state.fail({ kind: 'nested_execute', issue: `call_tool('${name}') is not allowed inside execute` });
      return fail('InternalError', `call_tool('${name}') is not allowed inside execute`);
    }
    state.calls++;
    if (state.calls > limits.maxCalls) {
      state.fail({
        kind: 'calls',
        issue: `more than ${limits.maxCalls} call_tool calls in one run`,
        limit: limits.maxCalls,
      });
      return fail('InternalError', `call_tool limit of ${limits.maxCalls} calls per run reached`);
    }
    let args: unknown = {};
    if (argsHandle && ctx.typeof(argsHandle) !== 'undefined') {
      const converted = marshal.toHost(argsHandle, limits.maxCallArgsBytes);
      if (!converted.ok && converted.reason === 'too_large') {
        const issue = `call_tool('${name}') args are too large (${converted.message})`;
        state.fail({ kind: 'call_args_size', issue, limit: limits.maxCallArgsBytes });
        return fail('InternalError', issue);
      }
      if (!converted.ok && converted.reason === 'too_deep')
        return fail(
          'TypeError',
          `call_tool('${name}') args nest ${converted.message} deep (at most ${MAX_JSON_DEPTH})`,
        );
      if (!converted.ok)
        return fail('TypeError', `call_tool('${name}') args must be plain JSON: ${converted.message}`);
      args = converted.value;
    }
    const deferred = ctx.newPromise();
    state.pending.add(deferred);
    deps.host.call(name, args, { signal: state.abort.signal }).then(
      (outcome) => settle(deps, deferred, name, outcome),
      (error: unknown) => settleThrown(deps, deferred, name, error),
    );
    return deferred.handle;
  });
  ctx.setProp(ctx.global, 'call_tool', fn);
  fn.dispose();
}

function settle(
  deps: CallToolDeps,
  deferred: QuickJSDeferredPromise,
  name: string,
  outcome: CallOutcome,
): void {
  const { ctx, state } = deps;
  if (state.finished || !ctx.alive) return;
  state.pending.delete(deferred);
  const value = outcome.ok ? outcome.value : outcome.envelope;
  const converted = deps.marshal.toVm(value, deps.limits.maxCallValueBytes);
  if (!converted.ok) {
    const issue = `call_tool('${name}') returned a value the sandbox cannot take (${converted.message})`;
    if (converted.reason === 'too_large')
      state.fail({ kind: 'call_value_size', issue, limit: deps.limits.maxCallValueBytes });
    const error = ctx.newError({ name: 'ToolCallError', message: issue });
    deferred.reject(error);
    error.dispose();
  } else {
    deferred.resolve(converted.handle);
    converted.handle.dispose(); // a no-op for the static `undefined` handle
  }
  deps.pump();
}

function settleThrown(
  deps: CallToolDeps,
  deferred: QuickJSDeferredPromise,
  name: string,
  thrown: unknown,
): void {
  const { ctx, state } = deps;
  if (state.finished || !ctx.alive) return;
  state.pending.delete(deferred);
  deps.log.warn('code mode call_tool failed without an envelope', { tool: name, error: thrown });
  const message = `call_tool('${name}') failed without an envelope (internal error; details are in the server log)`;
  const error = ctx.newError({ name: 'ToolCallError', message });
  deferred.reject(error);
  error.dispose();
  deps.pump();
}
