// Every paged Openbridge list is read to its last page (or hands back the page): the mock serves 2 rows a page here.
import type { TestServer } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok as okOn, start } from './harness.js';

let server: TestServer;
const ok = (name: string, args: Record<string, unknown> = {}) => okOn(server, name, args);

const ids = (rows: unknown) => (rows as Array<{ id: number }>).map((r) => r.id);

beforeAll(async () => {
  server = await start({ OBMCP_MOCK_OPENBRIDGE_PAGE_SIZE: '2' });
});
afterAll(async () => {
  await server.close();
});

describe('lists read to the end', () => {
  it('A2-OB6 get_product_stage_ids: all 25 stages of product 85, not the first page', async () => {
    const r = await ok('get_product_stage_ids', { product_id: 85 });
    expect((r.stage_ids as number[]).length).toBe(25);
    expect(r.stage_ids).toContain(1024);
  });

  it('A2-OB6 list_product_tables: every table of the product', async () => {
    const r = await ok('list_product_tables', { product_id: 85 });
    expect(r.count).toBe(25);
  });

  it('A3-OB2 get_remote_identities walks every page by itself', async () => {
    const own = await ok('get_remote_identities');
    expect(ids(own.remote_identities)).toEqual([7460, 7462, 7461, 7463]);
    const shared = await ok('get_remote_identities', { scope: 'shared' });
    expect(ids(shared.remote_identities)).toHaveLength(5);
    expect(shared).toMatchObject({ count: 5, truncated: false });
  });

  it('get_subscriptions, get_storage_subscriptions and search_products: every row', async () => {
    const subs = await ok('get_subscriptions', { status: 'any' });
    expect(subs).toMatchObject({ count: 4, truncated: false });
    const storages = await ok('get_storage_subscriptions', { status: 'any' });
    expect((storages.storages as unknown[]).length).toBe(6);
    const products = await ok('search_products', { query: 'amazon' });
    expect(products.count).toBe(6);
  });

  it('get_table_schema finds a table past the first page of a rules search', async () => {
    const r = await ok('get_table_schema', { table_name: 'sp_orders' });
    expect(r).toMatchObject({ table_name: 'sp_orders', destination_table: 'sp_orders_v14' });
  });

  it('get_jobs and get_healthchecks hand back the page: has_next and next_page', async () => {
    const first = await ok('get_jobs', { subscription_id: 107003, status: 'any', page_size: 1 });
    expect(first.pagination).toMatchObject({ page: 1, has_next: true, next_page: 2 });
    const second = await ok('get_jobs', { subscription_id: 107003, status: 'any', page: 2, page_size: 1 });
    expect(second.pagination).toMatchObject({ page: 2 });
    const hc = await ok('get_healthchecks', { status: 'any' });
    expect(hc.pagination).toMatchObject({ page: 1, has_next: true, next_page: 2, count: 6 });
    const last = await ok('get_healthchecks', { status: 'any', page: 3 });
    expect(last.pagination).toMatchObject({ page: 3, has_next: false });
    expect(last.pagination).not.toHaveProperty('next_page');
  });
});
