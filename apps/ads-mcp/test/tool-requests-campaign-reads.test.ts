// Campaign reads beyond SP on the wire: Sponsored Brands v4 and portfolio list bodies ({include} filters, paging
// as given), Sponsored Display's query (ids comma-joined, states in the documented order, 0 kept), bounds, answers.
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, CLIENT_ID, PROFILE, scoped, useWire } from './support/wire.js';

const w = useWire();
const ids = (n: number) => Array.from({ length: n }, (_, i) => String(100 + i));

describe('the request each campaign read sends', () => {
  it.each([
    [
      'list_sb_campaigns',
      {
        campaignIdFilter: ['1', '2'],
        portfolioIdFilter: ['3'],
        stateFilter: ['ENABLED', 'PAUSED', 'ARCHIVED'],
        maxResults: 100,
        nextToken: 'n1',
      },
      '/sb/v4/campaigns/list',
      {
        campaignIdFilter: { include: ['1', '2'] },
        portfolioIdFilter: { include: ['3'] },
        stateFilter: { include: ['ENABLED', 'PAUSED', 'ARCHIVED'] },
        maxResults: 100,
        nextToken: 'n1',
      },
      'vnd.sbcampaignresource.v4+json',
    ],
    [
      'list_sb_campaigns',
      { maxResults: 1 },
      '/sb/v4/campaigns/list',
      { maxResults: 1 },
      'vnd.sbcampaignresource.v4+json',
    ],
    [
      'list_portfolios',
      {
        portfolioIdFilter: ['9', '8'],
        stateFilter: ['ENABLED'],
        includeExtendedDataFields: false,
        nextToken: 'p',
      },
      '/portfolios/list',
      {
        portfolioIdFilter: { include: ['9', '8'] },
        stateFilter: { include: ['ENABLED'] },
        includeExtendedDataFields: false,
        nextToken: 'p',
      },
      'vnd.spPortfolio.v3+json',
    ],
    [
      'list_portfolios',
      { includeExtendedDataFields: true },
      '/portfolios/list',
      { includeExtendedDataFields: true },
      'vnd.spPortfolio.v3+json',
    ],
  ])('%s %j', async (name, args, path, body, media) => {
    await w.ok(name, args);
    expect(w.sent).toEqual([{ method: 'POST', path, query: {}, headers: scoped(media), body }]);
  });

  it.each([
    [{}, {}],
    [
      { startIndex: 0, count: 1 },
      { startIndex: '0', count: '1' },
    ],
    [
      { count: 100, name: 'N' },
      { count: '100', name: 'N' },
    ],
    [{ stateFilter: ['archived', 'paused'] }, { stateFilter: 'paused, archived' }],
    [
      { campaignIdFilter: ['5'], portfolioIdFilter: ['6', '7', '8'] },
      { campaignIdFilter: '5', portfolioIdFilter: '6,7,8' },
    ],
  ])('list_sd_campaigns %j → GET /sd/campaigns %j', async (args, query) => {
    await w.ok('list_sd_campaigns', args);
    expect(w.sent).toEqual([
      {
        method: 'GET',
        path: '/sd/campaigns',
        query,
        headers: {
          accept: 'application/json',
          'amazon-advertising-api-scope': PROFILE,
          'amazon-advertising-api-clientid': CLIENT_ID,
        },
      },
    ]);
  });
});

describe('bounds: refused before anything is sent', () => {
  it.each([
    ['list_sb_campaigns', { maxResults: 0 }, 'SCHEMA_MINIMUM', 'maxResults'],
    ['list_sb_campaigns', { maxResults: 101 }, 'SCHEMA_MAXIMUM', 'maxResults'],
    ['list_sb_campaigns', { nextToken: '' }, 'SCHEMA_MIN_LENGTH', 'nextToken'],
    ['list_sb_campaigns', { stateFilter: [] }, 'SCHEMA_MIN_ITEMS', 'stateFilter'],
    ['list_sb_campaigns', { stateFilter: ['ENABLED', 'ENABLED'] }, 'SCHEMA_UNIQUE_ITEMS', 'stateFilter'],
    // SB v4 takes at most 10 ids per filter; a v3 portfolio is ENABLED only, one state per filter (the spec).
    ['list_sb_campaigns', { campaignIdFilter: ids(11) }, 'SCHEMA_MAX_ITEMS', 'campaignIdFilter'],
    ['list_sb_campaigns', { portfolioIdFilter: ids(11) }, 'SCHEMA_MAX_ITEMS', 'portfolioIdFilter'],
    ['list_portfolios', { stateFilter: ['PAUSED'] }, 'SCHEMA_ENUM_MISMATCH', 'stateFilter/0'],
    ['list_portfolios', { portfolioIdFilter: ids(101) }, 'SCHEMA_MAX_ITEMS', 'portfolioIdFilter'],
    ['list_sb_campaigns', { campaignIdFilter: ['12a'] }, 'SCHEMA_PATTERN_MISMATCH', 'campaignIdFilter/0'],
    ['list_sd_campaigns', { count: 0 }, 'SCHEMA_MINIMUM', 'count'],
    ['list_sd_campaigns', { count: 101 }, 'SCHEMA_MAXIMUM', 'count'],
    ['list_sd_campaigns', { startIndex: -1 }, 'SCHEMA_MINIMUM', 'startIndex'],
    ['list_sd_campaigns', { name: 'x'.repeat(129) }, 'SCHEMA_MAX_LENGTH', 'name'],
    ['list_sd_campaigns', { stateFilter: ['ENABLED'] }, 'SCHEMA_ENUM_MISMATCH', 'stateFilter/0'],
    ['list_portfolios', { stateFilter: ['enabled'] }, 'SCHEMA_ENUM_MISMATCH', 'stateFilter/0'],
    ['list_portfolios', { portfolioIdFilter: [] }, 'SCHEMA_MIN_ITEMS', 'portfolioIdFilter'],
  ])('%s %j → %s at %s', async (name, args, code, path) => {
    const env = await w.refused(name, args);
    expect(env).toMatchObject({ error_code: code, error_kind: 'mcp_input_validation', retryable: false });
    expect(env.details[0]?.path).toBe(path);
    expect(w.sent).toEqual([]);
  });

  it('at the limits: 10 SB ids per filter and 3 states, 100 portfolio ids go out and are answered', async () => {
    await w.ok('list_sb_campaigns', {
      campaignIdFilter: ids(10),
      portfolioIdFilter: ids(10),
      stateFilter: ['ARCHIVED', 'PAUSED', 'ENABLED'],
    });
    expect(w.sent[0]?.body).toEqual({
      campaignIdFilter: { include: ids(10) },
      portfolioIdFilter: { include: ids(10) },
      stateFilter: { include: ['ARCHIVED', 'PAUSED', 'ENABLED'] },
    });
    await w.ok('list_portfolios', { portfolioIdFilter: ids(100) });
    expect(w.sent[1]?.body).toEqual({ portfolioIdFilter: { include: ids(100) } });
  });

  it('list_portfolios with two states is refused (one state per filter)', async () => {
    const env = await w.refused('list_portfolios', { stateFilter: ['ENABLED', 'ENABLED'] });
    expect(env.error_kind).toBe('mcp_input_validation');
    expect(env.details[0]?.path).toBe('stateFilter');
    expect(w.sent).toEqual([]);
  });
});

describe('what the agent sees', () => {
  it.each([
    ['list_sb_campaigns', '/sb/v4/campaigns/list', 'campaigns'],
    ['list_portfolios', '/portfolios/list', 'portfolios'],
  ])('%s: the profile, region, items, count, totalResults and nextToken', async (name, path, key) => {
    w.mocks().use(
      http.post(`${API}${path}`, () =>
        HttpResponse.json({ [key]: [{ id: 1 }, { id: 2 }], totalResults: 9, nextToken: 'n2', other: 1 }),
      ),
    );
    const { _meta, ...page } = await w.ok(name, {});
    expect(page).toEqual({
      profileId: Number(PROFILE),
      region: 'na',
      [key]: [{ id: 1 }, { id: 2 }],
      count: 2,
      totalResults: 9,
      nextToken: 'n2',
    });
    w.mocks().use(
      http.post(`${API}${path}`, () => HttpResponse.json({ [key]: 'x', totalResults: '9', nextToken: 3 })),
    );
    const { _meta: _m, ...empty } = await w.ok(name, {});
    expect(empty).toEqual({
      profileId: Number(PROFILE),
      region: 'na',
      [key]: [],
      count: 0,
      totalResults: null,
      nextToken: null,
    });
  });

  it('list_sd_campaigns: the profile, the campaigns and their count; a non-list answer is none', async () => {
    w.mocks().use(
      http.get(`${API}/sd/campaigns`, () =>
        HttpResponse.json([{ campaignId: 1 }, { campaignId: 2 }, { campaignId: 3 }]),
      ),
    );
    const { _meta, ...page } = await w.ok('list_sd_campaigns', {});
    expect(page).toEqual({
      profileId: Number(PROFILE),
      campaigns: [{ campaignId: 1 }, { campaignId: 2 }, { campaignId: 3 }],
      count: 3,
    });
    w.mocks().use(
      http.get(`${API}/sd/campaigns`, () => HttpResponse.json({ campaigns: [{ campaignId: 1 }] })),
    );
    const { _meta: _m, ...none } = await w.ok('list_sd_campaigns', {});
    expect(none).toEqual({ profileId: Number(PROFILE), campaigns: [], count: 0 });
  });
});
