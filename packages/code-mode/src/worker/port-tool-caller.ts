// Worker side of call_tool: each host call becomes a `call` message, settled by the main thread's reply.
import type { MessagePort } from 'node:worker_threads';
import type { CallOutcome } from '@obmcp/contract';
import type { ToolCaller } from '../sandbox/types.js';
import { encodeMessage, type FromWorker, type ToWorker } from './protocol.js';

interface Waiting {
  resolve: (outcome: CallOutcome) => void;
  reject: (error: Error) => void;
}

export class PortToolCaller implements ToolCaller {
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();

  constructor(private readonly port: MessagePort) {}

  call(name: string, args: unknown, options?: { signal?: AbortSignal }): Promise<CallOutcome> {
    const callId = this.nextId++;
    const signal = options?.signal;
    const onAbort = () => this.post({ type: 'call_abort', callId });
    return new Promise<CallOutcome>((resolve, reject) => {
      this.waiting.set(callId, { resolve, reject });
      this.post({ type: 'call', callId, name, args });
      signal?.addEventListener('abort', onAbort);
    }).finally(() => {
      // A settled call leaves nothing on the run's signal: the run's end asks no abort of a call already answered.
      this.waiting.delete(callId);
      signal?.removeEventListener('abort', onAbort);
    });
  }

  /** Settles a waiting call from the main thread's reply (late replies for finished calls are ignored). */
  settle(message: Exclude<ToWorker, { type: 'run' }>): void {
    const waiting = this.waiting.get(message.callId);
    if (!waiting) return;
    if (message.type === 'call_result') waiting.resolve(message.outcome);
    else waiting.reject(Object.assign(new Error(message.error.message), { name: message.error.name }));
  }

  private post(message: FromWorker): void {
    this.port.postMessage(encodeMessage(message));
  }
}
