// A table as CSV (RFC 4180) for ui/download-file: the columns shown, raw values (numbers unformatted, dates as
// the API wrote them), text that a spreadsheet would run as a formula defused.
import type { Column, Row } from './view-model.js';

/** A field quoted when it holds a comma, quote or line break; a leading =, +, -, @ in text gets a ' first. */
function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const header = (c: Column) => (c.kind === 'money' && c.currency ? `${c.label} (${c.currency})` : c.label);

export function toCsv(columns: readonly Column[], rows: readonly Row[]): string {
  const lines = [columns.map((c) => field(header(c))).join(',')];
  for (const row of rows)
    lines.push(
      columns
        .map((c) => {
          const v = row[c.key];
          if (v === null || v === undefined) return '';
          return typeof v === 'number' ? String(v) : field(v);
        })
        .join(','),
    );
  return `${lines.join('\r\n')}\r\n`;
}

/** A file name for the download: the view's slug and the day it was taken. */
export const csvFileName = (view: string, now = new Date()): string =>
  `${view}-${now.toISOString().slice(0, 10)}.csv`;
