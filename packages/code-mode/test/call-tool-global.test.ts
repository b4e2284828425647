// call_tool's late replies: once the run has finished, a host reply (value or throw) must not touch the run.
import type { CallOutcome, Logger } from '@obmcp/contract';
import { getQuickJS } from 'quickjs-emscripten';
import { expect, it, vi } from 'vitest';
import { resolveLimits } from '../src/options.js';
import { installCallTool } from '../src/sandbox/call-tool-global.js';
import { Marshal } from '../src/sandbox/marshal.js';
import { RunState } from '../src/sandbox/run-state.js';

for (const reply of ['value', 'throw'] as const) {
  it(`ignores a host ${reply} that arrives after the run finished, with its context still alive`, async () => {
    const rt = (await getQuickJS()).newRuntime();
    const ctx = rt.newContext();
    const marshal = new Marshal(ctx);
    const state = new RunState(Date.now() + 10_000);
    let settleHost: (outcome: CallOutcome) => void = () => {};
    let failHost: (error: Error) => void = () => {};
    const host = {
      call: () =>
        new Promise<CallOutcome>((resolve, reject) => {
          settleHost = resolve;
          failHost = reject;
        }),
    };
    const warn = vi.fn();
    const log: Logger = { debug() {}, info() {}, warn, error() {}, child: () => log };
    const pump = vi.fn();
    installCallTool({ ctx, state, marshal, host, log, limits: resolveLimits(), pump });
    ctx.unwrapResult(ctx.evalCode('call_tool("late", {})')).dispose();
    expect(state.pending.size).toBe(1);

    // The runner sets `finished` before it disposes the context: either one alone must stop the reply.
    state.finished = true;
    if (reply === 'value') settleHost({ ok: true, value: 'late' });
    else failHost(new Error('host fault'));
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(pump).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
    expect(state.pending.size).toBe(1);
    for (const deferred of state.pending) deferred.dispose();
    marshal.dispose();
    ctx.dispose();
    rt.dispose();
  });
}
