// Main side of one execute run: hands the script to a sandbox thread, serves its call_tool calls, and
// ends the run by terminating the thread when it overruns its wall time, runs out of heap or is cancelled.
import { AsyncResource } from 'node:async_hooks';
import type { ResolvedLimits } from '../options.js';
import type { Limitation, RunOutcome, SandboxRunner, SandboxRunRequest } from '../sandbox/types.js';
import { wallTimeLimitation } from '../sandbox/wall-time.js';
import type { FromWorker } from './protocol.js';
import type { PooledThread } from './sandbox-thread.js';
import { type SpawnThread, ThreadPool } from './thread-pool.js';

/**
 * The sandbox stops itself at the deadline (QuickJS interrupt handler, host timer) and reports
 * its logs; this is the backstop after which the thread is terminated instead.
 */
export const TERMINATE_GRACE_MS = 1000;
/** A thread that has not started its sandbox by then (spawn, engine load) is treated as crashed. */
export const START_LIMIT_MS = 30_000;

const CANCELLED: Limitation = { kind: 'cancelled', issue: 'AbortError: the request was cancelled' };

/** The product's sandbox runner: each run on a thread of one pool (at most maxConcurrentRuns at once). */
export function threadRunner(limits: ResolvedLimits, spawn?: SpawnThread): SandboxRunner {
  const pool = new ThreadPool(limits, spawn);
  return (request) => runInThread(pool, limits, request);
}

export async function runInThread(
  pool: ThreadPool,
  limits: ResolvedLimits,
  request: SandboxRunRequest,
): Promise<RunOutcome> {
  let thread: PooledThread;
  try {
    thread = await pool.acquire(request.signal);
  } catch (error) {
    if (request.signal.aborted) return limitationOutcome(CANCELLED);
    throw error;
  }
  return new Promise<RunOutcome>((resolve) => new ThreadRun(pool, thread, limits, request, resolve).start());
}

/** The state of one run on one thread; `finish` runs once and releases (or terminates) the thread. */
class ThreadRun {
  private readonly calls = new Map<number, AbortController>();
  private callCount = 0;
  private finished = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly onAbort = () => this.kill(CANCELLED);
  /**
   * The async context of the execute call that started this run: a pooled thread's messages arrive in the
   * context its worker was created in (another request's, possibly another user's under --hosted), so the
   * script's tool calls are run back in this one.
   */
  private readonly scope = new AsyncResource('obmcp.code-mode.run');

  constructor(
    private readonly pool: ThreadPool,
    private readonly thread: PooledThread,
    private readonly limits: ResolvedLimits,
    private readonly request: SandboxRunRequest,
    private readonly resolve: (outcome: RunOutcome) => void,
  ) {}

  start(): void {
    const { thread, request } = this;
    // A thread that reports after its run ended (a listener not yet detached) reaches nothing.
    thread.attach(
      {
        message: (message) => {
          if (!this.finished) this.onMessage(message);
        },
        exit: (error) => {
          if (!this.finished) this.onExit(error);
        },
      },
      request.log,
    );
    request.signal.addEventListener('abort', this.onAbort);
    if (request.signal.aborted) {
      this.kill(CANCELLED);
      return;
    }
    this.timer = setTimeout(
      () => this.kill({ kind: 'sandbox_crash', issue: 'Error: the sandbox thread did not start' }),
      START_LIMIT_MS,
    );
    thread.post({ type: 'run', code: request.code, timeoutMs: request.timeoutMs });
  }

  /**
   * The sandbox's clock started: from now on the backstop is its deadline plus a grace period. The agent
   * gets the same limitation as from the sandbox's own interrupt (which of the two stops a busy script
   * depends on how loaded the machine is); only the log says the thread was terminated.
   */
  private armDeadline(): void {
    const { timeoutMs } = this.request;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.request.log.warn('code mode sandbox thread terminated at its deadline', {
        timeout_ms: timeoutMs,
        grace_ms: TERMINATE_GRACE_MS,
      });
      this.kill(wallTimeLimitation(timeoutMs));
    }, timeoutMs + TERMINATE_GRACE_MS);
  }

  private onMessage(message: FromWorker): void {
    switch (message.type) {
      case 'started':
        this.armDeadline();
        break;
      case 'call':
        this.serveCall(message.callId, message.name, message.args);
        break;
      case 'call_abort':
        this.calls.get(message.callId)?.abort(new Error('code mode call no longer awaited'));
        break;
      case 'log':
        this.request.log[message.level](message.msg, message.fields);
        break;
      case 'done':
        this.finish(message.outcome, !message.poisoned);
        break;
    }
  }

  /** call_tool from the sandbox: the full pipeline on this thread, `_meta` and envelopes intact. */
  private serveCall(callId: number, name: string, args: unknown): void {
    this.callCount++;
    const abort = new AbortController();
    this.calls.set(callId, abort);
    this.scope
      .runInAsyncScope(() => this.request.host.call(name, args, { signal: abort.signal }))
      .then(
        (outcome) => {
          // An entry is gone once the worker gave up on the call or the run ended (finish clears them all).
          if (!this.calls.delete(callId)) return;
          try {
            this.thread.post({ type: 'call_result', callId, outcome });
          } catch (error) {
            this.replyThrown(callId, error);
          }
        },
        (error: unknown) => {
          if (this.calls.delete(callId)) this.replyThrown(callId, error);
        },
      );
  }

  /** The sandbox sees a generic ToolCallError; the worker logs the name and message it is given. */
  private replyThrown(callId: number, error: unknown): void {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    this.thread.post({ type: 'call_thrown', callId, error: { name, message } });
  }

  private onExit(error: Error | undefined): void {
    if (error && (error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      const issue = `InternalError: out of memory (sandbox thread heap; ${error.message})`;
      this.finish(this.outcome({ kind: 'memory', issue, limit: this.limits.memoryLimitBytes }));
      return;
    }
    this.request.log.warn('code mode sandbox thread exited', { error });
    this.finish(this.outcome({ kind: 'sandbox_crash', issue: 'Error: the sandbox thread exited' }));
  }

  /** Ends the run now: the pool terminates the thread wherever the script is (a busy loop included). */
  private kill(limitation: Limitation): void {
    this.finish(this.outcome(limitation));
  }

  private outcome(limitation: Limitation): RunOutcome {
    return { ...limitationOutcome(limitation), calls: Math.min(this.callCount, this.limits.maxCalls) };
  }

  /** Runs once; the thread is kept for another run only when it reported a clean end (`reuse`). */
  private finish(outcome: RunOutcome, reuse = false): void {
    if (this.finished) return;
    this.finished = true;
    clearTimeout(this.timer);
    this.request.signal.removeEventListener('abort', this.onAbort);
    for (const abort of this.calls.values()) abort.abort(new Error('code mode run finished'));
    this.calls.clear();
    this.pool.release(this.thread, reuse);
    this.resolve(outcome);
  }
}

function limitationOutcome(limitation: Limitation): RunOutcome {
  return { status: 'limitation', limitation, logs: [], calls: 0 };
}
