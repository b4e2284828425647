// The warehouses Openbridge queries: storage type → the lexers a query is read with and the one grammar that must parse it.
import type { IdentifierQuote, LexRules } from './dialect-lexer.js';

/** The node-sql-parser grammars the guard loads (one per warehouse family). */
export type Grammar = 'redshift' | 'athena' | 'bigquery' | 'snowflake' | 'hive';

export type Warehouse = 'redshift' | 'athena' | 'bigquery' | 'snowflake' | 'databricks';

export interface WarehouseDialect {
  grammar: Grammar;
  /** How `grammar` quotes identifiers (its re-rendered query uses it). */
  quote: IdentifierQuote;
  /**
   * The lexers the warehouse may apply. One where its documentation settles every rule; more where it does not
   * (Redshift, Snowflake: whether block comments nest), and every one of them must read one safe statement.
   */
  lexers: readonly LexRules[];
}

const BASE = {
  doubleQuotedStrings: false,
  backtick: false,
  raw: false,
  triple: false,
  dollar: false,
  hash: false,
  slashes: false,
  nested: false,
  continuation: false,
} as const;

/**
 * Redshift as documented: a backslash escapes the next character in every string (UNLOAD's own example quotes
 * `venuestate=\'NV\'`, LIKE's default escape is written `'\\'`, QUOTE_LITERAL doubles backslashes; its configuration
 * reference has no `standard_conforming_strings`), `$tag$` quoting. PostgreSQL's standard strings are not Redshift's:
 * `'it\'s'` is one valid Redshift string, and `E'…'` reads alike whether or not Redshift knows the prefix. Whether
 * its block comments nest (PostgreSQL's do) is not documented: both readings.
 */
const REDSHIFT: LexRules = { ...BASE, name: 'redshift', escapes: true, dollar: 'tagged' };
const REDSHIFT_NESTED: LexRules = { ...REDSHIFT, name: 'redshift (nested comments)', nested: true };
/** Athena's engine (Trino): standard strings, `"…"` identifiers, no other quoting. */
const TRINO: LexRules = { ...BASE, name: 'trino', escapes: false };
/** BigQuery (GoogleSQL): `'…'` and `"…"` strings with escapes, triple quotes, escaped backticks, `#` comments. */
const BIGQUERY: LexRules = {
  ...BASE,
  name: 'bigquery',
  escapes: true,
  doubleQuotedStrings: true,
  backtick: 'escaped',
  triple: true,
  hash: true,
};
/** Snowflake: backslash escapes, `$$…$$` strings, `//` comments; nesting of block comments is not documented. */
const SNOWFLAKE: LexRules = { ...BASE, name: 'snowflake', escapes: true, dollar: 'plain', slashes: true };
const SNOWFLAKE_NESTED: LexRules = { ...SNOWFLAKE, name: 'snowflake (nested comments)', nested: true };
/**
 * Spark SQL (Databricks), from its ANTLR lexer SqlBaseLexer.g4: `'…'` and `"…"` strings with escapes, `r'…'` raw
 * strings, doubled backticks, nested block comments, and `--` comments continued by a backslash-newline.
 */
const SPARK: LexRules = {
  ...BASE,
  name: 'spark',
  escapes: true,
  doubleQuotedStrings: true,
  backtick: 'doubled',
  raw: true,
  nested: true,
  continuation: true,
};

export const WAREHOUSES: Readonly<Record<Warehouse, WarehouseDialect>> = {
  redshift: { grammar: 'redshift', quote: '"', lexers: [REDSHIFT, REDSHIFT_NESTED] },
  athena: { grammar: 'athena', quote: '"', lexers: [TRINO] },
  bigquery: { grammar: 'bigquery', quote: '`', lexers: [BIGQUERY] },
  snowflake: {
    grammar: 'snowflake',
    quote: '"',
    lexers: [SNOWFLAKE, SNOWFLAKE_NESTED],
  },
  databricks: { grammar: 'hive', quote: '`', lexers: [SPARK] },
};

/**
 * Openbridge storage types (get_storage_subscriptions' `storage_type`) → the warehouse a query runs in. Azure
 * Blob / Data Lake destinations are files, not queried; a type missing here is refused, never guessed.
 */
const STORAGE_WAREHOUSES: Readonly<Record<string, Warehouse>> = {
  redshift: 'redshift',
  spectrum: 'redshift',
  athena: 'athena',
  bigquery: 'bigquery',
  snowflake: 'snowflake',
  snowflake_oauth: 'snowflake',
  snowflake_ext_az: 'snowflake',
  snowflake_ext_gcs: 'snowflake',
  snowflake_ext_s3: 'snowflake',
  databricks: 'databricks',
  databricks_external: 'databricks',
};

export function warehouseOf(storageType: string): Warehouse | undefined {
  return Object.hasOwn(STORAGE_WAREHOUSES, storageType) ? STORAGE_WAREHOUSES[storageType] : undefined;
}
