// One exchange's deadline: a clearable timer plus the caller's signal, folded into one AbortSignal.

export interface Deadline {
  /** Aborts on timeout (reason: a TimeoutError DOMException) or with the caller's reason. */
  signal: AbortSignal;
  /** True once the timer (not the caller) aborted the signal. */
  timedOut(): boolean;
  /**
   * Settles with `work`, or rejects with the abort reason as soon as the deadline fires: a hard
   * bound even when a stuck dispatcher or body stream ignores the signal.
   */
  race<T>(work: Promise<T>): Promise<T>;
  /** Clears the timer and the caller listener; call when the exchange settles. */
  dispose(): void;
}

/**
 * Cheaper than AbortSignal.timeout + AbortSignal.any per request: the timer is cleared as soon
 * as the exchange settles, so no signal lingers for `timeoutMs` and no abort fires late. race()
 * needs no listener of its own: the deadline rejects it directly when it aborts.
 */
export function createDeadline(timeoutMs: number, caller?: AbortSignal): Deadline {
  const controller = new AbortController();
  let timedOut = false;
  let rejectRace: ((reason: unknown) => void) | undefined;
  const abort = (reason: unknown): void => {
    if (controller.signal.aborted) return;
    controller.abort(reason);
    rejectRace?.(controller.signal.reason);
  };
  const timer = setTimeout(() => {
    if (controller.signal.aborted) return;
    timedOut = true;
    abort(new DOMException(`exchange exceeded ${timeoutMs} ms`, 'TimeoutError'));
  }, timeoutMs);
  timer.unref?.();
  const onCallerAbort = (): void => abort(caller?.reason);
  if (caller?.aborted) onCallerAbort();
  else caller?.addEventListener('abort', onCallerAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    race<T>(work: Promise<T>): Promise<T> {
      if (controller.signal.aborted) {
        work.catch(() => undefined);
        return Promise.reject(controller.signal.reason);
      }
      return new Promise<T>((resolve, reject) => {
        rejectRace = reject;
        work.then(resolve, reject);
      });
    },
    dispose() {
      clearTimeout(timer);
      rejectRace = undefined;
      caller?.removeEventListener('abort', onCallerAbort);
    },
  };
}
