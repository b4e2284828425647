// The `[{key, value}]` entries form of open maps (what tools/list publishes), both ways: decode and encode.
import type { NormalizationEvent } from '../envelope/types.js';
import { isOpenMap, MAP_ENTRY_KEY, MAP_ENTRY_VALUE } from '../schema/open-map.js';
import { isPlainObject, toPath } from '../validation/json-type.js';
import { publishedChild } from '../validation/schema-walk.js';

/** Same depth guard as the normalizer: deeper levels are left to the validator. */
const MAX_DEPTH = 12;

const isEntry = (item: unknown): item is { key: string; value: unknown } =>
  isPlainObject(item) &&
  typeof item[MAP_ENTRY_KEY] === 'string' &&
  Object.hasOwn(item, MAP_ENTRY_VALUE) &&
  Object.keys(item).length === 2;

/** The schema can name a child key: its own properties, or branches that the published view merges in. */
const namesChildren = (schema: Record<string, unknown>): boolean =>
  isPlainObject(schema.properties) ||
  Array.isArray(schema.allOf) ||
  Array.isArray(schema.oneOf) ||
  Array.isArray(schema.anyOf);

/**
 * Runs whatever the normalization switch says: the entries form is what tools/list publishes, so the
 * server must accept it. Anything that is not a list of entries is left for the validator to judge.
 */
export function decodeMapEntries(args: unknown, schema: unknown, events: NormalizationEvent[]): unknown {
  return walk(args, schema, '', events, 0);
}

function walk(
  value: unknown,
  schema: unknown,
  path: string,
  events: NormalizationEvent[],
  depth: number,
): unknown {
  if (depth > MAX_DEPTH || !isPlainObject(schema)) return value;
  if (depth > 0 && isOpenMap(schema) && Array.isArray(value) && value.every(isEntry)) {
    const map: Record<string, unknown> = {};
    for (const { key, value: entry } of value)
      Object.defineProperty(map, key, { value: entry, enumerable: true, writable: true, configurable: true });
    events.push({
      kind: 'coerced',
      field: path,
      from_type: 'array',
      to_type: 'object',
      reason: 'map_entries',
    });
    return map;
  }
  if (Array.isArray(value))
    return value.map((item, i) =>
      walk(item, publishedChild(schema, i), toPath(path, String(i)), events, depth + 1),
    );
  if (!isPlainObject(value) || !namesChildren(schema)) return value;
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    // An undeclared key (no child schema) comes back as it is.
    const next = walk(value[key], publishedChild(schema, key), toPath(path, key), events, depth + 1);
    if (next !== value[key]) {
      out ??= { ...value };
      Object.defineProperty(out, key, { value: next, enumerable: true, writable: true, configurable: true });
    }
  }
  return out ?? value;
}

/**
 * The published form of a value that fits the full schema: every open map becomes its entries (used for the
 * `_meta` examples, so they validate against the published inputSchema).
 */
export function encodeMapEntries(value: unknown, schema: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH || !isPlainObject(schema)) return value;
  // The root is the object of named arguments, never published as entries.
  if (depth > 0 && isOpenMap(schema) && isPlainObject(value))
    return Object.entries(value).map(([key, entry]) => ({
      [MAP_ENTRY_KEY]: key,
      [MAP_ENTRY_VALUE]: encodeMapEntries(entry, schema.additionalProperties, depth + 1),
    }));
  if (Array.isArray(value))
    return value.map((item, i) => encodeMapEntries(item, publishedChild(schema, i), depth + 1));
  if (!isPlainObject(value) || !namesChildren(schema)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    // An undeclared key (no child schema) keeps its value as it is.
    Object.defineProperty(out, key, {
      value: encodeMapEntries(entry, publishedChild(schema, key), depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
