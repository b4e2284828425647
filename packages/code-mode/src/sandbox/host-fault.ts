// A failure on the host side of the sandbox boundary (wasm trap, host stack overflow) as a Limitation.
import type { Limitation } from './types.js';

export function hostFaultLimitation(error: unknown): Limitation {
  const name = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  const issue = `${name}: ${message}`;
  if (/call stack|stack size/i.test(issue)) return { kind: 'stack', issue };
  if (/memory/i.test(issue)) return { kind: 'memory', issue };
  return { kind: 'sandbox_crash', issue };
}
