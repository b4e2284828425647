// Read forms a warehouse has and its grammar lacks (LISTAGG … WITHIN GROUP, APPROXIMATE, TOP, SAMPLE, ARRAY_AGG … ORDER BY … LIMIT, LATERAL VIEW): passed on their warehouse, and nothing hides in them.
import { describe, expect, it } from 'vitest';
import { reshape } from '../src/sql/benign-forms.js';
import type { Warehouse } from '../src/sql/warehouses.js';
import { checkSql } from '../src/tools/sql-check.js';

/** [warehouse, a realistic read in the form, the same form hiding a side effect]. */
const FORMS: ReadonlyArray<readonly [Warehouse, string, string]> = [
  [
    'redshift',
    "SELECT campaign_id, LISTAGG(sku, ',') WITHIN GROUP (ORDER BY sku) AS skus FROM t GROUP BY 1 LIMIT 10",
    "SELECT LISTAGG(sku, ',') WITHIN GROUP (ORDER BY pg_sleep(5)) FROM t LIMIT 1",
  ],
  [
    'redshift',
    'SELECT APPROXIMATE COUNT(DISTINCT asin) FROM t LIMIT 1',
    'SELECT APPROXIMATE COUNT(DISTINCT nextval(1)) FROM t LIMIT 1',
  ],
  ['redshift', 'SELECT TOP 10 campaign_id FROM t ORDER BY cost DESC', 'SELECT TOP 10 pg_sleep(1) FROM t'],
  [
    'redshift',
    'SELECT PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY cost DESC) FROM t LIMIT 1',
    'SELECT PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY my_udf(cost)) FROM t LIMIT 1',
  ],
  [
    'snowflake',
    'SELECT campaign_id FROM t SAMPLE (10) LIMIT 5',
    'SELECT campaign_id, my_seq.NEXTVAL FROM t SAMPLE (10) LIMIT 5',
  ],
  [
    'snowflake',
    "SELECT LISTAGG(sku, ', ') WITHIN GROUP (ORDER BY sku) FROM t LIMIT 1",
    "SELECT LISTAGG(sku, ', ') WITHIN GROUP (ORDER BY SYSTEM$WAIT(10)) FROM t LIMIT 1",
  ],
  [
    'bigquery',
    'SELECT campaign_id, ARRAY_AGG(keyword ORDER BY clicks DESC LIMIT 3) AS top3 FROM t GROUP BY 1 LIMIT 10',
    "SELECT ARRAY_AGG(keyword ORDER BY EXTERNAL_QUERY('c', 'SELECT 1') LIMIT 3) FROM t LIMIT 10",
  ],
  [
    'bigquery',
    "SELECT STRING_AGG(keyword, ',' ORDER BY clicks) FROM t LIMIT 1",
    "SELECT STRING_AGG(keyword, ',' ORDER BY my_project.fn(clicks)) FROM t LIMIT 1",
  ],
  [
    'databricks',
    'SELECT campaign_id, kw FROM t LATERAL VIEW explode(keywords) k AS kw LIMIT 10',
    "SELECT kw FROM t LATERAL VIEW explode(array(reflect('java.lang.Thread', 'sleep', 1))) k AS kw LIMIT 10",
  ],
  [
    'databricks',
    'SELECT i, kw FROM t LATERAL VIEW OUTER posexplode(keywords) k AS i, kw WHERE i < 3 LIMIT 10',
    "SELECT kw FROM t LATERAL VIEW OUTER explode(secret('s', 'k')) k AS kw LIMIT 10",
  ],
  [
    'athena',
    'SELECT campaign_id FROM t TABLESAMPLE BERNOULLI (10) LIMIT 5',
    'SELECT pg_sleep(1) FROM t TABLESAMPLE BERNOULLI (10) LIMIT 5',
  ],
];

describe('benign warehouse forms', () => {
  it.each(FORMS)('%s passes %j', (warehouse, benign) => {
    expect(checkSql(benign, warehouse, false).refusals).toEqual([]);
  });
  it.each(FORMS)('%s: the form hides no call (%j refused)', (warehouse, _benign, hostile) => {
    const check = checkSql(hostile, warehouse, false);
    expect(check.read_only).toBe(false);
    expect(check.refusals.map((r) => r.rule).filter((r) => r !== 'unbounded')).not.toEqual([]);
    expect(check.refusals.every((r) => r.rule === 'side_effect' || r.rule === 'function_not_allowed')).toBe(
      true,
    );
  });
});

describe('reshape', () => {
  it('takes out exactly the form, and checks what it held', () => {
    expect(reshape("SELECT LISTAGG(a, ',') WITHIN GROUP (ORDER BY b, c DESC) FROM t", 'redshift')).toEqual({
      text: "SELECT LISTAGG(a, ',')   FROM t",
      checks: ['SELECT 1 FROM t ORDER BY  b, c DESC'],
      top: false,
    });
    expect(reshape('SELECT ARRAY_AGG(a ORDER BY b LIMIT 3) FROM t', 'bigquery')).toEqual({
      text: 'SELECT ARRAY_AGG(a  ) FROM t',
      checks: ['SELECT 1 FROM t ORDER BY  b '],
      top: false,
    });
    expect(reshape('SELECT a FROM t LATERAL VIEW explode(x) e AS c, d WHERE c > 1', 'databricks')).toEqual({
      text: 'SELECT a FROM t   WHERE c > 1',
      checks: ['SELECT explode(x)'],
      top: false,
    });
    expect(reshape('SELECT DISTINCT TOP 5 a FROM t', 'redshift')).toEqual({
      text: 'SELECT DISTINCT   a FROM t',
      checks: [],
      top: true,
    });
  });
  it('leaves the words alone inside literals, subqueries, other warehouses and other shapes', () => {
    const same = (sql: string, w: Warehouse) =>
      expect(reshape(sql, w), `${w}: ${sql}`).toEqual({ text: sql, checks: [], top: false });
    same("SELECT 'WITHIN GROUP (ORDER BY x)' FROM t", 'redshift');
    same('SELECT a FROM t WITHIN GROUP', 'redshift');
    same('SELECT approximate FROM t', 'redshift');
    same('SELECT a FROM (SELECT TOP 1 a FROM t) s', 'redshift');
    same('SELECT TOP 1 a FROM t UNION SELECT b FROM u', 'redshift');
    same('SELECT TOP x FROM t', 'redshift');
    same('SELECT ARRAY_AGG(a) FROM (SELECT a FROM t ORDER BY a LIMIT 3) s', 'bigquery');
    same('SELECT a FROM t ORDER BY a LIMIT 3', 'bigquery');
    same('SELECT ARRAY_AGG(a ORDER BY b LIMIT n) FROM t', 'bigquery');
    same('SELECT a FROM t SAMPLE (x)', 'snowflake');
    same('SELECT a FROM t LATERAL VIEW', 'databricks');
    same('SELECT c FROM t LATERAL VIEW explode(arr) x AS c', 'redshift');
    same('SELECT APPROXIMATE COUNT(a) FROM t', 'bigquery');
  });
});

describe('reshape: each form exactly, and only its own shape', () => {
  const shaped = (sql: string, w: Warehouse) => reshape(sql, w);
  const same = (sql: string, w: Warehouse) =>
    expect(reshape(sql, w), `${w}: ${sql}`).toEqual({ text: sql, checks: [], top: false });

  it('WITHIN GROUP: after a call, GROUP ( ORDER BY …) in that order, balanced', () => {
    expect(shaped('SELECT f(a)WITHIN GROUP(ORDER BY b)', 'snowflake')).toEqual({
      text: 'SELECT f(a) ',
      checks: ['SELECT 1 FROM t ORDER BY  b'],
      top: false,
    });
    expect(shaped('SELECT f(a) within group ( order by (b) ) x', 'athena').text).toBe('SELECT f(a)   x');
    for (const sql of [
      'SELECT a WITHIN GROUP (ORDER BY b)',
      'SELECT f(a) WITHIN x (ORDER BY b)',
      'SELECT f(a) WITHIN GROUP ORDER BY b',
      'SELECT f(a) WITHIN GROUP (SELECT b)',
      'SELECT f(a) WITHIN GROUP (ORDER b)',
      'SELECT f(a) WITHIN GROUP (ORDER BY b',
      'WITHIN GROUP (ORDER BY b)',
    ])
      same(sql, 'redshift');
  });

  it('APPROXIMATE: only before a call', () => {
    expect(shaped('SELECT approximate percentile_disc(0.5)', 'redshift').text).toBe(
      'SELECT  percentile_disc(0.5)',
    );
    same('SELECT APPROXIMATE (1)', 'redshift');
    same('SELECT APPROXIMATE count', 'redshift');
    same('SELECT APPROXIMATE', 'redshift');
  });

  it('SAMPLE / TABLESAMPLE: a method, numbers, ROWS or PERCENT, and a numeric seed', () => {
    for (const method of ['BERNOULLI', 'SYSTEM', 'ROW', 'BLOCK', 'bernoulli'])
      expect(shaped(`SELECT a FROM t SAMPLE ${method} (10) LIMIT 1`, 'snowflake').text, method).toBe(
        'SELECT a FROM t   LIMIT 1',
      );
    expect(shaped('SELECT a FROM t TABLESAMPLE (0.5 PERCENT) REPEATABLE (7)', 'athena').text).toBe(
      'SELECT a FROM t  ',
    );
    expect(shaped('SELECT a FROM t sample (10 rows) seed(1.5)', 'snowflake').text).toBe('SELECT a FROM t  ');
    // A seed that is not numeric, or not in parentheses, stays (and the grammar judges it).
    expect(shaped('SELECT a FROM t SAMPLE (10) SEED (x)', 'snowflake').text).toBe(
      'SELECT a FROM t   SEED (x)',
    );
    expect(shaped('SELECT a FROM t SAMPLE (10) SEED 5', 'snowflake').text).toBe('SELECT a FROM t   SEED 5');
    expect(shaped('SELECT a FROM t SAMPLE (10) REPEATABLE (1', 'snowflake').text).toBe(
      'SELECT a FROM t   REPEATABLE (1',
    );
    for (const sql of [
      'SELECT a FROM t SAMPLE 10',
      'SELECT a FROM t SAMPLE (x)',
      'SELECT a FROM t SAMPLE (10',
      'SELECT a FROM t SAMPLE BERNOULLI 10',
      'SELECT a FROM t SAMPLE (1, 2)',
    ])
      same(sql, 'snowflake');
  });

  it('ORDER BY … [LIMIT n] inside a call (never a subquery, never at the top)', () => {
    expect(shaped('SELECT ARRAY_AGG((a) ORDER BY b)', 'bigquery')).toEqual({
      text: 'SELECT ARRAY_AGG((a)  )',
      checks: ['SELECT 1 FROM t ORDER BY  b'],
      top: false,
    });
    expect(shaped('SELECT f(g(a) ORDER BY h(b) DESC LIMIT 2)', 'bigquery')).toEqual({
      text: 'SELECT f(g(a)  )',
      checks: ['SELECT 1 FROM t ORDER BY  h(b) DESC '],
      top: false,
    });
    for (const sql of [
      'SELECT f(a ORDER b)',
      'SELECT ARRAY(WITH x AS (SELECT 1) SELECT a FROM x ORDER BY a)',
      'SELECT 1 + (a ORDER BY b)',
      'SELECT f(a ORDER BY b LIMIT 3 OFFSET 1)',
      'SELECT f(a ORDER BY b LIMIT)',
    ])
      same(sql, 'bigquery');
  });

  it('LATERAL VIEW: [OUTER] a generator call, an optional alias, AS and its columns', () => {
    expect(shaped('SELECT a FROM t LATERAL VIEW explode(x) AS c WHERE c > 1', 'databricks')).toEqual({
      text: 'SELECT a FROM t   WHERE c > 1',
      checks: ['SELECT explode(x)'],
      top: false,
    });
    expect(shaped('SELECT a FROM t LATERAL VIEW explode(x) e', 'databricks').text).toBe('SELECT a FROM t  ');
    expect(shaped('SELECT a FROM t LATERAL VIEW explode(x) ORDER BY a', 'databricks').text).toBe(
      'SELECT a FROM t   ORDER BY a',
    );
    expect(
      shaped('SELECT a FROM t lateral view outer inline(x) e AS `k`, v LIMIT 1', 'databricks').text,
    ).toBe('SELECT a FROM t   LIMIT 1');
    expect(shaped('SELECT a FROM t LATERAL VIEW explode(x) e AS c GROUP BY a', 'databricks').text).toBe(
      'SELECT a FROM t   GROUP BY a',
    );
    for (const sql of [
      'SELECT a FROM t, LATERAL (SELECT 1)',
      'SELECT a FROM t LATERAL VIEW (x)',
      'SELECT a FROM t LATERAL VIEW explode x',
      'SELECT a FROM t LATERAL VIEW explode(x',
    ])
      same(sql, 'databricks');
  });

  it('TOP n: right after the first SELECT [DISTINCT|ALL], no set operation', () => {
    expect(shaped('select all top 3 a from t', 'redshift')).toEqual({
      text: 'select all   a from t',
      checks: [],
      top: true,
    });
    expect(shaped('  SELECT TOP 3 a', 'redshift').top).toBe(true);
    for (const sql of [
      'SELECT a, TOP 3',
      'SELECT TOP a',
      'SELECT TOP 3 a FROM t INTERSECT SELECT a FROM u',
      'SELECT TOP 3 a FROM t EXCEPT SELECT a FROM u',
      'SELECT TOP 3 a FROM t MINUS SELECT a FROM u',
      'SELECT TOP 3 a FROM t union SELECT a FROM u',
      'x SELECT TOP 3 a',
      'TOP 3',
    ])
      same(sql, 'redshift');
  });
});

describe('reshape: literals and clause words are never taken for the form', () => {
  it('a literal or quoted name shaped like a form stays whole', () => {
    for (const quoted of [
      "') WITHIN GROUP (ORDER BY x)'",
      '") WITHIN GROUP (ORDER BY x)"',
      '`) WITHIN GROUP (ORDER BY x)`',
    ])
      expect(reshape(`SELECT f(${quoted})`, 'redshift'), quoted).toEqual({
        text: `SELECT f(${quoted})`,
        checks: [],
        top: false,
      });
  });
  it.each([
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
  ])('LATERAL VIEW never takes %s for its alias or a column', (word) => {
    expect(reshape(`SELECT a FROM t LATERAL VIEW explode(x) ${word} y`, 'databricks').text).toBe(
      `SELECT a FROM t   ${word} y`,
    );
    expect(reshape(`SELECT a FROM t LATERAL VIEW explode(x) e AS ${word} y`, 'databricks').text).toBe(
      `SELECT a FROM t   AS ${word} y`,
    );
  });
});

describe('reshape: each keyword of a form is required', () => {
  const same = (sql: string, w: Warehouse) =>
    expect(reshape(sql, w), `${w}: ${sql}`).toEqual({ text: sql, checks: [], top: false });
  it('near misses stay whole', () => {
    same('SELECT f(a) OVER GROUP (ORDER BY b)', 'redshift');
    same('SELECT f(a) WITHIN GROUP x ORDER BY (b)', 'redshift');
    // Only REPEATABLE or SEED go with a sample: another word's parentheses stay.
    expect(reshape('SELECT a FROM t SAMPLE (10) OFFSET (5)', 'snowflake').text).toBe(
      'SELECT a FROM t   OFFSET (5)',
    );
    same('SELECT a FROM t x VIEW explode(y) z', 'databricks');
    same('SELECT a FROM t LATERAL x explode(y) z', 'databricks');
    same('SELECT a FROM t LATERAL VIEW 5 (x)', 'databricks');
  });
  it('a space between a call and its parenthesis is still a call', () => {
    expect(reshape('SELECT ARRAY_AGG (a ORDER BY b)', 'bigquery').checks).toEqual([
      'SELECT 1 FROM t ORDER BY  b',
    ]);
  });
});

describe('reshape: a literal is a literal, even where a word, a number or a space could stand', () => {
  const same = (sql: string, w: Warehouse) =>
    expect(reshape(sql, w), `${w}: ${sql}`).toEqual({ text: sql, checks: [], top: false });
  it('a quoted number is no TOP count, a quoted name no call, a literal with a space no gap before a sample', () => {
    same("SELECT TOP '3' a FROM t", 'redshift');
    same("SELECT 'f' (a ORDER BY b)", 'bigquery');
    same("SELECT a FROM t SAMPLE 'a b' (10)", 'snowflake');
  });
  it('ORDER BY outside any parenthesis, in a text that is no SELECT, stays whole', () => {
    same('a ORDER BY b', 'bigquery');
  });
  it('LATERAL VIEW: the generator must be a call right there, not a parenthesis further on', () => {
    same('SELECT a FROM t LATERAL VIEW explode x WHERE f(y) > 1', 'databricks');
  });
  it('LATERAL VIEW … AS at the very end: the view up to its alias is taken out', () => {
    expect(reshape('SELECT a FROM t LATERAL VIEW explode(x) e AS', 'databricks').text).toBe(
      'SELECT a FROM t   AS',
    );
  });
});
