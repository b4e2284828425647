// One sandbox worker thread: spawns it with resource limits, routes its messages, and turns its raw output into log lines.
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { Logger } from '@obmcp/contract';
import type { ResolvedLimits } from '../options.js';
import { decodeMessage, encodeMessage, type FromWorker, type ToWorker, type WorkerInit } from './protocol.js';

/** What the run currently holding the thread listens to. */
export interface ThreadListener {
  message(message: FromWorker): void;
  /** The thread died (terminated, out of heap, crashed); `error` is its 'error' event, if any. */
  exit(error: Error | undefined): void;
}

/**
 * The worker's V8 heap: the sandbox's own data lives in its WebAssembly memory (outside this
 * heap, capped per module); the heap holds the host side of the bridge (JSON text of call values
 * and results, bounded by the limits) plus the QuickJS glue. Past it, V8 stops the worker with
 * ERR_WORKER_OUT_OF_MEMORY and the run ends as a memory limitation.
 */
export function workerResourceLimits(limits: ResolvedLimits) {
  const MiB = 1024 * 1024;
  const bridgeMb = Math.ceil((4 * limits.maxCallValueBytes + 4 * limits.maxResultBytes) / MiB);
  return { maxOldGenerationSizeMb: 64 + bridgeMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 };
}

/** What a run needs from its thread (a worker in production; the same protocol on the calling thread in tests). */
export interface PooledThread {
  /** False once the thread has exited or was terminated. */
  readonly alive: boolean;
  attach(listener: ThreadListener, log: Logger): void;
  detach(): void;
  /** Throws when the message cannot be encoded (a host value nested too deep for JSON.stringify). */
  post(message: ToWorker): void;
  terminate(): void;
}

export class SandboxThread implements PooledThread {
  private readonly worker: Worker;
  private listener: ThreadListener | undefined;
  private failure: Error | undefined;
  /** The logger of the run holding the thread (or the last one): where stray output is written. */
  private log: Logger | undefined;
  alive = true;

  constructor(entry: URL, limits: ResolvedLimits) {
    const workerData: WorkerInit = { limits };
    this.worker = new Worker(entry, {
      workerData,
      resourceLimits: workerResourceLimits(limits),
      // Captured, never inherited: anything the thread prints reaches stderr only as a JSON log line.
      stdout: true,
      stderr: true,
    });
    // An idle sandbox must not keep a server process alive.
    this.worker.unref();
    this.worker.on('message', (text: unknown) => this.listener?.message(decodeMessage<FromWorker>(text)));
    this.worker.on('error', (error: Error) => {
      this.failure ??= error;
    });
    this.worker.on('exit', () => {
      this.alive = false;
      this.listener?.exit(this.failure);
    });
    this.capture('stdout', this.worker.stdout);
    this.capture('stderr', this.worker.stderr);
  }

  attach(listener: ThreadListener, log: Logger): void {
    this.listener = listener;
    this.log = log;
  }

  detach(): void {
    this.listener = undefined;
  }

  /** Throws when the message cannot be encoded (a host value nested too deep for JSON.stringify). */
  post(message: ToWorker): void {
    this.worker.postMessage(encodeMessage(message));
  }

  terminate(): void {
    this.alive = false;
    this.listener = undefined;
    void this.worker.terminate();
  }

  private capture(stream: 'stdout' | 'stderr', readable: Readable): void {
    createInterface({ input: readable, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (text) =>
      this.log?.warn('code mode worker output', { stream, text }),
    );
  }
}
