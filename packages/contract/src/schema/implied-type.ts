// impliedType: the JSON type a schema node without `type` stands for (one rule for published views and generators).
import { isPlainObject } from '../validation/json-type.js';

/**
 * The type a schema node without `type` implies: the common type of its `enum`/`const` values, `object`
 * when it has `properties` or is a union of objects, `array` when it has `items`; undefined when nothing implies one. The published
 * view publishes this type (every provider needs one per node); a generator states it in the full schema
 * too, so the validator rejects what tools/list rules out (a body declared by its properties refuses `12345`).
 */
export function impliedType(node: Record<string, unknown>): string | undefined {
  // Without `enum` the candidates are `[node.const]`: a missing const is `[undefined]`, which implies no type.
  const values: unknown[] = Array.isArray(node.enum) ? node.enum : [node.const];
  if (values.length > 0) {
    if (values.every((v) => typeof v === 'string')) return 'string';
    if (values.every((v) => typeof v === 'boolean')) return 'boolean';
    if (values.every((v) => Number.isInteger(v))) return 'integer';
    if (values.every((v) => typeof v === 'number')) return 'number';
  }
  if (isPlainObject(node.properties)) return 'object';
  if (node.items !== undefined) return 'array';
  // A union whose every branch is an object is an object (the published view merges it into one).
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = node[key];
    if (Array.isArray(list) && list.length > 0 && list.every(isObjectNode)) return 'object';
  }
  return undefined;
}

function isObjectNode(branch: unknown): boolean {
  return (
    isPlainObject(branch) &&
    (branch.type === 'object' || (branch.type === undefined && isPlainObject(branch.properties)))
  );
}
