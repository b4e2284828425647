// The read-only SQL safeguards behind validate_query / execute_query (pure functions, no server).
import { describe, expect, it } from 'vitest';
import { checkSql, decide } from '../src/tools/sql-check.js';

const allowed = (sql: string, unbounded = false) => decide(checkSql(sql, unbounded), unbounded).allowed;

describe('checkSql', () => {
  it('allows one SELECT or WITH … SELECT with a LIMIT (a trailing semicolon is fine)', () => {
    expect(allowed('SELECT a FROM t LIMIT 5;')).toBe(true);
    expect(allowed('with x as (select a from t) select * from x limit 5')).toBe(true);
    expect(allowed('SELECT TOP 10 a FROM t')).toBe(true);
    expect(allowed('SELECT a FROM t FETCH FIRST 10 ROWS ONLY')).toBe(true);
  });

  it('denies writes, DDL and side effects anywhere in the statement', () => {
    for (const sql of [
      'INSERT INTO t VALUES (1)',
      'WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d LIMIT 1',
      'SELECT a FROM t LIMIT 1; DROP TABLE t',
      "COPY t TO 's3://bucket/x'",
      'GRANT SELECT ON t TO PUBLIC',
      'update t set a = 1',
    ]) {
      expect(allowed(sql, true), sql).toBe(false);
    }
  });

  it('ignores keywords in comments, string literals and quoted identifiers; column names are not keywords', () => {
    expect(allowed("SELECT 'insert; drop' AS s FROM t LIMIT 1")).toBe(true);
    expect(allowed('SELECT "delete" FROM t LIMIT 1 -- update later; drop')).toBe(true);
    expect(allowed('/* truncate */ SELECT created_at, update_date FROM t LIMIT 1')).toBe(true);
  });

  it('needs a LIMIT unless allow_unbounded', () => {
    expect(decide(checkSql('SELECT a FROM t', false), false)).toEqual({
      allowed: false,
      read_only: true,
      limit_ok: false,
    });
    expect(allowed('SELECT a FROM t', true)).toBe(true);
    expect(checkSql('SELECT * FROM t LIMIT 1', false).uses_select_star).toBe(true);
  });
});
