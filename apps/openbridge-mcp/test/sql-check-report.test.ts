// checkSql's whole report for one query of each kind: the rules broken, their issues, the advice, kinds and dialects.
import { describe, expect, it } from 'vitest';
import { checkSql, decide } from '../src/tools/sql-check.js';

/** [sql, allow_unbounded, the report, the decision], as an agent reads them in validate_query. */
const REPORTS = [
  [
    'SELECT a FROM t LIMIT 5',
    false,
    {
      read_only: true,
      single_statement: true,
      starts_with_select: true,
      has_limit: true,
      uses_select_star: false,
      parsed: true,
      statement_kinds: ['select'],
      dialects: {
        parsed: ['redshift', 'postgresql', 'athena', 'trino', 'bigquery', 'snowflake', 'hive'],
        not_parsed: [],
      },
      refusals: [],
      warnings: [],
    },
    { allowed: true, read_only: true, limit_ok: true },
  ],
  [
    'SELECT 1; SELECT 2',
    true,
    {
      read_only: false,
      single_statement: false,
      starts_with_select: false,
      has_limit: false,
      uses_select_star: false,
      parsed: false,
      statement_kinds: [],
      dialects: { parsed: [], not_parsed: [] },
      refusals: [
        {
          rule: 'multiple_statements',
          issue:
            'Query holds more than one statement in at least one warehouse dialect (quotes, escapes, comments and dollar quoting read as each dialect does); send one statement.',
        },
        {
          rule: 'unparsable',
          issue: 'No warehouse grammar could parse the query; only statements the guard can read are run.',
        },
      ],
      warnings: [
        'Query holds more than one statement in at least one warehouse dialect (quotes, escapes, comments and dollar quoting read as each dialect does); send one statement.',
        'No warehouse grammar could parse the query; only statements the guard can read are run.',
        'Query has no LIMIT; allow_unbounded=true permits it (the row cap still applies).',
      ],
    },
    { allowed: false, read_only: false, limit_ok: true },
  ],
  [
    'DELETE FROM t',
    true,
    {
      read_only: false,
      single_statement: true,
      starts_with_select: false,
      has_limit: false,
      uses_select_star: false,
      parsed: true,
      statement_kinds: ['delete'],
      dialects: { parsed: ['redshift'], not_parsed: [] },
      refusals: [
        {
          rule: 'not_a_read',
          issue:
            'Only a read runs: one SELECT (or WITH … SELECT) with no INTO, no write and no side-effecting function; found delete.',
        },
      ],
      warnings: [
        'Only a read runs: one SELECT (or WITH … SELECT) with no INTO, no write and no side-effecting function; found delete.',
        'Query has no LIMIT; allow_unbounded=true permits it (the row cap still applies).',
      ],
    },
    { allowed: false, read_only: false, limit_ok: true },
  ],
  [
    'SELEC nonsense ((',
    false,
    {
      read_only: false,
      single_statement: true,
      starts_with_select: false,
      has_limit: false,
      uses_select_star: false,
      parsed: false,
      statement_kinds: [],
      dialects: {
        parsed: [],
        not_parsed: [
          { dialect: 'redshift', error: 'line 1, column 7: unexpected "n"' },
          { dialect: 'postgresql', error: 'line 1, column 7: unexpected "n"' },
          { dialect: 'athena', error: 'line 1, column 7: unexpected "n"' },
          { dialect: 'trino', error: 'line 1, column 7: unexpected "n"' },
          { dialect: 'bigquery', error: 'line 1, column 7: unexpected "n"' },
          { dialect: 'snowflake', error: 'line 1, column 7: unexpected "n"' },
          { dialect: 'hive', error: 'line 1, column 7: unexpected "n"' },
        ],
      },
      refusals: [
        {
          rule: 'unparsable',
          issue:
            'No warehouse grammar could parse the query (redshift: line 1, column 7: unexpected "n"); only statements the guard can read are run.',
        },
        { rule: 'unbounded', issue: 'Query has no LIMIT clause and allow_unbounded is false: add LIMIT n.' },
      ],
      warnings: [
        'No warehouse grammar could parse the query (redshift: line 1, column 7: unexpected "n"); only statements the guard can read are run.',
        'Query has no LIMIT clause and allow_unbounded is false: add LIMIT n.',
      ],
    },
    { allowed: false, read_only: false, limit_ok: false },
  ],
  [
    "SELECT nextval('s') LIMIT 1",
    false,
    {
      read_only: false,
      single_statement: true,
      starts_with_select: true,
      has_limit: true,
      uses_select_star: false,
      parsed: true,
      statement_kinds: ['select', 'function:nextval'],
      dialects: { parsed: ['redshift'], not_parsed: [] },
      refusals: [
        {
          rule: 'not_a_read',
          issue:
            'Only a read runs: one SELECT (or WITH … SELECT) with no INTO, no write and no side-effecting function; found function:nextval.',
        },
      ],
      warnings: [
        'Only a read runs: one SELECT (or WITH … SELECT) with no INTO, no write and no side-effecting function; found function:nextval.',
      ],
    },
    { allowed: false, read_only: false, limit_ok: true },
  ],
  [
    'SELECT a INTO t2 FROM t LIMIT 1',
    false,
    {
      read_only: false,
      single_statement: true,
      starts_with_select: true,
      has_limit: true,
      uses_select_star: false,
      parsed: true,
      statement_kinds: ['select', 'select_into'],
      dialects: { parsed: ['redshift'], not_parsed: [] },
      refusals: [
        {
          rule: 'not_a_read',
          issue:
            'Only a read runs: one SELECT (or WITH … SELECT) with no INTO, no write and no side-effecting function; found select_into.',
        },
      ],
      warnings: [
        'Only a read runs: one SELECT (or WITH … SELECT) with no INTO, no write and no side-effecting function; found select_into.',
      ],
    },
    { allowed: false, read_only: false, limit_ok: true },
  ],
  [
    'SHOW TABLES',
    true,
    {
      read_only: false,
      single_statement: true,
      starts_with_select: false,
      has_limit: false,
      uses_select_star: false,
      parsed: true,
      statement_kinds: ['show'],
      dialects: { parsed: ['redshift'], not_parsed: [] },
      refusals: [
        {
          rule: 'not_a_read',
          issue:
            'Only a read runs: one SELECT (or WITH … SELECT) with no INTO, no write and no side-effecting function; found show.',
        },
      ],
      warnings: [
        'Only a read runs: one SELECT (or WITH … SELECT) with no INTO, no write and no side-effecting function; found show.',
        'Query has no LIMIT; allow_unbounded=true permits it (the row cap still applies).',
      ],
    },
    { allowed: false, read_only: false, limit_ok: true },
  ],
] as const;

describe('checkSql reports', () => {
  it.each(REPORTS)('%j (allow_unbounded %s)', (sql, unbounded, report, decision) => {
    const check = checkSql(sql, unbounded);
    expect(check).toStrictEqual(report);
    expect(decide(check, unbounded)).toStrictEqual(decision);
  });

  it('a query of comments only is no statement: refused as such before any grammar runs', () => {
    const check = checkSql('-- only a comment', true);
    expect(check).toMatchObject({
      read_only: false,
      single_statement: false,
      starts_with_select: false,
      statement_kinds: [],
      dialects: { parsed: [], not_parsed: [] },
    });
    expect(check.refusals.map((r) => r.rule)).toEqual(['no_statement']);
    // A grammar that reads only a comment settles it the same way (the first such parse ends the run).
    expect(checkSql('# only a hash comment', true)).toMatchObject({
      single_statement: false,
      starts_with_select: false,
      dialects: { parsed: ['athena'] },
      refusals: [{ rule: 'no_statement' }],
    });
  });

  it('a grammar that splits the text where no lexical reading does is believed: `;SELECT` is two statements there', () => {
    // Every lexical reading sees one statement (an empty one before the `;` has no code); the grammars see two.
    const check = checkSql(';SELECT 1 LIMIT 1', true);
    expect(check).toMatchObject({
      read_only: false,
      single_statement: false,
      statement_kinds: ['unknown', 'select'],
    });
    expect(check.refusals.map((r) => r.rule)).toEqual(['multiple_statements', 'not_a_read']);
  });

  it('SELECT * is allowed with advice; without LIMIT only under allow_unbounded', () => {
    const open = checkSql('SELECT * FROM t', true);
    expect(open).toMatchObject({ read_only: true, has_limit: false, uses_select_star: true, refusals: [] });
    expect(open.warnings).toStrictEqual([
      'Query has no LIMIT; allow_unbounded=true permits it (the row cap still applies).',
      'Query selects every column; consider naming the columns you need.',
    ]);
    expect(decide(open, true)).toStrictEqual({ allowed: true, read_only: true, limit_ok: true });
    const closed = checkSql('SELECT * FROM t', false);
    expect(closed.refusals.map((r) => r.rule)).toStrictEqual(['unbounded']);
    expect(decide(closed, false)).toStrictEqual({ allowed: false, read_only: true, limit_ok: false });
  });
});
