// checkSql's whole report for one query of each kind, as validate_query shows it: rules broken, issues, advice, kinds, dialect.
import { describe, expect, it } from 'vitest';
import type { Warehouse } from '../src/sql/warehouses.js';
import { checkSql, decide } from '../src/tools/sql-check.js';

const REDSHIFT = {
  warehouse: 'redshift',
  grammar: 'redshift',
  lexers: ['redshift', 'redshift (nested comments)'],
};
const MULTIPLE =
  "Query holds more than one statement as the warehouse's lexer (or another SQL dialect's) reads its quotes, escapes and comments; send one statement.";
const NO_STATEMENT =
  'Query holds no statement where it is read (only comments, whitespace or semicolons); send one SELECT.';
const NO_LIMIT_ADVICE = 'Query has no LIMIT; allow_unbounded=true permits it (the row cap still applies).';
const NOT_A_READ = (found: string) =>
  `Only a read runs: one SELECT (or WITH … SELECT) with no INTO and nothing but read forms; found ${found}.`;

const unread = (refusal: Record<string, unknown>, dialect: unknown = REDSHIFT) => ({
  read_only: false,
  single_statement: false,
  starts_with_select: false,
  has_limit: false,
  uses_select_star: false,
  parsed: false,
  statement_kinds: [],
  dialect,
  refusals: [refusal],
  warnings: [refusal.issue],
});

/** [sql, warehouse, allow_unbounded, the report, allowed]. */
const REPORTS: ReadonlyArray<readonly [string, Warehouse, boolean, unknown, boolean]> = [
  [
    'SELECT a FROM t LIMIT 5',
    'redshift',
    false,
    {
      read_only: true,
      single_statement: true,
      starts_with_select: true,
      has_limit: true,
      uses_select_star: false,
      parsed: true,
      statement_kinds: ['select'],
      dialect: REDSHIFT,
      refusals: [],
      warnings: [],
    },
    true,
  ],
  ['SELECT 1; SELECT 2', 'redshift', true, unread({ rule: 'multiple_statements', issue: MULTIPLE }), false],
  ['-- only a comment', 'redshift', true, unread({ rule: 'no_statement', issue: NO_STATEMENT }), false],
  [
    '# only a hash comment',
    'bigquery',
    true,
    unread(
      { rule: 'no_statement', issue: NO_STATEMENT },
      { warehouse: 'bigquery', grammar: 'bigquery', lexers: ['bigquery'] },
    ),
    false,
  ],
  [
    "SELECT 'open",
    'athena',
    true,
    unread(
      {
        rule: 'unparsable',
        issue:
          'As trino reads it, the query has unterminated string (line 1, column 8); only text the warehouse reads as one statement runs.',
      },
      { warehouse: 'athena', grammar: 'athena', lexers: ['trino'] },
    ),
    false,
  ],
  [
    'SELEC nonsense ((',
    'redshift',
    false,
    unread({
      rule: 'unparsable',
      issue:
        'The redshift grammar (redshift) could not parse the query (line 1, column 7: unexpected "n"); only statements the guard can read are run.',
    }),
    false,
  ],
  [
    'DELETE FROM t',
    'redshift',
    true,
    {
      read_only: false,
      single_statement: true,
      starts_with_select: false,
      has_limit: false,
      uses_select_star: false,
      parsed: true,
      statement_kinds: ['delete'],
      dialect: REDSHIFT,
      refusals: [{ rule: 'not_a_read', issue: NOT_A_READ('delete') }],
      warnings: [NOT_A_READ('delete'), NO_LIMIT_ADVICE],
    },
    false,
  ],
  [
    'SELECT a INTO t2 FROM t LIMIT 1',
    'redshift',
    false,
    {
      read_only: false,
      single_statement: true,
      starts_with_select: true,
      has_limit: true,
      uses_select_star: false,
      parsed: true,
      // The grammar's `into` node is a form no read has; select_into says why.
      statement_kinds: ['select', 'into', 'select_into'],
      dialect: REDSHIFT,
      refusals: [{ rule: 'not_a_read', issue: NOT_A_READ('into, select_into') }],
      warnings: [NOT_A_READ('into, select_into')],
    },
    false,
  ],
  [
    "SELECT nextval('s'), my_udf(1), nextval('t') LIMIT 1",
    'redshift',
    false,
    {
      read_only: false,
      single_statement: true,
      starts_with_select: true,
      has_limit: true,
      uses_select_star: false,
      parsed: true,
      statement_kinds: ['select', 'function:nextval', 'function:my_udf'],
      dialect: REDSHIFT,
      refusals: [
        {
          rule: 'side_effect',
          side_effect: 'sequence',
          function: 'nextval',
          issue: 'nextval has a side effect (sequence); a read query calls no such function.',
        },
        {
          rule: 'function_not_allowed',
          function: 'my_udf',
          issue:
            'my_udf is not a built-in redshift function the guard knows to only read; user-defined and unknown functions are not run.',
        },
      ],
      warnings: [
        'nextval has a side effect (sequence); a read query calls no such function.',
        'my_udf is not a built-in redshift function the guard knows to only read; user-defined and unknown functions are not run.',
      ],
    },
    false,
  ],
  [
    "SELECT http_request('https://x') LIMIT 1",
    'databricks',
    false,
    {
      read_only: false,
      single_statement: true,
      starts_with_select: true,
      has_limit: true,
      uses_select_star: false,
      parsed: true,
      statement_kinds: ['select', 'function:http_request'],
      dialect: { warehouse: 'databricks', grammar: 'hive', lexers: ['spark'] },
      refusals: [
        {
          rule: 'side_effect',
          side_effect: 'external_access',
          function: 'http_request',
          issue: 'http_request has a side effect (external access); a read query calls no such function.',
        },
      ],
      warnings: ['http_request has a side effect (external access); a read query calls no such function.'],
    },
    false,
  ],
];

describe('checkSql reports', () => {
  it.each(REPORTS)('%j on %s (allow_unbounded %s)', (sql, warehouse, unbounded, report, allowed) => {
    const check = checkSql(sql, warehouse, unbounded);
    expect(check).toStrictEqual(report);
    expect(decide(check, unbounded).allowed).toBe(allowed);
  });

  it('SELECT * is allowed with advice; without LIMIT only under allow_unbounded', () => {
    const open = checkSql('SELECT * FROM t', 'redshift', true);
    expect(open).toMatchObject({ read_only: true, has_limit: false, uses_select_star: true, refusals: [] });
    expect(open.warnings).toStrictEqual([
      NO_LIMIT_ADVICE,
      'Query selects every column; consider naming the columns you need.',
    ]);
    expect(decide(open, true)).toStrictEqual({ allowed: true, read_only: true, limit_ok: true });
    const closed = checkSql('SELECT * FROM t', 'redshift', false);
    expect(closed.refusals.map((r) => r.rule)).toStrictEqual(['unbounded']);
    expect(closed.warnings).toStrictEqual([
      'Query has no LIMIT clause and allow_unbounded is false: add LIMIT n.',
      'Query selects every column; consider naming the columns you need.',
    ]);
    expect(decide(closed, false)).toStrictEqual({ allowed: false, read_only: true, limit_ok: false });
  });
});

describe('checkSql details', () => {
  it('each warehouse names its grammar and lexers', () => {
    const dialect = (w: Warehouse) => checkSql('SELECT a FROM t LIMIT 1', w, false).dialect;
    expect(dialect('snowflake')).toEqual({
      warehouse: 'snowflake',
      grammar: 'snowflake',
      lexers: ['snowflake', 'snowflake (nested comments)'],
    });
    expect(dialect('athena')).toEqual({ warehouse: 'athena', grammar: 'athena', lexers: ['trino'] });
    expect(dialect('bigquery')).toEqual({ warehouse: 'bigquery', grammar: 'bigquery', lexers: ['bigquery'] });
    expect(dialect('databricks')).toEqual({ warehouse: 'databricks', grammar: 'hive', lexers: ['spark'] });
  });

  it('a call found in the statement and in a removed form is refused once', () => {
    const sleep = checkSql(
      "SELECT LISTAGG(pg_sleep(1), ',') WITHIN GROUP (ORDER BY pg_sleep(1)) FROM t LIMIT 1",
      'redshift',
      false,
    );
    expect(sleep.refusals.map((r) => [r.rule, r.function])).toEqual([['side_effect', 'pg_sleep']]);
    const udf = checkSql(
      "SELECT LISTAGG(my_udf(a), ',') WITHIN GROUP (ORDER BY my_udf(a)) FROM t LIMIT 1",
      'redshift',
      false,
    );
    expect(udf.refusals.map((r) => [r.rule, r.function])).toEqual([['function_not_allowed', 'my_udf']]);
    expect(udf.statement_kinds).toEqual(['select', 'function:my_udf']);
  });

  it('a removed form that holds a write or an INTO is not a read', () => {
    const check = checkSql(
      'SELECT kw FROM t LATERAL VIEW explode((SELECT a INTO b FROM c)) x AS kw LIMIT 1',
      'databricks',
      false,
    );
    expect(check.read_only).toBe(false);
  });

  it('a removed form the grammar cannot read is unparsable', () => {
    expect(
      checkSql("SELECT LISTAGG(a, ',') WITHIN GROUP (ORDER BY ,) FROM t LIMIT 1", 'redshift', false).refusals,
    ).toEqual([
      {
        rule: 'unparsable',
        issue: expect.stringMatching(/^The redshift grammar \(redshift\) could not parse/),
      },
    ]);
  });

  it('a lexer stop is placed by line and column, whatever the line breaks', () => {
    const at = (sql: string) => checkSql(sql, 'athena', true).refusals[0]?.issue;
    expect(at("SELECT 1,\r\n2,\n  'x")).toContain('(line 3, column 3)');
    expect(at("SELECT 1,\r  'x")).toContain('(line 2, column 3)');
    expect(at("'x")).toContain('(line 1, column 1)');
  });

  it('Redshift: a text its two lexers render apart is checked in both renderings', () => {
    // Not nesting, the first comment ends at its first `*/` and `-- */` hides the rest; nesting, it ends at `-- */`.
    const check = checkSql('SELECT a /* /* */, b -- */\nFROM t LIMIT 1', 'redshift', false);
    expect(check).toMatchObject({ read_only: true, refusals: [] });
    const sleeps = checkSql('SELECT a /* /* */, b -- */\n, pg_sleep(1) FROM t LIMIT 1', 'redshift', false);
    expect(sleeps.refusals).toEqual([expect.objectContaining({ rule: 'side_effect' })]);
  });
});
