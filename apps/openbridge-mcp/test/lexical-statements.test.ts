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

/**
 * [text, statements, why]: a write smuggled past all readings but one (or a boundary only one reading lacks).
 * Only the rule a row names finds its count, so the row fails when that rule (or that choice of it) breaks.
 */
const ATTACKS: ReadonlyArray<readonly [string, number, string]> = [
  // Quotes.
  [
    "SELECT 'it\\'s' ; DROP TABLE t -- '",
    2,
    "with backslash escapes the string ends at s' (Redshift, BigQuery)",
  ],
  ["SELECT '' AS blank; DROP TABLE t", 2, "an empty string '' is closed, not a doubled quote"],
  ["SELECT ''''x''' ; DROP TABLE t", 2, "only BigQuery's ''' closes the string before the ;"],
  [
    "SELECT 'a'''' x ' y ''' ; DROP TABLE t",
    2,
    "BigQuery does not double quotes: 'a' ends, a ''' string follows",
  ],
  ['SELECT """"x""" ; DROP TABLE t', 2, 'only BigQuery\'s """ closes the string before the ;'],
  ["SELECT '''' ; DROP TABLE t ; '''", 3, "without triple quotes '''' is a string holding one quote"],
  [
    "SELECT ````'``` ; DROP TABLE t '",
    1,
    'backticks have no triple form: ```` is an identifier holding one `',
  ],
  ["SELECT `a\\` ' ` ; DROP TABLE t -- '", 2, 'BigQuery: \\ escapes a backtick inside a quoted identifier'],
  ["SELECT `it's\\` ; DROP TABLE t -- `", 2, 'Hive, Databricks: \\ is plain inside a backquoted identifier'],
  ['SELECT `;` ; SELECT 2', 3, 'without backquoted identifiers ` is code'],
  // Comments.
  ["SELECT 1 # it's fine\n; # done", 1, 'a # comment between statements is not a statement'],
  ['SELECT 1 # ; DROP TABLE t\nLIMIT 1', 2, 'without # comments the ; is code'],
  ["SELECT 1 // it's a comment\n; DROP TABLE t", 2, '// comment (Snowflake) hides a quote'],
  ['SELECT 4 // 2; SELECT 2', 2, 'without // comments the ; is code'],
  ["SELECT 1 // it's fine\n; // done", 1, 'a // comment between statements is not a statement'],
  ['SELECT 1 /* a */; DROP TABLE t', 2, 'a block comment ends at */'],
  ['SELECT 1 /**/; DROP TABLE t', 2, 'an empty block comment'],
  ['SELECT 1 /* /* */ ; DROP TABLE t /* */', 2, 'block comments that do not nest end at the first */'],
  ['SELECT * FROM t; DROP TABLE t', 2, 'a * after something other than / opens no comment'],
  // Dollar quoting.
  ['SELECT $$a;b$$ LIMIT 1', 2, 'without dollar quoting the ; is code (BigQuery)'],
  ["SELECT $a$, $$ ' $$ ; DROP TABLE t ; $a$ '", 3, 'Snowflake: $$ is a string, $a$ is not'],
  [
    `SELECT $${'t'.repeat(70)}$ ' $${'t'.repeat(70)}$ ; DROP TABLE t -- '`,
    2,
    'PostgreSQL: a dollar tag of any length',
  ],
  ["SELECT $é$ ' $é$ ; DROP TABLE t -- '", 2, 'PostgreSQL: a dollar tag with non-ASCII letters'],
  ["SELECT é$$ ' $$ ; DROP TABLE t -- '", 1, 'PostgreSQL: é$$ is an identifier, not a dollar quote'],
  [
    "SELECT $1 ' $$ ; DROP TABLE t $$ '",
    1,
    'a $ that opens no dollar quote is code; the next one is judged on its own',
  ],
  ["$$ ' $$ ; DROP TABLE t -- '", 2, 'a dollar quote at the very start'],
];

describe('maxStatementCount', () => {
  it.each(CASES)('%j → %i (%s)', (text, statements) => {
    expect(maxStatementCount(text)).toBe(statements);
  });

  it.each(ATTACKS)('%j → %i (%s)', (text, statements) => {
    expect(maxStatementCount(text)).toBe(statements);
  });
});
