// A downloaded CSV file (header row + records) as named rows, bounded by a row cap; values stay strings.
import { parse } from 'csv-parse/sync';

export type CsvRow = Record<string, string>;

export interface CsvTable {
  /** The header row, in file order. */
  columns: string[];
  rows: CsvRow[];
  /** More records followed the row cap (they were not parsed). */
  truncated: boolean;
}

export interface CsvTableOptions {
  /** Parse at most this many records after the header (one more is read to know `truncated`). */
  maxRows?: number;
}

/** A CSV file that does not parse (the message says where); callers turn it into their envelope. */
export class CsvTableError extends Error {
  override readonly name = 'CsvTableError';
}

/**
 * RFC 4180 text (quoted fields, embedded newlines, CRLF or LF, a BOM) with a header row; every record must
 * have the header's number of fields. CSV has no types: numbers stay text ("50"), as the file wrote them.
 */
export function parseCsvTable(text: string, options: CsvTableOptions = {}): CsvTable {
  const cap = options.maxRows;
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      relax_column_count: false,
      skip_empty_lines: true,
      // The header, `cap` rows and one more that says whether the file has more.
      ...(cap === undefined ? {} : { to: cap + 2 }),
    }) as string[][];
  } catch (error) {
    throw new CsvTableError(`CSV could not be parsed (${(error as Error).message.slice(0, 120)})`);
  }
  const [header, ...body] = records;
  if (header === undefined) throw new CsvTableError('CSV without a header row');
  const truncated = cap !== undefined && body.length > cap;
  const kept = truncated ? body.slice(0, cap) : body;
  return {
    columns: header,
    rows: kept.map((values) => Object.fromEntries(header.map((name, i) => [name, values[i] ?? '']))),
    truncated,
  };
}
