// Unit (src): what a catalog operation sends through the Ads client (generated and curated tools alike): the
// identity headers the server supplies per kind of operation (profile Scope, AMC advertiser/marketplace and the
// AMC account header, none), media types, file answers, forms, the limiter key, repeat-safety, and how a 207
// batch answer reads; plus the catalog's build rules (toolsets by spec, the file a shared path is served from).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { UpstreamHttpError } from '@obmcp/contract';
import type { CatalogOperation } from '@obmcp/openapi-tools';
import type { SpecFile } from '@obmcp/upstream-specs';
import { describe, expect, it } from 'vitest';
import { createOperations } from '../../src/operations/bind.js';
import { adsOperationKey, callOperation } from '../../src/operations/call-operation.js';
import { adsCatalog } from '../../src/operations/catalog.js';
import { ADS_TOOLSET_OF_STEM, catalogConfig } from '../../src/operations/catalog-config.js';
import { operationExecutor } from '../../src/operations/execute.js';
import { callContext, failure, rig } from './ads-rig.js';

function op(name: string): CatalogOperation {
  const found = adsCatalog().operations.find((o) => o.name === name);
  if (!found) throw new Error(`no operation ${name}`);
  return found;
}

const PROFILE = { ADS_API_PROFILE_ID: '777' };
const MARKET = 'ATVPDKIKX0DER';

describe('callOperation: identity headers per kind of operation', () => {
  it('an AMC operation with explicit advertiser and marketplace: both headers, the AMC account header, no Scope', async () => {
    const r = rig([{ body: '{"scheduleId":"s1"}' }], PROFILE);
    const res = await callOperation(
      r.client,
      op('create_schedule'),
      { instanceId: 'inst-1', body: { name: 'n' } },
      callContext('create_schedule'),
      { amc: { advertiserId: 'amcacc1', marketplaceId: MARKET } },
    );
    expect(res).toEqual({ status: 200, body: { scheduleId: 's1' } });
    expect(r.sent).toHaveLength(1);
    const [req] = r.sent;
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('https://advertising-api.amazon.com/amc/reporting/inst-1/schedules');
    expect(req?.headers).toMatchObject({
      'amazon-advertising-api-advertiserid': 'amcacc1',
      'amazon-advertising-api-marketplaceid': MARKET,
      'amazon-ads-accountid': 'amcacc1',
      accept: 'application/vnd.amcschedules.v1+json',
      'content-type': 'application/vnd.amcschedules.v1+json',
    });
    expect(req?.headers).not.toHaveProperty('amazon-advertising-api-scope');
    expect(JSON.parse(req?.body ?? '')).toEqual({ name: 'n' });
    expect(r.acquired.map((a) => a.key)).toEqual(['ads:AMCWorkflow.createSchedule@na']);
  });

  it('an AMC account header the caller gives wins over the advertiser', async () => {
    const r = rig([{ body: '{}' }], PROFILE);
    await callOperation(
      r.client,
      op('create_schedule'),
      { instanceId: 'inst-1', 'Amazon-Ads-AccountId': 'given-acc', body: {} },
      callContext(),
      { amc: { advertiserId: 'amcacc1', marketplaceId: MARKET } },
    );
    const headers = r.sent[0]?.headers ?? {};
    expect(headers['amazon-ads-accountid'] ?? headers['Amazon-Ads-AccountId']).toBe('given-acc');
    expect(Object.entries(headers).filter(([k]) => k.toLowerCase() === 'amazon-ads-accountid')).toHaveLength(
      1,
    );
  });

  it('an AMC operation that declares no account header gets none; a write is sent once after a 5xx', async () => {
    const r = rig([{ status: 500, body: '{}' }], { ...PROFILE, ADS_API_MAX_ATTEMPTS: '3' });
    await failure(
      callOperation(
        r.client,
        op('create_advertiser_update'),
        { instanceId: 'inst-1', body: {} },
        callContext(),
        {
          amc: { advertiserId: 'amcacc1', marketplaceId: MARKET },
        },
      ),
    );
    expect(r.sent).toHaveLength(1);
    expect(r.sent[0]?.headers).not.toHaveProperty('amazon-ads-accountid');
    expect(r.sent[0]?.headers['amazon-advertising-api-advertiserid']).toBe('amcacc1');
  });

  it('without an advertiser, the AMC account comes from GET /amc/accounts through the same client', async () => {
    const r = rig(
      [
        { body: JSON.stringify({ amcAccounts: [{ accountId: 'only-acc', marketplaceId: MARKET }] }) },
        { body: '{}' },
      ],
      PROFILE,
    );
    await callOperation(r.client, op('create_schedule'), { instanceId: 'inst-1', body: {} }, callContext());
    expect(r.sent.map((s) => `${s.method} ${new URL(s.url).pathname}`)).toEqual([
      'GET /amc/accounts',
      'POST /amc/reporting/inst-1/schedules',
    ]);
    expect(r.sent[0]?.headers.accept).toBe('application/vnd.amcaudiencesconnections.v1+json');
    expect(r.sent[0]?.headers).not.toHaveProperty('amazon-advertising-api-scope');
    expect(r.sent[1]?.headers).toMatchObject({
      'amazon-advertising-api-advertiserid': 'only-acc',
      'amazon-advertising-api-marketplaceid': MARKET,
      'amazon-ads-accountid': 'only-acc',
    });
    // The accounts are cached for the session: a second call asks no more.
    await callOperation(r.client, op('create_schedule'), { instanceId: 'inst-1', body: {} }, callContext());
    expect(r.sent).toHaveLength(3);
  });

  it('an SP recommendation that also declares an AdvertiserId header is profile-scoped: Scope, no AMC headers', async () => {
    const r = rig([{ body: '{}' }], PROFILE);
    await callOperation(
      r.client,
      op('get_ranked_keyword_recommendation'),
      { body: { asins: ['B0'] } },
      callContext(),
    );
    expect(r.sent[0]?.headers).toMatchObject({
      'amazon-advertising-api-scope': '777',
      accept: 'application/vnd.spkeywordsrecommendation.v5+json',
      'content-type': 'application/vnd.spkeywordsrecommendation.v5+json',
    });
    expect(r.sent[0]?.headers).not.toHaveProperty('amazon-advertising-api-advertiserid');
    expect(r.acquired.map((a) => a.key)).toEqual([
      'ads:SponsoredProducts.getRankedKeywordRecommendation@profile-777',
    ]);
  });

  it('an Ads API v1 operation sends no Scope and spends the region budget, keyed by its spec file', async () => {
    const r = rig([{ body: '{}' }], PROFILE);
    const v1 = op('ads_apiv1_create_report');
    expect(adsOperationKey(v1)).toBe('AdsAPIv1Beta.AdsApiv1CreateReport');
    await callOperation(r.client, v1, { body: { a: 1 } }, callContext());
    expect(r.sent[0]?.headers).not.toHaveProperty('amazon-advertising-api-scope');
    expect(r.sent[0]?.headers['amazon-ads-clientid']).toBe('client-1');
    expect(r.acquired.map((a) => a.key)).toEqual(['ads:AdsAPIv1Beta.AdsApiv1CreateReport@na']);
  });

  it('a profile operation without an active profile is refused before anything goes upstream', async () => {
    const r = rig([{ body: '{}' }]);
    await failure(
      callOperation(r.client, op('get_ranked_keyword_recommendation'), { body: {} }, callContext()),
    );
    expect(r.sent).toEqual([]);
  });
});

describe('callOperation: media types, files and forms', () => {
  it('a GET that declares no success media type is a file: no Accept, the gunzipped JSON parsed', async () => {
    const gz = new Uint8Array(gzipSync(Buffer.from('[{"impressions":9}]')));
    const r = rig([{ body: gz, headers: { 'content-type': 'application/octet-stream' } }], {
      ...PROFILE,
      ADS_REPORT_MAX_BYTES: '8192',
    });
    const res = await callOperation(r.client, op('download_report'), { reportId: 'rep-1' }, callContext());
    expect(res).toEqual({ status: 200, body: [{ impressions: 9 }] });
    expect(r.sent[0]?.url).toBe('https://advertising-api.amazon.com/v2/reports/rep-1/download');
    expect(r.sent[0]?.headers).not.toHaveProperty('accept');
    expect(r.sent[0]?.maxBodyBytes).toBe(8192);
  });

  it('a DELETE that declares no success media type is not a file: its empty 204 answers as an empty object', async () => {
    const r = rig([{ status: 204, body: '', headers: {} }], PROFILE);
    const res = await callOperation(r.client, op('delete_mmm_report'), { reportId: 'mmm-1' }, callContext());
    expect(res).toEqual({ status: 204, body: {} });
    expect(r.sent).toHaveLength(1);
    expect(r.sent[0]?.method).toBe('DELETE');
    expect(r.sent[0]?.url).toBe('https://advertising-api.amazon.com/mmm/v1/reports/mmm-1');
    expect(r.sent[0]?.headers).not.toHaveProperty('accept');
    expect(r.sent[0]?.headers).not.toHaveProperty('amazon-advertising-api-scope');
    expect(r.sent[0]?.maxBodyBytes).toBeUndefined();
  });

  it('a JSON GET is read as JSON (not as a file), with the operation Accept', async () => {
    const r = rig([{ body: '{"amcAccounts":[]}' }]);
    const res = await callOperation(
      r.client,
      op('amcp_link_list_amc_accounts'),
      { nextToken: 'n2' },
      callContext(),
    );
    expect(res.body).toEqual({ amcAccounts: [] });
    expect(r.sent[0]?.url).toBe('https://advertising-api.amazon.com/amc/accounts?nextToken=n2');
    expect(r.sent[0]?.maxBodyBytes).toBeUndefined();
  });

  it('a Content-Type the operation takes as an argument is sent on a GET without a body', async () => {
    const r = rig([{ body: '{}' }]);
    await callOperation(
      r.client,
      op('get_v2_dp_audiencemetadata_audience_id'),
      { 'Content-Type': 'application/json', audienceId: 12 },
      callContext(),
    );
    expect(r.sent[0]?.url).toBe('https://advertising-api.amazon.com/v2/dp/audiencemetadata/12');
    expect(r.sent[0]?.headers['content-type']).toBe('application/json');
    expect(r.sent[0]?.headers.accept).toBe('application/json');
    expect(r.sent[0]?.body).toBeUndefined();
  });

  it('a form operation: multipart body, the file part typed by the Content-Type argument and named by Content-Disposition', async () => {
    const r = rig([{ body: '{"assetId":"a1"}' }], PROFILE);
    await callOperation(
      r.client,
      op('create_asset'),
      {
        'Content-Disposition': 'logo.png',
        'Content-Type': 'image/png',
        body: { asset: { base64: Buffer.from('PNGDATA').toString('base64') }, assetInfo: '{"name":"x"}' },
      },
      callContext(),
    );
    const [req] = r.sent;
    expect(req?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(req?.headers.accept).toBe('application/json');
    expect(req?.body).toContain('name="asset"; filename="logo.png"');
    expect(req?.body).toContain('Content-Type: image/png');
    expect(req?.body).toContain('PNGDATA');
    expect(req?.body).toContain('name="assetInfo"');
  });

  it('a form operation whose Content-Type argument is the form type itself: the file part is application/octet-stream', async () => {
    const r = rig([{ body: '{"assetId":"a2"}' }], PROFILE);
    await callOperation(
      r.client,
      op('create_asset'),
      {
        'Content-Disposition': 'banner.bin',
        'Content-Type': 'multipart/form-data',
        body: { asset: { base64: Buffer.from('RAWDATA').toString('base64') } },
      },
      callContext(),
    );
    const [req] = r.sent;
    expect(req?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(req?.body).toContain('name="asset"; filename="banner.bin"');
    expect(req?.body).toContain('Content-Type: application/octet-stream');
    expect(req?.body).not.toContain('Content-Type: multipart/form-data');
    expect(req?.body).toContain('RAWDATA');
  });

  it('a form operation called without a body sends none (no empty form), with the Content-Type argument', async () => {
    const r = rig([{ body: '{"code":"BAD_REQUEST"}', status: 400 }], PROFILE);
    await failure(
      callOperation(
        r.client,
        op('create_asset'),
        { 'Content-Disposition': 'logo.png', 'Content-Type': 'image/png' },
        callContext(),
      ),
    );
    expect(r.sent).toHaveLength(1);
    expect(r.sent[0]?.body).toBeUndefined();
    expect(r.sent[0]?.headers['content-type']).toBe('image/png');
  });

  it('a form file read from ADS_API_UPLOAD_DIR; without the directory, a path is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ads-upload-'));
    mkdirSync(join(dir, 'sub'));
    writeFileSync(join(dir, 'sub', 'banner.jpg'), 'JPEGDATA');
    const args = {
      'Content-Disposition': 'ignored.jpg',
      'Content-Type': 'image/jpeg',
      body: { asset: { path: 'sub/banner.jpg' } },
    };
    const r = rig([{ body: '{}' }], { ...PROFILE, ADS_API_UPLOAD_DIR: dir });
    await callOperation(r.client, op('create_asset'), args, callContext());
    expect(r.sent[0]?.body).toContain('JPEGDATA');
    expect(r.sent[0]?.body).toContain('filename="banner.jpg"');
    const none = rig([{ body: '{}' }], PROFILE);
    const error = (await failure(
      callOperation(none.client, op('create_asset'), args, callContext()),
    )) as Error & {
      details: Array<{ path: string }>;
    };
    expect(error.details[0]?.path).toBe('body/asset/path');
    expect(none.sent).toEqual([]);
  });

  it('a read that creates a report is not repeated after a 5xx when the tool says so; a plain read is', async () => {
    const once = rig([{ status: 503, body: '{}' }], { ...PROFILE, ADS_API_MAX_ATTEMPTS: '2' });
    const ops = createOperations(once.client);
    await failure(
      ops.lookup(['SponsoredProducts', 'getRankedKeywordRecommendation'], { body: {} }, callContext(), {
        idempotent: false,
      }),
    );
    expect(once.sent).toHaveLength(1);
    const twice = rig([{ status: 503, body: '{}' }], { ...PROFILE, ADS_API_MAX_ATTEMPTS: '2' });
    await failure(
      createOperations(twice.client).lookup(
        ['SponsoredProducts', 'getRankedKeywordRecommendation'],
        { body: {} },
        callContext(),
      ),
    );
    expect(twice.sent).toHaveLength(2);
  });
});

describe('operationExecutor: generated tools and 207 batches', () => {
  const create = () => op('create_sponsored_products_campaigns');

  it('a 2xx answer is returned as is', async () => {
    const r = rig(
      [{ body: '{"campaigns":{"success":[{"index":0,"campaignId":"c1"}],"error":[]}}' }],
      PROFILE,
    );
    const out = await operationExecutor(r.client)(create(), { body: { campaigns: [{}] } }, callContext());
    expect(out).toEqual({ campaigns: { success: [{ index: 0, campaignId: 'c1' }], error: [] } });
    expect(r.sent[0]?.headers['amazon-advertising-api-scope']).toBe('777');
  });

  it('a 207 with some failed items: the entity, counts of the submitted items, successes and error records', async () => {
    const body = {
      campaigns: {
        success: [{ index: 0, campaignId: 'c1' }],
        error: [
          {
            index: 1,
            errors: [
              {
                errorType: 'duplicateValueError',
                errorValue: { duplicateValueError: { reason: 'DUPLICATE_VALUE', message: 'dup' } },
              },
            ],
          },
        ],
      },
    };
    const r = rig([{ status: 207, body: JSON.stringify(body) }], PROFILE);
    const out = (await operationExecutor(r.client)(
      create(),
      { body: { campaigns: [{}, {}, {}] } },
      callContext(),
    )) as Record<string, unknown>;
    expect(out).toMatchObject({ entity: 'campaigns', submitted: 3, succeeded: 1, failed: 1 });
    expect((out.errors as Array<{ index: number }>)[0]?.index).toBe(1);
  });

  it('a 207 body sent as a bare array counts its items; no item list counts what Amazon answered for', async () => {
    const body = JSON.stringify({ keywords: { success: [{ index: 0 }], error: [{ index: 1, errors: [] }] } });
    const arr = rig([{ status: 207, body }], PROFILE);
    const a = (await operationExecutor(arr.client)(
      create(),
      { body: [{}, {}, {}, {}] },
      callContext(),
    )) as Record<string, unknown>;
    expect(a).toMatchObject({ entity: 'keywords', submitted: 4 });
    const none = rig([{ status: 207, body }], PROFILE);
    const b = (await operationExecutor(none.client)(
      create(),
      { body: { other: 1 } },
      callContext(),
    )) as Record<string, unknown>;
    expect(b).toMatchObject({ entity: 'keywords', submitted: 2, succeeded: 1, failed: 1 });
    const only = rig(
      [
        {
          status: 207,
          body: JSON.stringify({ keywords: { error: [{ index: 0, errors: [] }], success: [{}] } }),
        },
      ],
      PROFILE,
    );
    const c = (await operationExecutor(only.client)(create(), {}, callContext())) as Record<string, unknown>;
    expect(c).toMatchObject({ submitted: 2 });
  });

  it('a 207 where every item failed is an ads_api_http error naming each item', async () => {
    const body = JSON.stringify({ campaigns: { success: [], error: [{ index: 0, errors: [] }] } });
    const r = rig([{ status: 207, body }], PROFILE);
    const error = await failure(
      operationExecutor(r.client)(create(), { body: { campaigns: [{}] } }, callContext()),
    );
    expect(error).toBeInstanceOf(UpstreamHttpError);
    expect((error as UpstreamHttpError).status).toBe(207);
  });

  it('a 207 that is not one entity with success/error lists is returned as is', async () => {
    for (const body of [
      '{"a":{"success":[]},"b":{"success":[]}}',
      '{"campaigns":{"items":[]}}',
      '{"campaigns":null}',
      '[{"success":[]}]',
      '{}',
    ]) {
      const r = rig([{ status: 207, body }], PROFILE);
      expect(
        await operationExecutor(r.client)(create(), { body: { campaigns: [{}] } }, callContext()),
      ).toEqual(JSON.parse(body));
    }
  });

  it('a 207 entity with only an error list, or only a success list, is a batch', async () => {
    const errOnly = rig([{ status: 207, body: '{"ads":{"error":[{"index":0,"errors":[]}]}}' }], PROFILE);
    await expect(
      operationExecutor(errOnly.client)(create(), { body: { ads: [{}] } }, callContext()),
    ).rejects.toBeInstanceOf(UpstreamHttpError);
    const okOnly = rig([{ status: 207, body: '{"ads":{"success":[{"index":0}]}}' }], PROFILE);
    expect(
      await operationExecutor(okOnly.client)(create(), { body: { ads: [{}] } }, callContext()),
    ).toMatchObject({
      entity: 'ads',
      submitted: 1,
      succeeded: 1,
      failed: 0,
    });
  });
});

describe('catalog build rules (catalog-config)', () => {
  const file = (stem: string) => ({ stem }) as SpecFile;

  it('a spec file joins its product toolset; an unmapped file gets its stem in kebab case', () => {
    expect(catalogConfig.toolsetOf?.(file('SponsoredProducts'))).toBe('sp');
    expect(catalogConfig.toolsetOf?.(file('AMCWorkflow'))).toBe('amc');
    expect(catalogConfig.toolsetOf?.(file('ExportsSnapshots'))).toBe('exports');
    expect(catalogConfig.toolsetOf?.(file('AdsAPIv1All'))).toBe('v1');
    expect(catalogConfig.toolsetOf?.(file('NewThing'))).toBe('new-thing');
    expect(catalogConfig.toolsetOf?.(file('AmazonDSPNewThing2Api'))).toBe('amazon-dsp-new-thing2-api');
    expect(catalogConfig.toolsetOf?.(file('lower'))).toBe('lower');
    expect(Object.keys(ADS_TOOLSET_OF_STEM).length).toBeGreaterThan(50);
  });

  it('the served catalog: every toolset name is a mapped one or a kebab stem', () => {
    const toolsets = new Set(adsCatalog().operations.map((o) => o.toolset));
    expect([...toolsets].sort()).toEqual(
      [...new Set(Object.values(ADS_TOOLSET_OF_STEM))].filter((t) => toolsets.has(t)).sort(),
    );
    expect(toolsets.has('sp')).toBe(true);
  });

  it('a path several v1 products declare is served from AdsAPIv1All; a path one product declares, from that product', () => {
    const prefer = catalogConfig.preferFile;
    if (!prefer) throw new Error('preferFile missing');
    const all = file('AdsAPIv1All');
    const sp = file('AdsAPIv1SponsoredProducts');
    const shared = ['AdsAPIv1All', 'AdsAPIv1SponsoredProducts', 'AdsAPIv1SponsoredBrands'];
    expect(prefer(all, sp, shared)).toBeLessThan(0);
    expect(prefer(sp, all, shared)).toBeGreaterThan(0);
    const single = ['AdsAPIv1All', 'AdsAPIv1SponsoredProducts'];
    expect(prefer(all, sp, single)).toBeGreaterThan(0);
    expect(prefer(sp, all, single)).toBeLessThan(0);
    // Only other v1 products count: All itself and files outside v1 do not.
    expect(
      prefer(all, sp, ['AdsAPIv1All', 'AdsAPIv1SponsoredProducts', 'SponsoredProducts']),
    ).toBeGreaterThan(0);
    expect(prefer(all, sp, ['AdsAPIv1All', 'AdsAPIv1All', 'AdsAPIv1SponsoredProducts'])).toBeGreaterThan(0);
    expect(prefer(file('SponsoredProducts'), file('SponsoredBrandsV3'), shared)).toBe(0);
  });

  it('identity headers are the server to send; report, export, snapshot and AMC runs count as reads', () => {
    expect(catalogConfig.serverHeaders).toEqual([
      'Amazon-Advertising-API-ClientId',
      'Amazon-Ads-ClientId',
      'Amazon-Advertising-API-Scope',
      'Amazon-Advertising-API-AdvertiserId',
      'Amazon-Advertising-API-MarketplaceId',
      'Authorization',
    ]);
    for (const id of ['createAsyncReport', 'createWorkflowExecution', 'CampaignExport', 'requestSnapshot'])
      expect(catalogConfig.readOperations).toContain(id);
  });
});
