// Read-only SQL safeguards (reference validate_query heuristics): one statement, SELECT/WITH only, no mutating keyword, a LIMIT.
/** The reference server's mutating keywords, plus statements with side effects outside the table. */
const MUTATING = [
  'insert',
  'update',
  'delete',
  'drop',
  'alter',
  'create',
  'truncate',
  'merge',
  'grant',
  'revoke',
  'copy',
  'unload',
  'call',
  'vacuum',
] as const;

export interface SqlCheck {
  read_only: boolean;
  single_statement: boolean;
  starts_with_select: boolean;
  has_limit: boolean;
  uses_select_star: boolean;
  mutating_keywords: string[];
  warnings: string[];
}

/** The query with comments and quoted literals blanked, so keywords inside them are not counted. */
export function codeOnly(sql: string): string {
  return sql
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/"(?:[^"]|"")*"/g, '""');
}

export function checkSql(sql: string, allowUnbounded: boolean): SqlCheck {
  const code = codeOnly(sql).trim();
  const lower = code.toLowerCase();
  const mutating = MUTATING.filter((kw) => new RegExp(`\\b${kw}\\b`).test(lower));
  const single = !/;\s*\S/.test(code);
  const startsWithSelect = /^\(?\s*(select|with)\b/.test(lower);
  const hasLimit = /\blimit\s+\d+|\btop\s*\(?\s*\d+|\bfetch\s+first\s+\d+/.test(lower);
  const star = /\bselect\s+(distinct\s+)?\*/.test(lower);
  const warnings: string[] = [];
  if (mutating.length > 0) warnings.push(`Query contains mutating keywords: ${mutating.join(', ')}.`);
  if (!single) warnings.push('Query holds more than one statement; send one statement.');
  if (!startsWithSelect) warnings.push('Only SELECT (or WITH … SELECT) queries run.');
  if (!hasLimit)
    warnings.push(
      allowUnbounded
        ? 'Query has no LIMIT; allow_unbounded=true permits it (the row cap still applies).'
        : 'Query has no LIMIT clause and allow_unbounded is false: add LIMIT n.',
    );
  if (star) warnings.push('Query selects every column; consider naming the columns you need.');
  return {
    read_only: mutating.length === 0 && single && startsWithSelect,
    single_statement: single,
    starts_with_select: startsWithSelect,
    has_limit: hasLimit,
    uses_select_star: star,
    mutating_keywords: mutating,
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
