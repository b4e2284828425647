// The SQL guard's refusals as an agent reads them: where in its text a query stopped being readable, and one
// refusal per function, however many rules it breaks.
import { describe, expect, it } from 'vitest';
import { checkSql } from '../src/tools/sql-check.js';

describe('checkSql refusals, read by an agent', () => {
  it('an unterminated string is placed at its line and column, not at the end of the text', () => {
    expect(checkSql("SELECT 'abc\nFROM t LIMIT 1", 'redshift', false).refusals).toEqual([
      {
        rule: 'unparsable',
        issue:
          'As redshift reads it, the query has unterminated string (line 1, column 8); only text the warehouse reads as one statement runs.',
      },
    ]);
    expect(checkSql("SELECT a,\n 'abc FROM t\n LIMIT 1", 'snowflake', false).refusals).toEqual([
      {
        rule: 'unparsable',
        issue:
          'As snowflake reads it, the query has unterminated string (line 2, column 2); only text the warehouse reads as one statement runs.',
      },
    ]);
  });

  it('a side-effecting function is refused once, as a side effect, not also as a function outside the allow-list', () => {
    const check = checkSql(
      'SELECT pg_terminate_backend(1), pg_terminate_backend(2) LIMIT 1',
      'redshift',
      false,
    );
    expect(check.read_only).toBe(false);
    expect(check.refusals).toEqual([
      {
        rule: 'side_effect',
        side_effect: 'admin',
        function: 'pg_terminate_backend',
        issue: 'pg_terminate_backend has a side effect (admin); a read query calls no such function.',
      },
    ]);
  });

  it('SELECT INTO is refused in a query whose ordered aggregate was read apart (WITHIN GROUP)', () => {
    for (const warehouse of ['redshift', 'snowflake'] as const)
      expect(
        checkSql(
          "SELECT LISTAGG(a, ',') WITHIN GROUP (ORDER BY a) INTO newtable FROM t LIMIT 1",
          warehouse,
          false,
        ).refusals,
        warehouse,
      ).toEqual([
        {
          rule: 'not_a_read',
          issue:
            'Only a read runs: one SELECT (or WITH … SELECT) with no INTO and nothing but read forms; found into, select_into.',
        },
      ]);
  });
});
