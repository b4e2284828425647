// Code Mode's thread protocol on the calling thread: the worker's loop (serveSandbox) behind one end of a
// MessageChannel, so the pool, the run and the worker side of every message are seen by coverage and Stryker.
import { MessageChannel } from 'node:worker_threads';
import type { Logger, ToolDefinition } from '@obmcp/contract';
import { codeModeToolsOn } from '../src/code-mode-tools.js';
import { type CodeModeOptions, type ResolvedLimits, resolveLimits } from '../src/options.js';
import { decodeMessage, encodeMessage, type FromWorker, type ToWorker } from '../src/worker/protocol.js';
import { threadRunner } from '../src/worker/run-in-thread.js';
import type { PooledThread, ThreadListener } from '../src/worker/sandbox-thread.js';
import { serveSandbox } from '../src/worker/serve-sandbox.js';

/**
 * A "thread" whose sandbox runs here. Terminating it closes the channel (a busy loop on this thread is
 * ended by the sandbox's interrupt, never by termination: tests that need termination use real workers).
 */
export class InThreadSandbox implements PooledThread {
  alive = true;
  /** Every message the main side received, in order (what a worker would have sent). */
  readonly received: FromWorker[] = [];
  private listener: ThreadListener | undefined;
  private readonly main;
  private readonly worker;

  constructor(limits: ResolvedLimits) {
    const { port1, port2 } = new MessageChannel();
    this.main = port1;
    this.worker = port2;
    serveSandbox(port2, limits);
    port1.on('message', (text: unknown) => {
      const message = decodeMessage<FromWorker>(text);
      this.received.push(message);
      this.listener?.message(message);
    });
  }

  attach(listener: ThreadListener, _log: Logger): void {
    this.listener = listener;
  }

  detach(): void {
    this.listener = undefined;
  }

  post(message: ToWorker): void {
    this.main.postMessage(encodeMessage(message));
  }

  terminate(): void {
    this.alive = false;
    this.listener = undefined;
    this.main.close();
    this.worker.close();
  }
}

/** codeModeTools(options) whose runs go through the thread pool and protocol to sandboxes on this thread. */
export function inThreadCodeModeTools(
  options?: CodeModeOptions,
  spawned: InThreadSandbox[] = [],
): ToolDefinition[] {
  const limits = resolveLimits(options);
  const spawn = (l: ResolvedLimits) => {
    const thread = new InThreadSandbox(l);
    spawned.push(thread);
    return thread;
  };
  return codeModeToolsOn(threadRunner(limits, spawn), limits);
}
