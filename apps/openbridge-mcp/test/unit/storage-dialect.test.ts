// Unit (src): which warehouse's grammar checks an agent's query: the key_name's storage type, read across pages;
// an unknown key, mixed types, a files-only destination or an unknown product are refused, never guessed.
import type { CallContext } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import type { Send } from '../../src/operations/bind.js';
import { resolveStorageDialect } from '../../src/tools/storage-dialect.js';

const call = {} as CallContext;

/** /v2/storages answering `pages` (each: storage subscriptions and their groups), one per page number. */
function storages(
  pages: Array<{ items: Array<Record<string, unknown>>; groups: Array<[number | string, unknown]> }>,
) {
  const asked: number[] = [];
  const send = (async (args: { page: number }) => {
    asked.push(args.page);
    const p = pages[args.page - 1] ?? { items: [], groups: [] };
    return {
      data: p.items.map((attributes, i) => ({
        type: 'StorageSubscription',
        id: String(args.page * 100 + i),
        attributes,
      })),
      included: p.groups.map(([id, key_name]) => ({
        type: 'StorageGroup',
        id: String(id),
        attributes: { key_name },
      })),
      links: { next: args.page < pages.length ? `https://x/?page=${args.page + 1}` : null },
    };
  }) as unknown as Send;
  return { send, asked };
}

describe('resolveStorageDialect', () => {
  it("the key's storage type names the warehouse, found on a later page", async () => {
    const { send, asked } = storages([
      { items: [{ storage_group_id: 1, product_id: 37 }], groups: [[1, 'bq_key']] },
      { items: [{ storage_group_id: 2, product_id: 93 }], groups: [[2, 'snow_key']] },
    ]);
    expect(await resolveStorageDialect(send, call, 'snow_key')).toEqual({
      ok: true,
      warehouse: 'snowflake',
      storage_type: 'snowflake_ext_s3',
    });
    expect(asked).toEqual([1, 2]);
  });

  it('several storages of one type under a key are one warehouse', async () => {
    const { send } = storages([
      {
        items: [
          { storage_group_id: 1, product_id: 14 },
          { storage_group_id: 1, product_id: 29 },
          { storage_group_id: 3, product_id: 37 },
        ],
        groups: [
          [1, 'rs'],
          [3, 'other'],
        ],
      },
    ]);
    expect(await resolveStorageDialect(send, call, 'rs')).toEqual({
      ok: true,
      warehouse: 'redshift',
      storage_type: 'redshift',
    });
  });

  it('a key no storage carries is refused, pointing at get_storage_subscriptions', async () => {
    const { send } = storages([
      {
        items: [{ storage_group_id: 1, product_id: 37 }],
        groups: [
          [1, 'bq_key'],
          [9, 'x'],
        ],
      },
    ]);
    expect(await resolveStorageDialect(send, call, 'missing')).toEqual({
      ok: false,
      storage_type: null,
      refusal: {
        rule: 'unknown_storage',
        issue:
          'No destination of this account has key_name "missing"; get_storage_subscriptions lists the key_name of each.',
      },
    });
  });

  it('after ten pages with more announced, the refusal says only the first ten were read', async () => {
    const many = Array.from({ length: 12 }, (_, i) => ({
      items: [{ storage_group_id: i, product_id: 37 }],
      groups: [[i, `k${i}`]] as Array<[number, unknown]>,
    }));
    const { send, asked } = storages(many);
    expect(await resolveStorageDialect(send, call, 'k11')).toMatchObject({
      ok: false,
      refusal: {
        rule: 'unknown_storage',
        issue:
          'No destination of this account has key_name "k11" in the first 10 pages of storages; get_storage_subscriptions lists the key_name of each.',
      },
    });
    expect(asked).toHaveLength(10);
  });

  it('a key over storages of different types is refused, naming them', async () => {
    const { send } = storages([
      {
        items: [
          { storage_group_id: 1, product_id: 37 },
          { storage_group_id: 1, product_id: 52 },
        ],
        groups: [[1, 'mixed']],
      },
    ]);
    expect(await resolveStorageDialect(send, call, 'mixed')).toEqual({
      ok: false,
      storage_type: null,
      refusal: {
        rule: 'unknown_storage',
        issue:
          'key_name "mixed" names storages of different types (bigquery, snowflake); the guard cannot tell which warehouse runs the query.',
      },
    });
  });

  it('a files destination (Azure) is not queryable', async () => {
    const { send } = storages([{ items: [{ storage_group_id: 1, product_id: 46 }], groups: [[1, 'blob']] }]);
    expect(await resolveStorageDialect(send, call, 'blob')).toEqual({
      ok: false,
      storage_type: 'azure_blob',
      refusal: {
        rule: 'storage_not_queryable',
        issue: 'key_name "blob" is a azure_blob destination: files, not a warehouse that runs SQL.',
      },
    });
  });

  it('an unknown product is refused, not checked by a guessed grammar', async () => {
    const { send } = storages([{ items: [{ storage_group_id: 1, product_id: 999 }], groups: [[1, 'new']] }]);
    expect(await resolveStorageDialect(send, call, 'new')).toEqual({
      ok: false,
      storage_type: 'product 999',
      refusal: {
        rule: 'unknown_storage',
        issue:
          'key_name "new" is a destination of a type the guard does not know (product 999); no grammar is guessed for it.',
      },
    });
  });

  it('a page without included groups, or a group without attributes, names no key', async () => {
    const send = (async () => ({
      data: [{ type: 'StorageSubscription', id: '1', attributes: { storage_group_id: 1, product_id: 37 } }],
      included: [null, { id: '1' }, { id: '2', attributes: { key_name: 'other' } }],
    })) as unknown as Send;
    expect(await resolveStorageDialect(send, call, 'other')).toMatchObject({ ok: false, storage_type: null });
    const absent = (async () => ({ data: [] })) as unknown as Send;
    expect(await resolveStorageDialect(absent, call, 'k')).toMatchObject({ ok: false, storage_type: null });
    const noIncluded = (async () => ({ data: [], included: 'x' })) as unknown as Send;
    expect(await resolveStorageDialect(noIncluded, call, 'k')).toMatchObject({
      ok: false,
      storage_type: null,
    });
  });
});
