// Rules API access (through the Service API): search rows by path and read them as service-rules-api.md's Rules object.
import type { CallContext } from '@obmcp/contract';
import type { Send } from '../operations/bind.js';
import { readAllPages } from './paging.js';
import { normalizeTableName } from './table-resolver.js';

type Obj = Record<string, unknown>;

export interface RuleRow {
  table_name: string;
  rules_path: string;
  destination_table?: string;
  version?: unknown;
  /** rules.configuration.load.schema.fields: {name, type, default, np_kind, ob_field}. */
  fields: unknown[];
  /** The whole rules document (destination, configuration.load, dialect, meta). */
  rules: Obj;
}

const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Walks a path of object keys; undefined as soon as one is missing. */
function at(value: unknown, ...keys: string[]): unknown {
  let current = value;
  for (const key of keys) {
    if (!isObj(current)) return undefined;
    current = current[key];
  }
  return current;
}

/** A flattened Rules row (attributes at the top level, as shape.flatten leaves them). */
function toRow(item: Obj): RuleRow | undefined {
  const path = item.path;
  if (typeof path !== 'string' || path.trim() === '') return undefined;
  const rules = isObj(item.rules) ? item.rules : {};
  const destination = at(rules, 'destination', 'tablename');
  const fields = at(rules, 'configuration', 'load', 'schema', 'fields');
  return {
    table_name: path.slice(path.lastIndexOf('/') + 1).toLowerCase(),
    rules_path: path,
    ...(typeof destination === 'string' ? { destination_table: destination } : {}),
    version: item.version,
    fields: Array.isArray(fields) ? fields : [],
    rules,
  };
}

/** Pages of one search the tool reads before it reports `truncated` (the docs warn large searches time out). */
export const RULES_MAX_PAGES = 5;

export interface RuleSearch {
  rows: RuleRow[];
  truncated: boolean;
}

/** The operation searchRules calls: a tool declares it. */
export const SEARCH_RULES = ['service', 'searchRules'] as const;

export async function searchRules(
  send: Send,
  call: CallContext,
  query: { path?: string; path__icontains?: string },
): Promise<RuleSearch> {
  const all = await readAllPages(send, call, {
    args: { ...query, latest: 'true' },
    maxPages: RULES_MAX_PAGES,
  });
  return {
    rows: all.items.map(toRow).filter((r): r is RuleRow => r !== undefined),
    truncated: all.truncated,
  };
}

/** The row whose table name or destination matches the requested name after normalization. */
export function pickRule(requested: string, rows: readonly RuleRow[]): RuleRow | undefined {
  const wanted = normalizeTableName(requested);
  const exact = rows.filter(
    (r) =>
      normalizeTableName(r.table_name) === wanted ||
      (r.destination_table !== undefined && normalizeTableName(r.destination_table) === wanted),
  );
  exact.sort((a, b) => a.table_name.localeCompare(b.table_name));
  return exact[0];
}
