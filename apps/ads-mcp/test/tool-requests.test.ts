// What the curated Ads tools send (path, query, body, scope and media-type headers) and what the agent sees back:
// defaults (report name, time unit, ad product, negative keyword state, name match), filters and their wire form.
import type { CallOutcome, Envelope } from '@obmcp/contract';
import { silentLogger } from '@obmcp/mcp-server/testing';
import { startMockServer } from '@obmcp/upstream-mocks';
import { HttpResponse, http } from 'msw';
import type { SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createServer } from '../src/server.js';

const API = 'https://advertising-api.amazon.com';
const PROFILE = '1111111111';
const ENV: Record<string, string> = {
  OBMCP_MOCK: '1',
  ADS_API_CLIENT_ID: 'mock-ads-client-id',
  ADS_API_CLIENT_SECRET: 'mock-ads-client-secret',
  ADS_API_REFRESH_TOKEN: 'mock-ads-refresh-token',
  ADS_API_PROFILE_ID: PROFILE,
  ADS_API_ENABLE_WRITES: 'true',
  ADS_API_TOOLSETS: 'curated,sp,sb,sd,amc,accounts,reporting,exports',
  CODE_MODE: 'off',
};

interface Sent {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body?: unknown;
}
const sent: Sent[] = [];
const reading: Promise<void>[] = [];
let mocks: SetupServer;
beforeAll(() => {
  mocks = startMockServer();
  mocks.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.origin !== API) return;
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      if (/^amazon-advertising-api-(scope|advertiserid|marketplaceid)$|^content-type$|^accept$/.test(name))
        headers[name] = value;
    });
    const entry: Sent = {
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
    };
    sent.push(entry);
    if (request.method !== 'GET')
      reading.push(
        request
          .clone()
          .text()
          .then((t) => {
            if (t) entry.body = JSON.parse(t);
          }),
      );
  });
});
afterEach(() => {
  mocks.resetHandlers();
  sent.length = 0;
  reading.length = 0;
});
afterAll(() => mocks.close());

/** A fresh server per call (its own session: the profile from ADS_API_PROFILE_ID, region na). */
async function call(name: string, args: Record<string, unknown>, env = ENV): Promise<CallOutcome> {
  const { host } = createServer(loadConfig(env), { logger: silentLogger, env });
  const outcome = await host.call(name, args);
  await Promise.all(reading);
  return outcome;
}
// biome-ignore lint/suspicious/noExplicitAny: free-form tool results in assertions
async function ok(name: string, args: Record<string, unknown>): Promise<Record<string, any>> {
  const outcome = await call(name, args);
  if (!outcome.ok) throw new Error(`${name}: ${JSON.stringify(outcome.envelope)}`);
  return outcome.value as Record<string, unknown>;
}
async function refused(name: string, args: Record<string, unknown>): Promise<Envelope> {
  const outcome = await call(name, args);
  if (outcome.ok) throw new Error(`${name} should fail`);
  return outcome.envelope;
}
const v3 = (type: string) => ({
  accept: `application/vnd.${type}+json`,
  'content-type': `application/vnd.${type}+json`,
  'amazon-advertising-api-scope': PROFILE,
});

/** [tool, args, method, path, body, media type] — the one profile-scoped request the tool sends. */
const ONE_REQUEST: Array<[string, Record<string, unknown>, string, string, unknown, string]> = [
  // nameFilter: broad match unless asked; nameMatchType itself is not a body field.
  [
    'list_campaigns',
    { stateFilter: ['ENABLED'], nameFilter: ['x'], maxResults: 5 },
    'POST',
    '/sp/campaigns/list',
    {
      stateFilter: { include: ['ENABLED'] },
      nameFilter: { queryTermMatchType: 'BROAD_MATCH', include: ['x'] },
      maxResults: 5,
    },
    'spCampaign.v3',
  ],
  [
    'list_campaigns',
    { nameFilter: ['x'], nameMatchType: 'EXACT_MATCH', portfolioIdFilter: ['7'], nextToken: 't2' },
    'POST',
    '/sp/campaigns/list',
    {
      nameFilter: { queryTermMatchType: 'EXACT_MATCH', include: ['x'] },
      portfolioIdFilter: { include: ['7'] },
      nextToken: 't2',
    },
    'spCampaign.v3',
  ],
  [
    'list_sb_campaigns',
    { stateFilter: ['ENABLED'] },
    'POST',
    '/sb/v4/campaigns/list',
    { stateFilter: { include: ['ENABLED'] } },
    'sbcampaignresource.v4',
  ],
  ['list_portfolios', {}, 'POST', '/portfolios/list', {}, 'spPortfolio.v3'],
  [
    'list_negative_keywords',
    { adGroupIdFilter: ['111110000000001'] },
    'POST',
    '/sp/negativeKeywords/list',
    { adGroupIdFilter: { include: ['111110000000001'] } },
    'spNegativeKeyword.v3',
  ],
  // Keyword recommendations: for ASINs (a new ad group) or an existing ad group.
  [
    'get_keyword_recommendations',
    { asins: ['B0MOCK0001'], maxRecommendations: 5 },
    'POST',
    '/sp/targets/keywords/recommendations',
    { recommendationType: 'KEYWORDS_FOR_ASINS', asins: ['B0MOCK0001'], maxRecommendations: 5 },
    'spkeywordsrecommendation.v5',
  ],
  [
    'get_keyword_recommendations',
    { campaignId: '111100000000001', adGroupId: '111110000000001' },
    'POST',
    '/sp/targets/keywords/recommendations',
    {
      recommendationType: 'KEYWORDS_FOR_ADGROUP',
      campaignId: '111100000000001',
      adGroupId: '111110000000001',
    },
    'spkeywordsrecommendation.v5',
  ],
  [
    'get_bid_recommendations',
    {
      campaignId: '111100000000001',
      adGroupId: '111110000000001',
      targetingExpressions: [{ type: 'CLOSE_MATCH' }],
    },
    'POST',
    '/sp/targets/bid/recommendations',
    {
      recommendationType: 'BIDS_FOR_EXISTING_AD_GROUP',
      campaignId: '111100000000001',
      adGroupId: '111110000000001',
      targetingExpressions: [{ type: 'CLOSE_MATCH' }],
    },
    'spthemebasedbidrecommendation.v5',
  ],
  // Negative keywords are enabled unless the caller says otherwise.
  [
    'create_negative_keywords',
    {
      negativeKeywords: [
        { campaignId: '1', adGroupId: '2', keywordText: 'free', matchType: 'NEGATIVE_EXACT' },
        {
          campaignId: '1',
          adGroupId: '2',
          keywordText: 'cheap',
          matchType: 'NEGATIVE_PHRASE',
          state: 'PAUSED',
        },
      ],
    },
    'POST',
    '/sp/negativeKeywords',
    {
      negativeKeywords: [
        {
          campaignId: '1',
          adGroupId: '2',
          keywordText: 'free',
          matchType: 'NEGATIVE_EXACT',
          state: 'ENABLED',
        },
        {
          campaignId: '1',
          adGroupId: '2',
          keywordText: 'cheap',
          matchType: 'NEGATIVE_PHRASE',
          state: 'PAUSED',
        },
      ],
    },
    'spNegativeKeyword.v3',
  ],
  [
    'create_campaigns',
    {
      campaigns: [
        {
          name: 'A',
          targetingType: 'AUTO',
          state: 'PAUSED',
          budget: { budgetType: 'DAILY', budget: 25 },
          startDate: '2026-06-01',
        },
      ],
    },
    'POST',
    '/sp/campaigns',
    {
      campaigns: [
        {
          name: 'A',
          targetingType: 'AUTO',
          state: 'PAUSED',
          budget: { budgetType: 'DAILY', budget: 25 },
          startDate: '2026-06-01',
        },
      ],
    },
    'spCampaign.v3',
  ],
  [
    'update_campaigns',
    { campaigns: [{ campaignId: '111100000000001', state: 'PAUSED' }] },
    'PUT',
    '/sp/campaigns',
    { campaigns: [{ campaignId: '111100000000001', state: 'PAUSED' }] },
    'spCampaign.v3',
  ],
  // A daily budget is the campaign's DAILY budget, in the currency's units (40 stays 40).
  [
    'update_campaign_budgets',
    { budgets: [{ campaignId: '111100000000001', dailyBudget: 40 }] },
    'PUT',
    '/sp/campaigns',
    { campaigns: [{ campaignId: '111100000000001', budget: { budgetType: 'DAILY', budget: 40 } }] },
    'spCampaign.v3',
  ],
];

describe('the request each tool sends', () => {
  it.each(ONE_REQUEST)('%s %j', async (name, args, method, path, body, media) => {
    await call(name, args);
    expect(sent).toEqual([{ method, path, query: {}, headers: v3(media), body }]);
  });

  it('create_report: name, SUMMARY time unit, the ad product of the report type, GZIP_JSON', async () => {
    await ok('create_report', {
      startDate: '2026-03-01',
      endDate: '2026-03-07',
      reportTypeId: 'spCampaigns',
      groupBy: ['campaign'],
      columns: ['impressions'],
    });
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/reporting/reports',
        query: {},
        headers: {
          accept: 'application/vnd.createasyncreportresponse.v3+json',
          'content-type': 'application/vnd.createasyncreportrequest.v3+json',
          'amazon-advertising-api-scope': PROFILE,
        },
        body: {
          name: 'spCampaigns 2026-03-01..2026-03-07',
          startDate: '2026-03-01',
          endDate: '2026-03-07',
          configuration: {
            adProduct: 'SPONSORED_PRODUCTS',
            groupBy: ['campaign'],
            columns: ['impressions'],
            reportTypeId: 'spCampaigns',
            timeUnit: 'SUMMARY',
            format: 'GZIP_JSON',
          },
        },
      },
    ]);
  });

  it.each([
    ['sbCampaigns', 'SPONSORED_BRANDS'],
    ['sdCampaigns', 'SPONSORED_DISPLAY'],
    ['stCampaigns', 'SPONSORED_TELEVISION'],
    ['dspCampaign', 'DEMAND_SIDE_PLATFORM'],
  ])(
    'create_report %s → adProduct %s; a name, time unit and filters as given; a one-day range is fine',
    async (reportTypeId, adProduct) => {
      await call('create_report', {
        startDate: '2026-03-01',
        endDate: '2026-03-01',
        reportTypeId,
        groupBy: ['campaign'],
        columns: ['impressions'],
        timeUnit: 'DAILY',
        name: 'mine',
        filters: [{ field: 'campaignStatus', values: ['ENABLED'] }],
      });
      expect(sent[0]?.body).toEqual({
        name: 'mine',
        startDate: '2026-03-01',
        endDate: '2026-03-01',
        configuration: {
          adProduct,
          groupBy: ['campaign'],
          columns: ['impressions'],
          reportTypeId,
          timeUnit: 'DAILY',
          format: 'GZIP_JSON',
          filters: [{ field: 'campaignStatus', values: ['ENABLED'] }],
        },
      });
    },
  );

  it('create_report: an explicit adProduct wins; a type naming none without one, or a reversed range, is refused unsent', async () => {
    await call('create_report', {
      startDate: '2026-03-01',
      endDate: '2026-03-02',
      reportTypeId: 'spCampaigns',
      adProduct: 'SPONSORED_BRANDS',
      groupBy: ['campaign'],
      columns: ['impressions'],
    });
    expect(sent[0]?.body).toMatchObject({ configuration: { adProduct: 'SPONSORED_BRANDS' } });
    sent.length = 0;
    const base = { groupBy: ['campaign'], columns: ['impressions'] };
    const noProduct = await refused('create_report', {
      ...base,
      startDate: '2026-03-01',
      endDate: '2026-03-02',
      reportTypeId: 'xyCampaigns',
    });
    expect(noProduct.details[0]?.path).toBe('adProduct');
    const reversed = await refused('create_report', {
      ...base,
      startDate: '2026-03-02',
      endDate: '2026-03-01',
      reportTypeId: 'spCampaigns',
    });
    expect(reversed.error_code).toBe('INPUT_VALIDATION_FAILED');
    expect(sent).toEqual([]);
  });
});

describe('Sponsored Display campaigns', () => {
  it.each([
    [['enabled'], 'enabled'],
    [['paused', 'enabled'], 'enabled, paused'],
    [['archived', 'enabled'], 'enabled, archived'],
    [['archived', 'paused', 'enabled'], 'enabled, paused, archived'],
  ])('stateFilter %j is sent as the documented "%s" and answered', async (stateFilter, wire) => {
    const r = await ok('list_sd_campaigns', { stateFilter });
    expect(sent[0]).toMatchObject({ method: 'GET', path: '/sd/campaigns', query: { stateFilter: wire } });
    expect(r).toMatchObject({ profileId: Number(PROFILE), count: (r.campaigns as unknown[]).length });
  });

  it('id filters comma-separated, name, paging as given', async () => {
    await call('list_sd_campaigns', {
      campaignIdFilter: ['1', '2'],
      portfolioIdFilter: ['9'],
      name: 'Spring',
      startIndex: 10,
      count: 5,
    });
    expect(sent[0]?.query).toEqual({
      campaignIdFilter: '1,2',
      portfolioIdFilter: '9',
      name: 'Spring',
      startIndex: '10',
      count: '5',
    });
  });
});

describe('what the agent sees', () => {
  it('a v3 list page: items under their key, count, totalResults, nextToken, the profile and region', async () => {
    mocks.use(
      http.post(`${API}/sp/campaigns/list`, () =>
        HttpResponse.json({
          campaigns: [{ campaignId: '1' }, { campaignId: '2' }],
          totalResults: 7,
          nextToken: 'n2',
        }),
      ),
    );
    expect(await ok('list_campaigns', {})).toMatchObject({
      profileId: Number(PROFILE),
      region: 'na',
      campaigns: [{ campaignId: '1' }, { campaignId: '2' }],
      count: 2,
      totalResults: 7,
      nextToken: 'n2',
    });
  });

  it('keyword and bid recommendations: empty lists when the answer carries none', async () => {
    mocks.use(
      http.post(`${API}/sp/targets/keywords/recommendations`, () => HttpResponse.json({})),
      http.post(`${API}/sp/targets/bid/recommendations`, () => HttpResponse.json({})),
    );
    expect(await ok('get_keyword_recommendations', { asins: ['B0MOCK0001'] })).toMatchObject({
      keywords: [],
      count: 0,
      impactMetrics: [],
    });
    expect(
      await ok('get_bid_recommendations', {
        campaignId: '1',
        adGroupId: '2',
        targetingExpressions: [{ type: 'CLOSE_MATCH' }],
      }),
    ).toMatchObject({ bidRecommendations: [] });
  });

  it.each([
    [{ profileTypeFilter: ['seller'] }, { profileTypeFilter: 'seller' }],
    [{ profileTypeFilter: ['seller', 'vendor'] }, { profileTypeFilter: 'seller,vendor' }],
    [{ accessLevel: 'edit' }, { accessLevel: 'edit' }],
    [{ apiProgram: 'report' }, { apiProgram: 'report' }],
  ])(
    'list_profiles %j: sent as %j, and the narrowed list is not remembered as the region’s profiles',
    async (args, query) => {
      const all = await ok('list_profiles', {});
      expect(all).toMatchObject({ region: 'na', count: 2, activeProfileId: Number(PROFILE) });
      const [us] = all.profiles as unknown[];
      // Amazon narrows the list for a filter: here to the US profile only.
      mocks.use(
        http.get(`${API}/v2/profiles`, ({ request }) =>
          new URL(request.url).search === '' ? undefined : HttpResponse.json([us]),
        ),
      );
      sent.length = 0;
      const { host } = createServer(loadConfig(ENV), { logger: silentLogger, env: ENV });
      const narrowed = await host.call('list_profiles', args);
      expect(narrowed.ok && (narrowed.value as { count: number }).count).toBe(1);
      expect(sent[0]).toMatchObject({ method: 'GET', path: '/v2/profiles', query });
      // The CA profile is still one set_active_profile accepts.
      expect((await host.call('set_active_profile', { profileId: 2222222222 })).ok).toBe(true);
      await host.call('list_profiles', {});
      expect((await host.call('set_active_profile', { profileId: 3333333333 })).ok).toBe(false);
    },
  );
});

describe('AMC', () => {
  const instanceId = 'amcabc123def';
  const amcHeaders = {
    'amazon-advertising-api-advertiserid': 'amcacct9US000001',
    'amazon-advertising-api-marketplaceid': 'ATVPDKIKX0DER',
  };

  it('an ad-hoc query with a relative window: the account headers, the SQL as workflow.sqlQuery', async () => {
    await ok('create_amc_workflow_execution', {
      instanceId,
      sqlQuery: 'SELECT 1',
      timeWindowType: 'MOST_RECENT_WEEK',
    });
    const post = sent.find((s) => s.method === 'POST');
    expect(post).toMatchObject({
      path: `/amc/reporting/${instanceId}/workflowExecutions`,
      headers: amcHeaders,
    });
    expect(post?.body).toEqual({ workflow: { sqlQuery: 'SELECT 1' }, timeWindowType: 'MOST_RECENT_WEEK' });
  });

  it('a saved workflow with start and end: EXPLICIT unless told, and the parameters as given', async () => {
    await ok('create_amc_workflow_execution', {
      instanceId,
      workflowId: 'weekly_reach',
      timeWindowStart: '2026-03-01T00:00:00',
      timeWindowEnd: '2026-03-08T00:00:00',
      parameterValues: { k: 'v' },
    });
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({
      workflowId: 'weekly_reach',
      timeWindowType: 'EXPLICIT',
      timeWindowStart: '2026-03-01T00:00:00',
      timeWindowEnd: '2026-03-08T00:00:00',
      parameterValues: { k: 'v' },
    });
  });

  it('a window that ends at or before its start, or lacks one end, is refused before any execution is created', async () => {
    for (const [start, end, path] of [
      ['2026-03-08T00:00:00', '2026-03-08T00:00:00', 'timeWindowEnd'],
      ['2026-03-08T00:00:00', '2026-03-01T00:00:00', 'timeWindowEnd'],
      ['2026-03-08T00:00:00', undefined, 'timeWindowEnd'],
      [undefined, '2026-03-08T00:00:00', 'timeWindowStart'],
    ]) {
      const env = await refused('create_amc_workflow_execution', {
        instanceId,
        sqlQuery: 'SELECT 1',
        timeWindowStart: start,
        timeWindowEnd: end,
      });
      expect(env.details[0]?.path).toBe(path);
    }
    expect(sent.filter((s) => s.method === 'POST')).toEqual([]);
  });

  it('list_amc_accounts: every account by default; with nextToken, that page of /amc/accounts', async () => {
    expect(await ok('list_amc_accounts', {})).toMatchObject({
      amcAccounts: [{ accountId: 'amcacct9US000001', marketplaceId: 'ATVPDKIKX0DER' }],
      count: 1,
      nextToken: null,
    });
    sent.length = 0;
    mocks.use(
      http.get(`${API}/amc/accounts`, () =>
        HttpResponse.json({ amcAccounts: [{ accountId: 'a2' }, { accountId: 'a3' }], nextToken: 'p3' }),
      ),
    );
    expect(await ok('list_amc_accounts', { nextToken: 'p2' })).toMatchObject({
      amcAccounts: [{ accountId: 'a2' }, { accountId: 'a3' }],
      count: 2,
      nextToken: 'p3',
    });
    expect(sent).toMatchObject([{ method: 'GET', path: '/amc/accounts', query: { nextToken: 'p2' } }]);
  });

  it('lists carry the instance, the items, count and nextToken; download URLs default to []', async () => {
    mocks.use(
      http.get(`${API}/amc/reporting/:instance/workflows`, () =>
        HttpResponse.json({ workflows: [{ workflowId: 'w' }], nextToken: 'w2' }),
      ),
      http.get(`${API}/amc/reporting/:instance/workflowExecutions/:id/downloadUrls`, () =>
        HttpResponse.json({}),
      ),
    );
    expect(await ok('list_amc_workflows', { instanceId })).toMatchObject({
      instanceId,
      workflows: [{ workflowId: 'w' }],
      count: 1,
      nextToken: 'w2',
    });
    expect(sent.at(-1)).toMatchObject({
      path: `/amc/reporting/${instanceId}/workflows`,
      headers: amcHeaders,
    });
    expect(
      await ok('get_amc_execution_download_urls', { instanceId, workflowExecutionId: 'exec-0001' }),
    ).toMatchObject({
      workflowExecutionId: 'exec-0001',
      downloadUrls: [],
      metadataDownloadUrls: [],
    });
  });
});

describe('Openbridge identities (set_active_identity)', () => {
  const OB_ENV = {
    ...ENV,
    ADS_AUTH_MODE: 'openbridge',
    OPENBRIDGE_REFRESH_TOKEN: 'mock-ob-key:MOCK-NOT-A-REAL-OPENBRIDGE-SECRET',
  };
  const host = () => createServer(loadConfig(OB_ENV), { logger: silentLogger, env: OB_ENV }).host;
  const value = (o: CallOutcome) => {
    if (!o.ok) throw new Error(JSON.stringify(o.envelope));
    return o.value as Record<string, unknown>;
  };

  it('a new identity clears the active profile (profiles belong to an identity); the same one again does not', async () => {
    const h = host();
    const first = value(await h.call('set_active_identity', { identityId: 7460 }));
    expect(first).toMatchObject({ activeIdentityId: 7460, region: 'na', activeProfileCleared: true });
    expect(value(await h.call('get_active_profile', {}))).toMatchObject({ activeProfileId: null });
    await h.call('set_active_profile', { profileId: Number(PROFILE) });
    const again = value(await h.call('set_active_identity', { identityId: 7460 }));
    expect(again).toMatchObject({ activeProfileCleared: false });
    expect(value(await h.call('get_active_profile', {}))).toMatchObject({ activeProfileId: Number(PROFILE) });
    const eu = value(await h.call('set_active_identity', { identityId: 7462 }));
    expect(eu).toMatchObject({ activeIdentityId: 7462, region: 'eu', activeProfileCleared: true });
  });

  it('an identity Openbridge marks invalid is selected with a warning', async () => {
    mocks.use(
      http.get('https://remote-identity.api.openbridge.io/sri', () =>
        HttpResponse.json({
          data: [
            {
              id: '7460',
              type: 'RemoteIdentity',
              attributes: {
                name: 'Acme Ads',
                region: 'US',
                invalid_identity: 1,
                remote_identity_type_id: 14,
              },
            },
          ],
          links: {},
        }),
      ),
    );
    const r = value(await host().call('set_active_identity', { identityId: 7460 }));
    expect(r).toMatchObject({ activeIdentityId: 7460, identity: { id: 7460, invalid: true } });
    expect(JSON.stringify(r._meta)).toContain('marked invalid by Openbridge');
  });
});

describe('run_report (Reporting v3 in one call)', () => {
  const args = {
    startDate: '2026-03-01',
    endDate: '2026-03-07',
    reportTypeId: 'spCampaigns',
    groupBy: ['campaign'],
    columns: ['impressions'],
  };
  const answer = (status: string, extra: Record<string, unknown> = {}) =>
    HttpResponse.json({ reportId: 'r-0001', status, configuration: {}, ...extra });

  it('a report that FAILED: ready false, Amazon’s reason, no rows and no download', async () => {
    mocks.use(
      http.post(`${API}/reporting/reports`, () => answer('PENDING')),
      http.get(`${API}/reporting/reports/:id`, () => answer('FAILED', { failureReason: 'bad column' })),
    );
    const r = await ok('run_report', { ...args, waitSeconds: 5 });
    expect(r).toMatchObject({
      reportId: 'r-0001',
      status: 'FAILED',
      ready: false,
      failureReason: 'bad column',
      rows: [],
    });
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      'POST /reporting/reports',
      'GET /reporting/reports/r-0001',
    ]);
  });

  it('not ready in time: ready false, no rows, and a warning naming download_report with the reportId', async () => {
    mocks.use(http.post(`${API}/reporting/reports`, () => answer('PENDING')));
    const r = await ok('run_report', { ...args, waitSeconds: 0 });
    expect(r).toMatchObject({
      reportId: 'r-0001',
      status: 'PENDING',
      ready: false,
      totalRows: null,
      rows: [],
    });
    expect(JSON.stringify(r._meta)).toContain("reportId='r-0001'");
  });
});

describe('run_export and run_snapshot: the create request carries the filters only', () => {
  const json = {
    accept: 'application/json',
    'content-type': 'application/json',
    'amazon-advertising-api-scope': PROFILE,
  };
  it.each([
    [
      'run_export',
      {
        exportType: 'targets',
        targetTypeFilter: ['KEYWORD'],
        negativeFilter: [false],
        waitSeconds: 0,
        maxRows: 5,
      },
      '/targets/export',
      v3('targetsexport.v1'),
      { targetTypeFilter: ['KEYWORD'], negativeFilter: [false] },
    ],
    [
      'run_export',
      { exportType: 'campaigns', stateFilter: ['ENABLED'], waitSeconds: 0 },
      '/campaigns/export',
      v3('campaignsexport.v1'),
      { stateFilter: ['ENABLED'] },
    ],
    [
      'run_snapshot',
      {
        adProduct: 'SPONSORED_PRODUCTS',
        recordType: 'campaigns',
        stateFilter: 'enabled, paused',
        waitSeconds: 0,
        maxRows: 5,
      },
      '/v2/sp/campaigns/snapshot',
      json,
      { stateFilter: 'enabled, paused' },
    ],
    [
      'run_snapshot',
      { adProduct: 'SPONSORED_DISPLAY', recordType: 'adGroups', waitSeconds: 0 },
      '/sd/adGroups/snapshot',
      json,
      {},
    ],
  ])('%s %j → POST %s', async (name, args, path, headers, body) => {
    const r = await ok(name, args);
    expect(sent).toEqual([{ method: 'POST', path, query: {}, headers, body }]);
    // Not done within waitSeconds 0: no rows, and a warning naming the id to come back with.
    expect(r).toMatchObject({ ready: false, totalRows: null, returnedRows: 0, truncated: false, rows: [] });
    const id = String(r.exportId ?? r.snapshotId);
    expect(JSON.stringify(r._meta)).toContain(`Id='${id}'`);
  });

  it('run_export: a targets-only filter on another export type is refused before any request', async () => {
    const env = await refused('run_export', { exportType: 'campaigns', targetTypeFilter: ['KEYWORD'] });
    expect(env.details[0]?.path).toBe('targetTypeFilter');
    expect(sent).toEqual([]);
  });
});

describe('set_region', () => {
  it('to another region with an active profile: a profile_scope_warning; to the same region: none', async () => {
    const { host } = createServer(loadConfig(ENV), { logger: silentLogger, env: ENV });
    const same = await host.call('set_region', { region: 'na' });
    expect(same.ok && same.value).toMatchObject({
      region: 'na',
      previousRegion: 'na',
      activeProfileId: Number(PROFILE),
    });
    expect(JSON.stringify(same)).not.toContain('profile_scope_warning');
    const eu = await host.call('set_region', { region: 'eu' });
    expect(eu.ok && eu.value).toMatchObject({
      region: 'eu',
      previousRegion: 'na',
      tokenHost: 'api.amazon.co.uk',
    });
    expect(JSON.stringify(eu)).toContain('profile_scope_warning');
  });
});
