// Read forms a warehouse has and its node-sql-parser grammar lacks, taken out of the text before the parse and checked on their own.
import type { Warehouse } from './warehouses.js';

/**
 * The statement as the grammar can parse it, and what was taken out of it: each `checks` entry is a complete
 * statement (`SELECT …`) holding every expression the removed clause had, parsed and checked like the rest (so a
 * call hidden in a removed clause is still found). `top`: a `TOP n` was taken out (the statement is bounded).
 */
export interface Reshaped {
  text: string;
  checks: string[];
  top: boolean;
}

/**
 * Tokens of a re-rendered statement (dialect-lexer's output: no comments, every literal and quoted identifier
 * closed and free of inner quotes), so a keyword inside a literal is never taken for syntax.
 */
const TOKEN = /\s+|'[^']*'|"[^"]*"|`[^`]*`|[A-Za-z_][A-Za-z0-9_$]*|\d+(?:\.\d+)?|[\s\S]/gy;

function tokensOf(text: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m !== null && m[0] !== ''; m = TOKEN.exec(text)) tokens.push(m[0]);
  return tokens;
}

const isSpace = (t: string | undefined) => /^\s/.test(t ?? '');
const is = (t: string | undefined, word: string) => t !== undefined && t.toUpperCase() === word;
const isWord = (t: string | undefined) => /^[A-Za-z_]/.test(t ?? '');
const isNumber = (t: string | undefined) => /^\d/.test(t ?? '');

/** Index of the next token that is not whitespace, from `i`. */
function skip(tokens: readonly string[], i: number): number {
  let j = i;
  while (isSpace(tokens[j])) j++;
  return j;
}

/** Index of the `)` closing the `(` at `open`, or -1. */
function closing(tokens: readonly string[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    if (tokens[i] === '(') depth++;
    else if (tokens[i] === ')' && --depth === 0) return i;
  }
  return -1;
}

interface Cut {
  /** First and last token removed (inclusive). */
  from: number;
  to: number;
  /** Statements that check what the removed tokens held. */
  checks: string[];
  top?: boolean;
}

type Rule = (tokens: readonly string[], i: number) => Cut | undefined;

const text = (tokens: readonly string[], from: number, to: number) => tokens.slice(from, to + 1).join('');

/** `… ) WITHIN GROUP (ORDER BY list)`: an ordered-set aggregate (LISTAGG, PERCENTILE_CONT); the list is checked. */
const withinGroup: Rule = (tokens, i) => {
  if (!is(tokens[i], 'WITHIN')) return undefined;
  let back = i - 1;
  while (isSpace(tokens[back])) back--;
  if (tokens[back] !== ')') return undefined;
  const group = skip(tokens, i + 1);
  const open = skip(tokens, group + 1);
  const order = skip(tokens, open + 1);
  const by = skip(tokens, order + 1);
  if (
    !is(tokens[group], 'GROUP') ||
    tokens[open] !== '(' ||
    !is(tokens[order], 'ORDER') ||
    !is(tokens[by], 'BY')
  )
    return undefined;
  const close = closing(tokens, open);
  if (close === -1) return undefined;
  return { from: i, to: close, checks: [`SELECT 1 FROM t ORDER BY ${text(tokens, by + 1, close - 1)}`] };
};

/** Redshift `APPROXIMATE COUNT(…)` / `APPROXIMATE PERCENTILE_DISC(…)`: the keyword goes, the call stays. */
const approximate: Rule = (tokens, i) => {
  if (!is(tokens[i], 'APPROXIMATE')) return undefined;
  const fn = skip(tokens, i + 1);
  if (!isWord(tokens[fn]) || tokens[skip(tokens, fn + 1)] !== '(') return undefined;
  return { from: i, to: fn - 1, checks: [] };
};

/** `SAMPLE (10)`, `TABLESAMPLE BERNOULLI (10 ROWS) REPEATABLE (3)`: numbers and keywords only. */
const sample: Rule = (tokens, i) => {
  if (!is(tokens[i], 'SAMPLE') && !is(tokens[i], 'TABLESAMPLE')) return undefined;
  let open = skip(tokens, i + 1);
  if (['BERNOULLI', 'SYSTEM', 'ROW', 'BLOCK'].some((w) => is(tokens[open], w))) open = skip(tokens, open + 1);
  const numeric = (from: number, to: number) =>
    tokens
      .slice(from, to)
      .every((t) => isSpace(t) || isNumber(t) || ['ROWS', 'PERCENT'].some((w) => is(t, w)));
  if (tokens[open] !== '(') return undefined;
  let end = closing(tokens, open);
  if (end === -1 || !numeric(open + 1, end)) return undefined;
  const seed = skip(tokens, end + 1);
  if (is(tokens[seed], 'REPEATABLE') || is(tokens[seed], 'SEED')) {
    const seedOpen = skip(tokens, seed + 1);
    const seedClose = tokens[seedOpen] === '(' ? closing(tokens, seedOpen) : -1;
    if (seedClose !== -1 && numeric(seedOpen + 1, seedClose)) end = seedClose;
  }
  return { from: i, to: end, checks: [] };
};

/** BigQuery `ARRAY_AGG(x ORDER BY y LIMIT 3)`: the ORDER BY … LIMIT n inside a call's parentheses; the list is checked. */
const orderInCall: Rule = (tokens, i) => {
  if (!is(tokens[i], 'ORDER') || !is(tokens[skip(tokens, i + 1)], 'BY')) return undefined;
  // The innermost open parenthesis around i must be a call's (a word before it) that is not a subquery.
  let depth = 0;
  let open = -1;
  for (let j = i - 1; j >= 0; j--) {
    if (tokens[j] === ')') depth++;
    else if (tokens[j] === '(' && depth-- === 0) {
      open = j;
      break;
    }
  }
  // No open parenthesis (open -1): no word before it either, so nothing is taken out.
  let name = open - 1;
  while (isSpace(tokens[name])) name--;
  const first = skip(tokens, open + 1);
  if (!isWord(tokens[name]) || is(tokens[first], 'SELECT') || is(tokens[first], 'WITH')) return undefined;
  const close = closing(tokens, open);
  let listEnd = close - 1;
  let limit = -1;
  for (let j = skip(tokens, i + 1) + 1; j < close; j++) if (is(tokens[j], 'LIMIT')) limit = j;
  if (limit !== -1) {
    const n = skip(tokens, limit + 1);
    if (!isNumber(tokens[n]) || skip(tokens, n + 1) !== close) return undefined;
    listEnd = limit - 1;
  }
  return {
    from: i,
    to: close - 1,
    checks: [`SELECT 1 FROM t ORDER BY ${text(tokens, skip(tokens, i + 1) + 1, listEnd)}`],
  };
};

const CLAUSE_WORDS = new Set([
  'WHERE',
  'GROUP',
  'ORDER',
  'HAVING',
  'LIMIT',
  'LATERAL',
  'CLUSTER',
  'SORT',
  'DISTRIBUTE',
  'WINDOW',
  'UNION',
  'JOIN',
  'QUALIFY',
]);

/** Spark `LATERAL VIEW [OUTER] fn(args) alias [AS c1, c2]`: the generator call is checked as a SELECT of it. */
const lateralView: Rule = (tokens, i) => {
  if (!is(tokens[i], 'LATERAL')) return undefined;
  let fn = skip(tokens, i + 1);
  if (!is(tokens[fn], 'VIEW')) return undefined;
  fn = skip(tokens, fn + 1);
  if (is(tokens[fn], 'OUTER')) fn = skip(tokens, fn + 1);
  const open = skip(tokens, fn + 1);
  if (!isWord(tokens[fn]) || tokens[open] !== '(') return undefined;
  const close = closing(tokens, open);
  if (close === -1) return undefined;
  let end = close;
  const aliasAt = skip(tokens, close + 1);
  const plain = (t: string | undefined) => isWord(t) && !CLAUSE_WORDS.has((t ?? '').toUpperCase());
  if (plain(tokens[aliasAt]) && !is(tokens[aliasAt], 'AS')) end = aliasAt;
  const as = skip(tokens, end + 1);
  if (is(tokens[as], 'AS')) {
    let column = skip(tokens, as + 1);
    while (plain(tokens[column]) || tokens[column]?.startsWith('`')) {
      end = column;
      const comma = skip(tokens, column + 1);
      if (tokens[comma] !== ',') break;
      column = skip(tokens, comma + 1);
    }
  }
  return { from: i, to: end, checks: [`SELECT ${text(tokens, fn, close)}`] };
};

const SET_OPERATORS = ['UNION', 'INTERSECT', 'EXCEPT', 'MINUS'];

/**
 * Redshift `SELECT [DISTINCT|ALL] TOP n` opening the statement (not a subquery's, not one part of a UNION): the
 * grammar has no TOP; the statement is bounded by it.
 */
const top: Rule = (tokens, i) => {
  if (!is(tokens[i], 'TOP') || !isNumber(tokens[skip(tokens, i + 1)])) return undefined;
  let back = i - 1;
  while (isSpace(tokens[back])) back--;
  if (is(tokens[back], 'DISTINCT') || is(tokens[back], 'ALL')) {
    back--;
    while (isSpace(tokens[back])) back--;
  }
  if (!is(tokens[back], 'SELECT') || back !== skip(tokens, 0)) return undefined;
  if (tokens.some((t) => SET_OPERATORS.some((op) => is(t, op)))) return undefined;
  return { from: i, to: skip(tokens, i + 1), checks: [], top: true };
};

/** The forms each warehouse has that its grammar does not parse. */
const RULES: Readonly<Record<Warehouse, readonly Rule[]>> = {
  redshift: [withinGroup, approximate, top],
  athena: [withinGroup, sample],
  bigquery: [orderInCall, sample],
  snowflake: [withinGroup, sample],
  databricks: [lateralView, sample],
};

/** The statement with the warehouse's extra read forms taken out (see Reshaped). */
export function reshape(statement: string, warehouse: Warehouse): Reshaped {
  const tokens = tokensOf(statement);
  const out: string[] = [];
  const checks: string[] = [];
  let bounded = false;
  for (let i = 0; i < tokens.length; i++) {
    const cut = RULES[warehouse].map((rule) => rule(tokens, i)).find((c) => c !== undefined);
    if (cut === undefined) {
      out.push(tokens[i] ?? '');
      continue;
    }
    out.push(' ');
    checks.push(...cut.checks);
    bounded ||= cut.top === true;
    i = cut.to;
  }
  return { text: out.join(''), checks, top: bounded };
}
