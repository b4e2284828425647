// Table-name matching: normalize (last path segment, no _vNN / _master), Levenshtein similarity ≥ 0.6, top 5.
import { editDistance } from '@obmcp/contract';

const VERSION_SUFFIX = /_v\d+$/i;

export function normalizeTableName(name: string): string {
  let value = name.trim().toLowerCase();
  if (value.includes('/')) value = value.slice(value.lastIndexOf('/') + 1);
  value = value.replace(/[^a-z0-9_]+/g, '_').replace(VERSION_SUFFIX, '');
  return value.endsWith('_master') ? value.slice(0, -7) : value;
}

/** 1 − edit distance / longer length, case-insensitive (the contract's distance on lowercased names). */
export function similarity(left: string, right: string): number {
  const a = left.toLowerCase();
  const b = right.toLowerCase();
  if (a === b) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  return 1 - editDistance(a, b) / Math.max(a.length, b.length);
}

export interface RankedName {
  table_name: string;
  confidence: number;
}

/** Candidates at least 0.6 similar to the query (after normalization), best first, at most `limit`. */
export function rankTableNames(query: string, candidates: readonly string[], limit = 5): RankedName[] {
  const wanted = normalizeTableName(query);
  const ranked = [...new Set(candidates)]
    .map((name) => ({
      table_name: name,
      confidence: Math.round(similarity(wanted, normalizeTableName(name)) * 1000) / 1000,
    }))
    .filter((r) => r.confidence >= 0.6);
  ranked.sort((x, y) => y.confidence - x.confidence || x.table_name.localeCompare(y.table_name));
  return ranked.slice(0, limit);
}

/** Search tokens for the Rules API: the name, then shorter prefixes (trailing digits / last `_` part removed). */
export function searchTerms(query: string): string[] {
  const base = normalizeTableName(query);
  const terms = [base];
  const noDigits = base.replace(/\d+$/, '');
  if (noDigits && noDigits !== base) terms.push(noDigits);
  const parts = base.split('_').filter(Boolean);
  if (parts.length > 1) terms.push(parts.slice(0, -1).join('_'));
  if (parts[0] && !terms.includes(parts[0])) terms.push(parts[0]);
  return [...new Set(terms)].filter((t) => t.length >= 2);
}
