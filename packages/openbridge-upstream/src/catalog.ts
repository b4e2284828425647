// The operation table as a catalog in the SP and Ads format, so Openbridge tools bind through the same operationBinder.
import type { Catalog, CatalogOperation } from '@obmcp/openapi-tools';
import { OPENBRIDGE_OPERATIONS, type OpenbridgeOperation } from './operations.js';

type RecipeParam = CatalogOperation['recipe']['params'][number];

/** A catalog entry's `meta.api` is the operation's host key: `['service', 'getJob']` names an operation. */
function entry(operationId: string, op: OpenbridgeOperation): CatalogOperation {
  const params: RecipeParam[] = [
    ...(op.path.match(/\{[^}]+\}/g) ?? []).map((braced): RecipeParam => {
      const name = braced.slice(1, -1);
      return { arg: name, name, in: 'path', required: true };
    }),
    ...(op.query ?? []).map((name): RecipeParam => ({ arg: name, name, in: 'query', required: false })),
    ...(op.body ? [{ arg: 'body', name: '', in: 'body', required: true } as const] : []),
  ];
  const meta = { api: op.host, operationId, method: op.method, path: op.path };
  return {
    name: operationId.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
    title: operationId,
    description: `${op.method} ${op.path} (${op.host} host)`,
    toolset: op.host,
    writes: op.method !== 'GET',
    deprecated: false,
    inputSchema: {
      type: 'object',
      properties: Object.fromEntries(params.map((p) => [p.arg, {}])),
      required: params.filter((p) => p.required).map((p) => p.arg),
    },
    examples: [],
    recipe: { method: op.method, path: op.path, params },
    usagePlan: null,
    meta,
  };
}

/**
 * Every Openbridge operation, sorted by name; no generated tools are served from it (examples: none). Built when
 * asked (the binder asks once), not at import: nothing runs at module load.
 */
export function openbridgeCatalog(): Catalog {
  return {
    format: 1,
    family: 'openbridge',
    operations: Object.entries(OPENBRIDGE_OPERATIONS)
      .map(([id, op]) => entry(id, op))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}
