// Unit (src): the destinations get_storage_subscriptions shows: group name and key_name, storage type, the dataset
// id and nothing else of the destination's parameters (they hold passwords and keys).
import type { CallContext } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import type { Send } from '../../src/operations/bind.js';
import { readStorages, STORAGE_OPERATIONS, STORAGE_TYPES } from '../../src/tools/storages.js';

const call = {} as CallContext;

function openbridge(parameters: Record<number, Record<string, unknown>>) {
  const listed: Array<Record<string, unknown>> = [];
  const asked: Array<[Record<string, unknown>, unknown]> = [];
  const listStorages = (async (args: Record<string, unknown>) => {
    listed.push(args);
    if (args.page === 1)
      return {
        data: [
          {
            type: 'StorageSubscription',
            id: '11',
            attributes: { storage_group_id: 1, product_id: 37, status: 'active', name: 'own name' },
          },
          {
            type: 'StorageSubscription',
            id: '12',
            attributes: { storage_group_id: 2, product_id: 46, status: 'active', name: 'blob' },
          },
        ],
        included: [
          { type: 'StorageGroup', id: '1', attributes: { name: 'Warehouse', key_name: 'wh_key' } },
          { type: 'StorageGroup', id: '2', attributes: { name: 7, key_name: null } },
          null,
          { id: '3', attributes: 'x' },
        ],
        links: { next: 'https://x/?page=2' },
      };
    return {
      data: [
        {
          type: 'StorageSubscription',
          id: '13',
          attributes: { storage_group_id: 9, product_id: 500, status: 'invalid' },
        },
      ],
      included: 'none',
      links: {},
    };
  }) as unknown as Send;
  const listSubscriptionParameters = (async (
    args: Record<string, unknown>,
    _call: unknown,
    extra: unknown,
  ) => {
    asked.push([args, extra]);
    return {
      data: {
        type: 'SubscriptionParameters',
        id: String(args.subscription_id),
        attributes: parameters[Number(args.subscription_id)] ?? {},
      },
    };
  }) as unknown as Send;
  return { send: { listStorages, listSubscriptionParameters }, listed, asked };
}

describe('readStorages', () => {
  it('every page, each destination enriched; only the dataset id is copied from its parameters', async () => {
    const { send, listed, asked } = openbridge({
      11: { bigquery_dataset_id: 'ds_11', password: 'hunter2', private_key: 'KEY' },
      12: { dataset_id: 7, account_key: 'SECRET' },
      13: { dataset_id: 'ds_13', bigquery_dataset_id: 'other' },
    });
    const out = await readStorages(send, call, 'active');
    expect(out).toEqual({
      truncated: false,
      storages: [
        {
          subscription_id: 11,
          storage_id: 1,
          status: 'active',
          product_id: 37,
          storage_type: 'bigquery',
          name: 'Warehouse',
          key_name: 'wh_key',
          dataset_id: 'ds_11',
        },
        {
          subscription_id: 12,
          storage_id: 2,
          status: 'active',
          product_id: 46,
          storage_type: 'azure_blob',
          name: 'blob',
          key_name: null,
        },
        {
          subscription_id: 13,
          storage_id: 9,
          status: 'invalid',
          product_id: 500,
          storage_type: 'unknown',
          name: null,
          key_name: null,
          dataset_id: 'ds_13',
        },
      ],
    });
    expect(JSON.stringify(out)).not.toMatch(/hunter2|KEY|SECRET/);
    expect(listed).toEqual([
      { status: 'active', page: 1 },
      { status: 'active', page: 2 },
    ]);
    expect(asked).toEqual([
      [{ subscription_id: 11 }, { resource: 'subscription' }],
      [{ subscription_id: 12 }, { resource: 'subscription' }],
      [{ subscription_id: 13 }, { resource: 'subscription' }],
    ]);
  });

  it('names the operations it calls and the storage types of the reference server', () => {
    expect(STORAGE_OPERATIONS).toEqual({
      listStorages: ['subscriptions', 'listStorages'],
      listSubscriptionParameters: ['subscriptions', 'listSubscriptionParameters'],
    });
    expect(STORAGE_TYPES).toEqual({
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
    });
  });

  it('a list cut at ten pages says so', async () => {
    let pages = 0;
    const listStorages = (async () => {
      pages++;
      return { data: [], links: { next: 'https://x/?page=next' } };
    }) as unknown as Send;
    const out = await readStorages(
      { listStorages, listSubscriptionParameters: (async () => ({})) as unknown as Send },
      call,
      undefined,
    );
    expect(out).toEqual({ storages: [], truncated: true });
    expect(pages).toBe(10);
  });
});
