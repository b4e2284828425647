// Settles with `work`, or rejects with the signal's reason as soon as it aborts (even if `work` never settles).

export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    // An abort event fires once; the listener goes when the work settles (a long-lived signal keeps none).
    signal.addEventListener('abort', onAbort);
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
