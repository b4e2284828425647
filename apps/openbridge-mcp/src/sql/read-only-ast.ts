// What a parsed statement does, read from its AST (never from words in the text): kind, reads only, bounded, star.

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Node types that change data, schema, privileges, session or transaction state wherever they appear. */
const WRITE_TYPES = new Set([
  'insert',
  'replace',
  'update',
  'delete',
  'merge',
  'create',
  'drop',
  'alter',
  'truncate',
  'rename',
  'grant',
  'revoke',
  'call',
  'exec',
  'execute',
  'lock',
  'unlock',
  'set',
  'use',
  'transaction',
  'copy',
  'load_data',
  'declare',
  'deallocate',
  'comment',
]);

/**
 * Functions whose call changes state outside the result (sequences, session settings, server files, other
 * backends, advisory locks, notifications, replication, remote connections) or runs SQL text of its own
 * (`query_to_xml`, BigQuery `EXTERNAL_QUERY`), by their unqualified lower-case name; plus whole families by prefix.
 * A user-defined function's effects cannot be read from the call: the warehouse user's grants are the second line.
 */
const SIDE_EFFECT_FUNCTIONS = new Set([
  'nextval',
  'setval',
  'set_config',
  'pg_terminate_backend',
  'pg_cancel_backend',
  'pg_reload_conf',
  'pg_rotate_logfile',
  'pg_promote',
  'pg_switch_wal',
  'pg_notify',
  'pg_logical_emit_message',
  'pg_read_file',
  'pg_read_binary_file',
  'pg_ls_dir',
  'pg_stat_file',
  'pg_file_write',
  'pg_stat_reset',
  'query_to_xml',
  'query_to_xml_and_xmlschema',
  'external_query',
]);
const SIDE_EFFECT_PREFIXES = [
  'pg_advisory',
  'pg_try_advisory',
  'pg_create_',
  'pg_drop_',
  'pg_replication_',
  'lo_',
  'dblink',
  'system$',
];

function hasSideEffects(name: string): boolean {
  return SIDE_EFFECT_FUNCTIONS.has(name) || SIDE_EFFECT_PREFIXES.some((prefix) => name.startsWith(prefix));
}

export interface StatementFacts {
  /** The top statement's type (`select`, `delete`, `show` …). */
  kind: string;
  /** Every write node type found anywhere (a data-modifying CTE's `delete` included). */
  writes: string[];
  /** `SELECT … INTO` (creates a table) anywhere. */
  selectInto: boolean;
  /** Side-effecting functions called anywhere. */
  sideEffects: string[];
  /** LIMIT n / TOP n on the statement (the last part of a UNION chain included). */
  bounded: boolean;
  /** `SELECT *` at the top. */
  star: boolean;
}

function functionName(node: Node): string | undefined {
  const name = node.name;
  if (typeof name === 'string') return name;
  if (isNode(name) && Array.isArray(name.name)) {
    const last = name.name.at(-1);
    if (isNode(last) && typeof last.value === 'string') return last.value;
  }
  return undefined;
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
 * Facts about one parsed statement. Every node is read, however deep (an explicit stack, not recursion: a
 * 20 000-character query nests thousands of levels), and each once (a hostile AST cannot loop).
 */
export function statementFacts(statement: unknown): StatementFacts {
  const top = isNode(statement) ? statement : {};
  const writes = new Set<string>();
  const sideEffects = new Set<string>();
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
    // The parser's plain values: a node without a type reads 'undefined', which no rule below matches.
    const type = String(node.type).toLowerCase();
    if (WRITE_TYPES.has(type)) writes.add(type);
    if (type === 'select' && isNode(node.into) && (node.into.position ?? null) !== null) selectInto = true;
    if (type === 'function' || type === 'aggr_func') {
      const name = functionName(node)?.toLowerCase();
      if (name !== undefined && hasSideEffects(name)) sideEffects.add(name);
    }
    // Pushed last to first: the next node read is the first child, so findings come in the text's order.
    pending.push(...Object.values(node).reverse());
  }
  const kind = typeof top.type === 'string' ? top.type.toLowerCase() : 'unknown';
  return {
    kind,
    writes: [...writes],
    selectInto,
    sideEffects: [...sideEffects],
    bounded: kind === 'select' && hasLimit(top),
    star: kind === 'select' && selectsStar(top),
  };
}
