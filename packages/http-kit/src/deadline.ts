// One exchange's deadline: a clearable timer that bounds the exchange; the caller's own signal goes to fetch as is.

export interface Deadline {
  /** True once the time is up. */
  timedOut(): boolean;
  /**
   * Settles with `work`, or rejects with a TimeoutError DOMException as soon as the time is up: a
   * hard bound even when a stuck dispatcher or body stream never settles.
   */
  race<T>(work: Promise<T>): Promise<T>;
  /** Throws the TimeoutError once the time is up (stops a redirect chain the race has given up on). */
  throwIfExpired(): void;
  /** Runs `stop` when the time is up (cancel a body reader); replaces any earlier one. */
  onExpire(stop: () => void): void;
  /** Clears the timer; call when the exchange settles. */
  dispose(): void;
}

/**
 * No AbortController of our own and no listener on the caller's signal: on Node 20 the first
 * listener on a fresh AbortSignal costs several µs, and fetch already follows the caller's signal
 * itself. Our timeout rejects the race at once; the socket is closed by the shared Agent's
 * headersTimeout / bodyTimeout, or by cancelling the body reader (onExpire).
 */
export function createDeadline(timeoutMs: number): Deadline {
  let expired = false;
  let rejectRace: ((reason: unknown) => void) | undefined;
  let stop: (() => void) | undefined;
  const reason = (): DOMException => new DOMException(`exchange exceeded ${timeoutMs} ms`, 'TimeoutError');
  const timer = setTimeout(() => {
    expired = true;
    rejectRace?.(reason());
    stop?.();
  }, timeoutMs);
  return {
    timedOut: () => expired,
    race<T>(work: Promise<T>): Promise<T> {
      if (expired) {
        work.catch(() => undefined);
        return Promise.reject(reason());
      }
      return new Promise<T>((resolve, reject) => {
        rejectRace = reject;
        work.then(resolve, reject);
      });
    },
    throwIfExpired() {
      if (expired) throw reason();
    },
    onExpire(fn) {
      stop = fn;
    },
    dispose() {
      clearTimeout(timer);
      rejectRace = undefined;
      stop = undefined;
    },
  };
}
