// The MCP annotations an operation implies (a read, or a write by its method): what a generated tool publishes,
// and what a curated one-operation tool inherits when it states none.
import {
  CHANGE_UPSTREAM,
  CREATE_UPSTREAM,
  READ_UPSTREAM,
  REPLACE_UPSTREAM,
  type ToolAnnotations,
} from '@obmcp/contract';
import type { CatalogOperation } from './catalog-types.js';

export function annotationsOf(op: CatalogOperation): ToolAnnotations {
  if (op.recipe.method === 'GET' || !op.writes) return READ_UPSTREAM;
  if (op.recipe.method === 'POST') return CREATE_UPSTREAM;
  if (op.recipe.method === 'PATCH') return CHANGE_UPSTREAM;
  return REPLACE_UPSTREAM;
}
