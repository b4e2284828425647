// Read-only SQL guard: the target warehouse's lexers see one statement, its grammar parses it, and its AST is a read built only of allowed forms and calls.
import { reshape } from '../sql/benign-forms.js';
import { LexError, renderForGrammar, statementsOf, tokenize } from '../sql/dialect-lexer.js';
import { parseWith } from '../sql/dialect-parsers.js';
import type { SideEffect } from '../sql/functions.js';
import { maxStatementCount } from '../sql/lexical-statements.js';
import { type StatementFacts, statementFacts } from '../sql/read-only-ast.js';
import { type Grammar, WAREHOUSES, type Warehouse } from '../sql/warehouses.js';

/** Why a query is not run (the envelope's `details[].rule`). */
export type SqlRefusal =
  | 'unknown_storage'
  | 'storage_not_queryable'
  | 'no_statement'
  | 'multiple_statements'
  | 'unparsable'
  | 'not_a_read'
  | 'side_effect'
  | 'function_not_allowed'
  | 'unbounded'
  | 'check_budget';

export interface Refusal {
  rule: SqlRefusal;
  issue: string;
  /** `side_effect`: what the call does (sleep, sequence, reflection, secret, external_access, admin). */
  side_effect?: SideEffect;
  /** `side_effect` / `function_not_allowed`: the call, qualified as written, lower-case. */
  function?: string;
}

export interface SqlCheck {
  read_only: boolean;
  single_statement: boolean;
  /** The statement is a SELECT (WITH … SELECT and UNIONs included) in the warehouse's grammar. */
  starts_with_select: boolean;
  has_limit: boolean;
  uses_select_star: boolean;
  /** The warehouse's grammar parsed the query. */
  parsed: boolean;
  /**
   * Statement and node types the parse found outside a read (`delete`, `drop` …), then `select_into` and each
   * `function:<name>` that keeps it from running; `select` when it is one.
   */
  statement_kinds: string[];
  /** The warehouse the query was checked for, its grammar and the lexers its text was read with. */
  dialect: { warehouse: Warehouse; grammar: Grammar; lexers: string[] } | null;
  /** Why it would not run, one entry per broken rule (one per refused call). */
  refusals: Refusal[];
  /** Every refusal's issue, then advice (a permitted missing LIMIT, SELECT *). */
  warnings: string[];
}

/** A refusal decided before anything about the statement was read: every fact false, the one refusal. */
export function refusedUnread(refusal: Refusal, dialect: SqlCheck['dialect'] = null): SqlCheck {
  return {
    read_only: false,
    single_statement: false,
    starts_with_select: false,
    has_limit: false,
    uses_select_star: false,
    parsed: false,
    statement_kinds: [],
    dialect,
    refusals: [{ ...refusal }],
    warnings: [refusal.issue],
  };
}

const NO_STATEMENT: Refusal = {
  rule: 'no_statement',
  issue:
    'Query holds no statement where it is read (only comments, whitespace or semicolons); send one SELECT.',
};
const MULTIPLE: Refusal = {
  rule: 'multiple_statements',
  issue:
    "Query holds more than one statement as the warehouse's lexer (or another SQL dialect's) reads its quotes, escapes and comments; send one statement.",
};

/** Line and column (1-based) of an offset, as an agent finds it in its text. */
function position(text: string, offset: number): string {
  const head = text.slice(0, offset);
  const line = head.split(/\r\n|\r|\n/).length;
  return `line ${line}, column ${offset - Math.max(head.lastIndexOf('\n'), head.lastIndexOf('\r'))}`;
}

/** The statement each of the warehouse's lexers reads, re-rendered for its grammar; or the refusal. */
function readStatements(sql: string, warehouse: Warehouse): string[] | Refusal {
  const { lexers, quote } = WAREHOUSES[warehouse];
  const texts = new Set<string>();
  for (const rules of lexers) {
    let statements: ReturnType<typeof statementsOf>;
    try {
      statements = statementsOf(tokenize(sql, rules));
    } catch (error) {
      if (!(error instanceof LexError)) throw error;
      return {
        rule: 'unparsable',
        issue: `As ${error.rules} reads it, the query has ${error.what} (${position(sql, error.offset)}); only text the warehouse reads as one statement runs.`,
      };
    }
    const [statement, ...more] = statements;
    if (statement === undefined) return NO_STATEMENT;
    if (more.length > 0) return MULTIPLE;
    texts.add(renderForGrammar(statement, quote));
  }
  return [...texts];
}

/** The grammar's statements in `text`, or the refusal naming where it stopped. */
function parsed(grammar: Grammar, warehouse: Warehouse, text: string): unknown[] | Refusal {
  const parse = parseWith(grammar, text);
  return parse.ok
    ? parse.statements
    : {
        rule: 'unparsable',
        issue: `The ${warehouse} grammar (${grammar}) could not parse the query (${parse.error}); only statements the guard can read are run.`,
      };
}

/** The statement's facts and its removed clauses' (benign-forms.ts): kind, LIMIT and star are the statement's. */
function mergeFacts(main: StatementFacts, checks: readonly StatementFacts[], top: boolean): StatementFacts {
  const all = [main, ...checks];
  return {
    ...main,
    forms: [...new Set(all.flatMap((f) => f.forms))],
    selectInto: all.some((f) => f.selectInto),
    sideEffects: all.flatMap((f) => f.sideEffects),
    unlisted: [...new Set(all.flatMap((f) => f.unlisted))],
    bounded: main.bounded || top,
  };
}

function impurities(facts: StatementFacts): string[] {
  return [
    ...(facts.kind === 'select' ? [] : [facts.kind]),
    ...facts.forms.filter((f) => f !== facts.kind),
    ...(facts.selectInto ? ['select_into'] : []),
  ];
}

/**
 * The rule, decided on structure only, for the warehouse the query runs in:
 * 0. every lexical reading any warehouse applies sees at most one statement (`lexical-statements.ts`), and
 *    some code;
 * 1. each lexer the warehouse may apply (`warehouses.ts`) reads exactly one statement, with every string and
 *    comment closed; that statement is re-rendered for the grammar with its comments removed and its literals
 *    re-quoted plainly, so the grammar reads no boundary the warehouse does not (`dialect-lexer.ts`);
 * 2. the warehouse's own grammar parses it, as one statement; no other grammar is asked;
 * 3. its AST is a SELECT made only of read forms, with no INTO, no side-effecting call and no call outside the
 *    warehouse's allow-list (`read-only-ast.ts`, `functions.ts`).
 */
export function checkSql(sql: string, warehouse: Warehouse, allowUnbounded: boolean): SqlCheck {
  const { grammar, lexers } = WAREHOUSES[warehouse];
  const dialect = { warehouse, grammar, lexers: lexers.map((l) => l.name) };
  const count = maxStatementCount(sql);
  if (count === 0) return refusedUnread(NO_STATEMENT, dialect);
  if (count > 1) return refusedUnread(MULTIPLE, dialect);
  const texts = readStatements(sql, warehouse);
  if (!Array.isArray(texts)) return refusedUnread(texts, dialect);
  const refusals: Refusal[] = [];
  const kinds = new Set<string>();
  const seenCalls = new Set<string>();
  let isSelect = true;
  let bounded = true;
  let star = false;
  for (const text of texts) {
    const reshaped = reshape(text, warehouse);
    const main = parsed(grammar, warehouse, reshaped.text);
    if (!Array.isArray(main)) return refusedUnread(main, dialect);
    // The statement itself: exactly one.
    if (main.length !== 1) return refusedUnread(main.length === 0 ? NO_STATEMENT : MULTIPLE, dialect);
    // What the removed forms held is checked whatever it parses to.
    const checks: unknown[] = [];
    for (const part of reshaped.checks) {
      const statements = parsed(grammar, warehouse, part);
      if (!Array.isArray(statements)) return refusedUnread(statements, dialect);
      checks.push(...statements);
    }
    const facts = mergeFacts(
      statementFacts(main[0], warehouse),
      checks.map((statement) => statementFacts(statement, warehouse)),
      reshaped.top,
    );
    kinds.add(facts.kind);
    isSelect &&= facts.kind === 'select';
    const found = impurities(facts);
    for (const kind of found) kinds.add(kind);
    if (found.length > 0) {
      refusals.push({
        rule: 'not_a_read',
        issue: `Only a read runs: one SELECT (or WITH … SELECT) with no INTO and nothing but read forms; found ${found.join(', ')}.`,
      });
    }
    for (const { function: fn, effect } of facts.sideEffects) {
      kinds.add(`function:${fn}`);
      if (seenCalls.has(fn)) continue;
      seenCalls.add(fn);
      refusals.push({
        rule: 'side_effect',
        side_effect: effect,
        function: fn,
        issue: `${fn} has a side effect (${effect.replace('_', ' ')}); a read query calls no such function.`,
      });
    }
    for (const fn of facts.unlisted) {
      kinds.add(`function:${fn}`);
      if (seenCalls.has(fn)) continue;
      seenCalls.add(fn);
      refusals.push({
        rule: 'function_not_allowed',
        function: fn,
        issue: `${fn} is not a built-in ${warehouse} function the guard knows to only read; user-defined and unknown functions are not run.`,
      });
    }
    bounded &&= facts.bounded;
    star ||= facts.star;
  }
  const advice: string[] = [];
  if (!bounded) {
    if (allowUnbounded)
      advice.push('Query has no LIMIT; allow_unbounded=true permits it (the row cap still applies).');
    else
      refusals.push({
        rule: 'unbounded',
        issue: 'Query has no LIMIT clause and allow_unbounded is false: add LIMIT n.',
      });
  }
  if (star) advice.push('Query selects every column; consider naming the columns you need.');
  const readOnly = refusals.every((r) => r.rule === 'unbounded');
  return {
    read_only: readOnly,
    single_statement: true,
    starts_with_select: isSelect,
    has_limit: bounded,
    uses_select_star: star,
    parsed: true,
    statement_kinds: [...kinds],
    dialect,
    refusals,
    warnings: [...refusals.map((r) => r.issue), ...advice],
  };
}

export interface QueryDecision {
  allowed: boolean;
  read_only: boolean;
  limit_ok: boolean;
}

export function decide(check: SqlCheck, allowUnbounded: boolean): QueryDecision {
  const limitOk = check.has_limit || allowUnbounded;
  return { allowed: check.read_only && limitOk, read_only: check.read_only, limit_ok: limitOk };
}
