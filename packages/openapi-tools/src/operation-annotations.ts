// What a one-operation tool inherits from its operation: the MCP annotations it implies (a read, or a write by its
// method; what a generated tool publishes) and where unknown top-level fields go when strict mode is off.
import {
  CHANGE_UPSTREAM,
  CREATE_UPSTREAM,
  READ_UPSTREAM,
  REPLACE_UPSTREAM,
  type ToolAnnotations,
  type ToolDefinition,
} from '@obmcp/contract';
import type { CatalogOperation } from './catalog-types.js';

export function annotationsOf(op: CatalogOperation): ToolAnnotations {
  if (op.recipe.method === 'GET' || !op.writes) return READ_UPSTREAM;
  if (op.recipe.method === 'POST') return CREATE_UPSTREAM;
  if (op.recipe.method === 'PATCH') return CHANGE_UPSTREAM;
  return REPLACE_UPSTREAM;
}

/** The request part unknown top-level fields join: the JSON body when the operation takes one, else the query. */
export function passthroughOf(op: CatalogOperation): NonNullable<ToolDefinition['passthrough']> {
  return op.recipe.params.some((p) => p.in === 'body') ? 'body' : 'query';
}

/** Two annotation sets say the same (every hint equal, whichever constant or literal wrote them). */
export function sameAnnotations(a: ToolAnnotations, b: ToolAnnotations): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof ToolAnnotations)[]);
  return [...keys].every((key) => a[key] === b[key]);
}
