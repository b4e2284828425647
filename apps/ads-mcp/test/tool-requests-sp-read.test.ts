// Sponsored Products reads on the wire: each list tool's whole body (ids and states as {include}, match types bare,
// the name filter's match type), paging bounds at and past each limit, the page the agent sees; the keyword and
// bid recommendations (body per input shape, 0 kept, bounds, answer) and the negative keyword list.
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, PROFILE, scoped, useWire } from './support/wire.js';

const w = useWire();
const ids = (n: number) => Array.from({ length: n }, (_, i) => String(100 + i));
const asins = (n: number) => Array.from({ length: n }, (_, i) => `B0MOCK${String(i).padStart(4, '0')}`);
const CAMPAIGN = '111100000000001';
const AD_GROUP = '111110000000001';

describe('list bodies', () => {
  it.each([
    [
      'list_campaigns',
      {
        campaignIdFilter: ['1'],
        portfolioIdFilter: ['2'],
        stateFilter: ['ENABLED', 'PAUSED'],
        nameFilter: ['a', 'b'],
        nameMatchType: 'EXACT_MATCH',
        includeExtendedDataFields: false,
        maxResults: 1000,
        nextToken: 't',
      },
      '/sp/campaigns/list',
      {
        campaignIdFilter: { include: ['1'] },
        portfolioIdFilter: { include: ['2'] },
        stateFilter: { include: ['ENABLED', 'PAUSED'] },
        nameFilter: { queryTermMatchType: 'EXACT_MATCH', include: ['a', 'b'] },
        includeExtendedDataFields: false,
        maxResults: 1000,
        nextToken: 't',
      },
      'vnd.spCampaign.v3+json',
    ],
    // A match type without names sends neither.
    [
      'list_campaigns',
      { nameMatchType: 'EXACT_MATCH', maxResults: 1 },
      '/sp/campaigns/list',
      { maxResults: 1 },
      'vnd.spCampaign.v3+json',
    ],
    [
      'list_ad_groups',
      {
        campaignIdFilter: ['1'],
        adGroupIdFilter: ['3', '4'],
        stateFilter: ['ARCHIVED'],
        nameFilter: ['x'.repeat(255)],
        maxResults: 7,
        nextToken: 'n',
      },
      '/sp/adGroups/list',
      {
        campaignIdFilter: { include: ['1'] },
        adGroupIdFilter: { include: ['3', '4'] },
        stateFilter: { include: ['ARCHIVED'] },
        nameFilter: { queryTermMatchType: 'BROAD_MATCH', include: ['x'.repeat(255)] },
        maxResults: 7,
        nextToken: 'n',
      },
      'vnd.spAdGroup.v3+json',
    ],
    [
      'list_keywords',
      {
        campaignIdFilter: ['1'],
        adGroupIdFilter: ['3'],
        keywordIdFilter: ['5', '6'],
        stateFilter: ['PAUSED'],
        matchTypeFilter: ['EXACT', 'PHRASE', 'BROAD'],
        maxResults: 2,
        nextToken: 'k',
      },
      '/sp/keywords/list',
      {
        campaignIdFilter: { include: ['1'] },
        adGroupIdFilter: { include: ['3'] },
        keywordIdFilter: { include: ['5', '6'] },
        stateFilter: { include: ['PAUSED'] },
        matchTypeFilter: ['EXACT', 'PHRASE', 'BROAD'],
        maxResults: 2,
        nextToken: 'k',
      },
      'vnd.spKeyword.v3+json',
    ],
    [
      'list_product_ads',
      {
        campaignIdFilter: ['1'],
        adGroupIdFilter: ['3'],
        adIdFilter: ['7'],
        stateFilter: ['ENABLED'],
        maxResults: 3,
        nextToken: 'p',
      },
      '/sp/productAds/list',
      {
        campaignIdFilter: { include: ['1'] },
        adGroupIdFilter: { include: ['3'] },
        adIdFilter: { include: ['7'] },
        stateFilter: { include: ['ENABLED'] },
        maxResults: 3,
        nextToken: 'p',
      },
      'vnd.spProductAd.v3+json',
    ],
    [
      'list_negative_keywords',
      {
        campaignIdFilter: ['1'],
        adGroupIdFilter: ['3'],
        stateFilter: ['ENABLED', 'ARCHIVED'],
        maxResults: 4,
        nextToken: 'q',
      },
      '/sp/negativeKeywords/list',
      {
        campaignIdFilter: { include: ['1'] },
        adGroupIdFilter: { include: ['3'] },
        stateFilter: { include: ['ENABLED', 'ARCHIVED'] },
        maxResults: 4,
        nextToken: 'q',
      },
      'vnd.spNegativeKeyword.v3+json',
    ],
    ...([
      'list_campaigns',
      'list_ad_groups',
      'list_keywords',
      'list_product_ads',
      'list_negative_keywords',
    ].map((name) => [
      name,
      {},
      `/sp/${{ list_campaigns: 'campaigns', list_ad_groups: 'adGroups', list_keywords: 'keywords', list_product_ads: 'productAds', list_negative_keywords: 'negativeKeywords' }[name]}/list`,
      {},
      `vnd.sp${{ list_campaigns: 'Campaign', list_ad_groups: 'AdGroup', list_keywords: 'Keyword', list_product_ads: 'ProductAd', list_negative_keywords: 'NegativeKeyword' }[name]}.v3+json`,
    ]) as Array<[string, Record<string, unknown>, string, unknown, string]>),
  ])('%s %j', async (name, args, path, body, media) => {
    await w.ok(name, args);
    expect(w.sent).toEqual([{ method: 'POST', path, query: {}, headers: scoped(media), body }]);
  });
});

describe('list bounds: refused before anything is sent', () => {
  const LISTS = [
    'list_campaigns',
    'list_ad_groups',
    'list_keywords',
    'list_product_ads',
    'list_negative_keywords',
  ];
  it.each(LISTS)(
    '%s: maxResults 0 and 1001, an empty nextToken, 101 ids, no states, an unknown field',
    async (name) => {
      for (const [bad, code, path] of [
        [{ maxResults: 0 }, 'SCHEMA_MINIMUM', 'maxResults'],
        [{ maxResults: 1001 }, 'SCHEMA_MAXIMUM', 'maxResults'],
        [{ nextToken: '' }, 'SCHEMA_MIN_LENGTH', 'nextToken'],
        [{ campaignIdFilter: ids(101) }, 'SCHEMA_MAX_ITEMS', 'campaignIdFilter'],
        [{ stateFilter: [] }, 'SCHEMA_MIN_ITEMS', 'stateFilter'],
        [{ stateFilter: ['DELETED'] }, 'SCHEMA_ENUM_MISMATCH', 'stateFilter/0'],
        [{ campaignFilter: ['1'] }, 'SCHEMA_ADDITIONAL_PROPERTIES', 'campaignFilter'],
      ] as const) {
        const env = await w.refused(name, bad);
        expect(env).toMatchObject({ error_code: code, error_kind: 'mcp_input_validation', retryable: false });
        expect(env.details[0]?.path).toBe(path);
      }
      expect(w.sent).toEqual([]);
    },
  );

  it.each([
    [
      'list_campaigns',
      { nameFilter: Array.from({ length: 11 }, (_, i) => `n${i}`) },
      'SCHEMA_MAX_ITEMS',
      'nameFilter',
    ],
    ['list_campaigns', { nameFilter: ['x'.repeat(129)] }, 'SCHEMA_MAX_LENGTH', 'nameFilter/0'],
    ['list_campaigns', { nameFilter: [''] }, 'SCHEMA_MIN_LENGTH', 'nameFilter/0'],
    ['list_campaigns', { nameMatchType: 'PHRASE_MATCH' }, 'SCHEMA_ENUM_MISMATCH', 'nameMatchType'],
    ['list_ad_groups', { nameFilter: ['x'.repeat(256)] }, 'SCHEMA_MAX_LENGTH', 'nameFilter/0'],
    ['list_keywords', { matchTypeFilter: ['NEGATIVE_EXACT'] }, 'SCHEMA_ENUM_MISMATCH', 'matchTypeFilter/0'],
    ['list_keywords', { matchTypeFilter: [] }, 'SCHEMA_MIN_ITEMS', 'matchTypeFilter'],
    ['list_product_ads', { adIdFilter: ['ad-1'] }, 'SCHEMA_PATTERN_MISMATCH', 'adIdFilter/0'],
    ['list_negative_keywords', { stateFilter: ['ENABLED', 'ENABLED'] }, 'SCHEMA_UNIQUE_ITEMS', 'stateFilter'],
  ])('%s %j → %s at %s', async (name, args, code, path) => {
    const env = await w.refused(name, args);
    expect(env).toMatchObject({ error_code: code, retryable: false });
    expect(env.details[0]?.path).toBe(path);
    expect(w.sent).toEqual([]);
  });

  it('at the limits: 10 names of 128, 100 ids go out', async () => {
    const names = Array.from({ length: 10 }, (_, i) => `${i}`.padEnd(128, 'n'));
    await w.ok('list_campaigns', { nameFilter: names, campaignIdFilter: ids(100) });
    expect(w.sent[0]?.body).toEqual({
      nameFilter: { queryTermMatchType: 'BROAD_MATCH', include: names },
      campaignIdFilter: { include: ids(100) },
    });
  });
});

describe('what the agent sees from a list', () => {
  it.each([
    ['list_campaigns', 'campaigns'],
    ['list_ad_groups', 'adGroups'],
    ['list_keywords', 'keywords'],
    ['list_product_ads', 'productAds'],
    ['list_negative_keywords', 'negativeKeywords'],
  ])('%s: items under %s, count, totalResults, nextToken, profile and region', async (name, key) => {
    w.mocks().use(
      http.post(`${API}/sp/${key}/list`, () =>
        HttpResponse.json({ [key]: [{ i: 1 }], totalResults: 41, nextToken: 'z' }),
      ),
    );
    const { _meta, ...page } = await w.ok(name, {});
    expect(page).toEqual({
      profileId: Number(PROFILE),
      region: 'na',
      [key]: [{ i: 1 }],
      count: 1,
      totalResults: 41,
      nextToken: 'z',
    });
  });

  it('a state filter narrows the mock’s campaigns as Amazon would', async () => {
    const paused = await w.ok('list_campaigns', { stateFilter: ['PAUSED'] });
    expect(paused.campaigns.map((c: { state: string }) => c.state)).toEqual(['PAUSED']);
    const enabled = await w.ok('list_campaigns', { stateFilter: ['ENABLED'], campaignIdFilter: [CAMPAIGN] });
    expect(enabled).toMatchObject({ count: 1, campaigns: [{ campaignId: CAMPAIGN, state: 'ENABLED' }] });
  });
});

describe('keyword recommendations', () => {
  const media = 'vnd.spkeywordsrecommendation.v5+json';
  it.each([
    [{ asins: asins(50) }, { recommendationType: 'KEYWORDS_FOR_ASINS', asins: asins(50) }],
    [
      { asins: ['B0MOCK0001'], maxRecommendations: 0 },
      { recommendationType: 'KEYWORDS_FOR_ASINS', asins: ['B0MOCK0001'], maxRecommendations: 0 },
    ],
    [
      { campaignId: CAMPAIGN, adGroupId: AD_GROUP, maxRecommendations: 200 },
      {
        recommendationType: 'KEYWORDS_FOR_ADGROUP',
        campaignId: CAMPAIGN,
        adGroupId: AD_GROUP,
        maxRecommendations: 200,
      },
    ],
  ])('%j → %j', async (args, body) => {
    await w.ok('get_keyword_recommendations', args);
    expect(w.sent).toEqual([
      {
        method: 'POST',
        path: '/sp/targets/keywords/recommendations',
        query: {},
        headers: scoped(media),
        body,
      },
    ]);
  });

  it.each([
    [{ asins: asins(51) }, 'SCHEMA_MAX_ITEMS', 'asins'],
    [{ asins: [] }, 'SCHEMA_MIN_ITEMS', 'asins'],
    [{ asins: ['B0mock0001'] }, 'SCHEMA_PATTERN_MISMATCH', 'asins/0'],
    [{ asins: ['B0MOCK0001', 'B0MOCK0001'] }, 'SCHEMA_UNIQUE_ITEMS', 'asins'],
    [{ asins: ['B0MOCK0001'], maxRecommendations: 201 }, 'SCHEMA_MAXIMUM', 'maxRecommendations'],
    [{ asins: ['B0MOCK0001'], maxRecommendations: -1 }, 'SCHEMA_MINIMUM', 'maxRecommendations'],
    [{ asins: ['B0MOCK0001'], campaignId: CAMPAIGN, adGroupId: AD_GROUP }, 'SCHEMA_ONE_OF_FAILED', ''],
    [{ campaignId: CAMPAIGN }, 'SCHEMA_ONE_OF_FAILED', ''],
    [{}, 'SCHEMA_ONE_OF_FAILED', ''],
  ])('%j → %s at %s, nothing sent', async (args, code, path) => {
    const env = await w.refused('get_keyword_recommendations', args);
    expect(env).toMatchObject({ error_code: code, retryable: false });
    expect(env.details[0]?.path).toBe(path);
    expect(w.sent).toEqual([]);
  });

  it('answers keywordTargetList as keywords with their count, and impactMetrics as given', async () => {
    w.mocks().use(
      http.post(`${API}/sp/targets/keywords/recommendations`, () =>
        HttpResponse.json({
          keywordTargetList: [{ keyword: 'a' }, { keyword: 'b' }],
          impactMetrics: { clicks: 3 },
          other: 1,
        }),
      ),
    );
    const { _meta, ...r } = await w.ok('get_keyword_recommendations', { asins: ['B0MOCK0001'] });
    expect(r).toEqual({
      keywords: [{ keyword: 'a' }, { keyword: 'b' }],
      count: 2,
      impactMetrics: { clicks: 3 },
    });
  });
});

describe('bid recommendations', () => {
  it('every expression with its value, 100 at most', async () => {
    const targetingExpressions = Array.from({ length: 100 }, (_, i) => ({
      type: 'KEYWORD_EXACT_MATCH',
      value: `kw ${i}`,
    }));
    targetingExpressions[0] = { type: 'PAT_ASIN', value: 'B0MOCK0001' };
    await w.ok('get_bid_recommendations', {
      campaignId: CAMPAIGN,
      adGroupId: AD_GROUP,
      targetingExpressions,
    });
    expect(w.sent).toEqual([
      {
        method: 'POST',
        path: '/sp/targets/bid/recommendations',
        query: {},
        headers: scoped('vnd.spthemebasedbidrecommendation.v5+json'),
        body: {
          recommendationType: 'BIDS_FOR_EXISTING_AD_GROUP',
          campaignId: CAMPAIGN,
          adGroupId: AD_GROUP,
          targetingExpressions,
        },
      },
    ]);
  });

  it.each([
    [{ targetingExpressions: [] }, 'SCHEMA_MIN_ITEMS', 'targetingExpressions'],
    [
      { targetingExpressions: Array.from({ length: 101 }, () => ({ type: 'CLOSE_MATCH' })) },
      'SCHEMA_MAX_ITEMS',
      'targetingExpressions',
    ],
    [{ targetingExpressions: [{ type: 'EXACT' }] }, 'SCHEMA_ENUM_MISMATCH', 'targetingExpressions/0/type'],
    [
      { targetingExpressions: [{ type: 'KEYWORD_EXACT_MATCH', value: '' }] },
      'SCHEMA_MIN_LENGTH',
      'targetingExpressions/0/value',
    ],
    [
      { targetingExpressions: [{ type: 'CLOSE_MATCH' }], campaignId: 'c1' },
      'SCHEMA_PATTERN_MISMATCH',
      'campaignId',
    ],
  ])('%j → %s at %s, nothing sent', async (bad, code, path) => {
    const env = await w.refused('get_bid_recommendations', {
      campaignId: CAMPAIGN,
      adGroupId: AD_GROUP,
      ...bad,
    });
    expect(env).toMatchObject({ error_code: code, retryable: false });
    expect(env.details[0]?.path).toBe(path);
    expect(w.sent).toEqual([]);
  });

  it('answers bidRecommendations as given, nothing else', async () => {
    const { _meta, ...r } = await w.ok('get_bid_recommendations', {
      campaignId: CAMPAIGN,
      adGroupId: AD_GROUP,
      targetingExpressions: [{ type: 'KEYWORD_EXACT_MATCH', value: 'shoes' }],
    });
    expect(r).toEqual({
      bidRecommendations: [
        {
          theme: 'CONVERSION_OPPORTUNITIES',
          bidRecommendationsForTargetingExpressions: [
            {
              targetingExpression: { type: 'KEYWORD_EXACT_MATCH', value: 'shoes' },
              bidValues: [{ suggestedBid: 0.62 }, { suggestedBid: 0.85 }, { suggestedBid: 1.14 }],
            },
          ],
        },
      ],
    });
  });
});
