// A CallContext for unit tests: records the warnings a tool adds to the result's _meta.
import type { CallContext } from '@obmcp/contract';

export function recordingCall(): { call: CallContext; warnings: Array<Record<string, unknown>> } {
  const warnings: Array<Record<string, unknown>> = [];
  const call = {
    signal: new AbortController().signal,
    meta: { addWarning: (w: Record<string, unknown>) => warnings.push(w) },
  } as unknown as CallContext;
  return { call, warnings };
}
