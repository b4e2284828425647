// A committed catalog file writes a repeated sub-schema once under `$defs` (generate/shared-defs.ts); a server
// reads it back with every `{ "$ref": "#/$defs/<name>" }` replaced by a copy of the schema, as published.
import type { JsonSchemaObject } from './catalog-types.js';

const DEFS_POINTER = '#/$defs/';

/** `value` with each `$defs` reference replaced by a fresh copy of the schema it names (which may refer on). */
export function inlineDefs<T>(value: T, defs: Readonly<Record<string, JsonSchemaObject>>): T {
  if (Array.isArray(value)) return value.map((item: unknown) => inlineDefs(item, defs)) as T;
  if (value === null || typeof value !== 'object') return value;
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith(DEFS_POINTER)) {
    const name = ref.slice(DEFS_POINTER.length);
    if (!Object.hasOwn(defs, name)) throw new Error(`catalog: ${ref} names no schema of the file's $defs`);
    return inlineDefs(defs[name], defs) as T;
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, inlineDefs(item, defs)])) as T;
}
