// One execute run inside a sandbox worker: lease a module, fresh runtime + context, install globals, evaluate, dispose.
import type { Logger } from '@obmcp/contract';
import type { QuickJSContext, QuickJSRuntime } from 'quickjs-emscripten';
import type { ResolvedLimits } from '../options.js';
import { installCallTool } from './call-tool-global.js';
import { installConsole } from './console-global.js';
import { evaluate } from './evaluate.js';
import { hostFaultLimitation } from './host-fault.js';
import { LogSink } from './log-sink.js';
import { Marshal } from './marshal.js';
import type { ModuleLease, ModulePool } from './module-pool.js';
import { pumpJobs } from './pump-jobs.js';
import { RunState } from './run-state.js';
import type { RunOutcome, ToolCaller } from './types.js';

export interface RunRequest {
  code: string;
  timeoutMs: number;
  host: ToolCaller;
  log: Logger;
  /** Called once the engine is loaded, when the wall-time clock starts. */
  onStart?: () => void;
}

export interface RunResult {
  outcome: RunOutcome;
  /**
   * The engine saw a host-side fault (a wasm trap, the host stack overflowing inside QuickJS): its
   * runtime was left undisposed (disposing it trips a QuickJS assertion and emscripten's abort),
   * so the worker holding it must be thrown away.
   */
  poisoned: boolean;
}

export async function runScript(
  pool: ModulePool,
  limits: ResolvedLimits,
  request: RunRequest,
): Promise<RunResult> {
  const lease = await pool.acquire();
  request.onStart?.();
  const sink = new LogSink(limits);
  const state = new RunState(Date.now() + request.timeoutMs);
  let discard = false;
  let poisoned = false;
  let sandbox: Sandbox | undefined;
  let outcome: RunOutcome;
  try {
    sandbox = openSandbox(lease, limits, state);
    const { ctx, rt, marshal } = sandbox;
    // Exhausted: grown into the run's allowance and at (or next to) the module's maximum. The heap a module starts
    // with is no sign of it, however small the allowance (16 MiB is over 90 % of a 1 MiB allowance's maximum).
    const startBytes = lease.memory.buffer.byteLength;
    const memoryExhausted = () => {
      const bytes = lease.memory.buffer.byteLength;
      return bytes > startBytes && bytes >= lease.maxBytes * 0.9;
    };
    const evalLimits = { ...limits, timeoutMs: request.timeoutMs };
    const jobDeps = { ctx, rt, state, code: request.code, memoryExhausted, limits: evalLimits };
    installConsole(ctx, sink);
    installCallTool({
      ctx,
      state,
      marshal,
      host: request.host,
      log: request.log,
      limits,
      pump: () => pumpJobs(jobDeps),
    });
    const evaluated = await evaluate({ ...jobDeps, marshal });
    // A module whose heap grew is never reused (ModulePool); one refused an allocation it never grew for is not either.
    if (evaluated.status === 'limitation' && evaluated.limitation.kind === 'memory') discard = true;
    outcome = { ...evaluated, logs: sink.lines(), calls: Math.min(state.calls, limits.maxCalls) };
  } catch (error) {
    // Never touch (or dispose) an engine after a host-side fault.
    poisoned = true;
    request.log.warn('code mode sandbox fault', { error });
    outcome = {
      status: 'limitation',
      limitation: hostFaultLimitation(error),
      logs: sink.lines(),
      calls: state.calls,
    };
  } finally {
    state.finished = true;
    state.abort.abort(new Error('code mode run finished'));
    // Not poisoned: the sandbox was opened (a failed open is a fault). Disposal failing (leaked handles trip a
    // QuickJS assertion) poisons the module: it must not be reused.
    if (!poisoned) {
      try {
        closeSandbox(sandbox as Sandbox, state);
      } catch {
        poisoned = true;
      }
    }
    pool.release(lease, discard || poisoned);
  }
  return { outcome, poisoned };
}

interface Sandbox {
  rt: QuickJSRuntime;
  ctx: QuickJSContext;
  marshal: Marshal;
}

function openSandbox(lease: ModuleLease, limits: ResolvedLimits, state: RunState): Sandbox {
  const rt = lease.module.newRuntime();
  try {
    rt.setMemoryLimit(limits.memoryLimitBytes);
    rt.setMaxStackSize(limits.maxStackBytes);
    rt.setInterruptHandler(() => state.shouldInterrupt());
    const ctx = rt.newContext();
    return { rt, ctx, marshal: new Marshal(ctx) };
  } catch (error) {
    rt.dispose();
    throw error;
  }
}

/** Frees the run's engine: its unsettled call_tool promises, then the marshal, context and runtime. */
function closeSandbox(sandbox: Sandbox, state: RunState): void {
  for (const deferred of state.pending) deferred.dispose();
  sandbox.marshal.dispose();
  sandbox.ctx.dispose();
  sandbox.rt.dispose();
}
