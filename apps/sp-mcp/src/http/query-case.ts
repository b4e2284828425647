// Tool input (camelCase) → each API's real query case: PascalCase for v0 APIs, camelCase for dated APIs.
import type { QueryValue } from '@obmcp/http-kit';

export type QueryCase = 'pascal' | 'camel';

/** Irregular PascalCase names in the v0 models. */
const PASCAL_OVERRIDES: Readonly<Record<string, string>> = {
  isIspu: 'IsISPU',
  sellerSku: 'SellerSKU',
  asinList: 'ASINList',
};

export function toPascal(key: string): string {
  return PASCAL_OVERRIDES[key] ?? `${key[0]?.toUpperCase() ?? ''}${key.slice(1)}`;
}

/**
 * Picks the given keys from args and renames them for the upstream; arrays stay arrays
 * (joinQuery comma-joins them), undefined is dropped.
 */
export function mapQuery(
  args: Record<string, unknown>,
  keys: readonly string[],
  style: QueryCase,
): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  for (const key of keys) {
    const value = args[key];
    if (value === undefined || value === null) continue;
    const name = style === 'pascal' ? toPascal(key) : key;
    if (Array.isArray(value)) out[name] = value.map((v) => (typeof v === 'number' ? v : String(v)));
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      out[name] = value;
  }
  return out;
}
