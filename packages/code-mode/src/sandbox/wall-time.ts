// The one limitation of a run stopped at its wall-time limit, whichever mechanism stopped it.
import type { Limitation } from './types.js';

/** The sandbox's interrupt, its host timer and the thread backstop all answer with these words. */
export function wallTimeLimitation(timeoutMs: number): Limitation {
  return {
    kind: 'timeout',
    issue: `InternalError: interrupted (wall-time limit ${timeoutMs} ms)`,
    limit: timeoutMs,
  };
}
