// Writing and checking a generated catalog: one pretty-printed JSON file per API (spec file stem), so a
// change to one operation is a small readable diff. readCatalog (run time) reads the folder back.
import type { Catalog, CatalogOperation } from '../catalog-types.js';
import { CATALOG_FILE_SUFFIX, type CatalogApiFile } from '../read-catalog.js';
import { staleFiles, writeFolder } from './generated-folder.js';
import { shareDefs } from './shared-defs.js';

/**
 * File name → content: one file per API, operations sorted by name, two-space indentation; a sub-schema the
 * operations repeat is written once under the file's `$defs` (readCatalog inlines it again).
 */
export function serializeCatalog(catalog: Catalog): Map<string, string> {
  const byApi = new Map<string, CatalogOperation[]>();
  for (const op of catalog.operations) byApi.set(op.meta.api, [...(byApi.get(op.meta.api) ?? []), op]);
  const files = new Map<string, string>();
  for (const api of [...byApi.keys()].sort()) {
    const apiOps = byApi.get(api)!;
    const { roots, $defs } = shareDefs(apiOps.map((op) => op.inputSchema));
    const operations = apiOps.map((op, i) => ({ ...op, inputSchema: roots[i]! }));
    const file: CatalogApiFile = {
      format: catalog.format,
      family: catalog.family,
      api,
      operations,
      ...(Object.keys($defs).length > 0 ? { $defs } : {}),
    };
    files.set(`${api}${CATALOG_FILE_SUFFIX}`, `${JSON.stringify(file, null, 2)}\n`);
  }
  return files;
}

/** Replaces the folder's catalog files (a file of an API that is gone is removed). */
export function writeCatalog(dir: string, catalog: Catalog): void {
  writeFolder(dir, serializeCatalog(catalog), CATALOG_FILE_SUFFIX);
}

/** The files that differ from what the generator produces now (missing, changed or left over); empty when current. */
export function staleCatalogFiles(dir: string, catalog: Catalog): string[] {
  return staleFiles(dir, serializeCatalog(catalog), CATALOG_FILE_SUFFIX);
}

/** True when the folder holds exactly what the generator produces now. */
export function catalogIsCurrent(dir: string, catalog: Catalog): boolean {
  return staleCatalogFiles(dir, catalog).length === 0;
}
