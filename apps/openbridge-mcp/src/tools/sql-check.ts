// Read-only SQL guard: one statement in every lexical reading, parsed by real grammars, allowed only when every parse is a pure read.
import { type Dialect, type DialectParse, parseInEveryDialect } from '../sql/dialect-parsers.js';
import { maxStatementCount } from '../sql/lexical-statements.js';
import { type StatementFacts, statementFacts } from '../sql/read-only-ast.js';

/** Why a query is not run (the envelope's `details[].rule`). */
export type SqlRefusal = 'no_statement' | 'multiple_statements' | 'unparsable' | 'not_a_read' | 'unbounded';

export interface SqlCheck {
  read_only: boolean;
  single_statement: boolean;
  /** The statement is a SELECT (WITH … SELECT and UNIONs included) in every grammar that parsed it. */
  starts_with_select: boolean;
  has_limit: boolean;
  uses_select_star: boolean;
  /** At least one warehouse grammar parsed the query. */
  parsed: boolean;
  /**
   * Statement and write node types the parses found (`select`, `delete`, `drop` …), from the AST, and the other
   * reasons a statement is not a pure read: `select_into`, `function:<name>`.
   */
  statement_kinds: string[];
  /** The grammars that parsed it, and where the others stopped. */
  dialects: { parsed: Dialect[]; not_parsed: Array<{ dialect: Dialect; error: string }> };
  /** Why it would not run, one entry per broken rule. */
  refusals: Array<{ rule: SqlRefusal; issue: string }>;
  /** Every refusal's issue, then advice (a permitted missing LIMIT, SELECT *). */
  warnings: string[];
}

/**
 * What keeps a statement from being a pure read, as `statement_kinds` names it: its writes, `select_into` and
 * each side-effecting `function:<name>`.
 */
function impurities(facts: StatementFacts): string[] {
  return [
    ...facts.writes,
    ...(facts.selectInto ? ['select_into'] : []),
    ...facts.sideEffects.map((fn) => `function:${fn}`),
  ];
}

function isPureRead(statement: unknown): boolean {
  const facts = statementFacts(statement);
  return facts.kind === 'select' && impurities(facts).length === 0;
}

/** A parse that already decides a refusal: not exactly one statement, or one that is not a pure read. */
function refusesOutright(parse: DialectParse): boolean {
  return parse.ok && (parse.statements.length !== 1 || !parse.statements.every(isPureRead));
}

/** Text that is no statement where it is read: only comments, whitespace or semicolons. */
const NO_STATEMENT = {
  rule: 'no_statement',
  issue:
    'Query holds no statement in at least one warehouse dialect (only comments, whitespace or semicolons there); send one SELECT.',
} as const;

/** A refusal decided before anything about the statement was read: every fact false, the one refusal. */
export function refusedUnread(refusal: { rule: SqlRefusal; issue: string }): SqlCheck {
  return {
    read_only: false,
    single_statement: false,
    starts_with_select: false,
    has_limit: false,
    uses_select_star: false,
    parsed: false,
    statement_kinds: [],
    dialects: { parsed: [], not_parsed: [] },
    refusals: [{ ...refusal }],
    warnings: [refusal.issue],
  };
}

/**
 * The rule, decided on structure only:
 * 0. the text is a statement wherever it is read: code in some lexical reading, and at least one statement in
 *    every grammar that parses it (`# …` is a comment to Athena, code to Redshift);
 * 1. every lexical reading of quotes, escapes, comments and dollar quoting sees one statement
 *    (`lexical-statements.ts`): a `;` hidden from one dialect by another dialect's quoting is a second statement;
 * 2. at least one warehouse grammar parses it (`dialect-parsers.ts`); a query none can parse is refused;
 * 3. every grammar that parses it finds exactly one statement, a SELECT with no `INTO`, no write anywhere
 *    (a data-modifying CTE included, however deep) and no side-effecting function (`read-only-ast.ts`).
 */
export function checkSql(sql: string, allowUnbounded: boolean): SqlCheck {
  const statements = maxStatementCount(sql);
  // No code in any lexical reading: nothing to parse or run.
  if (statements === 0) return refusedUnread(NO_STATEMENT);
  const lexicalSingle = statements <= 1;
  // Several statements is a refusal whatever the grammars say: they are not run (they cost seconds on long text).
  const parses = lexicalSingle ? parseInEveryDialect(sql, refusesOutright) : [];
  const parsed: Dialect[] = [];
  const notParsed: Array<{ dialect: Dialect; error: string }> = [];
  const kinds = new Set<string>();
  let single = lexicalSingle;
  /** Some grammar read no statement at all (only comments in its reading). */
  let empty = false;
  let select = true;
  /** No impurity in any parse (`select` holds the statement kind). */
  let pure = true;
  let bounded = false;
  let star = false;
  for (const parse of parses) {
    if (!parse.ok) {
      notParsed.push({ dialect: parse.dialect, error: parse.error });
      continue;
    }
    parsed.push(parse.dialect);
    if (parse.statements.length === 0) empty = true;
    if (parse.statements.length > 1) single = false;
    for (const statement of parse.statements) {
      const facts = statementFacts(statement);
      const found = impurities(facts);
      kinds.add(facts.kind);
      for (const kind of found) kinds.add(kind);
      if (facts.kind !== 'select') select = false;
      if (found.length > 0) pure = false;
      bounded ||= facts.bounded;
      star ||= facts.star;
    }
  }
  const isParsed = parsed.length > 0;
  const readOnly = isParsed && single && !empty && select && pure;
  const refusals: Array<{ rule: SqlRefusal; issue: string }> = [];
  const advice: string[] = [];
  if (empty) refusals.push({ ...NO_STATEMENT });
  if (!single)
    refusals.push({
      rule: 'multiple_statements',
      issue:
        'Query holds more than one statement in at least one warehouse dialect (quotes, escapes, comments and dollar quoting read as each dialect does); send one statement.',
    });
  if (!isParsed) {
    const first = notParsed[0];
    refusals.push({
      rule: 'unparsable',
      issue: `No warehouse grammar could parse the query${first === undefined ? '' : ` (${first.dialect}: ${first.error})`}; only statements the guard can read are run.`,
    });
  } else if (!(select && pure)) {
    // Never empty here: a statement that is not a SELECT adds its kind, an impure one its impurities.
    const found = [...kinds].filter((k) => k !== 'select');
    refusals.push({
      rule: 'not_a_read',
      issue: `Only a read runs: one SELECT (or WITH … SELECT) with no INTO, no write and no side-effecting function; found ${found.join(', ')}.`,
    });
  }
  // No statement has no LIMIT to ask for.
  if (!bounded && !empty) {
    if (allowUnbounded)
      advice.push('Query has no LIMIT; allow_unbounded=true permits it (the row cap still applies).');
    else
      refusals.push({
        rule: 'unbounded',
        issue: 'Query has no LIMIT clause and allow_unbounded is false: add LIMIT n.',
      });
  }
  if (star) advice.push('Query selects every column; consider naming the columns you need.');
  const warnings = [...refusals.map((r) => r.issue), ...advice];
  return {
    read_only: readOnly,
    single_statement: single && !empty,
    starts_with_select: isParsed && !empty && select,
    has_limit: bounded,
    uses_select_star: star,
    parsed: isParsed,
    statement_kinds: [...kinds],
    dialects: { parsed, not_parsed: notParsed },
    refusals,
    warnings,
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
