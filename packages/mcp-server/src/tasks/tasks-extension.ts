// The Tasks extension (io.modelcontextprotocol/tasks, SEP-2663) on the 2026-07-28 path: negotiation and wire shapes.
import {
  CLIENT_CAPABILITIES_META_KEY,
  ProtocolError,
  ProtocolErrorCode,
  type Result,
  type Task,
} from '@modelcontextprotocol/server';
import { isPlainObject } from '@obmcp/contract/internal/validation/json-type.js';
import type { TaskRecord } from './task-records.js';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** What a server advertises under `capabilities.extensions` on server/discover (no settings of its own). */
export const TASKS_EXTENSION_CAPABILITY = { [TASKS_EXTENSION]: {} } as const;

/** The first revision without the initialize handshake (revisions are dates: later ones sort after it). */
const FIRST_MODERN_REVISION = '2026-07-28';

/** True for a request served on the 2026-07-28 (or later) revision: no handshake, `_meta` per request. */
export function isModernVersion(version: string | undefined): boolean {
  return version !== undefined && version >= FIRST_MODERN_REVISION;
}

/**
 * Whether the request's own `_meta` declares the extension (`io.modelcontextprotocol/clientCapabilities`
 * `.extensions`): on the modern path that is the whole negotiation, per request.
 */
export function declaresTasks(envelope: Record<string, unknown> | undefined): boolean {
  const capabilities = envelope?.[CLIENT_CAPABILITIES_META_KEY];
  if (!isPlainObject(capabilities)) return false;
  const extensions = capabilities.extensions;
  return isPlainObject(extensions) && extensions[TASKS_EXTENSION] !== undefined;
}

/** -32021 Missing Required Client Capability, naming the extension (SEP-2575, SEP-2663). */
export function missingTasksExtension(what: string): ProtocolError {
  return new ProtocolError(
    ProtocolErrorCode.MissingRequiredClientCapability,
    `${what} needs the ${TASKS_EXTENSION} extension: declare it in _meta["${CLIENT_CAPABILITIES_META_KEY}"].extensions`,
    { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
  );
}

/** The Task base fields with the extension's names (ttlMs, pollIntervalMs: integer milliseconds). */
function taskFields(task: Task): Record<string, unknown> {
  const ttl = task.ttl;
  return {
    taskId: task.taskId,
    status: task.status,
    ...(task.statusMessage === undefined ? {} : { statusMessage: task.statusMessage }),
    createdAt: task.createdAt,
    lastUpdatedAt: task.lastUpdatedAt,
    ttlMs: typeof ttl === 'number' ? Math.max(1, Math.round(ttl)) : null,
    ...(typeof task.pollInterval === 'number'
      ? { pollIntervalMs: Math.max(1, Math.round(task.pollInterval)) }
      : {}),
  };
}

/** CreateTaskResult: flat `Result & Task` (no `task` wrapper), `resultType: "task"`. */
export function createTaskResult(task: Task): Result {
  return { resultType: 'task', ...taskFields(task) };
}

/** The envelope a stored tool result carries in its text (our error results), or undefined. */
function envelopeOf(result: Result | undefined): Record<string, unknown> | undefined {
  const content = (result as { content?: unknown } | undefined)?.content;
  const first = Array.isArray(content) ? (content[0] as { type?: unknown; text?: unknown }) : undefined;
  if (first?.type !== 'text' || typeof first.text !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(first.text);
    return isPlainObject(parsed) && typeof parsed.error_kind === 'string' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The stored result without the 2025-11-25 related-task `_meta` (the taskId is at the root already). */
function inlined(result: Result): Result {
  const meta = result._meta;
  if (!isPlainObject(meta) || !('io.modelcontextprotocol/related-task' in meta)) return result;
  const { 'io.modelcontextprotocol/related-task': _related, ...rest } = meta;
  return { ...result, _meta: rest };
}

/**
 * tasks/get's DetailedTask. A tool that ran and reported an error (our envelope) is `completed` with
 * `result.isError` (the store keeps it `failed`, as 2025-11-25 has it); a failure of the server itself (the
 * handler threw: internal_error) is `failed` with a JSON-RPC `error` whose data is the envelope, no result.
 */
export function detailedTask(record: TaskRecord): Result {
  const { task, result } = record;
  const base = taskFields(task);
  if (task.status === 'completed' && result !== undefined) {
    return { resultType: 'complete', ...base, result: inlined(result) };
  }
  if (task.status === 'input_required') {
    return { resultType: 'complete', ...base, inputRequests: record.inputRequests ?? {} };
  }
  if (task.status !== 'failed') return { resultType: 'complete', ...base };
  const envelope = envelopeOf(result);
  if (result !== undefined && envelope?.error_kind !== 'internal_error') {
    return { resultType: 'complete', ...base, status: 'completed', result: inlined(result) };
  }
  const message =
    typeof envelope?.summary === 'string' ? envelope.summary : (task.statusMessage ?? 'The task failed.');
  return {
    resultType: 'complete',
    ...base,
    error: {
      code: ProtocolErrorCode.InternalError,
      message,
      ...(envelope === undefined ? {} : { data: { envelope } }),
    },
  };
}
