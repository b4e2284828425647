// MCP_STRICT_UNKNOWN_FIELDS: inject additionalProperties:false where a schema is silent about it.
import { isPlainObject } from './json-type.js';
import type { JsonSchema } from '../tool/types.js';

type Schema = Record<string, unknown>;
const isSchema = isPlainObject;

/**
 * Rules: `false` stays, `true` stays (author opted in), a sub-schema stays (extras validated),
 * silent → `false`. Applied to every object schema with `properties`, reached through
 * properties / items / prefixItems / oneOf / anyOf / $defs — never inside allOf branches,
 * where a local `false` would reject the sibling branches' keys.
 */
export function injectStrictUnknown(schema: JsonSchema): JsonSchema {
  return walk(schema) as JsonSchema;
}

/**
 * Strict mode off, for a tool that declares no passthrough target: only the top level is closed (an
 * unknown top-level field would have nowhere to go); nested silent objects stay open as the switch says.
 */
export function closeTopLevel(schema: JsonSchema): JsonSchema {
  return isSilentObjectSchema(schema) ? { ...schema, additionalProperties: false } : schema;
}

/** Silent: an object schema with `properties` that says nothing about extras (the one rule the injection uses). */
export function isSilentObjectSchema(node: unknown): boolean {
  return (
    isSchema(node) &&
    isSchema(node.properties) &&
    !('additionalProperties' in node) &&
    !('unevaluatedProperties' in node) &&
    !('allOf' in node)
  );
}

function walk(node: unknown): unknown {
  if (!isSchema(node)) return node;
  const out: Schema = { ...node };
  if (isSchema(out.properties)) {
    out.properties = Object.fromEntries(Object.entries(out.properties).map(([k, v]) => [k, walk(v)]));
    if (isSilentObjectSchema(node)) out.additionalProperties = false;
  }
  if (isSchema(out.items)) out.items = walk(out.items);
  for (const key of ['prefixItems', 'oneOf', 'anyOf'] as const) {
    const list = out[key];
    if (Array.isArray(list)) out[key] = list.map(walk);
  }
  if (isSchema(out.$defs))
    out.$defs = Object.fromEntries(Object.entries(out.$defs).map(([k, v]) => [k, walk(v)]));
  return out;
}
