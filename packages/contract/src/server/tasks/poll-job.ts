// pollJob: the wait loop of every tool that waits on an upstream job — cadence, deadline, progress, cancel.
import { sleep } from '../sleep.js';
import type { CallContext, ProgressUpdate } from '../types.js';

/** What one poll answer says about the job. */
export interface JobState extends ProgressUpdate {
  /** Finished, well or badly: no more polls. */
  done: boolean;
}

export interface PollJobOptions<T> {
  /** The state already known (the create answer), or undefined to poll at once. */
  first?: T;
  /** One status request (through the app's pipeline, so the limiter paces it). */
  poll: () => Promise<T>;
  state: (value: T) => JobState;
  /** Milliseconds to wait before poll n (n ≥ 1): the upstream's documented cadence. */
  delayMs: (n: number) => number;
  /** Give up waiting after this many ms (timedOut: true); undefined: wait until done or cancelled. */
  waitMs?: number;
}

export interface PollJobResult<T> {
  value: T;
  timedOut: boolean;
  polls: number;
}

/**
 * Polls until the job is done, the wait is over or the call is cancelled. The call's progress reporter
 * hears every state right after its poll and again right before the next upstream request (so a task
 * cancelled on another replica makes no further request); a cancel rejects at once with the signal's reason.
 */
export async function pollJob<T>(call: CallContext, options: PollJobOptions<T>): Promise<PollJobResult<T>> {
  const report = async (value: T) => call.progress?.(options.state(value));
  const deadline = options.waitMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + options.waitMs;
  let polls = 0;
  let value = options.first ?? (await options.poll());
  if (options.first === undefined) polls++;
  await report(value);
  while (!options.state(value).done) {
    const left = deadline - Date.now();
    if (left <= 0) return { value, timedOut: true, polls };
    await sleep(Math.min(options.delayMs(polls + 1), left), call.signal);
    await report(value);
    value = await options.poll();
    polls++;
    await report(value);
  }
  return { value, timedOut: false, polls };
}

/** Doubling from `firstMs` up to `maxMs`: the cadence most job APIs document. */
export const backoff =
  (firstMs: number, maxMs: number) =>
  (n: number): number =>
    Math.min(maxMs, firstMs * 2 ** Math.max(0, n - 1));
