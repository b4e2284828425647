// Sandbox threads: at most maxConcurrentRuns at once, one run per thread, an idle one kept warm.
import type { ResolvedLimits } from '../options.js';
import { ConcurrencyGate } from '../sandbox/concurrency-gate.js';
import { type PooledThread, SandboxThread } from './sandbox-thread.js';
import { sandboxWorkerUrl } from './worker-entry.js';

/** Starts one sandbox thread (a worker on the built sandbox-worker.js unless a test gives another). */
export type SpawnThread = (limits: ResolvedLimits) => PooledThread;

export const spawnWorkerThread: SpawnThread = (limits) => new SandboxThread(sandboxWorkerUrl(), limits);

export class ThreadPool {
  private readonly idle: PooledThread[] = [];
  private readonly gate: ConcurrencyGate;

  constructor(
    private readonly limits: ResolvedLimits,
    private readonly spawn: SpawnThread = spawnWorkerThread,
    private readonly maxIdle = 1,
  ) {
    this.gate = new ConcurrencyGate(limits.maxConcurrentRuns);
  }

  /** A thread for one run; waits for a free slot (throws the signal's reason if aborted first). */
  async acquire(signal?: AbortSignal): Promise<PooledThread> {
    await this.gate.enter(signal);
    let thread = this.idle.pop();
    while (thread && !thread.alive) thread = this.idle.pop();
    return thread ?? this.spawn(this.limits);
  }

  /** Reused only if it finished its run cleanly; otherwise terminated (a fresh one is spawned later). */
  release(thread: PooledThread, reuse: boolean): void {
    thread.detach();
    if (reuse && thread.alive && this.idle.length < this.maxIdle) this.idle.push(thread);
    else if (thread.alive) thread.terminate();
    this.gate.leave();
  }
}
