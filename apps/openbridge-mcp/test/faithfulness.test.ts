// The audit's severity-1/2 findings (ads-openbridge-faithfulness.md §4), each over stdio against the doc-shaped mocks.
import type { TestServer } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fails as failsOn, ok as okOn, start } from './harness.js';

let server: TestServer;
const ok = (name: string, args: Record<string, unknown> = {}) => okOn(server, name, args);
const fails = (name: string, args: Record<string, unknown>) => failsOn(server, name, args);

beforeAll(async () => {
  server = await start({ OPENBRIDGE_ENABLE_PRIVILEGED_TOOLS: 'true' });
});
afterAll(async () => {
  await server.close();
});

describe('A2-OB1 get_table_schema reads the documented Rules object', () => {
  it('columns from rules.configuration.load.schema.fields, table from rules.destination.tablename, whole document', async () => {
    const r = await ok('get_table_schema', { table_name: 'amzadv_sp_campaigns_master' });
    expect(r).toMatchObject({
      table_name: 'amzadv_sp_campaigns',
      destination_table: 'amzadv_sp_campaigns_v14',
      rules_path: 'amazon-advertising/amzadv_sp_campaigns',
      version: 14,
    });
    const names = (r.fields as Array<{ name: string }>).map((f) => f.name);
    expect(names).toEqual(expect.arrayContaining(['campaign_id', 'budget', 'ob_transaction_id']));
    // The whole rules document (reference parity): dialect and load configuration too.
    expect(r.rules).toMatchObject({
      dialect: { delimiter: ',' },
      configuration: { load: { prepend_headers: false } },
    });
  });
});

describe('A2-OB2 / A2-OB7 get_healthchecks: documented statuses and the JSON:API list', () => {
  it('ERROR rows by default (read from data[].attributes)', async () => {
    const r = await ok('get_healthchecks');
    const rows = r.healthchecks as Array<{ id: number; status: string }>;
    expect(rows.length).toBe(4);
    expect(new Set(rows.map((h) => h.status))).toEqual(new Set(['ERROR']));
  });
  it('status OK and IN_PROGRESS are offered; SUCCESS is not', async () => {
    const okRows = await ok('get_healthchecks', { status: 'OK' });
    expect((okRows.healthchecks as Array<{ id: number }>).map((h) => h.id)).toEqual([3]);
    const running = await ok('get_healthchecks', { status: 'IN_PROGRESS' });
    expect((running.healthchecks as Array<{ id: number }>).map((h) => h.id)).toEqual([6]);
    const e = await fails('get_healthchecks', { status: 'SUCCESS' });
    expect(e.error_code).toBe('SCHEMA_ENUM_MISMATCH');
  });
});

describe('A1-OB1 create_subscription requires date_start', () => {
  it('omitting it is a local SCHEMA_REQUIRED (never a round trip)', async () => {
    const e = await fails('create_subscription', {
      product_id: 70,
      name: 'No start',
      storage_group_id: 1688,
    });
    expect(e).toMatchObject({ error_kind: 'mcp_input_validation', error_code: 'SCHEMA_REQUIRED' });
    expect(e.details[0]?.path).toBe('date_start');
  });
  it('with it, the documented create body is accepted', async () => {
    const r = await ok('create_subscription', {
      product_id: 70,
      name: 'With start',
      storage_group_id: 1688,
      remote_identity_id: 7460,
      date_start: '2025-01-01T00:00:00Z',
      product_parameters: { stage_ids: '[1000]' },
    });
    expect(r.subscription).toMatchObject({
      status: 'active',
      date_start: '2025-01-01T00:00:00Z',
      storage_group_id: 1688,
    });
  });
});

describe('A1-OB2 update_history_status offers only cancelled', () => {
  it('active is a local SCHEMA_ENUM_MISMATCH; cancelled works', async () => {
    const e = await fails('update_history_status', { history_id: 72418, status: 'active' });
    expect(e.error_code).toBe('SCHEMA_ENUM_MISMATCH');
    const r = await ok('update_history_status', { history_id: 72418, status: 'cancelled' });
    expect(r.history).toMatchObject({ status: 'cancelled' });
  });
});

describe('A2-OB4 update_subscription writes storage_group', () => {
  it('the new storage group is what the API stores', async () => {
    const r = await ok('update_subscription', { subscription_id: 107003, storage_group_id: 1689 });
    expect(r.subscription).toMatchObject({ id: 107003, storage_group_id: 1689 });
  });
});

describe('A2-OB5 create_job sends only documented HistoryTransaction attributes', () => {
  it('the documented body is accepted (no primary_run)', async () => {
    const r = await ok('create_job', {
      subscription_id: 107003,
      date_start: '2025-10-01',
      date_end: '2025-10-02',
      stage_ids: [1000],
    });
    expect(r.count).toBe(1);
  });
});

describe('A2-OB3 get_subscriptions filters by the documented names', () => {
  it('product_id → product=, remote_identity_id → remote_identity=', async () => {
    const byProduct = await ok('get_subscriptions', { status: 'any', product_id: 70 });
    const rows = byProduct.subscriptions as Array<{ id: number; product_id: number }>;
    expect(rows.map((s) => s.id)).toContain(107004);
    expect(new Set(rows.map((s) => s.product_id))).toEqual(new Set([70]));
    const byIdentity = await ok('get_subscriptions', { status: 'any', remote_identity_id: 7462 });
    expect((byIdentity.subscriptions as Array<{ id: number }>).map((s) => s.id)).toEqual([118666]);
  });
});
