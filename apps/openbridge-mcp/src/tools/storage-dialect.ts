// key_name → the destination's storage type (Openbridge's /v2/storages) → the warehouse whose lexers and grammar check a query.
import type { CallContext } from '@obmcp/contract';
import type { Send } from '../operations/bind.js';
import { type Warehouse, warehouseOf } from '../sql/warehouses.js';
import { readAllPages } from './paging.js';
import type { Refusal } from './sql-check.js';
import { STORAGE_TYPES } from './storages.js';

const MAX_PAGES = 10;

export type StorageDialect =
  | { ok: true; warehouse: Warehouse; storage_type: string }
  | { ok: false; storage_type: string | null; refusal: Refusal };

/**
 * The storage type behind `keyName`, as get_storage_subscriptions reads it: a storage subscription's
 * `storage_group_id` names the group in `included` whose `key_name` it is, and its `product_id` the type. A key no
 * storage carries, several storages of different types under one key, a type that is no warehouse (Azure files) or
 * an unknown product are refusals: a query is never checked by a guessed grammar.
 */
export async function resolveStorageDialect(
  listStorages: Send,
  call: CallContext,
  keyName: string,
): Promise<StorageDialect> {
  const all = await readAllPages(listStorages, call, { maxPages: MAX_PAGES });
  const groups = new Set<string>();
  for (const body of all.bodies) {
    const included = (body as { included?: unknown } | undefined)?.included;
    if (!Array.isArray(included)) continue;
    for (const inc of included as Array<{ id?: unknown; attributes?: { key_name?: unknown } }>)
      if (inc?.attributes?.key_name === keyName) groups.add(String(inc.id));
  }
  const types = new Set(
    all.items
      .filter((item) => groups.has(String(item.storage_group_id)))
      .map((item) => STORAGE_TYPES[Number(item.product_id)] ?? `product ${String(item.product_id)}`),
  );
  if (types.size === 0)
    return {
      ok: false,
      storage_type: null,
      refusal: {
        rule: 'unknown_storage',
        issue: `No destination of this account has key_name ${JSON.stringify(keyName)}${all.truncated ? ` in the first ${MAX_PAGES} pages of storages` : ''}; get_storage_subscriptions lists the key_name of each.`,
      },
    };
  if (types.size > 1)
    return {
      ok: false,
      storage_type: null,
      refusal: {
        rule: 'unknown_storage',
        issue: `key_name ${JSON.stringify(keyName)} names storages of different types (${[...types].join(', ')}); the guard cannot tell which warehouse runs the query.`,
      },
    };
  const [storageType = ''] = types;
  const warehouse = warehouseOf(storageType);
  if (warehouse === undefined)
    return {
      ok: false,
      storage_type: storageType,
      refusal: {
        rule: STORAGE_TYPES_KNOWN.has(storageType) ? 'storage_not_queryable' : 'unknown_storage',
        issue: STORAGE_TYPES_KNOWN.has(storageType)
          ? `key_name ${JSON.stringify(keyName)} is a ${storageType} destination: files, not a warehouse that runs SQL.`
          : `key_name ${JSON.stringify(keyName)} is a destination of a type the guard does not know (${storageType}); no grammar is guessed for it.`,
      },
    };
  return { ok: true, warehouse, storage_type: storageType };
}

const STORAGE_TYPES_KNOWN: ReadonlySet<string> = new Set(Object.values(STORAGE_TYPES));
