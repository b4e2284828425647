// The generated Amazon Ads catalog (every unique method+path of the vendored specs), read once.
import { type Catalog, readCatalog } from '@obmcp/openapi-tools';

/** apps/ads-mcp/generated/catalog/ (one file per API), from dist/operations/ or src/operations/ alike. */
export const ADS_CATALOG_PATH = new URL('../../generated/catalog/', import.meta.url);

let cached: Catalog | undefined;

export function adsCatalog(): Catalog {
  cached ??= readCatalog(ADS_CATALOG_PATH);
  return cached;
}
