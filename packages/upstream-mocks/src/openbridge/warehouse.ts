// The mock destination warehouses behind the Query API: a script runner over the fixture tables, read-only, split as each warehouse's lexer does.
import { WAREHOUSE_ROWS } from './fixtures/tables.js';

export type Row = Record<string, unknown>;
export type WarehouseAnswer = { ok: true; columns: string[]; rows: Row[] } | { ok: false; message: string };

/** How a warehouse's lexer reads strings and comments (from its docs; written apart from the server's guard). */
export interface WarehouseLexer {
  /** `\` escapes inside '…' (and "…" where that is a string). */
  escapes: boolean;
  /** `E'…'` escapes with `\` (PostgreSQL). */
  eStrings: boolean;
  /** "…" is a string, not an identifier (BigQuery, Spark). */
  doubleString: boolean;
  /** `r'…'` raw strings: no escapes (Spark). */
  raw: boolean;
  /** A `--` comment continues past a backslash-newline (Spark). */
  continuation: boolean;
  /** `#` starts a comment (BigQuery). */
  hash: boolean;
  /** `$tag$` dollar quoting. */
  dollar: boolean;
}

const STANDARD: WarehouseLexer = {
  escapes: false,
  eStrings: true,
  doubleString: false,
  raw: false,
  continuation: false,
  hash: false,
  dollar: true,
};

/** The lexer of each mock destination's warehouse, by its storage product id (Openbridge's destination products). */
export const WAREHOUSE_LEXERS: Readonly<Record<number, WarehouseLexer>> = {
  29: STANDARD, // Redshift: PostgreSQL's standard strings and E-strings (the stricter reading for a second line)
  31: { ...STANDARD, eStrings: false, dollar: false }, // Athena (Trino)
  37: { ...STANDARD, escapes: true, eStrings: false, doubleString: true, hash: true, dollar: false }, // BigQuery
  52: { ...STANDARD, escapes: true, eStrings: false }, // Snowflake
  68: {
    ...STANDARD,
    escapes: true,
    eStrings: false,
    doubleString: true,
    raw: true,
    continuation: true,
    dollar: false,
  }, // Databricks
};

/**
 * Splits a script into statements the way the warehouse's lexer does (default: PostgreSQL-style standard strings
 * and E-strings, `"…"` identifiers, `--` and `/* *\/` comments ending at \n or \r, `$tag$` dollar quoting). Mirrors
 * the warehouse, not the server under test: a statement the guard should have caught is run here like the real
 * thing would.
 */
export function splitStatements(sql: string, lexer: WarehouseLexer = STANDARD): string[] {
  const statements: string[] = [];
  let i = 0;
  const closeAt = (token: string, from: number) => {
    const end = sql.indexOf(token, from);
    return end === -1 ? sql.length : end + token.length;
  };
  const lineEnd = (from: number) => {
    let j = from;
    while (j < sql.length && sql[j] !== '\n' && sql[j] !== '\r')
      j += lexer.continuation && sql[j] === '\\' && sql[j + 1] === '\n' ? 2 : 1;
    return j;
  };
  const stringEnd = (open: number, quote: string, escapes: boolean) => {
    let j = open;
    while (j < sql.length && !(sql[j] === quote && sql[j + 1] !== quote))
      j += (escapes && sql[j] === '\\') || sql[j] === quote ? 2 : 1;
    return j + 1;
  };
  /** The statement being read, its comments replaced by a space (as the warehouse's parser gets it). */
  let current = '';
  const take = (to: number) => {
    current += sql.slice(i, to);
    i = to;
  };
  while (i < sql.length) {
    const c = sql[i] ?? '';
    const prev = sql[i - 1] ?? ' ';
    const boundary = !/\w/.test(prev);
    if (boundary && lexer.raw && /[rR]/.test(c) && (sql[i + 1] === "'" || sql[i + 1] === '"'))
      take(closeAt(sql[i + 1] ?? "'", i + 2));
    else if (boundary && lexer.eStrings && /[eE]/.test(c) && sql[i + 1] === "'")
      take(stringEnd(i + 2, "'", true));
    else if (c === "'" || c === '"')
      take(stringEnd(i + 1, c, lexer.escapes && (c === "'" || lexer.doubleString)));
    else if (sql.startsWith('--', i) || (lexer.hash && c === '#') || sql.startsWith('/*', i)) {
      i = sql.startsWith('/*', i) ? closeAt('*/', i + 2) : lineEnd(i);
      current += ' ';
    } else if (lexer.dollar && c === '$' && /^\$[A-Za-z_]?\w*\$/.test(sql.slice(i, i + 64))) {
      const tag = /^\$[A-Za-z_]?\w*\$/.exec(sql.slice(i, i + 64))?.[0] ?? '$$';
      take(closeAt(tag, i + tag.length));
    } else if (c === ';') {
      statements.push(current);
      current = '';
      i++;
    } else take(i + 1);
  }
  statements.push(current);
  return statements.map((s) => s.trim()).filter((s) => s !== '');
}

/** The subset of SQL the mock warehouse answers: SELECT cols|* FROM table [WHERE …] [LIMIT n]. */
const SELECT = /^\s*select\s+(.+?)\s+from\s+([\w."]+)(?:\s+where\s+.+?)?(?:\s+limit\s+(\d+))?\s*$/is;
/** Statements that change something: refused by the read-only transaction the query user runs in. */
const WRITE =
  /^\s*(insert|update|delete|merge|create|drop|alter|truncate|grant|revoke|copy|unload|call|vacuum|analyze|lock|comment|set)\b/i;

/** `SELECT 'text', 42 [LIMIT n]` without FROM: one row of constants, named `?column?` as Redshift does. */
function constantRow(statement: string): WarehouseAnswer | undefined {
  const m =
    /^\s*select\s+((?:'(?:[^']|'')*'|-?\d+(?:\.\d+)?)(?:\s*,\s*(?:'(?:[^']|'')*'|-?\d+(?:\.\d+)?))*)(?:\s+limit\s+\d+)?\s*$/is.exec(
      statement,
    );
  if (!m) return undefined;
  const values = (m[1] ?? '').match(/'(?:[^']|'')*'|-?\d+(?:\.\d+)?/g) ?? [];
  const row: Row = {};
  values.forEach((v, i) => {
    row[i === 0 ? '?column?' : `?column?${i}`] = v.startsWith("'")
      ? v.slice(1, -1).replaceAll("''", "'")
      : Number(v);
  });
  return { ok: true, columns: Object.keys(row), rows: [row] };
}

function runOne(statement: string): WarehouseAnswer {
  const write = WRITE.exec(statement);
  if (write)
    return {
      ok: false,
      message: `cannot execute ${(write[1] ?? '').toUpperCase()} in a read-only transaction`,
    };
  if (/\binto\b/i.test(statement.replace(/'(?:[^']|'')*'/g, "''")) && /^\s*select\b/i.test(statement))
    return { ok: false, message: 'cannot execute SELECT INTO in a read-only transaction' };
  const constants = constantRow(statement);
  if (constants !== undefined) return constants;
  const m = SELECT.exec(statement);
  if (!m) return { ok: false, message: 'syntax error at or near the end of the statement' };
  const table = (m[2] ?? '').replaceAll('"', '').split('.').pop()?.toLowerCase() ?? '';
  const rows = WAREHOUSE_ROWS[table];
  if (!rows) return { ok: false, message: `relation "${table.slice(0, 80)}" does not exist` };
  const columns = (m[1] ?? '*').split(',').map((c) => c.trim());
  const known = Object.keys(rows[0] ?? {});
  const missing = columns.filter((c) => c !== '*' && !known.includes(c));
  if (missing.length > 0)
    return { ok: false, message: `column "${(missing[0] ?? '').slice(0, 80)}" does not exist` };
  const limit = m[3] === undefined ? rows.length : Number(m[3]);
  return {
    ok: true,
    columns: columns.includes('*') ? known : columns,
    rows: rows
      .slice(0, limit)
      .map((r) => (columns.includes('*') ? { ...r } : Object.fromEntries(columns.map((c) => [c, r[c]])))),
  };
}

/** Runs a script statement by statement; the first failure ends it (Redshift aborts the transaction). The last result is the answer. */
export function runScript(sql: string, lexer?: WarehouseLexer): WarehouseAnswer {
  const statements = splitStatements(sql, lexer);
  if (statements.length === 0) return { ok: false, message: 'syntax error: empty query' };
  let last: WarehouseAnswer = { ok: true, columns: [], rows: [] };
  for (const statement of statements) {
    last = runOne(statement);
    if (!last.ok) return last;
  }
  return last;
}

/** Rows as CSV text (RFC 4180: quoted when needed, CRLF line ends), header first. */
export function toCsv(columns: readonly string[], rows: readonly Row[]): string {
  const cell = (v: unknown) => {
    const text = v === null || v === undefined ? '' : String(v);
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return (
    [columns.map(cell).join(','), ...rows.map((r) => columns.map((c) => cell(r[c])).join(','))].join('\r\n') +
    '\r\n'
  );
}
