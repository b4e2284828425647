// Columns of a generic row set: the declared order (or first-seen keys), numeric when every value is a number (ids stay text).
import { cell, obj } from './json.js';
import type { Column, Row } from './view-model.js';

export function rowsOf(items: readonly unknown[]): Row[] {
  return items.map((item) => {
    const row: Row = {};
    for (const [k, v] of Object.entries(obj(item))) row[k] = cell(v);
    return row;
  });
}

/** Identifier columns: `id`, `campaign_id`, `campaignId`. */
export const ID_KEY = /(^|_)id$|Id$/;

export function inferColumns(rows: readonly Row[], declared?: readonly string[]): Column[] {
  const keys: string[] = declared ? [...declared] : [];
  const seen = new Set(keys);
  // First 200 rows are enough to find the keys; a huge result does not pay for a full scan here.
  for (const row of rows.slice(0, 200))
    for (const k of Object.keys(row))
      if (!seen.has(k)) {
        seen.add(k);
        keys.push(k);
      }
  return keys.map((key) => {
    // An id is a name, not a quantity: shown as written (no digit grouping, no precision lost past 2^53).
    if (ID_KEY.test(key)) return { key, label: key, kind: 'text' };
    let numeric = false;
    let text = false;
    for (const row of rows) {
      const v = row[key];
      // An empty CSV field is a missing value, not text.
      if (v === '' || v === null || v === undefined) continue;
      if (typeof v === 'number' || (typeof v === 'string' && numericText(v) !== null)) numeric = true;
      else {
        text = true;
        break;
      }
    }
    return { key, label: key, kind: numeric && !text ? 'number' : 'text' };
  });
}

/**
 * A string in a number's canonical form ("50", "-1.5", not "007" or "1e3"): warehouses answer CSV, so
 * every value arrives as text. Leading zeros stay text (zip codes, SKUs).
 */
export function numericText(value: string): number | null {
  if (!/^-?(0|[1-9]\d*)(\.\d+)?$/.test(value)) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** Rows with the numeric columns' text turned into numbers (for sorting, formatting and charts). */
export function withNumbers(rows: readonly Row[], columns: readonly Column[]): Row[] {
  const numeric = columns.filter((c) => c.kind === 'number').map((c) => c.key);
  if (numeric.length === 0) return [...rows];
  return rows.map((row) => {
    const copy: Row = { ...row };
    for (const key of numeric) {
      const v = copy[key];
      if (typeof v === 'string') copy[key] = numericText(v);
    }
    return copy;
  });
}

/** Numeric columns worth a chart: not identifiers (an `id` column is a number but not a measure). */
export function measureColumns(columns: readonly Column[]): Column[] {
  return columns.filter((c) => c.kind === 'number' && !ID_KEY.test(c.key));
}
