// maxStatementCount: the most statements any warehouse's lexical reading finds, one rule per reading.
import { describe, expect, it } from 'vitest';
import { maxStatementCount } from '../src/sql/lexical-statements.js';

/** [text, statements, why]: each case needs one reading's rule to find the boundary the others hide. */
const CASES: ReadonlyArray<readonly [string, number, string]> = [
  ["SELECT 1 # '\n; SELECT 2", 2, '# comment (BigQuery, Hive) hides a quote that would swallow the ;'],
  ["SELECT $$ ' $$; SELECT 2", 2, '$$ string hides a quote'],
  ["SELECT $tag$ ' $tag$; SELECT 2", 2, 'tagged dollar string'],
  ["SELECT a$$ ' $$; SELECT 2", 1, 'a $ after an identifier character opens no dollar string'],
  ["SELECT x$ ' $; SELECT 2", 1, '$ then a space is no tag'],
  ['SELECT $x$ ; SELECT 2', 2, 'an unclosed dollar string under one reading, two statements under another'],
  ['SELECT $1; SELECT 2', 2, 'a positional parameter is code'],
  ["SELECT 1 /* /* */ ' */ ; SELECT 2", 2, 'nested block comments (PostgreSQL) hide a quote'],
  ["SELECT ''' ' ; ''' ; SELECT 2", 2, "''' string (BigQuery)"],
  ['SELECT """ " ; """ ; SELECT 2', 2, '""" string (BigQuery)'],
  ["SELECT '''a\\''' ; SELECT 2'''", 2, "backslash inside ''' strings"],
  ["SELECT ` ' ` ; SELECT 2", 2, 'backtick identifier hides a quote'],
  ["SELECT 'a\\' ; SELECT 2 ; '", 3, "without backslash escapes the string ends at \\'"],
  ["SELECT 'it''s; x' ; SELECT 2", 2, 'a doubled quote stays inside the string'],
  ['SELECT 1 -- ; x\n; SELECT 2', 2, '-- comment ends at the line end'],
  ['SELECT 1 -- no newline ; x', 1, '-- comment to the end of the text'],
  ['SELECT 1 /* ; */', 1, 'block comment'],
  ['SELECT 1 /* ; ', 1, 'unclosed block comment'],
  ["SELECT '", 1, 'unclosed string'],
  ['SELECT 1 - 1; SELECT 2', 2, 'a lone - is code'],
  ['SELECT 4 / 2; SELECT 2', 2, 'a lone / is code'],
  [';;SELECT 1;;', 1, 'empty statements are not counted'],
  ['SELECT 1;\n  \t;', 1, 'whitespace is not a statement'],
  ['SELECT 1; SELECT 2; SELECT 3', 3, 'plain statements'],
  ['', 0, 'empty text'],
  ['   ', 0, 'only whitespace'],
  ['-- only\n', 0, 'only a comment'],
  ['/* a */ /* b */', 0, 'only block comments'],
];

describe('maxStatementCount', () => {
  it.each(CASES)('%j → %i (%s)', (text, statements) => {
    expect(maxStatementCount(text)).toBe(statements);
  });
});
