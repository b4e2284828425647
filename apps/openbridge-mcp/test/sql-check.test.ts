// The read-only SQL guard behind validate_query / execute_query: a hostile corpus refused on every warehouse, a benign one passed on its own.
import { describe, expect, it } from 'vitest';
import type { Warehouse } from '../src/sql/warehouses.js';
import { checkSql, decide } from '../src/tools/sql-check.js';

const WAREHOUSES: readonly Warehouse[] = ['redshift', 'athena', 'bigquery', 'snowflake', 'databricks'];
const allowed = (sql: string, warehouse: Warehouse, unbounded = false) =>
  decide(checkSql(sql, warehouse, unbounded), unbounded).allowed;

/** Statements that must never reach any warehouse, even with allow_unbounded. */
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
  'SELECT pg_sleep(1) LIMIT 1',
  'SELECT my_seq.NEXTVAL LIMIT 1',
  "SELECT reflect('java.lang.Thread', 'sleep', 1000) LIMIT 1",
  "SELECT java_method('java.lang.System', 'exit', 0) LIMIT 1",
  "SELECT secret('scope', 'key') LIMIT 1",
  'SELECT pg_stat_reset_shared() LIMIT 1',
  'SELECT db.schema.my_udf(1) FROM t LIMIT 1',
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

/** [warehouses, sql]: reads an agent sends, each passed on the warehouses whose SQL it is. */
const BENIGN: ReadonlyArray<readonly [readonly Warehouse[], string]> = [
  [WAREHOUSES, 'SELECT campaign_id, budget FROM amzadv_sp_campaigns_master LIMIT 10'],
  [WAREHOUSES, 'SELECT a FROM t LIMIT 5;'],
  [WAREHOUSES, 'select a from t limit 5 ;  '],
  [WAREHOUSES, "SELECT 'insert; drop' AS s FROM t LIMIT 1"],
  [WAREHOUSES, '/* truncate */ SELECT created_at, update_date FROM t LIMIT 1'],
  [WAREHOUSES, "SELECT a FROM t WHERE note = 'a;b' LIMIT 3"],
  [WAREHOUSES, 'SELECT a FROM t LIMIT 1 -- update later; drop'],
  [WAREHOUSES, 'SELECT a FROM t LIMIT 1\r-- a comment ended by a carriage return\r'],
  [WAREHOUSES, 'SELECT COUNT(*) FROM t LIMIT 1'],
  [WAREHOUSES, 'SELECT a.x, b.y FROM a JOIN b ON a.id = b.id WHERE a.z > 3 LIMIT 100'],
  [WAREHOUSES, 'SELECT a FROM t UNION ALL SELECT b FROM u LIMIT 3'],
  [WAREHOUSES, 'SELECT a FROM (SELECT a FROM t WHERE a > 1) s LIMIT 2'],
  [WAREHOUSES, 'SELECT DISTINCT profile_id FROM amzadv_profiles_master ORDER BY profile_id LIMIT 50'],
  [WAREHOUSES, "SELECT CASE WHEN a > 1 THEN 'big' ELSE 'small' END AS size FROM t LIMIT 5"],
  [WAREHOUSES, 'SELECT created_at, updated_at, deleted_flag FROM t LIMIT 1'],
  [
    WAREHOUSES,
    'SELECT campaign_id, SUM(cost) AS spend FROM amzadv_sp_campaigns_master GROUP BY 1 ORDER BY 2 DESC LIMIT 10',
  ],
  [
    ['redshift', 'athena', 'snowflake', 'databricks'],
    'SELECT a, ROW_NUMBER() OVER (PARTITION BY b ORDER BY c) AS rn FROM t LIMIT 20',
  ],
  [['redshift', 'athena', 'snowflake'], 'with x as (select a from t) select a from x limit 5'],
  [['redshift', 'athena', 'snowflake'], "SELECT a FROM t WHERE b = 'it''s' LIMIT 1"],
  [['redshift', 'athena', 'snowflake'], 'SELECT "weird;name" FROM t LIMIT 1'],
  [['redshift', 'snowflake'], 'SELECT a::int FROM t LIMIT 1'],
  [['snowflake', 'redshift'], 'SELECT TOP 10 a FROM t'],
  // The audit's benign reads refused before (one grammar lacked the form): each passes on its warehouse.
  [['redshift', 'snowflake'], "SELECT LISTAGG(sku, ',') WITHIN GROUP (ORDER BY sku) FROM t LIMIT 10"],
  [['redshift'], 'SELECT APPROXIMATE COUNT(DISTINCT sku) FROM t LIMIT 1'],
  [['snowflake'], 'SELECT sku FROM t SAMPLE (10) LIMIT 10'],
  [['bigquery'], 'SELECT ARRAY_AGG(sku ORDER BY sales DESC LIMIT 3) FROM t LIMIT 10'],
  [['databricks'], 'SELECT sku, tag FROM t LATERAL VIEW explode(tags) x AS tag LIMIT 10'],
  [['redshift', 'snowflake'], "SELECT $$dollar quoted, it's fine$$ AS x LIMIT 1"],
  [['redshift', 'snowflake', 'bigquery', 'databricks'], "SELECT 'C:\\path' AS p FROM t LIMIT 1"],
  [['redshift', 'snowflake'], "SELECT * FROM t WHERE a ILIKE '%x%' LIMIT 1"],
  [['athena'], "SELECT 'C:\\path\\' AS p FROM t LIMIT 1"],
  [['athena'], 'SELECT approx_distinct(a) FROM t LIMIT 1'],
  [['bigquery'], 'SELECT `project.dataset.table`.a FROM `project.dataset.table` LIMIT 1'],
  [['bigquery'], 'SELECT * EXCEPT(a) FROM `p.d.t` LIMIT 1'],
  [['bigquery'], 'SELECT a FROM t LIMIT 1 # a hash comment'],
  [['bigquery'], 'SELECT "a double-quoted string; with a semicolon" AS s FROM t LIMIT 1'],
  [['snowflake'], 'SELECT a FROM t QUALIFY ROW_NUMBER() OVER (PARTITION BY b ORDER BY c) = 1 LIMIT 5'],
  [['snowflake'], 'SELECT a FROM t LIMIT 1 // a slash comment'],
  [['databricks'], 'SELECT `weird name` FROM t LIMIT 1'],
  [['databricks'], "SELECT r'C:\\raw\\' AS p FROM t LIMIT 1"],
];

describe('SQL guard corpus', () => {
  it(`has at least 50 hostile and 30 benign statements (${HOSTILE.length} / ${BENIGN.length})`, () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(50);
    expect(BENIGN.length).toBeGreaterThanOrEqual(30);
  });

  it.each(HOSTILE.map((sql) => [sql]))('refuses %j on every warehouse (even with allow_unbounded)', (sql) => {
    for (const warehouse of WAREHOUSES) {
      expect(allowed(sql, warehouse, true), warehouse).toBe(false);
      expect(checkSql(sql, warehouse, true).refusals.length, warehouse).toBeGreaterThan(0);
    }
  });

  it.each(BENIGN.map(([w, sql]) => [sql, w]))('allows %j on %j', (sql, warehouses) => {
    for (const warehouse of warehouses) {
      const check = checkSql(sql, warehouse, false);
      expect(check.refusals, warehouse).toEqual([]);
      expect(allowed(sql, warehouse), warehouse).toBe(true);
    }
  });
});
