// Statement boundaries under every lexical reading an Openbridge warehouse may apply (quotes, escapes, comments, dollar quoting).

/**
 * The rules on which the warehouses' lexers differ, each with the choices they make. The text is scanned under
 * every combination, so whichever one a warehouse applies is among them:
 * - `backslash`: `\` escapes the next character inside quotes (Redshift, Snowflake, BigQuery, Databricks; not
 *   PostgreSQL's standard strings, Athena or Trino);
 * - `dollar`: the delimiter of a dollar-quoted string, `$$` only (Snowflake) or `$tag$` too (PostgreSQL,
 *   Redshift); a `$` right after an identifier character opens none;
 * - `hash`: `#` starts a line comment (BigQuery, Hive);
 * - `slashes`: `//` starts a line comment (Snowflake);
 * - `nested`: block comments nest (PostgreSQL, Databricks);
 * - `triple`: `'''…'''` and `"""…"""` are strings (BigQuery);
 * - `backtick`: `` `…` `` quotes an identifier, a doubled backtick standing for one (`doubled`: Hive, Databricks,
 *   Athena DDL), or with `\` escapes as in a string (`escaped`: BigQuery);
 * - `carriage`: a line comment also ends at `\r` (every warehouse's grammar), or only at `\n`.
 * A doubled quote (`'it''s'`) needs no rule: read as two adjacent strings it ends no statement either, and that is
 * how BigQuery, which has no doubling, reads it (`'a''''` is `'a'`, then a `'''` string opens).
 */
const CHOICES = {
  backslash: [false, true],
  dollar: [false, /\$\$/y, /\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/y],
  hash: [false, true],
  slashes: [false, true],
  nested: [false, true],
  triple: [false, true],
  backtick: [false, 'doubled', 'escaped'],
  carriage: [false, true],
} as const;

type Reading = { [Rule in keyof typeof CHOICES]: (typeof CHOICES)[Rule][number] };

/** Every combination of the choices (576 readings): a statement boundary that any of them sees counts. */
const READINGS = Object.entries(CHOICES).reduce<Reading[]>(
  (readings, [rule, choices]) =>
    readings.flatMap((reading) => choices.map((choice) => ({ ...reading, [rule]: choice }))),
  [{} as Reading],
);

/** Characters that continue an identifier in PostgreSQL (any non-ASCII one included): no dollar quote opens after one. */
const IDENT_CHAR = /[A-Za-z0-9_$\u0080-\uffff]/;

/** Index just past the quoted text opened at `start` by `quote` (`text.length` when it never closes). */
function skipQuoted(text: string, start: number, quote: string, reading: Reading): number {
  const identifier = quote === '`';
  const escapes = identifier ? reading.backtick === 'escaped' : reading.backslash;
  const triple = quote.repeat(3);
  const close = reading.triple && !identifier && text.startsWith(triple, start) ? triple : quote;
  for (let i = start + close.length; i < text.length; i++) {
    if (escapes && text[i] === '\\') i++;
    else if (text.startsWith(close, i)) return i + close.length;
  }
  return text.length;
}

/**
 * Index just past the dollar-quoted string opened at `start`, or `start + 1` when no `delimiter` (a sticky
 * pattern, the tag of any length: PostgreSQL's lexer has no limit) opens there.
 */
function skipDollarQuoted(text: string, start: number, delimiter: RegExp): number {
  delimiter.lastIndex = start;
  const tag = delimiter.exec(text)?.[0];
  if (tag === undefined) return start + 1;
  const close = text.indexOf(tag, start + tag.length);
  return close === -1 ? text.length : close + tag.length;
}

function skipBlockComment(text: string, start: number, nested: boolean): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text.startsWith('/*', i)) {
      depth = nested ? depth + 1 : 1;
      i++;
    } else if (text.startsWith('*/', i)) {
      depth--;
      i++;
      if (depth === 0) return i + 1;
    }
  }
  return text.length;
}

function skipLine(text: string, start: number, carriage: boolean): number {
  for (let i = start; i < text.length; i++)
    if (text[i] === '\n' || (carriage && text[i] === '\r')) return i + 1;
  return text.length;
}

function startsLineComment(text: string, i: number, reading: Reading): boolean {
  return (
    text.startsWith('--', i) ||
    (reading.hash && text[i] === '#') ||
    (reading.slashes && text.startsWith('//', i))
  );
}

/** Statements (non-empty code between top-level `;`) in one reading. */
function countStatements(text: string, reading: Reading): number {
  let statements = 0;
  let hasCode = false;
  let i = 0;
  while (i < text.length) {
    const c = text.charAt(i);
    let next = i + 1;
    let code = true;
    if (c === "'" || c === '"' || (c === '`' && reading.backtick)) next = skipQuoted(text, i, c, reading);
    else if (startsLineComment(text, i, reading)) [next, code] = [skipLine(text, i, reading.carriage), false];
    else if (text.startsWith('/*', i)) [next, code] = [skipBlockComment(text, i, reading.nested), false];
    else if (c === '$' && reading.dollar && !IDENT_CHAR.test(text.charAt(i - 1)))
      next = skipDollarQuoted(text, i, reading.dollar);
    else if (c === ';') {
      if (hasCode) statements++;
      hasCode = false;
      code = false;
    } else if (/\s/.test(c)) code = false;
    if (code) hasCode = true;
    i = next;
  }
  return hasCode ? statements + 1 : statements;
}

/**
 * The most statements any lexical reading finds. 1 means every warehouse dialect sees one statement,
 * whatever its rules for quotes, escapes, comments and dollar quoting (`SELECT '/*'; DELETE …; SELECT '*\/'`
 * is three in every reading; `SELECT 'a\'; DELETE …; --'` is one with backslash escapes, three without).
 */
export function maxStatementCount(text: string): number {
  let max = 0;
  for (const reading of READINGS) max = Math.max(max, countStatements(text, reading));
  return max;
}
