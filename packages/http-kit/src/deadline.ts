// One exchange's end: its deadline (on the shared deadline clock) or the caller's abort, whichever comes first.
import { scheduleDeadline } from './deadline-clock.js';

export interface Deadline {
  /** True once the time is up. */
  timedOut(): boolean;
  /**
   * Settles with `work`, or rejects as soon as the exchange is over: a TimeoutError DOMException when
   * the time is up, the caller's reason when the caller aborts. A hard bound even when a stuck
   * dispatcher or body stream never settles.
   */
  race<T>(work: Promise<T>): Promise<T>;
  /** Throws the caller's reason or the TimeoutError once the exchange is over (stops a redirect chain). */
  throwIfOver(): void;
  /**
   * Runs `stop` when the exchange is over (cancel a body reader, abort a dispatch); replaces any earlier
   * one, and runs at once when the exchange is already over.
   */
  onOver(stop: () => void): void;
  /** Clears the deadline and the abort listener; call when the exchange settles. */
  dispose(): void;
}

/** How long an exchange runs before it listens to the caller's signal (fast exchanges never do). */
export const LISTEN_AFTER_MS = 25;

/**
 * fetch gets no signal: following one costs fetch an extra AbortController, a listener, a WeakRef and a
 * FinalizationRegistry entry per request. Here even one listener is only attached once the exchange has
 * run LISTEN_AFTER_MS (adding and removing one costs several µs on Node 20): a caller who aborted by
 * then ends it at that check, a later abort at once. A stop hook (body reader, dispatch) ends it.
 */
export function createDeadline(timeoutMs: number, caller?: AbortSignal): Deadline {
  let expired = false;
  let over: (() => unknown) | undefined;
  let rejectRace: ((reason: unknown) => void) | undefined;
  let stop: (() => void) | undefined;
  let listening = false;
  const started = performance.now();
  const timeout = (): DOMException => new DOMException(`exchange exceeded ${timeoutMs} ms`, 'TimeoutError');
  const end = (reason: () => unknown): void => {
    if (over !== undefined) return;
    over = reason;
    rejectRace?.(reason());
    stop?.();
  };
  const onAbort = (): void => end(() => caller?.reason);
  const onTimeout = (): void => {
    expired = true;
    end(timeout);
  };
  const listen = (): void => {
    if (caller?.aborted) {
      onAbort();
      return;
    }
    caller?.addEventListener('abort', onAbort);
    listening = true;
    cancel = scheduleDeadline(Math.max(0, timeoutMs - (performance.now() - started)), onTimeout);
  };
  if (caller?.aborted) over = () => caller.reason;
  let cancel =
    caller === undefined || timeoutMs <= LISTEN_AFTER_MS
      ? scheduleDeadline(timeoutMs, onTimeout)
      : scheduleDeadline(LISTEN_AFTER_MS, listen);
  return {
    timedOut: () => expired,
    race<T>(work: Promise<T>): Promise<T> {
      if (over !== undefined) {
        work.catch(() => undefined);
        return Promise.reject(over());
      }
      return new Promise<T>((resolve, reject) => {
        rejectRace = reject;
        work.then(resolve, reject);
      });
    },
    throwIfOver() {
      if (over === undefined && caller?.aborted) onAbort();
      if (over !== undefined) throw over();
    },
    onOver(fn) {
      stop = fn;
      if (over !== undefined) fn();
    },
    dispose() {
      cancel();
      if (listening) caller?.removeEventListener('abort', onAbort);
      rejectRace = undefined;
      stop = undefined;
    },
  };
}
