// Writing and checking a generated catalog file (stable JSON, one line per operation for small diffs).
import { readFileSync, writeFileSync } from 'node:fs';
import type { Catalog } from '../catalog-types.js';

/** Stable serialization: a header, then one operation per line (reviewable diffs, quick to parse). */
export function serializeCatalog(catalog: Catalog): string {
  const lines = catalog.operations.map((op) => `    ${JSON.stringify(op)}`);
  return `{\n  "format": ${catalog.format},\n  "family": ${JSON.stringify(catalog.family)},\n  "operations": [\n${lines.join(',\n')}\n  ]\n}\n`;
}

export function writeCatalog(path: string, catalog: Catalog): void {
  writeFileSync(path, serializeCatalog(catalog));
}

/** True when the file holds exactly what the generator produces now. */
export function catalogIsCurrent(path: string, catalog: Catalog): boolean {
  try {
    return readFileSync(path, 'utf8') === serializeCatalog(catalog);
  } catch {
    return false;
  }
}
