// Messages between the main thread and a sandbox worker, and their one codec: JSON text.
import type { CallOutcome, LogLevel } from '@obmcp/contract';
import type { ResolvedLimits } from '../options.js';
import type { RunOutcome } from '../sandbox/types.js';

/** A log line's fields (the contract Logger's field shape). */
export type Fields = Record<string, unknown>;

/** `workerData` of every sandbox worker. */
export interface WorkerInit {
  limits: ResolvedLimits;
}

/** An error that crossed the thread boundary as data (a host `call` that threw). */
export interface ErrorData {
  name: string;
  message: string;
}

export type ToWorker =
  | { type: 'run'; code: string; timeoutMs: number }
  | { type: 'call_result'; callId: number; outcome: CallOutcome }
  | { type: 'call_thrown'; callId: number; error: ErrorData };

export type FromWorker =
  /** The sandbox is ready and its wall-time clock has started (thread start-up and engine load excluded). */
  | { type: 'started' }
  /** The script's `call_tool(name, args)`: the main thread runs it through the full pipeline. */
  | { type: 'call'; callId: number; name: string; args: unknown }
  /** The run no longer waits for this call (it ended or hit a limit): abort it upstream. */
  | { type: 'call_abort'; callId: number }
  | { type: 'log'; level: LogLevel; msg: string; fields?: Fields }
  /** The run's outcome; `poisoned` asks the main thread to terminate this worker instead of reusing it. */
  | { type: 'done'; outcome: RunOutcome; poisoned: boolean };

/**
 * Every message crosses as JSON text, never as a structured clone: V8's serializer recurses, and a
 * value nested a few thousand levels deep is silently dropped by postMessage (the run would hang).
 * Errors in log fields become `{ name, message, stack }`, as the contract logger writes them.
 */
export function encodeMessage(message: ToWorker | FromWorker): string {
  return JSON.stringify(message, (_key, value: unknown) =>
    value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value,
  );
}

export function decodeMessage<T extends ToWorker | FromWorker>(text: unknown): T {
  return JSON.parse(String(text)) as T;
}
