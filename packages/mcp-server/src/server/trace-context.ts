// W3C trace context from a request's `_meta` (2026-07-28): one trace id per call, on every log line the call writes.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { LogFields, Logger } from '@obmcp/contract/internal/tool/logger.js';

/** The fields every log line written during one call carries. */
export interface CallTrace {
  trace_id: string;
  /** The caller's span (`traceparent`'s parent-id), when it sent one. */
  parent_span_id?: string;
  /** The protocol revision the request was sent for (2026-07-28: from its `_meta`; 2025: negotiated). */
  protocol_version?: string;
  /** `name/version` of the client, from the request's `_meta` (2026-07-28) or its initialize (2025). */
  client?: string;
}

// version-traceid-parentid-flags; all-zero ids are invalid (W3C Trace Context, section 3.2).
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** trace id and parent span of a valid `traceparent`, or undefined (malformed, version ff, zero ids). */
export function parseTraceparent(value: unknown): { traceId: string; parentId: string } | undefined {
  if (typeof value !== 'string') return undefined;
  const match = TRACEPARENT.exec(value.trim());
  if (!match) return undefined;
  const [, version, traceId, parentId] = match as unknown as [string, string, string, string];
  if (version === 'ff' || /^0+$/.test(traceId) || /^0+$/.test(parentId)) return undefined;
  return { traceId, parentId };
}

/** The call's trace: the caller's trace id when its `_meta.traceparent` is valid, else a new one. */
export function callTrace(
  meta: Record<string, unknown> | undefined,
  who: { protocolVersion?: string; client?: { name: string; version: string } },
): CallTrace {
  const parent = parseTraceparent(meta?.traceparent);
  return {
    trace_id: parent?.traceId ?? randomBytes(16).toString('hex'),
    ...(parent ? { parent_span_id: parent.parentId } : {}),
    ...(who.protocolVersion ? { protocol_version: who.protocolVersion } : {}),
    ...(who.client ? { client: `${who.client.name}/${who.client.version}` } : {}),
  };
}

const scope = new AsyncLocalStorage<CallTrace>();

/** Runs `fn` (and everything it awaits or starts, a background task included) inside the call's trace. */
export function withCallTrace<T>(trace: CallTrace, fn: () => T): T {
  return scope.run(trace, fn);
}

/** The trace of the call running now, if any. */
export function currentTrace(): CallTrace | undefined {
  return scope.getStore();
}

/** A logger whose lines (its children's too) carry the current call's trace fields. */
export function tracedLogger(log: Logger): Logger {
  const fields = (extra?: LogFields): LogFields | undefined => {
    const trace = scope.getStore();
    return trace ? { ...trace, ...extra } : extra;
  };
  return {
    debug: (msg, extra) => log.debug(msg, fields(extra)),
    info: (msg, extra) => log.info(msg, fields(extra)),
    warn: (msg, extra) => log.warn(msg, fields(extra)),
    error: (msg, extra) => log.error(msg, fields(extra)),
    child: (base) => tracedLogger(log.child(base)),
  };
}
