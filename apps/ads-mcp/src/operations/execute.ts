// Generated tools' handler for ads-mcp: the operation through callOperation, and 207 batches read into
// per-item error records.
import type { ExecuteOperation } from '@obmcp/openapi-tools';
import type { AdsApiClient } from '../http/client.js';
import { reportMultiStatus } from '../tools/multi-status.js';
import { callOperation } from './call-operation.js';

/** `{<entity>: {success[], error[]}}`: the 207 shape of SP/SB v3+ batch operations. */
function batchPart(body: unknown): [string, { success?: unknown; error?: unknown }] | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const entries = Object.entries(body as Record<string, unknown>);
  const [entry] = entries;
  if (entries.length !== 1 || !entry) return undefined;
  const part = entry[1] as { success?: unknown; error?: unknown } | null;
  return part && typeof part === 'object' && (Array.isArray(part.success) || Array.isArray(part.error))
    ? [entry[0], part]
    : undefined;
}

/** Items sent: the body's `<entity>` array when there is one, else every item Amazon answered for. */
function submittedCount(
  args: Record<string, unknown>,
  entity: string,
  part: { success?: unknown; error?: unknown },
): number {
  const body = args.body as Record<string, unknown> | unknown[] | undefined;
  const items = Array.isArray(body) ? body : body?.[entity];
  if (Array.isArray(items)) return items.length;
  const count = (v: unknown) => (Array.isArray(v) ? v.length : 0);
  return count(part.success) + count(part.error);
}

export function operationExecutor(client: AdsApiClient): ExecuteOperation {
  return async (op, args, call) => {
    const res = await callOperation(client, op, args, call);
    const batch = res.status === 207 ? batchPart(res.body) : undefined;
    if (!batch) return res.body;
    const [entity, part] = batch;
    return { entity, ...reportMultiStatus(entity, part, submittedCount(args, entity, part), call) };
  };
}
