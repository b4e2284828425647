// MCP_STRICT_UNKNOWN_FIELDS over stdio: off → an unknown top-level field reaches the mocked Openbridge API as a query parameter and is reported; default → rejected.
import { callTool, type TestServer, startInProcess } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANARY_REFRESH_TOKEN } from './harness.js';
import { app } from '../src/app.js';

const BASE = {
  OPENBRIDGE_REFRESH_TOKEN: CANARY_REFRESH_TOKEN,
  OPENBRIDGE_MAX_RETRIES: '0',
  CODE_MODE: 'off',
};
const subscriptionLists = (server: TestServer) =>
  server.upstreamRequests().filter((r) => new URL(r.url).pathname === '/v2/sub');

describe('MCP_STRICT_UNKNOWN_FIELDS=false (the escape hatch)', () => {
  let ob: TestServer;
  beforeAll(async () => {
    ob = await startInProcess({
      app,
      recordUpstream: true,
      env: { ...BASE, MCP_STRICT_UNKNOWN_FIELDS: 'false', MCP_SCHEMA_KEY_NORMALIZATION_META: 'true' },
    });
  });
  afterAll(async () => ob.close());

  it('GET tool: the field joins the query string of every page it requests', async () => {
    const out = await callTool(ob.client, 'get_subscriptions', { status: 'any', storage_group_id: 12 });
    expect(out.envelope).toBeUndefined();
    expect((out.result?._meta as { normalized?: unknown[] } | undefined)?.normalized).toEqual([
      { kind: 'unknown_field_passed_through', field: 'storage_group_id', reason: 'no_schema_match' },
    ]);
    const sent = subscriptionLists(ob);
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) expect(new URL(request.url).searchParams.get('storage_group_id')).toBe('12');
  });

  it('the credential exchange is never recorded (its body carries the refresh token)', () => {
    const all = ob.upstreamRequests();
    expect(all.length).toBeGreaterThan(0);
    expect(JSON.stringify(all)).not.toContain(CANARY_REFRESH_TOKEN.split(':')[1]);
  });
});

describe('default (strict)', () => {
  let ob: TestServer;
  beforeAll(async () => {
    ob = await startInProcess({ app, recordUpstream: true, env: BASE });
  });
  afterAll(async () => ob.close());

  it('the same unknown field is SCHEMA_ADDITIONAL_PROPERTIES and nothing reaches the upstream', async () => {
    const out = await callTool(ob.client, 'get_subscriptions', { status: 'any', storage_group_id: 12 });
    expect(out.envelope).toMatchObject({
      error_code: 'SCHEMA_ADDITIONAL_PROPERTIES',
      details: [{ extra: 'storage_group_id' }],
    });
    expect(subscriptionLists(ob)).toEqual([]);
  });
});
