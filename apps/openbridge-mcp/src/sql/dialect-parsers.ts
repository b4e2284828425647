// node-sql-parser, one grammar per warehouse family Openbridge delivers to, loaded on first use (each grammar is its own module).
import { createRequire } from 'node:module';
import type { Grammar } from './warehouses.js';

interface SqlParser {
  astify(sql: string): unknown;
}

export type GrammarParse = { ok: true; statements: unknown[] } | { ok: false; error: string };

const require = createRequire(import.meta.url);
const parsers = new Map<Grammar, SqlParser>();

function parserFor(grammar: Grammar): SqlParser {
  let parser = parsers.get(grammar);
  // Stryker disable next-line ConditionalExpression: the cache only saves loading a grammar twice; a new parser reads the same.
  if (parser === undefined) {
    const module = require(`node-sql-parser/build/${grammar}.js`) as { Parser: new () => SqlParser };
    parser = new module.Parser();
    parsers.set(grammar, parser);
  }
  return parser;
}

/** A parse error's position and what the grammar expected there, in one bounded line. */
export function describeError(error: unknown): string {
  // A grammar that throws null or undefined (not a parse error object) is still a refusal, never a crash here.
  const e = (error ?? {}) as {
    message?: unknown;
    location?: { start?: { line?: unknown; column?: unknown } };
  };
  const at = e.location?.start;
  const where = typeof at?.line === 'number' ? `line ${at.line}, column ${String(at.column)}: ` : '';
  const message = typeof e.message === 'string' ? e.message : 'not parsable';
  // "Expected A, B, … but "x" found." → keep what was found; the expectation list is long and unhelpful.
  const found = /but (.*) found\.?$/.exec(message)?.[1];
  return `${where}${found === undefined ? message.slice(0, 160) : `unexpected ${found.slice(0, 40)}`}`;
}

/** The warehouse grammar's reading of one statement's text. */
export function parseWith(grammar: Grammar, sql: string): GrammarParse {
  try {
    const ast = parserFor(grammar).astify(sql);
    return { ok: true, statements: Array.isArray(ast) ? ast : [ast] };
  } catch (error) {
    return { ok: false, error: describeError(error) };
  }
}
