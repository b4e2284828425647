// Spec edges on the wire (recorded by the mocks' request log): no Accept where the operation declares no success
// media type, a declared Content-Type argument sent as given, and %2e%2e path values refused like "..".
import { callTool, type TestServer } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startInProcess } from '@obmcp/test-kit';
import { app } from '../src/app.js';

describe('ads-mcp wire edges', () => {
  let ads: TestServer;
  beforeAll(async () => {
    ads = await startInProcess({
      app,
      env: {
        CODE_MODE: 'off',
        ADS_API_TOOLSETS: 'all',
        ADS_API_ENABLE_WRITES: 'true',
        ADS_API_PROFILE_ID: '1111111111',
      },
      recordUpstream: true,
    });
  }, 60_000);
  afterAll(async () => {
    await ads?.close();
  });

  const last = (path: string) => {
    const hit = ads
      .upstreamRequests()
      .filter((r) => new URL(r.url).pathname === path)
      .at(-1);
    if (!hit) throw new Error(`no request to ${path}`);
    return hit;
  };

  it('an operation that declares no success media type is sent without Accept (update_stream_subscription)', async () => {
    await callTool(ads.client, 'update_stream_subscription', { subscriptionId: 'sub-1', body: {} });
    const sent = last('/streams/subscriptions/sub-1');
    expect(sent.headers).toBeDefined();
    expect(sent.headers).not.toHaveProperty('accept');
  });

  it('a declared Content-Type argument is sent as given, also without a body (DataProviderData GET)', async () => {
    await callTool(ads.client, 'get_v2_dp_audiencemetadata_audience_id', {
      'Content-Type': 'application/json',
      audienceId: 7,
    });
    expect(last('/v2/dp/audiencemetadata/7').headers?.['content-type']).toBe('application/json');
    const wrong = await callTool(ads.client, 'patch_v2_dp_users', { 'Content-Type': 'text/plain', body: {} });
    expect(wrong.envelope?.error_code).toBe('SCHEMA_ENUM_MISMATCH');
  });

  it('create_asset sends a real multipart body: boundary, the image part with its type and name, assetInfo as text', async () => {
    const { envelope, result } = await callTool(ads.client, 'create_asset', {
      'Content-Disposition': 'logo.png',
      'Content-Type': 'image/png',
      body: { asset: { base64: 'iVBORw0KGgo=' }, assetInfo: '{"mediaType":"brandLogo"}' },
    });
    expect(envelope).toBeUndefined();
    expect(result).toBeDefined();
    const sent = last('/stores/assets');
    const type = sent.headers?.['content-type'] ?? '';
    expect(type).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent.body).toContain('name="asset"; filename="logo.png"');
    expect(sent.body).toContain('Content-Type: image/png');
    expect(sent.body).toContain('{"mediaType":"brandLogo"}');
    const noDir = await callTool(ads.client, 'create_asset', {
      'Content-Disposition': 'logo.png',
      'Content-Type': 'image/png',
      body: { asset: { path: '/etc/passwd' } },
    });
    expect(noDir.envelope?.error_code).toBe('INPUT_VALIDATION_FAILED');
    expect(noDir.envelope?.details?.[0]?.path).toBe('body/asset/path');
  });

  it('shared Ads API v1 paths take every product the specs allow (the AdsAPIv1All union), DSP included', async () => {
    for (const adProduct of ['SPONSORED_PRODUCTS', 'SPONSORED_BRANDS', 'SPONSORED_DISPLAY', 'AMAZON_DSP']) {
      const { envelope } = await callTool(ads.client, 'query_campaign', {
        body: { adProductFilter: { include: [adProduct] } },
      });
      expect(envelope, adProduct).toBeUndefined();
      expect(last('/adsApi/v1/query/campaigns').body).toContain(adProduct);
    }
    const dsp = await callTool(ads.client, 'query_campaign', {
      'Amazon-Ads-AccountId': 'amzn1.ads-account.g.audit0001',
      body: { adProductFilter: { include: ['AMAZON_DSP'] } },
    });
    expect(dsp.envelope).toBeUndefined();
    expect(last('/adsApi/v1/query/campaigns').headers?.['amazon-ads-accountid']).toBe(
      'amzn1.ads-account.g.audit0001',
    );
  });

  it('%2e%2e, %2E%2e and %252e%252e as path values are refused before any request, like ".."', async () => {
    const before = ads.upstreamRequests().length;
    for (const reportId of ['%2e%2e', '%2E%2e', '%252e%252e', '.%2e']) {
      const { envelope } = await callTool(ads.client, 'get_mmm_report', {
        reportId,
        'Amazon-Advertising-API-Manager-Account': 'amzn1.ads1.ma1.example',
      });
      expect(envelope?.error_kind, reportId).toBe('mcp_input_validation');
      expect(envelope?.details?.[0]?.path).toBe('reportId');
    }
    expect(ads.upstreamRequests().length).toBe(before);
  });
});
