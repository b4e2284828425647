// One exchange's deadline: a clearable timer plus the caller's signal, folded into one AbortSignal.

export interface Deadline {
  /** Aborts on timeout (reason: a TimeoutError DOMException) or with the caller's reason. */
  signal: AbortSignal;
  /** True once the timer (not the caller) aborted the signal. */
  timedOut(): boolean;
  /** Clears the timer and the caller listener; call when the exchange settles. */
  dispose(): void;
}

/**
 * Cheaper than AbortSignal.timeout + AbortSignal.any per request: the timer is cleared as soon
 * as the exchange settles, so no signal lingers for `timeoutMs` and no abort fires late.
 */
export function createDeadline(timeoutMs: number, caller?: AbortSignal): Deadline {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    if (controller.signal.aborted) return;
    timedOut = true;
    controller.abort(new DOMException(`exchange exceeded ${timeoutMs} ms`, 'TimeoutError'));
  }, timeoutMs);
  timer.unref?.();
  const onCallerAbort = (): void => controller.abort(caller?.reason);
  if (caller?.aborted) onCallerAbort();
  else caller?.addEventListener('abort', onCallerAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose() {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onCallerAbort);
    },
  };
}
