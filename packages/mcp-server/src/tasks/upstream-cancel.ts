// cancelUpstreamJob: when a task is cancelled, a tool cancels its upstream job where the API allows, and says what happened.
import type { CallContext } from '@obmcp/contract/internal/tool/types.js';

/** The reason a cancelled task's signal carries; a tool notes what it did upstream on it (`upstream`). */
export class TaskCancelledError extends Error {
  /** What happened to the upstream job (one sentence), once the tool tried; shown as the task's statusMessage. */
  upstream?: string;

  constructor(taskId: string) {
    super(`task ${taskId} cancelled`);
    this.name = 'AbortError';
  }
}

/** The longest an upstream cancel request may take (it runs after the task's own signal fired). */
const UPSTREAM_CANCEL_TIMEOUT_MS = 15_000;

/**
 * For a tool whose task was cancelled (tasks/cancel, on any replica) while its upstream job ran: runs
 * `cancel` — the API's own cancel request, sent with a fresh signal (the call's has fired) — and notes
 * its answer, or its refusal, on the cancel. `cancel` returns the sentence to show (e.g. "report 123
 * cancelled upstream (cancelReport)"), or undefined when the job's state does not allow a cancel (say
 * why in `notCancellable`). Never throws: a failed cancel is reported, not raised. Does nothing when
 * the call was not a cancelled task (an inline call's abort, a timeout).
 */
export async function cancelUpstreamJob(
  call: CallContext,
  job: string,
  cancel: (call: CallContext) => Promise<string>,
): Promise<void> {
  const reason: unknown = call.signal.reason;
  if (!(reason instanceof TaskCancelledError)) return;
  const fresh: CallContext = { ...call, signal: AbortSignal.timeout(UPSTREAM_CANCEL_TIMEOUT_MS) };
  try {
    reason.upstream = await cancel(fresh);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    reason.upstream = `the upstream cancel of ${job} failed (${why.slice(0, 200)}): it may still run upstream`;
  }
}

/** Notes, without a request, that the upstream job cannot be cancelled in its state (and why). */
export function noteUpstreamNotCancelled(call: CallContext, why: string): void {
  const reason: unknown = call.signal.reason;
  if (reason instanceof TaskCancelledError) reason.upstream = why;
}
