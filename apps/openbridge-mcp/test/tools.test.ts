// Happy path of every tool through the real SDK client over stdio (privileged tools enabled).
import { callTool, type RunningServer } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANARY_REFRESH_TOKEN, ok as okOn, startProcess as start } from './harness.js';

let server: RunningServer;
const outputs: string[] = [];

const ok = (name: string, args: Record<string, unknown> = {}) => okOn(server, name, args, outputs);

beforeAll(async () => {
  server = await start({ OPENBRIDGE_ENABLE_PRIVILEGED_TOOLS: 'true' });
});
afterAll(async () => {
  await server.close();
});

describe('read tools', () => {
  it('get_capabilities reports tools, flags and the envelope block', async () => {
    const r = await ok('get_capabilities');
    expect(r.openbridge_envelope).toEqual({
      contract_version: 1,
      error_kinds: expect.arrayContaining(['sp_api_http', 'sp_api_client', 'auth_error', 'rate_limited']),
    });
    expect(r.tools).toContain('get_amazon_api_access_token');
    expect((r.runtime as Record<string, unknown>).privileged_tools_enabled).toBe(true);
    expect(r.tools).toContain('validate_query');
    expect(r.disabled).toEqual([
      { name: 'execute_query', reason: 'set OPENBRIDGE_ENABLE_QUERY_EXECUTION=true' },
    ]);
    expect(r.not_installed).toEqual([]);
  });

  it('remote identities: own, shared with type filter, by id, Ads profiles', async () => {
    const own = await ok('get_remote_identities');
    expect((own.remote_identities as unknown[]).length).toBe(4);
    const shared = await ok('get_remote_identities', { scope: 'shared', remote_identity_type_id: 14 });
    const ids = (shared.remote_identities as Array<{ id: number }>).map((i) => i.id);
    expect(ids).toEqual([7460, 7462, 8120]);
    const one = await ok('get_remote_identity_by_id', { remote_identity_id: 8120 });
    expect(one.remote_identity).toMatchObject({ id: 8120, region: 'FE', remote_identity_type_id: 14 });
    const profiles = await ok('get_amazon_advertising_profiles', {
      remote_identity_id: 7460,
      profile_types: ['seller'],
    });
    expect(profiles.count).toBe(1);
    expect(profiles.profiles).toEqual([expect.objectContaining({ id: 7460001, country_code: 'US' })]);
  });

  it('subscriptions: list (status filter), by id, storages', async () => {
    const active = await ok('get_subscriptions');
    expect(active).toMatchObject({ count: 2, truncated: false });
    const any = await ok('get_subscriptions', { status: 'any', product_id: 70 });
    expect((any.subscriptions as Array<{ id: number }>).map((s) => s.id)).toEqual([107004]);
    const one = await ok('get_subscription_by_id', { subscription_id: 118666 });
    expect(one.subscription).toMatchObject({ id: 118666, status: 'paused', product_id: 71 });
    const storages = await ok('get_storage_subscriptions');
    expect((storages.storages as unknown[]).length).toBe(5);
  });

  it('jobs and history reads', async () => {
    // jobs-api.md documents no status or is_primary filter: by default none is sent and every job is listed.
    const jobs = await ok('get_jobs', { subscription_id: 107003 });
    expect((jobs.jobs as Array<{ id: number }>).map((j) => j.id)).toEqual([4100440, 4100441, 4100442]);
    const all = await ok('get_jobs', { subscription_id: 107003, status: 'any', is_primary: false });
    expect((all.jobs as unknown[]).length).toBe(1);
    expect(await ok('get_job_by_id', { job_id: 4100451 })).toMatchObject({
      job: { status: 'failed', stage_id: 1002 },
    });
    expect(await ok('get_history_by_id', { history_id: 72418 })).toMatchObject({
      history: { subscription_id: 107003 },
    });
  });

  it('products: search, stage ids, tables (by product and by subscription)', async () => {
    const found = await ok('search_products', { query: 'SPONSORED' });
    expect((found.products as Array<{ name: string }>).map((p) => p.name).sort()).toEqual([
      'Amazon Sponsored Brands',
      'Amazon Sponsored Products',
    ]);
    const storage = await ok('search_products', { query: 'loader', is_storage_product: true });
    expect(storage.count).toBe(3);
    const stages = await ok('get_product_stage_ids', { product_id: 50 });
    expect(stages.stage_ids).toEqual([1000, 1001]);
    const tables = await ok('list_product_tables', { product_id: 70 });
    expect(tables.count).toBe(3);
    const viaSub = await ok('list_product_tables', { subscription_id: 107004 });
    expect(viaSub).toMatchObject({ product_id: 70, count: 2, enabled_stage_ids: [1000, 1002] });
  });

  it('table schema (aliases) and suggestions', async () => {
    for (const name of ['amzadv_sp_campaigns', 'amzadv_sp_campaigns_master', 'amzadv_sp_campaigns_v14']) {
      const r = await ok('get_table_schema', { table_name: name });
      expect(r).toMatchObject({
        table_name: 'amzadv_sp_campaigns',
        destination_table: 'amzadv_sp_campaigns_v14',
      });
      expect((r.fields as unknown[]).length).toBe(8); // 4 source columns + 4 Openbridge system columns
    }
    const s = await ok('get_suggested_table_names', { query: 'sp campaigns' });
    expect((s.suggestions as Array<{ table_name: string }>)[0]?.table_name).toBe('amzadv_sp_campaigns');
  });

  it('healthchecks: default, last_days, filter_date, subscription', async () => {
    const all = await ok('get_healthchecks');
    expect(all).toMatchObject({ account_id: 3558 });
    expect((all.healthchecks as unknown[]).length).toBe(4);
    const week = await ok('get_healthchecks', { last_days: 7 });
    expect((week.healthchecks as unknown[]).length).toBe(3);
    const today = new Date().toISOString().slice(0, 10);
    const day = await ok('get_healthchecks', { filter_date: today, subscription_id: 107003 });
    expect((day.healthchecks as Array<{ id: number }>).map((h) => h.id)).toEqual([1]);
  });
});

describe('privileged tools', () => {
  it('create, update, cancel a subscription', async () => {
    const created = await ok('create_subscription', {
      product_id: 70,
      name: 'Test SP',
      storage_group_id: 1688,
      remote_identity_id: 7460,
      date_start: '2025-01-01T00:00:00Z',
      product_parameters: { stage_ids: '[1000]' },
    });
    const sub = created.subscription as { id: number; status: string; account_id: number };
    expect(sub).toMatchObject({ status: 'active', account_id: 3558 });
    const updated = await ok('update_subscription', { subscription_id: sub.id, name: 'Renamed' });
    expect(updated.subscription).toMatchObject({ id: sub.id, name: 'Renamed' });
    const cancelled = await ok('cancel_subscription', { subscription_id: sub.id });
    expect(cancelled.subscription).toMatchObject({ status: 'cancelled' });
  });

  it('create_job posts one history transaction per stage; update_history_status', async () => {
    const r = await ok('create_job', {
      subscription_id: 107003,
      date_start: '2025-10-01',
      date_end: '2025-10-03',
      stage_ids: [1000, 1001],
    });
    expect(r.count).toBe(2);
    const first = (r.history_transactions as Array<{ id: number; stage_id: number }>)[0];
    expect(first?.stage_id).toBe(1000);
    const u = await ok('update_history_status', { history_id: first?.id, status: 'cancelled' });
    expect(u.history).toMatchObject({ status: 'cancelled' });
  });

  it('get_amazon_api_access_token returns the brokered token and client id', async () => {
    const r = await ok('get_amazon_api_access_token', { remote_identity_id: 7460 });
    expect(r.access_token).toMatch(/^Atza\|/);
    expect(r.client_id).toMatch(/^amzn1\.application-oa2-client\./);
  });
});

describe('secrets', () => {
  it('the canary refresh token never appears in results, envelopes or stderr; the JWT never in stderr', async () => {
    await callTool(server.client, 'get_subscription_by_id', { subscription_id: 999999 }).then((o) =>
      outputs.push(o.text),
    );
    const everything = `${outputs.join('\n')}\n${server.stderr()}`;
    expect(everything).not.toContain(CANARY_REFRESH_TOKEN);
    expect(everything).not.toContain('CANARY-SECRET');
    expect(server.stderr()).not.toMatch(/eyJ[A-Za-z0-9_-]+\.eyJ/);
  });
});
