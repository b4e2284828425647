// Each warehouse's own lexer: what it reads as strings, identifiers and comments, and the one statement its grammar is given.
import { describe, expect, it } from 'vitest';
import { LexError, renderForGrammar, statementsOf, tokenize } from '../src/sql/dialect-lexer.js';
import { WAREHOUSES, type Warehouse, warehouseOf } from '../src/sql/warehouses.js';
import { checkSql } from '../src/tools/sql-check.js';

const ALL: readonly Warehouse[] = ['redshift', 'athena', 'bigquery', 'snowflake', 'databricks'];
const lexer = (w: Warehouse, i = 0) => {
  const rules = WAREHOUSES[w].lexers[i];
  if (rules === undefined) throw new Error(`${w} has no lexer ${i}`);
  return rules;
};
/** The statements one lexer reads, each as its grammar gets it. */
const read = (sql: string, w: Warehouse, i = 0) =>
  statementsOf(tokenize(sql, lexer(w, i))).map((s) => renderForGrammar(s, WAREHOUSES[w].quote).trim());
const lexFails = (sql: string, w: Warehouse, i = 0) => {
  try {
    tokenize(sql, lexer(w, i));
    return undefined;
  } catch (error) {
    return error instanceof LexError ? error.what : String(error);
  }
};

/** Writes an attacker wants run; each hiding trick below is tried with every one of them. */
const PAYLOADS = [
  'DELETE FROM t',
  'DROP TABLE t',
  'UPDATE t SET a = 1',
  'GRANT ALL ON t TO PUBLIC',
  "COPY t TO PROGRAM 'sh'",
  'TRUNCATE t',
  'CREATE TABLE x AS SELECT 1',
  'ALTER USER u SUPERUSER',
  'INSERT INTO t VALUES (1)',
];

/**
 * [name, the warehouses whose lexer the trick aims at, template]: `$` is the payload. Each reads as one harmless
 * SELECT under some other dialect's rules, and as the payload (alone or among statements) under the target's.
 */
const TRICKS: ReadonlyArray<readonly [string, readonly Warehouse[], (payload: string) => string]> = [
  [
    'Spark: -- continued by backslash-newline',
    ['databricks'],
    (p) => `-- \\\nSELECT 'x' AS a, '\n${p} -- ' LIMIT 1`,
  ],
  ['Spark: continuation hides a WHERE', ['databricks'], (p) => `-- \\\nSELECT 'x', '\n${p} -- '\nLIMIT 1`],
  [
    'Spark: three statements behind it',
    ['databricks'],
    (p) => `-- \\\nSELECT 'a', '\nSELECT 1; ${p}; SELECT 2 -- ' LIMIT 1`,
  ],
  ['Spark: raw string ends at its quote', ['databricks'], (p) => `SELECT r'\\', '; ${p}; --' LIMIT 1`],
  // Aimed at PostgreSQL's standard strings, which no Openbridge warehouse has: Redshift reads one SELECT of literals.
  [
    'PostgreSQL: E-string escapes, a standard string does not',
    [],
    (p) => `SELECT E'\\'' , '\\' ; ${p} ; SELECT ' --'\nLIMIT 1`,
  ],
  ['standard string vs backslash escapes', ALL, (p) => `SELECT 'a\\'; ${p}; --' LIMIT 1`],
  ['\\r ends a line comment', ALL, (p) => `SELECT 1 AS a -- x\r; ${p}`],
  ['\\r ends a # comment (BigQuery)', ['bigquery'], (p) => `SELECT 1 AS a # x\r; ${p}`],
  [
    'dollar-quoted string hides a quote',
    ['redshift', 'snowflake'],
    (p) => `SELECT $$ ' $$; ${p}; SELECT ' ' LIMIT 1`,
  ],
  ['tagged dollar quote', ['redshift'], (p) => `SELECT $q$ ' $q$; ${p}; SELECT ' ' LIMIT 1`],
  ['BigQuery triple quotes', ['bigquery'], (p) => `SELECT ''' ' ''' ; ${p}; SELECT ' ' LIMIT 1`],
  [
    'BigQuery escaped backtick',
    ['bigquery'],
    (p) => `SELECT 1 AS \`x\\\`, ' \` ; ${p}; SELECT 1 LIMIT 1 -- ' LIMIT 1`,
  ],
  ['Snowflake // comment', ['snowflake'], (p) => `SELECT 1 LIMIT 1 // it's\n; ${p}`],
  ['nested block comments', ['redshift', 'databricks'], (p) => `SELECT 1 /* /* */ ; ${p}; /* */ LIMIT 1`],
  [
    'double quotes: string in Spark and BigQuery, identifier elsewhere',
    ALL,
    (p) => `SELECT "a\\"; ${p}; --" LIMIT 1`,
  ],
];

describe('one hiding trick × every payload: never a pass on the warehouse it aims at', () => {
  it.each(TRICKS.map(([name, targets, template]) => [name, targets, template] as const))(
    '%s',
    (_name, targets, template) => {
      for (const payload of PAYLOADS)
        for (const warehouse of targets) {
          const check = checkSql(template(payload), warehouse, true);
          expect(check.read_only, `${warehouse}: ${JSON.stringify(template(payload))}`).toBe(false);
          // Where the grammar read it, what it found is the payload, not a SELECT.
          if (check.parsed) expect(check.statement_kinds.join(), warehouse).not.toBe('select');
        }
      // Elsewhere the text is what that warehouse reads: a SELECT of literals, harmless there, or refused.
      for (const warehouse of ALL.filter((w) => !targets.includes(w))) {
        const check = checkSql(template(PAYLOADS[0] ?? ''), warehouse, true);
        if (check.read_only) expect(check.statement_kinds, warehouse).toEqual(['select']);
      }
    },
  );
});

describe('Spark (Databricks) lexer', () => {
  it('a backslash-newline continues a -- comment; the statement after it is what runs', () => {
    expect(read("-- \\\nSELECT 'x' AS a, '\nDELETE FROM t -- ' LIMIT 1", 'databricks')).toEqual([
      'DELETE FROM t',
    ]);
    expect(
      checkSql("-- \\\nSELECT 'x' AS a, '\nDELETE FROM t -- ' LIMIT 1", 'databricks', true).refusals[0],
    ).toMatchObject({ rule: 'not_a_read', issue: expect.stringContaining('found delete') });
    // Only directly before the newline: a backslash then a space, or a backslash then \r\n, ends nothing early.
    expect(read('SELECT 1 -- \\ \nLIMIT 1', 'databricks')).toEqual(['SELECT 1  \nLIMIT 1']);
    expect(read('SELECT 1 -- \\\r\nLIMIT 1', 'databricks')).toEqual(['SELECT 1  \r\nLIMIT 1']);
  });
  it('raw strings hold backslashes and end at their quote; "…" is a string with escapes', () => {
    expect(read("SELECT r'C:\\dir\\' AS p LIMIT 1", 'databricks')).toEqual(["SELECT 'C:_dir_' AS p LIMIT 1"]);
    expect(read('SELECT R"a\\" AS p LIMIT 1', 'databricks')).toEqual(["SELECT 'a_' AS p LIMIT 1"]);
    expect(read('SELECT "a\\"b" AS p LIMIT 1', 'databricks')).toEqual(["SELECT 'a__b' AS p LIMIT 1"]);
    // An identifier ending in r before a quote is no raw string.
    expect(read("SELECT bar'x' LIMIT 1", 'databricks')).toEqual(["SELECT bar'x' LIMIT 1"]);
  });
  it('backticks quote identifiers (a doubled one stands for one); block comments nest', () => {
    expect(read('SELECT `a``b;c` LIMIT 1', 'databricks')).toEqual(['SELECT `a__b;c` LIMIT 1']);
    expect(read('SELECT 1 /* a /* b */ c */ LIMIT 1', 'databricks')).toEqual(['SELECT 1   LIMIT 1']);
    expect(lexFails('SELECT 1 /* a /* b */ LIMIT 1', 'databricks')).toBe('unterminated block comment');
  });
});

describe('Redshift: its documented lexer (backslash escapes in every string), block comments nesting or not', () => {
  it("a backslash escapes the next character in every string, as Redshift documents (UNLOAD: venuestate=\\'NV\\')", () => {
    expect(read("SELECT 'a\\'b' LIMIT 1", 'redshift', 0)).toEqual(["SELECT 'a__b' LIMIT 1"]);
    expect(read("SELECT 'a\\'b' LIMIT 1", 'redshift', 1)).toEqual(["SELECT 'a__b' LIMIT 1"]);
    expect(read("SELECT 'C:\\\\' AS p LIMIT 1", 'redshift')).toEqual(["SELECT 'C:__' AS p LIMIT 1"]);
    // PostgreSQL's standard strings are not Redshift's: a string the backslash does not close stays open.
    expect(lexFails("SELECT 'a\\' LIMIT 1", 'redshift', 0)).toBe('unterminated string');
    expect(lexFails("SELECT 'a\\' LIMIT 1", 'redshift', 1)).toBe('unterminated string');
  });
  it("a query with a backslash-escaped quote ('it\\'s') is approved on Redshift, and still refused where it is no string", () => {
    const sql = "SELECT name FROM t WHERE note = 'it\\'s' LIMIT 1";
    expect(checkSql(sql, 'redshift', false)).toMatchObject({ read_only: true, refusals: [] });
    expect(checkSql("SELECT 'it\\'s', pg_sleep(1) LIMIT 1", 'redshift', false)).toMatchObject({
      read_only: false,
      refusals: [expect.objectContaining({ rule: 'side_effect', side_effect: 'sleep' })],
    });
    // Athena (Trino) has standard strings: there the same text has a lone backslash and an open string.
    expect(checkSql(sql, 'athena', false)).toMatchObject({ read_only: false });
  });
  it('block comments are read nesting and not nesting: code either reading sees is checked', () => {
    expect(read('SELECT 1 /* a /* b */ c */ LIMIT 1', 'redshift', 1)).toEqual(['SELECT 1   LIMIT 1']);
    expect(lexFails('SELECT 1 /* a /* b */ LIMIT 1', 'redshift', 1)).toBe('unterminated block comment');
    // Nested, the comment ends after `'x */`: pg_sleep is code there, inside a string otherwise.
    const hidden = "SELECT 1 /* /* */ , 'x */ , pg_sleep(100) --' FROM t LIMIT 1";
    expect(checkSql(hidden, 'redshift', true)).toMatchObject({
      read_only: false,
      refusals: [expect.objectContaining({ rule: 'side_effect', side_effect: 'sleep' })],
    });
  });
  it('"…" identifiers with "" doubling; $tag$ strings, never right after an identifier character', () => {
    expect(read('SELECT "a""b" LIMIT 1', 'redshift')).toEqual(['SELECT "a__b" LIMIT 1']);
    expect(read("SELECT $t$ it's $t$ LIMIT 1", 'redshift')).toEqual(["SELECT ' it_s ' LIMIT 1"]);
    expect(read('SELECT a$b FROM t LIMIT 1', 'redshift')).toEqual(['SELECT a$b FROM t LIMIT 1']);
    expect(read('SELECT $1 FROM t LIMIT 1', 'redshift')).toEqual(['SELECT $1 FROM t LIMIT 1']);
    expect(lexFails('SELECT $t$ open', 'redshift')).toBe('unterminated dollar-quoted string');
  });
});

describe('the rules each lexer carries', () => {
  it('PostgreSQL nests block comments; Redshift as documented does not say so, and is read flat', () => {
    expect(read('SELECT 1 /* /* */ */ LIMIT 1', 'redshift', 1)).toEqual(['SELECT 1   LIMIT 1']);
    expect(read('SELECT 1 /* /* */ */ LIMIT 1', 'redshift', 0)).toEqual(['SELECT 1   */ LIMIT 1']);
  });
  it('BigQuery and Snowflake strings take backslash escapes', () => {
    for (const w of ['bigquery', 'snowflake'] as const)
      expect(read("SELECT 'a\\'b' LIMIT 1", w), w).toEqual(["SELECT 'a__b' LIMIT 1"]);
  });
});

describe('the other warehouses', () => {
  it('Athena (Trino): standard strings; a backslash, a backtick or a dollar sign is no token', () => {
    expect(read("SELECT 'C:\\dir\\' LIMIT 1", 'athena')).toEqual(["SELECT 'C:_dir_' LIMIT 1"]);
    expect(lexFails('SELECT `a` LIMIT 1', 'athena')).toBe('"`" is no token of its own here');
    expect(lexFails('SELECT $$a$$ LIMIT 1', 'athena')).toBe('"$" is no token of its own here');
    expect(lexFails('SELECT 1 # x', 'athena')).toBe('"#" is no token of its own here');
    expect(lexFails('SELECT 4 // 2', 'athena')).toBe('"/" is no token of its own here');
    expect(lexFails('SELECT 1\u0000', 'athena')).toBe('"\\u0000" is no token of its own here');
  });
  it('BigQuery: both quotes are strings, triple quotes, # comments, backticks with escapes', () => {
    expect(read('SELECT """a " b""" LIMIT 1', 'bigquery')).toEqual(["SELECT 'a _ b' LIMIT 1"]);
    expect(read("SELECT '''it's''' LIMIT 1", 'bigquery')).toEqual(["SELECT 'it_s' LIMIT 1"]);
    expect(read('SELECT `p-1.d.t`.a FROM `p-1.d.t` LIMIT 1 # c', 'bigquery')).toEqual([
      'SELECT `p-1.d.t`.a FROM `p-1.d.t` LIMIT 1',
    ]);
    expect(read('SELECT `a\\`b` LIMIT 1', 'bigquery')).toEqual(['SELECT `a__b` LIMIT 1']);
  });
  it('Snowflake: $$ strings (no tags), // comments, either reading of nested comments', () => {
    expect(read("SELECT $$it's$$ LIMIT 1 // c", 'snowflake')).toEqual(["SELECT 'it_s' LIMIT 1"]);
    expect(lexFails('SELECT $t$ x $t$ LIMIT 1', 'snowflake')).toBe('"$" is no token of its own here');
    expect(read('SELECT 1 /* /* */ LIMIT 1', 'snowflake', 0)).toEqual(['SELECT 1   LIMIT 1']);
    expect(lexFails('SELECT 1 /* /* */ LIMIT 1', 'snowflake', 1)).toBe('unterminated block comment');
  });
  it('every lexer: a line comment ends at \\r or \\n; statements are split at top-level ;', () => {
    for (const w of ALL) {
      expect(read('SELECT 1 -- a\rLIMIT 1', w), w).toEqual(['SELECT 1  \rLIMIT 1']);
      expect(read('SELECT 1;; SELECT 2;', w), w).toEqual(['SELECT 1', 'SELECT 2']);
      expect(read(' ; -- x\n /* y */ ;', w), w).toEqual([]);
      expect(lexFails("SELECT 'a", w), w).toBe('unterminated string');
      expect(lexFails('SELECT 1 /* a', w), w).toBe('unterminated block comment');
    }
    expect(lexFails('SELECT "a', 'redshift')).toBe('unterminated identifier');
  });
  it('control characters in a literal are re-rendered harmlessly', () => {
    expect(read("SELECT 'a\tb\nc' LIMIT 1", 'athena')).toEqual(["SELECT 'a_b_c' LIMIT 1"]);
  });
});

describe('lexer edges', () => {
  it('a LexError names the lexer, what stopped it and where', () => {
    let error: unknown;
    try {
      tokenize("SELECT 'a", lexer('athena'));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(LexError);
    expect(error).toMatchObject({ rules: 'trino', offset: 7, what: 'unterminated string' });
    expect((error as Error).message).toBe('trino: unterminated string at offset 7');
  });
  it('block comments: the opener and closer are read as pairs (`/*/` opens, `*/*` closes once)', () => {
    expect(read('SELECT 1 /*/ ; x */ LIMIT 1', 'athena')).toEqual(['SELECT 1   LIMIT 1']);
    expect(read('SELECT 1 /* a /* b */*/ LIMIT 1', 'databricks')).toEqual(['SELECT 1   LIMIT 1']);
    expect(read('SELECT 1 /* a */*2 LIMIT 1', 'athena')).toEqual(['SELECT 1  *2 LIMIT 1']);
    expect(read('SELECT 1 /* a /* b */ */ ; */', 'athena')).toEqual(['SELECT 1   */', '*/']);
  });
  it('dollar tags: letters, _, digits after the first, non-ASCII; never after an identifier character', () => {
    for (const tag of ['$_t$', '$t1$', '$é$', '$$'])
      expect(read(`SELECT ${tag} ; ' ${tag} LIMIT 1`, 'redshift'), tag).toEqual(["SELECT ' ; _ ' LIMIT 1"]);
    // A digit cannot open a tag: `$1` is a parameter, and `t$` an identifier.
    expect(lexFails("SELECT $1t$ ' $1t$", 'redshift')).toBe('unterminated string');
    for (const before of ['a', 'Z', '_', '9', 'é', '$'])
      expect(read(`SELECT x${before}$q$ LIMIT 1`, 'redshift'), before).toEqual([
        `SELECT x${before}$q$ LIMIT 1`,
      ]);
    expect(read('SELECT ($q$ x $q$) LIMIT 1', 'redshift')).toEqual(["SELECT (' x ') LIMIT 1"]);
  });
  it('raw strings only where an identifier does not go on; an E before a Redshift string changes nothing', () => {
    expect(read("SELECT (E'\\'') LIMIT 1", 'redshift')).toEqual(["SELECT (E'__') LIMIT 1"]);
    expect(read("SELECT (r'\\') LIMIT 1", 'databricks')).toEqual(["SELECT ('_') LIMIT 1"]);
    expect(read("SELECT xr'\\'' LIMIT 1", 'databricks')).toEqual(["SELECT xr'__' LIMIT 1"]);
  });
  it('code that is no token of its own', () => {
    expect(lexFails('SELECT 1 \\ 2', 'athena')).toBe('"\\\\" is no token of its own here');
    expect(lexFails('SELECT 1\u007f', 'athena')).toBe('"\u007f" is no token of its own here');
    expect(lexFails('SELECT 1\u0085', 'athena')).toBe('"\u0085" is no token of its own here');
    expect(lexFails('SELECT 1 / 2 LIMIT 1', 'athena')).toBeUndefined();
    expect(lexFails('SELECT 1 LIMIT 1 //', 'snowflake')).toBeUndefined();
    expect(lexFails('SELECT 1 # x', 'bigquery')).toBeUndefined();
  });
  it('a line comment ends at \r or \n even right after a backslash, unless Spark continues it with \n', () => {
    expect(read('SELECT 1 -- \\\rLIMIT 1', 'databricks')).toEqual(['SELECT 1  \rLIMIT 1']);
    expect(read('SELECT 1 -- \\\nLIMIT 1', 'redshift')).toEqual(['SELECT 1  \nLIMIT 1']);
    expect(read('SELECT 1 -- \\\nLIMIT 1', 'databricks')).toEqual(['SELECT 1']);
    expect(read('SELECT 1 -- \\', 'databricks')).toEqual(['SELECT 1']);
  });
  it('tokens carry their offsets and kinds', () => {
    expect(tokenize("a 'b';--c", lexer('athena'))).toEqual([
      { kind: 'code', text: 'a', start: 0 },
      { kind: 'space', text: ' ', start: 1 },
      { kind: 'string', text: 'b', start: 2 },
      { kind: 'semicolon', text: ';', start: 5 },
      { kind: 'comment', text: '--c', start: 6 },
    ]);
  });
});

describe('storage types → warehouses', () => {
  it('every Openbridge destination that runs SQL, and nothing else', () => {
    expect(warehouseOf('redshift')).toBe('redshift');
    expect(warehouseOf('spectrum')).toBe('redshift');
    expect(warehouseOf('athena')).toBe('athena');
    expect(warehouseOf('bigquery')).toBe('bigquery');
    for (const t of [
      'snowflake',
      'snowflake_oauth',
      'snowflake_ext_az',
      'snowflake_ext_gcs',
      'snowflake_ext_s3',
    ])
      expect(warehouseOf(t), t).toBe('snowflake');
    expect(warehouseOf('databricks')).toBe('databricks');
    expect(warehouseOf('databricks_external')).toBe('databricks');
    for (const t of ['azure_blob', 'azure_datalake', 'unknown', 'toString', '__proto__', 'postgresql'])
      expect(warehouseOf(t), t).toBeUndefined();
  });
});

describe('each warehouse as validate_query reports it, and the lexer rules a query meets', () => {
  it('the grammar and the lexers each warehouse is read with (checks.dialect)', () => {
    const dialect = (w: Warehouse) => checkSql('SELECT 1 LIMIT 1', w, false).dialect;
    expect(dialect('redshift')).toEqual({
      warehouse: 'redshift',
      grammar: 'redshift',
      lexers: ['redshift', 'redshift (nested comments)'],
    });
    expect(dialect('athena')).toEqual({ warehouse: 'athena', grammar: 'athena', lexers: ['trino'] });
    expect(dialect('bigquery')).toEqual({ warehouse: 'bigquery', grammar: 'bigquery', lexers: ['bigquery'] });
    expect(dialect('snowflake')).toEqual({
      warehouse: 'snowflake',
      grammar: 'snowflake',
      lexers: ['snowflake', 'snowflake (nested comments)'],
    });
    expect(dialect('databricks')).toEqual({ warehouse: 'databricks', grammar: 'hive', lexers: ['spark'] });
  });
  it('a quoted identifier reaches each grammar in that grammar’s quotes', () => {
    expect(read('SELECT "a b" FROM t LIMIT 1', 'athena')).toEqual(['SELECT "a b" FROM t LIMIT 1']);
    expect(read('SELECT "a b" FROM t LIMIT 1', 'snowflake')).toEqual(['SELECT "a b" FROM t LIMIT 1']);
    expect(read('SELECT `a b` FROM t LIMIT 1', 'bigquery')).toEqual(['SELECT `a b` FROM t LIMIT 1']);
  });
  it('a doubled quote in a string is two strings side by side, not one (no lexer doubles string quotes)', () => {
    expect(read("SELECT 'a''b' LIMIT 1", 'athena')).toEqual(["SELECT 'a''b' LIMIT 1"]);
    expect(read("SELECT r'a''b' LIMIT 1", 'databricks')).toEqual(["SELECT 'a''b' LIMIT 1"]);
  });
  it('a backslash inside a "…" identifier escapes nothing', () => {
    expect(read('SELECT "a\\" FROM t LIMIT 1', 'redshift')).toEqual(['SELECT "a_" FROM t LIMIT 1']);
  });
  it('raw strings open only at r or R right before a quote', () => {
    expect(read("SELECT ('a\\'b') LIMIT 1", 'databricks')).toEqual(["SELECT ('a__b') LIMIT 1"]);
    expect(read('SELECT r, 1 AS x LIMIT 1', 'databricks')).toEqual(['SELECT r, 1 AS x LIMIT 1']);
  });
  it('an unterminated raw string or backtick identifier is named as such', () => {
    expect(lexFails("SELECT r'abc", 'databricks')).toBe('unterminated raw string');
    expect(lexFails('SELECT `abc', 'databricks')).toBe('unterminated identifier');
  });
  it('a vertical tab is whitespace, like a space', () => {
    expect(read('SELECT\v1 LIMIT 1', 'athena')).toEqual(['SELECT\v1 LIMIT 1']);
  });
  it('tokens: each run of code one token, each comment its own text, each placed where it starts', () => {
    expect(tokenize('a+b /*c*/d', lexer('athena'))).toEqual([
      { kind: 'code', text: 'a+b', start: 0 },
      { kind: 'space', text: ' ', start: 3 },
      { kind: 'comment', text: '/*c*/', start: 4 },
      { kind: 'code', text: 'd', start: 9 },
    ]);
    expect(tokenize('x;y', lexer('athena'))).toEqual([
      { kind: 'code', text: 'x', start: 0 },
      { kind: 'semicolon', text: ';', start: 1 },
      { kind: 'code', text: 'y', start: 2 },
    ]);
  });
});
