// exchangeSignal: one AbortController per exchange, aborted by its own timeout or the caller's signal; released when it settles.

/**
 * Why not `AbortSignal.any([caller, AbortSignal.timeout(ms)])`: on Node 20 that pair costs tens of µs per
 * exchange (bench/RESULTS.md phases) and has open leak/GC bugs when one source signal lives long or is a
 * timeout signal (nodejs/node#54614, #55351, #57736). A controller with one timer and one listener, both
 * removed in `release()`, is the same standard AbortSignal contract without either.
 */
export interface ExchangeSignal {
  /** Aborts when the timeout fires (reason: a TimeoutError DOMException) or the caller aborts (its reason). */
  readonly signal: AbortSignal;
  /** True once the exchange's own timeout fired. */
  readonly timedOut: boolean;
  /** Clears the timer and the listener on the caller's signal; call when the exchange settles. */
  release(): void;
}

export function exchangeSignal(timeoutMs: number, caller?: AbortSignal): ExchangeSignal {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException(`exchange exceeded ${timeoutMs} ms`, 'TimeoutError'));
  }, timeoutMs);
  // Like AbortSignal.timeout: the timer alone does not keep the process alive.
  timer.unref();
  // An abort event fires once; release() removes the listener.
  const onCallerAbort = (): void => controller.abort(caller?.reason);
  if (caller?.aborted) controller.abort(caller.reason);
  else caller?.addEventListener('abort', onCallerAbort);
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    release() {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onCallerAbort);
    },
  };
}
