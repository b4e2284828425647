// Sponsored Products targeting as SponsoredProducts.json describes it: negative keyword create (207 per
// item), ranked keyword recommendations (v5) and theme-based bid recommendations (v5).
import { http, type RequestHandler } from 'msw';
import { withFault } from '../with-fault.js';
import { renderAdsFault } from './fault.js';
import { guard, readJson } from './guard.js';
import { ADS_HOSTS, regionOfUrl } from './hosts.js';
import { scopesOf } from './profiles.js';
import { adsJson, mutationError, spError } from './respond.js';
import { newId, type Row, spEntities } from './state.js';

const NEGATIVE = 'application/vnd.spNegativeKeyword.v3+json';
const KEYWORD_RECS = 'application/vnd.spkeywordsrecommendation.v5+json';
const BID_RECS = 'application/vnd.spthemebasedbidrecommendation.v5+json';
const NEGATIVE_MATCH = ['NEGATIVE_EXACT', 'NEGATIVE_PHRASE', 'NEGATIVE_BROAD'];

const scoped = (request: Request, media: string) =>
  guard(
    request,
    { scope: true, contentType: media, accept: media, spErrors: true },
    scopesOf(regionOfUrl(request.url)),
  );
const scopeOf = (request: Request) => request.headers.get('amazon-advertising-api-scope') ?? '';

function createNegatives(scope: string, items: Row[]): Row {
  const store = spEntities(scope);
  const success: Row[] = [];
  const error: Row[] = [];
  items.forEach((item, index) => {
    const group = store.adGroups.find(
      (g) => g.adGroupId === item.adGroupId && g.campaignId === item.campaignId,
    );
    if (!group) {
      error.push({
        index,
        errors: [
          mutationError(
            'entityNotFoundError',
            'ENTITY_NOT_FOUND',
            `Ad group ${String(item.adGroupId)} not found.`,
            `$.negativeKeywords[${index}].adGroupId`,
            {
              entityId: String(item.adGroupId),
              entityType: 'AD_GROUP',
            },
          ),
        ],
      });
      return;
    }
    const keyword = { ...item, keywordId: newId() };
    store.negativeKeywords.push(keyword);
    success.push({ negativeKeywordId: keyword.keywordId, index });
  });
  return { negativeKeywords: { success, error } };
}

function keywordRecommendations(body: Row): Row {
  const max = typeof body.maxRecommendations === 'number' ? body.maxRecommendations : 200;
  const seed = Array.isArray(body.asins) ? String(body.asins[0]) : String(body.adGroupId);
  const keywordTargetList = ['running shoes', 'trail running shoes', 'lightweight sneakers']
    .slice(0, max)
    .map((keyword, i) => ({
      keyword,
      recId: `${seed}-${i + 1}`,
      rank: i + 1,
      searchTermImpressionRank: i + 3,
      searchTermImpressionShare: 12.5 - i,
      bidInfo: ['EXACT', 'PHRASE', 'BROAD'].map((matchType, j) => ({
        matchType,
        theme: 'CONVERSION_OPPORTUNITIES',
        rank: i + 1,
        bid: 85 - 10 * j,
        suggestedBid: { rangeStart: 60 - 5 * j, rangeMedian: 85 - 10 * j, rangeEnd: 120 - 10 * j },
      })),
    }));
  return { keywordTargetList, impactMetrics: [] };
}

function bidRecommendations(body: Row): Row {
  const expressions = Array.isArray(body.targetingExpressions) ? (body.targetingExpressions as Row[]) : [];
  return {
    bidRecommendations: [
      {
        theme: 'CONVERSION_OPPORTUNITIES',
        bidRecommendationsForTargetingExpressions: expressions.map((targetingExpression) => ({
          targetingExpression,
          bidValues: [{ suggestedBid: 0.62 }, { suggestedBid: 0.85 }, { suggestedBid: 1.14 }],
        })),
      },
    ],
  };
}

export const spTargetingHandlers: RequestHandler[] = Object.values(ADS_HOSTS).flatMap((host) => [
  http.post(
    `${host}/sp/negativeKeywords`,
    withFault('api', renderAdsFault, async ({ request }) => {
      const rejected = scoped(request, NEGATIVE);
      if (rejected) return rejected;
      const body = await readJson(request);
      const items = body?.negativeKeywords;
      const errors = Array.isArray(items)
        ? (items as Row[]).flatMap((k, i) =>
            NEGATIVE_MATCH.includes(String(k.matchType))
              ? []
              : [
                  mutationError(
                    'malformedValueError',
                    'PATTERN_NOT_MATCHED',
                    'matchType is not a negative match type',
                    `$.negativeKeywords[${i}].matchType`,
                  ),
                ],
          )
        : [
            mutationError(
              'missingValueError',
              'MISSING_VALUE',
              'negativeKeywords is required',
              '$.negativeKeywords',
            ),
          ];
      if (errors.length > 0 || !Array.isArray(items)) {
        return spError(400, 'INVALID_ARGUMENT', 'Invalid request: one or more fields are invalid.', errors);
      }
      return adsJson(createNegatives(scopeOf(request), items as Row[]), 207, NEGATIVE);
    }),
  ),
  http.post(
    `${host}/sp/targets/keywords/recommendations`,
    withFault('api', renderAdsFault, async ({ request }) => {
      const rejected = scoped(request, KEYWORD_RECS);
      if (rejected) return rejected;
      const body = (await readJson(request)) ?? {};
      const type = body.recommendationType;
      const valid =
        (type === 'KEYWORDS_FOR_ASINS' && Array.isArray(body.asins)) ||
        (type === 'KEYWORDS_FOR_ADGROUP' &&
          typeof body.adGroupId === 'string' &&
          typeof body.campaignId === 'string');
      if (!valid)
        return spError(400, 'INVALID_ARGUMENT', 'recommendationType and its required fields are missing.');
      return adsJson(keywordRecommendations(body), 200, KEYWORD_RECS);
    }),
  ),
  http.post(
    `${host}/sp/targets/bid/recommendations`,
    withFault('api', renderAdsFault, async ({ request }) => {
      const rejected = scoped(request, BID_RECS);
      if (rejected) return rejected;
      const body = (await readJson(request)) ?? {};
      if (
        body.recommendationType !== 'BIDS_FOR_EXISTING_AD_GROUP' &&
        body.recommendationType !== 'BIDS_FOR_NEW_AD_GROUP'
      ) {
        return spError(400, 'INVALID_ARGUMENT', 'recommendationType is required.');
      }
      if (!Array.isArray(body.targetingExpressions) || body.targetingExpressions.length === 0) {
        return spError(400, 'INVALID_ARGUMENT', 'targetingExpressions is required.');
      }
      return adsJson(bidRecommendations(body), 200, BID_RECS);
    }),
  ),
]);
