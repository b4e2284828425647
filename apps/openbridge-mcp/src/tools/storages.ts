// Storage destinations enriched as the reference server does: group name/key_name (`included`), dataset id (product parameters), storage type.
import type { CallContext } from '@obmcp/contract';
import type { Send } from '../operations/bind.js';
import { readAllPages } from './paging.js';
import { single } from './shape.js';

type Obj = Record<string, unknown>;

/** Destination product id → storage type (openbridge-mcp subscriptions.py STORAGE_PRODUCT_IDS). */
export const STORAGE_TYPES: Readonly<Record<number, string>> = {
  14: 'redshift',
  29: 'redshift',
  31: 'athena',
  36: 'spectrum',
  37: 'bigquery',
  46: 'azure_blob',
  47: 'azure_datalake',
  52: 'snowflake',
  68: 'databricks',
  73: 'databricks_external',
  90: 'snowflake_oauth',
  91: 'snowflake_ext_az',
  92: 'snowflake_ext_gcs',
  93: 'snowflake_ext_s3',
};

/**
 * The only product parameters read: the dataset id (products/destinations.md names it bigquery_dataset_id;
 * the reference server reads dataset_id). Destination parameters also hold passwords and keys, so nothing
 * else is ever copied out.
 */
const DATASET_KEYS = ['dataset_id', 'bigquery_dataset_id'] as const;

const MAX_PAGES = 10;

function groupsOf(bodies: readonly unknown[]): Map<string, Obj> {
  const groups = new Map<string, Obj>();
  for (const body of bodies) {
    const included = (body as { included?: unknown } | undefined)?.included;
    if (!Array.isArray(included)) continue;
    for (const inc of included as Array<{ id?: unknown; attributes?: unknown }>) {
      if (inc?.attributes && typeof inc.attributes === 'object')
        groups.set(String(inc.id), inc.attributes as Obj);
    }
  }
  return groups;
}

/** The operations readStorages calls: a tool declares them (`operations.many`). */
export const STORAGE_OPERATIONS = {
  listStorages: ['subscriptions', 'listStorages'],
  listSubscriptionParameters: ['subscriptions', 'listSubscriptionParameters'],
} as const;

export async function readStorages(
  send: Readonly<Record<keyof typeof STORAGE_OPERATIONS, Send>>,
  call: CallContext,
  status: string | undefined,
): Promise<{ storages: Obj[]; truncated: boolean }> {
  const all = await readAllPages(send.listStorages, call, { args: { status }, maxPages: MAX_PAGES });
  const groups = groupsOf(all.bodies);
  const storages: Obj[] = [];
  for (const item of all.items) {
    const group = groups.get(String(item.storage_group_id));
    const parameters = single(
      await send.listSubscriptionParameters({ subscription_id: Number(item.id) }, call, {
        resource: 'subscription',
      }),
    );
    const datasetKey = DATASET_KEYS.find((k) => typeof parameters[k] === 'string');
    storages.push({
      subscription_id: item.id,
      storage_id: item.storage_group_id,
      status: item.status,
      product_id: item.product_id,
      storage_type: STORAGE_TYPES[Number(item.product_id)] ?? 'unknown',
      name: typeof group?.name === 'string' ? group.name : (item.name ?? null),
      key_name: typeof group?.key_name === 'string' ? group.key_name : null,
      ...(datasetKey ? { dataset_id: parameters[datasetKey] } : {}),
    });
  }
  return { storages, truncated: all.truncated };
}
