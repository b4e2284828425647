// What a parsed statement does, read from its AST (never from words in the text): its forms and calls against allow-lists, bounded, star.
import { isAllowedFunction, type SideEffect, sideEffectOf } from './functions.js';
import type { Warehouse } from './warehouses.js';

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The node types a read is made of, as node-sql-parser's grammars name them: a SELECT and the expressions,
 * literals, joins' sources and window parts inside it. Anything else (a write, DDL, a session or transaction
 * statement, a form the guard has never seen) is not a read.
 */
const READ_FORMS: ReadonlySet<string> = new Set([
  'select',
  'column_ref',
  'star',
  'expr',
  'expr_list',
  'binary_expr',
  'unary_expr',
  'function',
  'aggr_func',
  'window_func',
  'window',
  'case',
  'when',
  'else',
  'cast',
  'extract',
  'interval',
  'default',
  'origin',
  'number',
  'bigint',
  'bool',
  'null',
  'single_quote_string',
  'double_quote_string',
  'backticks_quote_string',
  'string',
  'date',
  'time',
  'timestamp',
  'datetime',
  'array',
  'struct',
  'unnest',
  'flatten',
  'flattern',
  'input',
  'values',
  'var',
  'param',
  'except',
  'asc',
  'desc',
  'distinct',
]);

export interface CalledSideEffect {
  function: string;
  effect: SideEffect;
}

export interface StatementFacts {
  /** The top statement's type (`select`, `delete`, `show` …). */
  kind: string;
  /** Node types outside the read forms found anywhere (a data-modifying CTE's `delete` included). */
  forms: string[];
  /** `SELECT … INTO` (creates a table) anywhere. */
  selectInto: boolean;
  /** Calls that change state or reach outside the warehouse (sleep, sequences, reflection …). */
  sideEffects: CalledSideEffect[];
  /** Other calls not on the warehouse's allow-list (user-defined functions included). */
  unlisted: string[];
  /** LIMIT n / TOP n on the statement (the last part of a UNION chain included). */
  bounded: boolean;
  /** `SELECT *` at the top. */
  star: boolean;
}

const partName = (part: unknown): string | undefined =>
  isNode(part) && typeof part.value === 'string' ? part.value : undefined;

/** A call's name, qualified as written (`db.schema.fn`), lower-case; the grammars shape it three ways. */
export function functionName(node: Node): string | undefined {
  const name = node.name;
  if (typeof name === 'string') return name.toLowerCase();
  if (!isNode(name) || !Array.isArray(name.name)) return undefined;
  const parts = [partName(name.schema), ...name.name.map(partName)].filter((p) => p !== undefined);
  return parts.length === 0 ? undefined : parts.join('.').toLowerCase();
}

/** `seq.NEXTVAL` (Snowflake's sequence syntax, read as a column): the column's name, when it is one. */
function sequenceColumn(node: Node): string | undefined {
  const column = node.column;
  const name = typeof column === 'string' ? column : isNode(column) ? partName(column.expr) : undefined;
  const lower = name?.toLowerCase();
  return lower === 'nextval' || lower === 'currval' ? lower : undefined;
}

function hasLimit(select: Node): boolean {
  for (let s: unknown = select; isNode(s); s = s._next) {
    for (const limit of [s.limit, s._limit])
      if (isNode(limit) && Array.isArray(limit.value) && limit.value.length > 0) return true;
    if (s.top !== undefined && s.top !== null) return true;
  }
  return false;
}

function selectsStar(select: Node): boolean {
  if (select.columns === '*') return true;
  if (!Array.isArray(select.columns)) return false;
  return select.columns.some(
    (c) => isNode(c) && isNode(c.expr) && c.expr.type === 'column_ref' && c.expr.column === '*',
  );
}

/**
 * Facts about one parsed statement in `warehouse`. Every node is read, however deep (an explicit stack, not
 * recursion: a 20 000-character query nests thousands of levels), and each once (a hostile AST cannot loop).
 */
export function statementFacts(statement: unknown, warehouse: Warehouse): StatementFacts {
  const top = isNode(statement) ? statement : {};
  const forms = new Set<string>();
  const sideEffects = new Map<string, SideEffect>();
  const unlisted = new Set<string>();
  let selectInto = false;
  const seen = new Set<unknown>();
  const pending: unknown[] = [top];
  while (pending.length > 0) {
    const value = pending.pop();
    // Object(v) === v: an object or array (null and primitives hold no nodes); each is read once.
    if (Object(value) !== value || seen.has(value)) continue;
    seen.add(value);
    // An array is read like a node: it has no `type`, and its values are its items.
    const node = value as Node;
    if (typeof node.type === 'string') {
      const type = node.type.toLowerCase();
      if (!READ_FORMS.has(type)) forms.add(type);
      if (type === 'select' && isNode(node.into) && (node.into.position ?? null) !== null) selectInto = true;
      if (type === 'function' || type === 'aggr_func' || type === 'window_func') {
        const name = functionName(node) ?? '(unnamed)';
        const effect = sideEffectOf(name);
        if (effect !== undefined) sideEffects.set(name, effect);
        else if (!isAllowedFunction(warehouse, name)) unlisted.add(name);
      }
      if (type === 'column_ref') {
        const sequence = sequenceColumn(node);
        if (sequence !== undefined) sideEffects.set(sequence, 'sequence');
      }
    }
    // Pushed last to first: the next node read is the first child, so findings come in the text's order.
    pending.push(...Object.values(node).reverse());
  }
  const kind = typeof top.type === 'string' ? top.type.toLowerCase() : 'unknown';
  return {
    kind,
    forms: [...forms],
    selectInto,
    sideEffects: [...sideEffects].map(([fn, effect]) => ({ function: fn, effect })),
    unlisted: [...unlisted],
    bounded: kind === 'select' && hasLimit(top),
    star: kind === 'select' && selectsStar(top),
  };
}
