// JSON type names for received_type / from_type (documented: JSON names, not Python's).
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'bigint') return 'integer';
  return typeof value;
}

/** A JSON object (not null, not an array): the one plain-object test the contract uses. */
export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** Value at a JSON pointer ('' = root); own properties only. */
export function valueAt(root: unknown, pointer: string): unknown {
  if (pointer === '') return root;
  let current: unknown = root;
  for (const raw of pointer.replace(/^\//, '').split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** '/filters/0/marketplaceId' → 'filters/0/marketplaceId' (contract: no leading slash). */
export function toPath(instancePath: string, child?: string): string {
  const base = instancePath.charCodeAt(0) === 47 ? instancePath.slice(1) : instancePath;
  if (child === undefined) return base;
  const escaped = child.replace(/~/g, '~0').replace(/\//g, '~1');
  return base === '' ? escaped : `${base}/${escaped}`;
}
