// pollJob: the wait loop of every tool that waits on an upstream job — cadence, deadline, progress, cancel.
import { type Env, type EnvReader, envReaderOf } from '../config/env-reader.js';
import { sleep } from '../server/sleep.js';
import type { CallContext, ProgressUpdate } from '@obmcp/contract/internal/tool/types.js';

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
  /**
   * Milliseconds to wait before poll n (n ≥ 1), given how long the job has been waited on so far: the
   * upstream's documented cadence (see `pollCadence`).
   */
  delayMs: (n: number, elapsedMs: number) => number;
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
  const started = Date.now();
  const deadline = options.waitMs === undefined ? Number.POSITIVE_INFINITY : started + options.waitMs;
  let polls = 0;
  let value = options.first ?? (await options.poll());
  if (options.first === undefined) polls++;
  await report(value);
  while (!options.state(value).done) {
    const left = deadline - Date.now();
    if (left <= 0) return { value, timedOut: true, polls };
    await sleep(Math.min(options.delayMs(polls + 1, Date.now() - started), left), call.signal);
    await report(value);
    value = await options.poll();
    polls++;
    await report(value);
  }
  return { value, timedOut: false, polls };
}

/** A job's poll cadence against the real upstream (ms of real time). */
export interface Cadence {
  /** The first wait, and the shortest. */
  firstMs: number;
  /** The longest wait. */
  maxMs: number;
  /**
   * Each wait is this share of the time waited so far: a job is seen done at most this share of its
   * run time late (half of it on average), whatever its length; doubling waits (0.5 late at worst, a
   * 600 s report seen up to 60 s late with a 60 s cap) waste the time a job takes.
   */
  share: number;
}

/**
 * The wait before each poll: `share` of the time waited so far, from firstMs up to maxMs, all divided by
 * `timeScale` (1 against the real upstream; `mockTimeScale` in mock mode, whose jobs run faster).
 */
export const pollCadence =
  ({ firstMs, maxMs, share }: Cadence, timeScale = 1) =>
  (_n: number, elapsedMs: number): number =>
    Math.min(maxMs / timeScale, Math.max(firstMs / timeScale, elapsedMs * share));

/** The variable the mocks and http-kit's limiter read too (RATE_SCALE_ENV): rates × factor, times ÷ factor. */
const MOCK_RATE_SCALE_ENV = 'OBMCP_MOCK_RATE_SCALE';

/**
 * How much faster than the real upstream's a job runs against the mocks: 1 unless OBMCP_MOCK=1; then the
 * stated OBMCP_MOCK_RATE_SCALE (the job bench scales rates and times by one factor), else 250 (a 5 s
 * first wait becomes 20 ms, so functional tests stay fast).
 */
export function mockTimeScale(env: Env | EnvReader): number {
  const read = envReaderOf(env);
  if (read.text('OBMCP_MOCK') !== '1') return 1;
  const text = read.text(MOCK_RATE_SCALE_ENV) ?? '';
  const scale = /^\d+(?:\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  return scale > 0 ? scale : 250;
}
