// The generated SP-API catalog (every operation of the vendored models), read once per process.
import { type Catalog, readCatalog } from '@obmcp/openapi-tools';

/** apps/sp-mcp/generated/sp-api-catalog.json, from dist/operations/ or src/operations/ alike. */
export const SP_CATALOG_PATH = new URL('../../generated/sp-api-catalog.json', import.meta.url);

let cached: Catalog | undefined;

export function spCatalog(): Catalog {
  cached ??= readCatalog(SP_CATALOG_PATH);
  return cached;
}
