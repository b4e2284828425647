// Client-side sorting and filtering of view rows (pure, so the 10k-row behaviour is unit-tested).
import type { Column, Row } from './view-model.js';

export type SortDirection = 'ascending' | 'descending';

export interface SortState {
  key: string;
  direction: SortDirection;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Nulls last in both directions; numbers numerically, text with a numeric-aware collation. */
export function sortRows(rows: readonly Row[], sort: SortState | undefined): Row[] {
  if (!sort) return [...rows];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a[sort.key] ?? null;
    const y = b[sort.key] ?? null;
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    if (typeof x === 'number' && typeof y === 'number') return sign * (x - y);
    return sign * collator.compare(String(x), String(y));
  });
}

/** Rows where any column's text contains every word of the query (case-insensitive). */
export function filterRows(rows: readonly Row[], columns: readonly Column[], query: string): Row[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((row) => {
    const text = columns
      .map((c) => String(row[c.key] ?? ''))
      .join(' ')
      .toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

export function pageOf<T>(
  rows: readonly T[],
  page: number,
  size: number,
): { rows: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(0, page), pages - 1);
  return { rows: rows.slice(current * size, current * size + size), page: current, pages };
}
