// A per-exchange face of the shared Agent that can abort what it dispatched: fetch itself gets no signal.
import type { Dispatcher } from 'undici';

/** The two handler styles undici calls: onRequestStart(controller) (undici 7) and onConnect(abort) (legacy, Node's fetch). */
interface AbortHooks {
  onRequestStart?: (controller: { abort(reason: Error): void }, context: unknown) => void;
  onConnect?: (abort: (reason?: Error) => void, context?: unknown) => void;
}

export interface AbortableDispatcher {
  /** Goes to fetch as `dispatcher`; each dispatch runs on the shared Agent. */
  dispatcher: Dispatcher;
  /** Aborts the request dispatched last (or the next one, at once). Idempotent. */
  abort(reason: Error): void;
}

export function abortableDispatcher(agent: Dispatcher): AbortableDispatcher {
  let abortCurrent: ((reason: Error) => void) | undefined;
  let aborted: Error | undefined;
  const capture = (abort: (reason: Error) => void): void => {
    abortCurrent = abort;
    if (aborted !== undefined) abort(aborted);
  };
  const dispatch = (options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean => {
    const hooks = handler as AbortHooks;
    // The handler's own methods run with `this` = the wrapper, so state they keep on `this` stays consistent.
    const wrapped = Object.create(handler) as AbortHooks;
    if (typeof hooks.onRequestStart === 'function') {
      const start = hooks.onRequestStart;
      wrapped.onRequestStart = function (this: unknown, controller, context) {
        capture((reason) => controller.abort(reason));
        return start.call(this, controller, context);
      };
    } else if (typeof hooks.onConnect === 'function') {
      const connect = hooks.onConnect;
      wrapped.onConnect = function (this: unknown, abort, context) {
        capture(abort);
        return connect.call(this, abort, context);
      };
    }
    return agent.dispatch(options, wrapped as Dispatcher.DispatchHandler);
  };
  return {
    dispatcher: { dispatch } as unknown as Dispatcher,
    abort(reason) {
      if (aborted !== undefined) return;
      aborted = reason;
      abortCurrent?.(reason);
    },
  };
}
