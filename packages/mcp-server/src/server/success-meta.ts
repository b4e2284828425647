// A successful object result with the call's `_meta` merged in: the shape on the wire and inside Code Mode.
import { isPlainObject } from '@obmcp/contract/internal/validation/json-type.js';

/** A copy of `value` whose `_meta` is its own `_meta` plus the collected one (no `_meta` key when both are empty). */
export function withSuccessMeta(
  value: Record<string, unknown>,
  meta: Record<string, unknown>,
): Record<string, unknown> {
  const existing = isPlainObject(value._meta) ? value._meta : {};
  const merged =
    Object.keys(meta).length > 0 || Object.keys(existing).length > 0 ? { ...existing, ...meta } : undefined;
  const body: Record<string, unknown> = merged ? { ...value, _meta: merged } : { ...value };
  if (!merged) delete body._meta;
  return body;
}
