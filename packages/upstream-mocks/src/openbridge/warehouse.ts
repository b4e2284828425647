// The mock destination warehouse behind the Query API: a Redshift-like script runner over the fixture tables, read-only.
import { WAREHOUSE_ROWS } from './fixtures/tables.js';

export type Row = Record<string, unknown>;
export type WarehouseAnswer = { ok: true; columns: string[]; rows: Row[] } | { ok: false; message: string };

/**
 * Splits a script into statements the way Redshift's lexer does: standard strings (`''` doubles a quote, `\`
 * is literal), `"…"` identifiers, `--` and `/* *\/` comments, `$tag$` dollar quoting. Mirrors the warehouse,
 * not the server under test: a statement the guard should have caught is run here like the real thing would.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  const closeAt = (token: string, from: number) => {
    const end = sql.indexOf(token, from);
    return end === -1 ? sql.length : end + token.length;
  };
  while (i < sql.length) {
    const c = sql[i];
    if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < sql.length && !(sql[j] === c && sql[j + 1] !== c)) j += sql[j] === c ? 2 : 1;
      i = j + 1;
    } else if (sql.startsWith('--', i)) i = closeAt('\n', i);
    else if (sql.startsWith('/*', i)) i = closeAt('*/', i + 2);
    else if (c === '$' && /^\$[A-Za-z_]?\w*\$/.test(sql.slice(i, i + 64))) {
      const tag = /^\$[A-Za-z_]?\w*\$/.exec(sql.slice(i, i + 64))?.[0] ?? '$$';
      i = closeAt(tag, i + tag.length);
    } else if (c === ';') {
      statements.push(sql.slice(start, i));
      start = ++i;
    } else i++;
  }
  statements.push(sql.slice(start));
  return statements
    .map((s) => s.trim())
    .filter((s) => s.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, '').trim() !== '');
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
export function runScript(sql: string): WarehouseAnswer {
  const statements = splitStatements(sql);
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
