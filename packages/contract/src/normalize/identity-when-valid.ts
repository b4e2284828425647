// Schemas on which normalization can only change invalid arguments: valid ones skip the normalizer.
import { isPlainObject } from '../validation/json-type.js';
import { childSchema, declaredTypes } from '../validation/schema-walk.js';

/**
 * True when every schema node the normalizer visits (through properties, items and prefixItems) is
 * such that normalizing arguments that already validate returns them unchanged, with no events:
 * - a node with `properties` forbids extra keys (`additionalProperties: false`, no patternProperties),
 *   so a valid object has no unknown key to rename, drop or report;
 * - the normalizer's types for a node are the ones its `type` keyword enforces (a node without `type`
 *   must not take types from anyOf/oneOf branches), so a stringified array or object, or a scalar it
 *   would wrap into an array, cannot have validated.
 * Computed once per compiled tool; anything unusual answers false (the normalizer then runs first).
 */
export function normalizesValidArgsUnchanged(schema: unknown): boolean {
  return visit(schema, 0);
}

function visit(node: unknown, depth: number): boolean {
  if (!isPlainObject(node)) return true;
  // Deeper than the normalizer's own depth guard: nothing there is touched.
  if (depth > 12) return true;
  const typed = typeof node.type === 'string' || Array.isArray(node.type);
  if (!typed && declaredTypes(node).length > 0) return false;
  if (isPlainObject(node.properties)) {
    // patternProperties would let keys outside `properties` validate, and the normalizer would report them.
    if (node.additionalProperties !== false || 'patternProperties' in node) return false;
    for (const key of Object.keys(node.properties)) {
      if (!visit(childSchema(node, key), depth + 1)) return false;
    }
  }
  const tuple = Array.isArray(node.prefixItems) ? node.prefixItems : [];
  return tuple.every((item) => visit(item, depth + 1)) && visit(node.items, depth + 1);
}
