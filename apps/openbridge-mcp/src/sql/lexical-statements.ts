// Statement boundaries under every lexical reading an Openbridge warehouse may apply (quotes, escapes, comments, dollar quoting).

/**
 * One way a warehouse may read the characters. Where the dialects differ, the text is scanned both ways:
 * - `backslash`: `\` escapes the next character inside quotes (Redshift, Snowflake, BigQuery, Hive; not
 *   PostgreSQL's standard strings);
 * - `dollar`: `$tag$ … $tag$` is a string (PostgreSQL, Redshift, Snowflake);
 * - `hash`: `#` starts a line comment (BigQuery, Hive);
 * - `nested`: block comments nest (PostgreSQL);
 * - `triple`: `'''…'''` and `"""…"""` are strings (BigQuery);
 * - `backtick`: `` `…` `` quotes an identifier (BigQuery, Hive/Databricks, Athena DDL).
 */
interface Reading {
  backslash: boolean;
  dollar: boolean;
  hash: boolean;
  nested: boolean;
  triple: boolean;
  backtick: boolean;
}

const FLAGS = ['backslash', 'dollar', 'hash', 'nested', 'triple', 'backtick'] as const;

/** All 64 readings: a statement boundary that any of them sees counts. */
const READINGS: readonly Reading[] = Array.from({ length: 1 << FLAGS.length }, (_, bits) => {
  const reading = {} as Reading;
  FLAGS.forEach((flag, i) => {
    reading[flag] = (bits & (1 << i)) !== 0;
  });
  return reading;
});

const IDENT_CHAR = /[A-Za-z0-9_$]/;
const DOLLAR_TAG = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/;

/** Index just past the quoted text opened at `start` by `quote` (`text.length` when it never closes). */
function skipQuoted(text: string, start: number, quote: string, reading: Reading): number {
  if (reading.triple && (quote === "'" || quote === '"') && text.startsWith(quote.repeat(3), start)) {
    const close = quote.repeat(3);
    for (let i = start + 3; i < text.length; i++) {
      if (reading.backslash && text[i] === '\\') i++;
      else if (text.startsWith(close, i)) return i + 3;
    }
    return text.length;
  }
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (reading.backslash && c === '\\' && quote !== '`') i++;
    else if (c === quote) {
      if (text[i + 1] === quote)
        i++; // doubled quote: one literal quote character
      else return i + 1;
    }
  }
  return text.length;
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

function skipLine(text: string, start: number): number {
  const end = text.indexOf('\n', start);
  return end === -1 ? text.length : end + 1;
}

/** Statements (non-empty code between top-level `;`) in one reading. */
function countStatements(text: string, reading: Reading): number {
  let statements = 0;
  let hasCode = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    let next = i + 1;
    let code = true;
    if (c === "'" || c === '"' || (c === '`' && reading.backtick)) next = skipQuoted(text, i, c, reading);
    else if (c === '-' && text[i + 1] === '-') [next, code] = [skipLine(text, i), false];
    else if (c === '#' && reading.hash) [next, code] = [skipLine(text, i), false];
    else if (c === '/' && text[i + 1] === '*')
      [next, code] = [skipBlockComment(text, i, reading.nested), false];
    else if (c === '$' && reading.dollar && !IDENT_CHAR.test(text[i - 1] ?? ' ')) {
      const tag = DOLLAR_TAG.exec(text.slice(i, i + 66))?.[0];
      if (tag !== undefined) {
        const close = text.indexOf(tag, i + tag.length);
        next = close === -1 ? text.length : close + tag.length;
      }
    } else if (c === ';') {
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
