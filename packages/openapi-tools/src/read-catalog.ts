// Reads a generated catalog folder (one `<api>.catalog.json` per spec file) back into one Catalog.
import { readdirSync, readFileSync } from 'node:fs';
import type { Catalog, CatalogOperation, JsonSchemaObject } from './catalog-types.js';
import { inlineDefs } from './inline-defs.js';

export const CATALOG_FILE_SUFFIX = '.catalog.json';

/** One API's part of a catalog, as stored. */
export interface CatalogApiFile {
  format: Catalog['format'];
  family: Catalog['family'];
  /** Spec file stem. */
  api: string;
  operations: CatalogOperation[];
  /** Sub-schemas the operations share, referenced as `{ "$ref": "#/$defs/<name>" }`; inlined when read. */
  $defs?: Record<string, JsonSchemaObject>;
}

/** Operations sorted by name, as the generator sorts them. */
export const byName = (a: CatalogOperation, b: CatalogOperation): number => a.name.localeCompare(b.name);

/** Reads every API file of a catalog folder (once per call site; keep the result). */
export function readCatalog(dir: URL): Catalog {
  const names = readdirSync(dir)
    .filter((f) => f.endsWith(CATALOG_FILE_SUFFIX))
    .sort();
  if (names.length === 0) throw new Error(`no catalog files in ${dir.pathname}`);
  const parts = names.map((name) => JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as CatalogApiFile);
  const [first] = parts as [CatalogApiFile];
  return {
    format: first.format,
    family: first.family,
    operations: parts
      .flatMap((p) => (p.$defs ? inlineDefs(p.operations, p.$defs) : p.operations))
      .sort(byName),
  };
}
