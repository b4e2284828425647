// Array-shaped cases: too many items (built from valid items) and a scalar where an array is expected.
import { pickProperty, type ToolLike, withKey } from './pick.js';
import { isPlainString, isSchema, type Schema, simpleType, stringEnum } from './schema-nav.js';
import type { BadInputCase } from './types.js';

/**
 * `count` valid items for an array schema, or undefined when they cannot be derived. Distinct items
 * are preferred even without `uniqueItems`: a portable published schema states that rule only in words.
 */
function validItems(sub: Schema, present: unknown, count: number): unknown[] | undefined {
  const unique = sub.uniqueItems === true;
  const items = isSchema(sub.items) ? sub.items : undefined;
  const pool = stringEnum(items) ?? (Array.isArray(present) && present.length > 0 ? present : undefined);
  const distinct = pool ? new Set(pool.map((v) => JSON.stringify(v))).size : 0;
  if (pool && distinct >= count) return Array.from({ length: count }, (_, i) => pool[i % pool.length]);
  if (items && isPlainString(items) && Number(items.minLength ?? 0) <= 3)
    return Array.from({ length: count }, (_, i) => `v${i}`);
  if (items && simpleType(items) === 'integer' && !('enum' in items) && !('multipleOf' in items)) {
    const min = typeof items.minimum === 'number' ? items.minimum : 1;
    const max = typeof items.maximum === 'number' ? items.maximum : Number.MAX_SAFE_INTEGER;
    if (max - min + 1 < count) return unique ? undefined : Array.from({ length: count }, () => min);
    return Array.from({ length: count }, (_, i) => min + i);
  }
  if (pool && !unique) return Array.from({ length: count }, (_, i) => pool[i % pool.length]);
  return undefined;
}

export function arrayTooLong(tool: ToolLike): BadInputCase | undefined {
  const limited = (s: Schema) =>
    simpleType(s) === 'array' && typeof s.maxItems === 'number' && s.maxItems <= 200;
  const pick = pickProperty(
    tool,
    (sub, _k, value) => limited(sub) && validItems(sub, value, (sub.maxItems as number) + 1) !== undefined,
  );
  if (!pick) return undefined;
  const limit = pick.sub.maxItems as number;
  return {
    kind: 'array_too_long',
    tool: tool.name,
    label: `${pick.key} with ${limit + 1} items (maxItems ${limit})`,
    args: withKey(pick.base, pick.key, validItems(pick.sub, pick.base[pick.key], limit + 1)),
    expect: { type: 'error', codes: ['SCHEMA_MAX_ITEMS'], path: pick.key, detailFields: ['limit', 'actual'] },
  };
}

const wrappable = (v: unknown) =>
  typeof v === 'number' || typeof v === 'boolean' || (typeof v === 'string' && !/^\s*[[{]/.test(v));

export function scalarForArray(tool: ToolLike, normalizationEnabled: boolean): BadInputCase | undefined {
  const pick = pickProperty(
    tool,
    (sub, _k, value) =>
      simpleType(sub) === 'array' &&
      Number(sub.minItems ?? 0) <= 1 &&
      Array.isArray(value) &&
      wrappable(value[0]),
    { requirePresent: true },
  );
  if (!pick) return undefined;
  const scalar = (pick.base[pick.key] as unknown[])[0];
  return {
    kind: 'scalar_for_array',
    tool: tool.name,
    label: `${pick.key} sent as the scalar ${JSON.stringify(scalar)}`,
    args: withKey(pick.base, pick.key, scalar),
    expect: normalizationEnabled
      ? { type: 'accepted', event: { kind: 'coerced', match: { field: pick.key, to_type: 'array' } } }
      : { type: 'error', codes: ['SCHEMA_TYPE_MISMATCH'], path: pick.key, detailFields: ['expected_type'] },
  };
}
