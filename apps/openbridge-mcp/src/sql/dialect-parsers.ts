// node-sql-parser, once per warehouse dialect Openbridge delivers to, loaded on first use (each grammar is its own module).
import { createRequire } from 'node:module';

/**
 * The grammars read a query as the destinations Openbridge serves would (products/destinations.md): Redshift
 * and Redshift Spectrum (`redshift`, and `postgresql`, the dialect Redshift derives from), Athena (`athena`,
 * and `trino`, Athena's engine v3), BigQuery, Snowflake, and Databricks (`hive`, the Spark SQL ancestor
 * node-sql-parser ships). Azure Blob / Data Lake destinations are storage, not queried.
 */
export const DIALECTS = [
  'redshift',
  'postgresql',
  'athena',
  'trino',
  'bigquery',
  'snowflake',
  'hive',
] as const;
export type Dialect = (typeof DIALECTS)[number];

interface SqlParser {
  astify(sql: string): unknown;
}

export type DialectParse =
  | { dialect: Dialect; ok: true; statements: unknown[] }
  | { dialect: Dialect; ok: false; error: string };

const require = createRequire(import.meta.url);
const parsers = new Map<Dialect, SqlParser>();

function parserFor(dialect: Dialect): SqlParser {
  let parser = parsers.get(dialect);
  if (parser === undefined) {
    const grammar = require(`node-sql-parser/build/${dialect}.js`) as { Parser: new () => SqlParser };
    parser = new grammar.Parser();
    parsers.set(dialect, parser);
  }
  return parser;
}

/** A parse error's position and what the grammar expected there, in one bounded line. */
function describeError(error: unknown): string {
  const e = error as { message?: unknown; location?: { start?: { line?: unknown; column?: unknown } } };
  const at = e.location?.start;
  const where = typeof at?.line === 'number' ? `line ${at.line}, column ${String(at.column)}: ` : '';
  const message = typeof e.message === 'string' ? e.message : 'not parsable';
  // "Expected A, B, … but "x" found." → keep what was found; the expectation list is long and unhelpful.
  const found = /but (.*) found\.?$/.exec(message)?.[1];
  return `${where}${found === undefined ? message.slice(0, 160) : `unexpected ${found.slice(0, 40)}`}`;
}

/**
 * Each dialect's reading of the query, in DIALECTS order, stopping after the first grammar whose reading
 * `settles` (a refusal needs only one grammar that sees a write; an approval needs them all).
 */
export function parseInEveryDialect(
  sql: string,
  settles: (parse: DialectParse) => boolean = () => false,
): DialectParse[] {
  const parses: DialectParse[] = [];
  for (const dialect of DIALECTS) {
    let parse: DialectParse;
    try {
      const ast = parserFor(dialect).astify(sql);
      parse = { dialect, ok: true, statements: Array.isArray(ast) ? ast : [ast] };
    } catch (error) {
      parse = { dialect, ok: false, error: describeError(error) };
    }
    parses.push(parse);
    if (settles(parse)) break;
  }
  return parses;
}
