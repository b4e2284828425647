// Selecting catalog operations: by toolset list (or `all`) and the writes switch.
import type { Catalog, CatalogOperation } from './catalog-types.js';

/**
 * Parses a comma-separated toolset list (`all` selects every toolset). Unknown names throw with the
 * list of valid ones, so a typo in an env var fails at start, not silently.
 */
export function parseToolsets(value: string, known: readonly string[]): Set<string> | 'all' {
  const names = value
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s.length > 0);
  if (names.includes('all')) return 'all';
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length > 0)
    throw new Error(`unknown toolset(s) ${unknown.join(', ')}; valid: all, ${[...known].sort().join(', ')}`);
  return new Set(names);
}

/** Every toolset name in a catalog, sorted. */
export function toolsetsOf(catalog: Catalog): string[] {
  return [...new Set(catalog.operations.map((op) => op.toolset))].sort();
}

/** Operations allowed by the writes switch (writes only when enabled). */
export function allowedOperations(catalog: Catalog, enableWrites: boolean): CatalogOperation[] {
  return catalog.operations.filter((op) => enableWrites || !op.writes);
}
