// MCP_STRICT_UNKNOWN_FIELDS over stdio: off → an unknown top-level field reaches the mocked Ads API (query or body) and is reported; default → rejected.
import { callTool, type TestServer, startInProcess } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { US_PROFILE } from './helpers.js';
import { app } from '../src/app.js';

const passedThrough = (field: string) => ({
  kind: 'unknown_field_passed_through',
  field,
  reason: 'no_schema_match',
});
const PROFILE = { ADS_API_PROFILE_ID: String(US_PROFILE), CODE_MODE: 'off' };

describe('MCP_STRICT_UNKNOWN_FIELDS=false (the escape hatch)', () => {
  let ads: TestServer;
  beforeAll(async () => {
    ads = await startInProcess({
      app,
      recordUpstream: true,
      env: { ...PROFILE, MCP_STRICT_UNKNOWN_FIELDS: 'false', MCP_SCHEMA_KEY_NORMALIZATION_META: 'true' },
    });
  });
  afterAll(async () => ads.close());

  it('GET-style tool: the field joins the query string of the upstream request', async () => {
    const out = await callTool(ads.client, 'list_profiles', { validPaymentMethodFilter: true });
    expect(out.envelope).toBeUndefined();
    expect((out.result?._meta as { normalized?: unknown[] } | undefined)?.normalized).toEqual([
      passedThrough('validPaymentMethodFilter'),
    ]);
    const sent = ads.upstreamRequests().filter((r) => new URL(r.url).pathname === '/v2/profiles');
    expect(sent).toHaveLength(1);
    expect(new URL(sent[0]!.url).searchParams.get('validPaymentMethodFilter')).toBe('true');
  });

  it('body tool (POST …/list): the field joins the JSON body of the upstream request', async () => {
    const out = await callTool(ads.client, 'list_campaigns', {
      stateFilter: ['PAUSED'],
      locale: true,
    });
    expect(out.envelope).toBeUndefined();
    expect((out.result?._meta as { normalized?: unknown[] } | undefined)?.normalized).toEqual([
      passedThrough('locale'),
    ]);
    const sent = ads.upstreamRequests().filter((r) => new URL(r.url).pathname === '/sp/campaigns/list');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.body ?? '{}')).toMatchObject({ locale: true });
  });
});

describe('default (strict)', () => {
  let ads: TestServer;
  beforeAll(async () => {
    ads = await startInProcess({ app, recordUpstream: true, env: PROFILE });
  });
  afterAll(async () => ads.close());

  it('the same unknown field is SCHEMA_ADDITIONAL_PROPERTIES and nothing reaches the upstream', async () => {
    const out = await callTool(ads.client, 'list_campaigns', {
      stateFilter: ['PAUSED'],
      locale: true,
    });
    expect(out.envelope).toMatchObject({
      error_code: 'SCHEMA_ADDITIONAL_PROPERTIES',
      details: [{ extra: 'locale' }],
    });
    expect(ads.upstreamRequests()).toEqual([]);
  });
});
