// Sponsored Products writes on the wire: create/update campaigns and budgets, negative keywords: the whole body
// (defaults filled, nothing dropped), never repeated after a 5xx, bounds at and past each limit, the 207 answer
// (success, per-item errors, the partial warning) and the envelope when every item failed; hidden without writes.
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, ENV, PROFILE, scoped, useWire } from './support/wire.js';

const w = useWire();
const CAMPAIGN = '111100000000001';
const AD_GROUP = '111110000000001';
const media = 'vnd.spCampaign.v3+json';
const campaign = (over: Record<string, unknown> = {}) => ({
  name: 'C',
  targetingType: 'MANUAL',
  state: 'ENABLED',
  budget: { budgetType: 'DAILY', budget: 1 },
  startDate: '2026-06-01',
  ...over,
});
const FULL = campaign({
  name: 'x'.repeat(128),
  targetingType: 'AUTO',
  state: 'PROPOSED',
  budget: { budgetType: 'DAILY', budget: 1000000 },
  endDate: '2026-12-31',
  portfolioId: '12345678901234567890',
  dynamicBidding: {
    strategy: 'RULE_BASED',
    placementBidding: [
      { placement: 'PLACEMENT_TOP', percentage: 900 },
      { placement: 'PLACEMENT_PRODUCT_PAGE', percentage: 0 },
      { placement: 'PLACEMENT_REST_OF_SEARCH', percentage: 15 },
    ],
  },
});

async function created(): Promise<string> {
  const r = await w.ok('create_campaigns', { campaigns: [campaign({ name: 'to update' })] });
  w.sent.length = 0;
  return r.success[0].campaignId as string;
}

describe('create_campaigns', () => {
  it('every field of every campaign is sent as given; the answer counts and lists the successes', async () => {
    const campaigns = [campaign(), FULL];
    const { _meta, ...r } = await w.ok('create_campaigns', { campaigns });
    expect(w.sent).toEqual([
      { method: 'POST', path: '/sp/campaigns', query: {}, headers: scoped(media), body: { campaigns } },
    ]);
    expect(r).toEqual({
      profileId: Number(PROFILE),
      submitted: 2,
      succeeded: 2,
      failed: 0,
      success: [
        { campaignId: expect.stringMatching(/^\d+$/), index: 0 },
        { campaignId: expect.stringMatching(/^\d+$/), index: 1 },
      ],
      errors: [],
    });
    expect(_meta).not.toHaveProperty('warnings');
  });

  it('one item refused: the success, an error record for it and a partial_results warning', async () => {
    const { _meta, ...r } = await w.ok('create_campaigns', {
      campaigns: [campaign(), campaign({ name: 'FAIL x' })],
    });
    const detail = {
      path: 'campaigns/1/name',
      issue: 'Campaign name contains a forbidden value.',
      received_type: 'upstream_error',
      index: 1,
      upstream_code: 'FORBIDDEN_CHARS',
      field: 'campaigns/1/name',
    };
    expect(r).toEqual({
      profileId: Number(PROFILE),
      submitted: 2,
      succeeded: 1,
      failed: 1,
      success: [{ campaignId: expect.any(String), index: 0 }],
      errors: [
        {
          index: 1,
          error_kind: 'ads_api_http',
          error_code: 'ADS_API_HTTP_207',
          code: 'FORBIDDEN_CHARS',
          message: 'Campaign name contains a forbidden value.',
          field: 'campaigns/1/name',
          retryable: false,
          errors: [
            {
              code: 'FORBIDDEN_CHARS',
              message: 'Campaign name contains a forbidden value.',
              field: 'campaigns/1/name',
              errorType: 'malformedValueError',
            },
          ],
        },
      ],
    });
    expect(_meta?.warnings).toEqual([
      {
        kind: 'partial_results',
        summary: '1 of 2 campaigns failed; see errors[] in the result.',
        details: [detail],
        hints: ['errors[].index points into the submitted campaigns array; items in success[] were applied.'],
      },
    ]);
  });

  it('every item refused: an ads_api_http envelope naming each item', async () => {
    const env = await w.refused('create_campaigns', {
      campaigns: [campaign({ name: 'FAIL a' }), campaign({ name: 'FAIL b' })],
    });
    expect(env).toMatchObject({
      error_code: 'ADS_API_HTTP_207',
      error_kind: 'ads_api_http',
      retryable: false,
      summary: 'Amazon Ads API rejected all 2 campaigns of the batch (HTTP 207 multi-status).',
      details: [
        expect.objectContaining({ path: 'campaigns/0/name', index: 0, upstream_code: 'FORBIDDEN_CHARS' }),
        expect.objectContaining({ path: 'campaigns/1/name', index: 1, upstream_code: 'FORBIDDEN_CHARS' }),
      ],
    });
    expect(env.hints[0]).toBe(
      'details[].index points into the submitted campaigns array; nothing was applied.',
    );
  });

  it.each([
    [{ campaigns: [] }, 'SCHEMA_MIN_ITEMS', 'campaigns'],
    [{ campaigns: Array.from({ length: 11 }, () => campaign()) }, 'SCHEMA_MAX_ITEMS', 'campaigns'],
    [{ campaigns: [campaign({ name: 'x'.repeat(129) })] }, 'SCHEMA_MAX_LENGTH', 'campaigns/0/name'],
    [{ campaigns: [campaign({ state: 'ARCHIVED' })] }, 'SCHEMA_ENUM_MISMATCH', 'campaigns/0/state'],
    [
      { campaigns: [campaign({ budget: { budgetType: 'DAILY', budget: 0 } })] },
      'SCHEMA_VALIDATION_FAILED',
      'campaigns/0/budget/budget',
    ],
    [
      { campaigns: [campaign({ budget: { budgetType: 'DAILY', budget: 1000000.5 } })] },
      'SCHEMA_MAXIMUM',
      'campaigns/0/budget/budget',
    ],
    [
      { campaigns: [campaign({ budget: { budgetType: 'LIFETIME', budget: 5 } })] },
      'SCHEMA_ENUM_MISMATCH',
      'campaigns/0/budget/budgetType',
    ],
    [
      { campaigns: [campaign({ startDate: '2026-06-31' })] },
      'SCHEMA_FORMAT_INVALID',
      'campaigns/0/startDate',
    ],
    [{ campaigns: [campaign({ portfolioId: 'p1' })] }, 'SCHEMA_PATTERN_MISMATCH', 'campaigns/0/portfolioId'],
    [
      {
        campaigns: [
          campaign({
            dynamicBidding: { placementBidding: [{ placement: 'PLACEMENT_TOP', percentage: 901 }] },
          }),
        ],
      },
      'SCHEMA_MAXIMUM',
      'campaigns/0/dynamicBidding/placementBidding/0/percentage',
    ],
    [
      {
        campaigns: [
          campaign({
            dynamicBidding: {
              placementBidding: Array.from({ length: 4 }, () => ({
                placement: 'PLACEMENT_TOP',
                percentage: 1,
              })),
            },
          }),
        ],
      },
      'SCHEMA_MAX_ITEMS',
      'campaigns/0/dynamicBidding/placementBidding',
    ],
  ])('%j → %s at %s, nothing sent', async (args, code, path) => {
    const env = await w.refused('create_campaigns', args);
    expect(env).toMatchObject({ error_code: code, error_kind: 'mcp_input_validation', retryable: false });
    expect(env.details[0]?.path).toBe(path);
    expect(w.sent).toEqual([]);
  });

  it('ten campaigns at once are sent', async () => {
    const campaigns = Array.from({ length: 10 }, (_, i) => campaign({ name: `c${i}` }));
    expect(await w.ok('create_campaigns', { campaigns })).toMatchObject({ submitted: 10, succeeded: 10 });
  });
});

describe('update_campaigns and update_campaign_budgets', () => {
  it('update: the partial campaigns as given, PUT', async () => {
    const id = await created();
    const campaigns = [
      {
        campaignId: id,
        name: 'renamed',
        state: 'PAUSED',
        budget: { budgetType: 'DAILY', budget: 2.5 },
        endDate: '2027-01-31',
        portfolioId: '7',
        dynamicBidding: { strategy: 'LEGACY_FOR_SALES', placementBidding: [] },
      },
    ];
    const { _meta, ...r } = await w.ok('update_campaigns', { campaigns });
    expect(w.sent).toEqual([
      { method: 'PUT', path: '/sp/campaigns', query: {}, headers: scoped(media), body: { campaigns } },
    ]);
    expect(r).toEqual({
      profileId: Number(PROFILE),
      submitted: 1,
      succeeded: 1,
      failed: 0,
      success: [{ campaignId: id, index: 0 }],
      errors: [],
    });
    const listed = await w.ok('list_campaigns', { campaignIdFilter: [id] });
    expect(listed.campaigns[0]).toMatchObject({ name: 'renamed', state: 'PAUSED', budget: { budget: 2.5 } });
  });

  it('budgets: each dailyBudget as the campaign’s DAILY budget, in order', async () => {
    const id = await created();
    const r = await w.ok('update_campaign_budgets', {
      budgets: [
        { campaignId: id, dailyBudget: 0.01 },
        { campaignId: CAMPAIGN, dailyBudget: 1000000 },
      ],
    });
    expect(w.sent).toEqual([
      {
        method: 'PUT',
        path: '/sp/campaigns',
        query: {},
        headers: scoped(media),
        body: {
          campaigns: [
            { campaignId: id, budget: { budgetType: 'DAILY', budget: 0.01 } },
            { campaignId: CAMPAIGN, budget: { budgetType: 'DAILY', budget: 1000000 } },
          ],
        },
      },
    ]);
    expect(r).toMatchObject({ submitted: 2, succeeded: 2, failed: 0 });
  });

  it('an unknown campaign: the whole refusal, pointing at its campaignId', async () => {
    const env = await w.refused('update_campaigns', { campaigns: [{ campaignId: '999', state: 'PAUSED' }] });
    expect(env).toMatchObject({
      error_code: 'ADS_API_HTTP_207',
      error_kind: 'ads_api_http',
      retryable: false,
      summary: 'Amazon Ads API rejected all 1 campaigns of the batch (HTTP 207 multi-status).',
      details: [
        {
          path: 'campaigns/0/campaignId',
          issue: 'Campaign 999 not found.',
          received_type: 'upstream_error',
          index: 0,
          upstream_code: 'ENTITY_NOT_FOUND',
          field: 'campaigns/0/campaignId',
        },
      ],
    });
  });

  it.each([
    [
      'update_campaigns',
      { campaigns: [{ campaignId: CAMPAIGN }] },
      'SCHEMA_VALIDATION_FAILED',
      'campaigns/0',
    ],
    [
      'update_campaigns',
      { campaigns: [{ campaignId: CAMPAIGN, state: 'ARCHIVED' }] },
      'SCHEMA_ENUM_MISMATCH',
      'campaigns/0/state',
    ],
    [
      'update_campaigns',
      { campaigns: [{ state: 'PAUSED', name: 'n' }] },
      'SCHEMA_REQUIRED',
      'campaigns/0/campaignId',
    ],
    [
      'update_campaigns',
      { campaigns: [{ campaignId: CAMPAIGN, startDate: '2026-01-01' }] },
      'SCHEMA_ADDITIONAL_PROPERTIES',
      'campaigns/0/startDate',
    ],
    [
      'update_campaigns',
      { campaigns: Array.from({ length: 11 }, () => ({ campaignId: CAMPAIGN, state: 'PAUSED' })) },
      'SCHEMA_MAX_ITEMS',
      'campaigns',
    ],
    [
      'update_campaign_budgets',
      { budgets: [{ campaignId: CAMPAIGN, dailyBudget: 0 }] },
      'SCHEMA_VALIDATION_FAILED',
      'budgets/0/dailyBudget',
    ],
    [
      'update_campaign_budgets',
      { budgets: [{ campaignId: CAMPAIGN, dailyBudget: 1000001 }] },
      'SCHEMA_MAXIMUM',
      'budgets/0/dailyBudget',
    ],
    [
      'update_campaign_budgets',
      { budgets: Array.from({ length: 11 }, () => ({ campaignId: CAMPAIGN, dailyBudget: 5 })) },
      'SCHEMA_MAX_ITEMS',
      'budgets',
    ],
    ['update_campaign_budgets', { budgets: [] }, 'SCHEMA_MIN_ITEMS', 'budgets'],
  ])('%s %j → %s at %s, nothing sent', async (name, args, code, path) => {
    const env = await w.refused(name, args);
    expect(env).toMatchObject({ error_code: code, error_kind: 'mcp_input_validation', retryable: false });
    expect(env.details[0]?.path).toBe(path);
    expect(w.sent).toEqual([]);
  });
});

describe('writes are never repeated, and hidden without ADS_API_ENABLE_WRITES', () => {
  const NK = { campaignId: CAMPAIGN, adGroupId: AD_GROUP, keywordText: 'free', matchType: 'NEGATIVE_EXACT' };
  const WRITES: Array<[string, Record<string, unknown>, 'post' | 'put', string]> = [
    ['create_campaigns', { campaigns: [campaign()] }, 'post', '/sp/campaigns'],
    ['update_campaigns', { campaigns: [{ campaignId: CAMPAIGN, state: 'PAUSED' }] }, 'put', '/sp/campaigns'],
    [
      'update_campaign_budgets',
      { budgets: [{ campaignId: CAMPAIGN, dailyBudget: 5 }] },
      'put',
      '/sp/campaigns',
    ],
    ['create_negative_keywords', { negativeKeywords: [NK] }, 'post', '/sp/negativeKeywords'],
  ];
  it.each(WRITES)('%s: a 503 is answered retryable after one request', async (name, args, method, path) => {
    w.mocks().use(
      http[method](`${API}${path}`, () =>
        HttpResponse.json({ code: '503', details: 'busy' }, { status: 503 }),
      ),
    );
    const env = await w.refused(name, args);
    expect(env).toMatchObject({ error_code: 'ADS_API_HTTP_503', retryable: true });
    expect(w.sent).toHaveLength(1);
  });

  it.each(WRITES)('%s is not a tool without writes enabled; nothing is sent', async (name, args) => {
    const { ADS_API_ENABLE_WRITES: _w, ...readOnly } = ENV;
    const out = await w.call(name, args, readOnly);
    expect(out.ok).toBe(false);
    expect(w.sent).toEqual([]);
  });
});

describe('create_negative_keywords', () => {
  const nk = (over: Record<string, unknown> = {}) => ({
    campaignId: CAMPAIGN,
    adGroupId: AD_GROUP,
    keywordText: 'free',
    matchType: 'NEGATIVE_EXACT',
    ...over,
  });
  it('state ENABLED unless given (PROPOSED and PAUSED kept); the answer counts the successes', async () => {
    const { _meta, ...r } = await w.ok('create_negative_keywords', {
      negativeKeywords: [
        nk(),
        nk({ keywordText: 'x'.repeat(80), matchType: 'NEGATIVE_PHRASE', state: 'PROPOSED' }),
        nk({ keywordText: 'cheap', matchType: 'NEGATIVE_BROAD', state: 'PAUSED' }),
      ],
    });
    expect(w.sent).toEqual([
      {
        method: 'POST',
        path: '/sp/negativeKeywords',
        query: {},
        headers: scoped('vnd.spNegativeKeyword.v3+json'),
        body: {
          negativeKeywords: [
            nk({ state: 'ENABLED' }),
            nk({ keywordText: 'x'.repeat(80), matchType: 'NEGATIVE_PHRASE', state: 'PROPOSED' }),
            nk({ keywordText: 'cheap', matchType: 'NEGATIVE_BROAD', state: 'PAUSED' }),
          ],
        },
      },
    ]);
    expect(r).toMatchObject({ submitted: 3, succeeded: 3, failed: 0, errors: [] });
    expect(r).not.toHaveProperty('profileId');
    expect(r.success).toHaveLength(3);
  });

  it('an unknown ad group: the refusal points at the item’s adGroupId', async () => {
    const env = await w.refused('create_negative_keywords', { negativeKeywords: [nk({ adGroupId: '2' })] });
    expect(env).toMatchObject({
      error_code: 'ADS_API_HTTP_207',
      summary: 'Amazon Ads API rejected all 1 negativeKeywords of the batch (HTTP 207 multi-status).',
      details: [
        expect.objectContaining({ path: 'negativeKeywords/0/adGroupId', upstream_code: 'ENTITY_NOT_FOUND' }),
      ],
    });
  });

  it.each([
    [{ negativeKeywords: Array.from({ length: 101 }, () => nk()) }, 'SCHEMA_MAX_ITEMS', 'negativeKeywords'],
    [{ negativeKeywords: [] }, 'SCHEMA_MIN_ITEMS', 'negativeKeywords'],
    [
      { negativeKeywords: [nk({ keywordText: 'x'.repeat(81) })] },
      'SCHEMA_MAX_LENGTH',
      'negativeKeywords/0/keywordText',
    ],
    [
      { negativeKeywords: [nk({ matchType: 'EXACT' })] },
      'SCHEMA_ENUM_MISMATCH',
      'negativeKeywords/0/matchType',
    ],
    [{ negativeKeywords: [nk({ state: 'ARCHIVED' })] }, 'SCHEMA_ENUM_MISMATCH', 'negativeKeywords/0/state'],
  ])('%j → %s at %s, nothing sent', async (args, code, path) => {
    const env = await w.refused('create_negative_keywords', args);
    expect(env).toMatchObject({ error_code: code, retryable: false });
    expect(env.details[0]?.path).toBe(path);
    expect(w.sent).toEqual([]);
  });

  it('a throttled item is retryable; an item Amazon gives no error for is not', async () => {
    w.mocks().use(
      http.post(`${API}/sp/negativeKeywords`, () =>
        HttpResponse.json(
          {
            negativeKeywords: {
              success: [{ negativeKeywordId: '5', index: 0 }],
              error: [
                {
                  index: 1,
                  errors: [
                    {
                      errorType: 'throttledError',
                      errorValue: { throttledError: { reason: 'THROTTLED', message: 'slow down' } },
                    },
                  ],
                },
                { index: 2 },
              ],
            },
          },
          { status: 207 },
        ),
      ),
    );
    const r = await w.ok('create_negative_keywords', { negativeKeywords: [nk(), nk(), nk()] });
    expect(r).toMatchObject({ submitted: 3, succeeded: 1, failed: 2 });
    expect(r.errors).toEqual([
      {
        index: 1,
        error_kind: 'ads_api_http',
        error_code: 'ADS_API_HTTP_207',
        code: 'THROTTLED',
        message: 'slow down',
        field: null,
        retryable: true,
        errors: [{ code: 'THROTTLED', message: 'slow down', field: null, errorType: 'throttledError' }],
      },
      {
        index: 2,
        error_kind: 'ads_api_http',
        error_code: 'ADS_API_HTTP_207',
        code: null,
        message: 'item failed',
        field: null,
        retryable: false,
        errors: [],
      },
    ]);
  });

  it('a hundred at once are sent', async () => {
    const negativeKeywords = Array.from({ length: 100 }, (_, i) => nk({ keywordText: `k${i}` }));
    expect(await w.ok('create_negative_keywords', { negativeKeywords })).toMatchObject({
      submitted: 100,
      succeeded: 100,
    });
  });
});
