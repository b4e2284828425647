// The generated SP-API catalog (every operation of the vendored models), read once per process.
import { type Catalog, type CatalogOperation, type OperationRef, readCatalog } from '@obmcp/openapi-tools';

/** apps/sp-mcp/generated/catalog/ (one file per API), from dist/operations/ or src/operations/ alike. */
export const SP_CATALOG_PATH = new URL('../../generated/catalog/', import.meta.url);

let cached: Catalog | undefined;

export function spCatalog(): Catalog {
  cached ??= readCatalog(SP_CATALOG_PATH);
  return cached;
}

/** One operation by [model stem, operationId]; throws (a programming error) when the models lack it. */
export function spOperation([api, operationId]: OperationRef): CatalogOperation {
  const op = spCatalog().operations.find((o) => o.meta.api === api && o.meta.operationId === operationId);
  if (!op) throw new Error(`${api} ${operationId} is not in the SP-API catalog`);
  return op;
}
