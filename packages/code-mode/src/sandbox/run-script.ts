// One execute run: lease a module, fresh runtime + context, install globals, evaluate, always dispose.
import type { Logger, ToolHost } from '@obmcp/contract';
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
import type { Limitation, RunOutcome } from './types.js';

export interface RunRequest {
  code: string;
  timeoutMs: number;
  host: ToolHost;
  signal: AbortSignal;
  log: Logger;
}

const CANCELLED: Limitation = { kind: 'cancelled', issue: 'AbortError: the request was cancelled' };

export async function runScript(
  pool: ModulePool,
  limits: ResolvedLimits,
  request: RunRequest,
): Promise<RunOutcome> {
  if (request.code.length > limits.maxCodeChars)
    return {
      status: 'limitation',
      limitation: {
        kind: 'code_size',
        issue: `RangeError: code is ${request.code.length} characters`,
        limit: limits.maxCodeChars,
      },
      logs: [],
      calls: 0,
    };
  let lease: ModuleLease;
  try {
    lease = await pool.acquire(request.signal);
  } catch (error) {
    if (request.signal.aborted) return { status: 'limitation', limitation: CANCELLED, logs: [], calls: 0 };
    throw error;
  }
  const sink = new LogSink(limits);
  const state = new RunState(Date.now() + request.timeoutMs);
  const onAbort = () => state.fail(CANCELLED);
  request.signal.addEventListener('abort', onAbort, { once: true });
  if (request.signal.aborted) onAbort();
  let discard = false;
  let sandbox: Sandbox | undefined;
  try {
    sandbox = openSandbox(lease, limits, state);
    const { ctx, rt, marshal } = sandbox;
    const memoryExhausted = () => lease.memory.buffer.byteLength >= lease.maxBytes * 0.9;
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
    if (evaluated.status === 'limitation' && (evaluated.limitation.kind === 'memory' || memoryExhausted()))
      discard = true;
    return { ...evaluated, logs: sink.lines(), calls: Math.min(state.calls, limits.maxCalls) };
  } catch (error) {
    // Never reuse a module after a host-side fault.
    discard = true;
    request.log.warn('code mode sandbox fault', { error });
    return {
      status: 'limitation',
      limitation: hostFaultLimitation(error),
      logs: sink.lines(),
      calls: state.calls,
    };
  } finally {
    state.finished = true;
    state.abort.abort(new Error('code mode run finished'));
    request.signal.removeEventListener('abort', onAbort);
    if (!closeSandbox(sandbox, state)) discard = true;
    pool.release(lease, discard);
  }
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

/** False when disposal failed (leaked handles trip a QuickJS assertion): the module must not be reused. */
function closeSandbox(sandbox: Sandbox | undefined, state: RunState): boolean {
  if (!sandbox) return false;
  try {
    for (const deferred of state.pending) deferred.dispose();
    sandbox.marshal.dispose();
    sandbox.ctx.dispose();
    sandbox.rt.dispose();
    return true;
  } catch {
    return false;
  }
}
