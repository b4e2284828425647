// Rules API access (through the Service API): search rows by path and turn them into table descriptions.
import type { CallScope, OpenbridgeClient } from '../http/client.js';
import { normalizeTableName } from './table-resolver.js';

export interface RuleRow {
  table_name: string;
  rules_path: string;
  destination_table?: string;
  version?: unknown;
  fields: unknown[];
}

function toRow(item: unknown): RuleRow | undefined {
  const attributes = (item as { attributes?: Record<string, unknown> } | null)?.attributes;
  const path = attributes?.path;
  if (typeof path !== 'string' || path.trim() === '') return undefined;
  const destination = (attributes?.destination as { tablename?: unknown } | undefined)?.tablename;
  return {
    table_name: path.slice(path.lastIndexOf('/') + 1).toLowerCase(),
    rules_path: path,
    ...(typeof destination === 'string' ? { destination_table: destination } : {}),
    version: attributes?.version,
    fields: Array.isArray(attributes?.fields) ? (attributes.fields as unknown[]) : [],
  };
}

export async function searchRules(
  client: OpenbridgeClient,
  call: CallScope,
  serviceUrl: string,
  query: { path?: string; path__icontains?: string },
): Promise<RuleRow[]> {
  const body = (await client.request(call, {
    url: `${serviceUrl}/service/rules/prod/v1/rules/search`,
    query: { ...query, latest: 'true' },
  })) as { data?: unknown } | undefined;
  const data = Array.isArray(body?.data) ? body.data : [];
  return data.map(toRow).filter((r): r is RuleRow => r !== undefined);
}

/** The row whose table name or destination matches the requested name after normalization. */
export function pickRule(requested: string, rows: readonly RuleRow[]): RuleRow | undefined {
  const wanted = normalizeTableName(requested);
  const exact = rows.filter(
    (r) =>
      normalizeTableName(r.table_name) === wanted || normalizeTableName(r.destination_table ?? '') === wanted,
  );
  exact.sort((a, b) => a.table_name.localeCompare(b.table_name));
  return exact[0];
}
