// The read-only SQL guard behind validate_query / execute_query: a hostile and a benign corpus, decided on the parse.
import { describe, expect, it } from 'vitest';
import { maxStatementCount } from '../src/sql/lexical-statements.js';
import { checkSql, decide } from '../src/tools/sql-check.js';

const allowed = (sql: string, unbounded = false) => decide(checkSql(sql, unbounded), unbounded).allowed;

/** Statements that must never reach a warehouse, even with allow_unbounded. */
const HOSTILE: readonly string[] = [
  // Several statements, the second hidden from a naive scan by a literal, identifier or comment in another dialect.
  "SELECT '/*'; DELETE FROM amzadv_sp_campaigns_master; SELECT '*/' LIMIT 1",
  "SELECT '--'; DELETE FROM t; SELECT 1 LIMIT 1",
  "SELECT \"it's\"; DELETE FROM t; SELECT 'x' LIMIT 1",
  "SELECT 'a\\'; DELETE FROM t; --' LIMIT 1",
  'SELECT "a\\"; DROP TABLE t; --" LIMIT 1',
  "SELECT $$ '; $$; DELETE FROM t; SELECT 1 LIMIT 1",
  'SELECT $tag$ x $tag$; DROP TABLE t; SELECT 1 LIMIT 1',
  'SELECT 1 LIMIT 1; $x$ ; DELETE FROM t; $x$',
  'SELECT `;`; DELETE FROM t; SELECT 1 LIMIT 1',
  'SELECT 1 # ; DELETE FROM t\nLIMIT 1',
  "SELECT 1 LIMIT 1; EXECUTE IMMEDIATE 'DROP TABLE t'",
  'SELECT $$a;b$$ AS x LIMIT 1; DELETE FROM t',
  'SELECT 1 /* /* */ ; DELETE FROM t; /* */ LIMIT 1',
  'SELECT 1 LIMIT 1; DROP TABLE t',
  'SELECT 1 LIMIT 1;DELETE FROM t',
  'SELECT 1 LIMIT 1;\nINSERT INTO t VALUES (1)',
  'SELECT 1 LIMIT 1 ; ; UPDATE t SET a = 1',
  'select a from t limit 1; commit',
  'SELECT a FROM t LIMIT 1; GRANT ALL ON t TO PUBLIC',
  'SELECT 1 LIMIT 1; CALL proc()',
  "SELECT 1 LIMIT 1; COPY t TO 's3://bucket/x'",
  // BigQuery reads `\`` inside a backquoted identifier as a backtick: the DROP is a statement of its own there.
  "SELECT 1 AS `x\\`, ' ` ; DROP TABLE t; SELECT 1 LIMIT 1 -- ' LIMIT 1",
  // Snowflake's // comment hides the quote that would swallow the DROP elsewhere.
  "SELECT 1 LIMIT 1 // it's done\n; DROP TABLE t",
  // Writes, DDL and everything that is not a SELECT.
  'DELETE FROM amzadv_sp_campaigns_master',
  'delete from t where 1=1',
  'INSERT INTO t VALUES (1)',
  'INSERT INTO t SELECT * FROM u LIMIT 1',
  'UPDATE t SET a = 1',
  'UPDATE t SET a = (SELECT 1 LIMIT 1) WHERE b = 2',
  'DROP TABLE t',
  'DROP SCHEMA s CASCADE',
  'TRUNCATE TABLE t',
  'ALTER TABLE t ADD COLUMN c INT',
  'CREATE TABLE t2 AS SELECT * FROM t LIMIT 1',
  'CREATE TEMP TABLE x (a int)',
  'CREATE VIEW v AS SELECT a FROM t LIMIT 1',
  'MERGE INTO t USING u ON t.a = u.a WHEN MATCHED THEN UPDATE SET b = u.b',
  'GRANT SELECT ON t TO PUBLIC',
  'REVOKE SELECT ON t FROM PUBLIC',
  "COPY t FROM 's3://bucket/key' IAM_ROLE 'arn:aws:iam::1:role/x'",
  "UNLOAD ('SELECT * FROM t LIMIT 1') TO 's3://bucket/out'",
  'CALL my_procedure(1)',
  'VACUUM t',
  'ANALYZE t',
  'LOCK TABLE t LIMIT 1',
  'SHOW TABLES LIMIT 1',
  'EXPLAIN ANALYZE SELECT a FROM t LIMIT 1',
  'SET search_path TO evil',
  'BEGIN',
  'USE evil_db',
  'REPLACE INTO t VALUES (1)',
  // Reads that write: SELECT … INTO, a data-modifying CTE, side-effecting functions, row locks.
  'SELECT * INTO new_table FROM t LIMIT 1',
  'SELECT a INTO TEMP x FROM t LIMIT 1',
  'WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d LIMIT 1',
  'WITH u AS (UPDATE t SET a = 1 RETURNING a) SELECT a FROM u LIMIT 1',
  'WITH i AS (INSERT INTO t VALUES (1) RETURNING a) SELECT a FROM i LIMIT 1',
  "SELECT nextval('seq') LIMIT 1",
  "SELECT set_config('search_path', 'evil', false) LIMIT 1",
  'SELECT pg_terminate_backend(123) LIMIT 1',
  "SELECT pg_read_file('/etc/passwd') LIMIT 1",
  "SELECT a FROM t WHERE a IN (SELECT setval('s', 1)) LIMIT 1",
  "SELECT SYSTEM$CANCEL_QUERY('01a') LIMIT 1",
  "SELECT pg_notify('ch', 'x') LIMIT 1",
  "SELECT lo_import('/etc/passwd') LIMIT 1",
  "SELECT * FROM EXTERNAL_QUERY('conn', 'SELECT 1') LIMIT 1",
  "SELECT query_to_xml('DELETE FROM t RETURNING 1', true, true, '') LIMIT 1",
  'SELECT a FROM t FOR UPDATE LIMIT 1',
  // Nothing to run, or nothing the grammars can read.
  '-- only a comment',
  '/* just a comment */',
  ';',
  'SELEC a FROM t LIMIT 1',
  'SELECT a FROM t LIMIT 1 garbage garbage',
];

/** Reads an agent sends, in the dialects Openbridge delivers to. */
const BENIGN: readonly string[] = [
  'SELECT campaign_id, budget FROM amzadv_sp_campaigns_master LIMIT 10',
  'SELECT a FROM t LIMIT 5;',
  'select a from t limit 5 ;  ',
  'with x as (select a from t) select a from x limit 5',
  'WITH a AS (SELECT 1 AS n), b AS (SELECT n FROM a) SELECT n FROM b LIMIT 1',
  "SELECT 'insert; drop' AS s FROM t LIMIT 1",
  'SELECT "delete" FROM t LIMIT 1 -- update later; drop',
  '/* truncate */ SELECT created_at, update_date FROM t LIMIT 1',
  "SELECT a FROM t WHERE b = 'it''s' LIMIT 1",
  "SELECT a FROM t WHERE note = 'a;b' LIMIT 3",
  'SELECT "weird;name" FROM t LIMIT 1',
  'SELECT `project.dataset.table`.a FROM `project.dataset.table` LIMIT 1',
  "SELECT $$dollar quoted, it's fine$$ AS x LIMIT 1",
  "SELECT '''; not a separator in any reading; ''' AS s LIMIT 1",
  'SELECT TOP 10 a FROM t',
  'SELECT campaign_id, SUM(cost) AS spend FROM amzadv_sp_campaigns_master WHERE report_date >= CURRENT_DATE - 7 GROUP BY 1 ORDER BY 2 DESC LIMIT 10',
  'SELECT a.x, b.y FROM a JOIN b ON a.id = b.id WHERE a.z > 3 LIMIT 100',
  'SELECT COUNT(*) FROM t LIMIT 1',
  'SELECT a FROM t UNION ALL SELECT b FROM u LIMIT 3',
  'SELECT a FROM (SELECT a FROM t WHERE a > 1) s LIMIT 2',
  'SELECT DISTINCT profile_id FROM amzadv_profiles_master ORDER BY profile_id LIMIT 50',
  'SELECT a, ROW_NUMBER() OVER (PARTITION BY b ORDER BY c) AS rn FROM t LIMIT 20',
  "SELECT CASE WHEN a > 1 THEN 'big' ELSE 'small' END AS size FROM t LIMIT 5",
  'SELECT pg_sleep(1) LIMIT 1',
  'SELECT created_at, updated_at, deleted_flag FROM t LIMIT 1',
  // Dialect-specific reads: one grammar that parses them is enough when none sees anything else.
  'SELECT a::int FROM t LIMIT 1',
  'SELECT * EXCEPT(a) FROM `p.d.t` LIMIT 1',
  'SELECT a FROM t QUALIFY ROW_NUMBER() OVER (PARTITION BY b ORDER BY c) = 1 LIMIT 5',
  "SELECT * FROM t WHERE a ILIKE '%x%' LIMIT 1",
  "SELECT 'C:\\path' AS p FROM t LIMIT 1",
  'SELECT 1 LIMIT 1; -- done',
];

describe('SQL guard corpus', () => {
  it(`has at least 50 hostile and 20 benign statements (${HOSTILE.length} / ${BENIGN.length})`, () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(50);
    expect(BENIGN.length).toBeGreaterThanOrEqual(20);
  });

  it.each(HOSTILE.map((sql) => [sql]))('refuses %j (even with allow_unbounded)', (sql) => {
    expect(allowed(sql, true)).toBe(false);
    expect(checkSql(sql, true).refusals.length).toBeGreaterThan(0);
  });

  it.each(BENIGN.map((sql) => [sql]))('allows %j', (sql) => {
    const check = checkSql(sql, false);
    expect(check.refusals).toEqual([]);
    expect(allowed(sql)).toBe(true);
  });
});

describe('SQL guard rules', () => {
  it('the audit case: a comment opener inside a literal hides nothing', () => {
    const check = checkSql("SELECT '/*'; DELETE FROM amzadv_sp_campaigns_master; SELECT '*/' LIMIT 1", true);
    expect(check).toMatchObject({ single_statement: false, read_only: false });
    expect(check.refusals.map((r) => r.rule)).toContain('multiple_statements');
  });

  it('a statement split only under another dialect’s escaping is two statements', () => {
    // PostgreSQL reads `\` literally: the string ends after it and DELETE is a statement of its own.
    expect(maxStatementCount("SELECT 'a\\'; DELETE FROM t; --' LIMIT 1")).toBeGreaterThan(1);
    expect(maxStatementCount("SELECT 'a;b' LIMIT 1")).toBe(1);
    expect(maxStatementCount('SELECT 1;')).toBe(1);
    // Dollar quoting hides a `;` only from the dialects that have it: BigQuery would split here.
    expect(maxStatementCount('SELECT $$a;b$$ LIMIT 1')).toBe(2);
  });

  it('decides on the parse: statement kinds come from the AST, not from words in the text', () => {
    expect(checkSql('DROP TABLE t', true).statement_kinds).toEqual(['drop']);
    expect(checkSql("SELECT 'drop table t' AS s LIMIT 1", false)).toMatchObject({
      read_only: true,
      statement_kinds: ['select'],
    });
    expect(checkSql('SELECT * INTO n FROM t LIMIT 1', true).statement_kinds).toContain('select_into');
  });

  it('a text with no code in any reading is no_statement, and nothing else is claimed of it', () => {
    for (const text of ['-- only a comment', '/* c */', '  ;  ', ';', '', '-- a\n/* b */ ;']) {
      const issue =
        'Query holds no statement in at least one warehouse dialect (only comments, whitespace or semicolons there); send one SELECT.';
      expect(checkSql(text, true), JSON.stringify(text)).toEqual({
        read_only: false,
        single_statement: false,
        starts_with_select: false,
        has_limit: false,
        uses_select_star: false,
        parsed: false,
        statement_kinds: [],
        dialects: { parsed: [], not_parsed: [] },
        refusals: [{ rule: 'no_statement', issue }],
        warnings: [issue],
      });
    }
  });

  it('a grammar that reads no statement (only a comment in its dialect) refuses it as no_statement too', () => {
    // `#` opens a comment for Athena (its grammar reads nothing) and is code for Redshift (its grammar stops).
    for (const [text, allowUnbounded] of [
      ['# only a hash comment', true],
      ['# SELECT 1 LIMIT 1', false],
      ['// only a slash comment', false],
    ] as const) {
      const check = checkSql(text, allowUnbounded);
      expect(check, text).toMatchObject({
        read_only: false,
        single_statement: false,
        starts_with_select: false,
        parsed: true,
        statement_kinds: [],
      });
      expect(
        check.refusals.map((r) => r.rule),
        text,
      ).toEqual(['no_statement']);
      expect(check.warnings, text).toEqual([check.refusals[0]?.issue]);
    }
  });

  it('a query no grammar parses is refused as unparsable, naming where a grammar stopped', () => {
    const check = checkSql('SELEC a FROM t LIMIT 1', true);
    expect(check).toMatchObject({ parsed: false, read_only: false });
    expect(check.refusals).toEqual([
      { rule: 'unparsable', issue: expect.stringMatching(/line 1, column \d+/) },
    ]);
  });

  it('a refusal names everything that is not a read, in the order found', () => {
    expect(checkSql("SELECT nextval('a'), setval('b', 1) LIMIT 1", true).refusals).toEqual([
      {
        rule: 'not_a_read',
        issue:
          'Only a read runs: one SELECT (or WITH … SELECT) with no INTO, no write and no side-effecting function; found function:nextval, function:setval.',
      },
    ]);
  });

  it('a side-effecting function is found however deep it is nested', () => {
    // 70 calls deep the AST is over 200 levels: the walk used to stop there and pass this as a read.
    const sql = `SELECT ${'abs('.repeat(70)}pg_terminate_backend(1)${')'.repeat(70)} LIMIT 1`;
    const check = checkSql(sql, true);
    expect(check).toMatchObject({
      read_only: false,
      statement_kinds: ['select', 'function:pg_terminate_backend'],
    });
    expect(check.refusals.map((r) => r.rule)).toEqual(['not_a_read']);
  });

  it('needs a LIMIT unless allow_unbounded; the starts-with-SELECT rule holds on its own (mutation B2)', () => {
    expect(decide(checkSql('SELECT a FROM t', false), false)).toEqual({
      allowed: false,
      read_only: true,
      limit_ok: false,
    });
    expect(allowed('SELECT a FROM t', true)).toBe(true);
    expect(checkSql('SELECT * FROM t LIMIT 1', false).uses_select_star).toBe(true);
    for (const sql of [
      'SHOW TABLES LIMIT 1',
      'EXPLAIN ANALYZE SELECT a FROM t LIMIT 1',
      'LOCK TABLE t LIMIT 1',
    ])
      expect(allowed(sql, true), sql).toBe(false);
  });
});
