// MCP_STRICT_UNKNOWN_FIELDS over stdio: off → an unknown top-level field reaches the mocked SP-API (query or body) and is reported; default → rejected.
import { callTool, type TestServer, startInProcess } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { US } from './helpers.js';
import { app } from '../src/app.js';

const passedThrough = (field: string) => ({
  kind: 'unknown_field_passed_through',
  field,
  reason: 'no_schema_match',
});

describe('MCP_STRICT_UNKNOWN_FIELDS=false (the escape hatch)', () => {
  let sp: TestServer;
  beforeAll(async () => {
    sp = await startInProcess({
      app,
      recordUpstream: true,
      env: {
        CODE_MODE: 'off',
        SP_API_TOOLSETS: 'curated,reports',
        MCP_STRICT_UNKNOWN_FIELDS: 'false',
        MCP_SCHEMA_KEY_NORMALIZATION_META: 'true',
      },
    });
  });
  afterAll(async () => sp.close());

  it('GET-style tool: the field joins the query string of the upstream request', async () => {
    const out = await callTool(sp.client, 'get_orders', {
      marketplaceIds: [US],
      createdAfter: '2026-03-01T00:00:00Z',
      EasyShipShipmentStatuses: 'Delivered',
    });
    expect(out.envelope).toBeUndefined();
    expect((out.result?._meta as { normalized?: unknown[] } | undefined)?.normalized).toEqual([
      passedThrough('EasyShipShipmentStatuses'),
    ]);
    const sent = sp.upstreamRequests().filter((r) => r.url.includes('/orders/v0/orders?'));
    expect(sent).toHaveLength(1);
    const query = new URL(sent[0]!.url).searchParams;
    expect(query.get('EasyShipShipmentStatuses')).toBe('Delivered');
    expect(query.get('MarketplaceIds')).toBe(US);
  });

  it('body tool: the field joins the JSON body of the upstream request', async () => {
    const out = await callTool(sp.client, 'create_report', {
      reportType: 'GET_MERCHANT_LISTINGS_ALL_DATA',
      marketplaceIds: [US],
      dataStartTime: '2026-03-01T00:00:00Z',
      futureOption: { a: 1 },
    });
    expect(out.envelope).toBeUndefined();
    const sent = sp
      .upstreamRequests()
      .filter((r) => r.method === 'POST' && r.url.endsWith('/reports/2021-06-30/reports'));
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.body ?? '{}')).toMatchObject({
      reportType: 'GET_MERCHANT_LISTINGS_ALL_DATA',
      futureOption: { a: 1 },
    });
  });

  it('a tool with no upstream request stays strict at the top level', async () => {
    const out = await callTool(sp.client, 'get_region', { zz: 1 });
    expect(out.envelope?.error_code).toBe('SCHEMA_ADDITIONAL_PROPERTIES');
  });
});

describe('default (strict)', () => {
  let sp: TestServer;
  beforeAll(async () => {
    sp = await startInProcess({ app, recordUpstream: true, env: { CODE_MODE: 'off' } });
  });
  afterAll(async () => sp.close());

  it('the same unknown field is SCHEMA_ADDITIONAL_PROPERTIES and nothing reaches the upstream', async () => {
    const out = await callTool(sp.client, 'get_orders', {
      marketplaceIds: [US],
      createdAfter: '2026-03-01T00:00:00Z',
      EasyShipShipmentStatuses: 'Delivered',
    });
    expect(out.envelope).toMatchObject({
      error_code: 'SCHEMA_ADDITIONAL_PROPERTIES',
      details: [{ extra: 'EasyShipShipmentStatuses' }],
    });
    expect(sp.upstreamRequests()).toEqual([]);
  });
});
