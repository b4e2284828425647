// Sponsored Products targeting: keyword and bid recommendations, ad-group negative keywords (list; create
// only with ADS_API_ENABLE_WRITES=true).
import { defineTool, type FromSchema, type ToolDefinition } from '@obmcp/contract';
import { routeOf } from '@obmcp/openapi-tools';
import type { ToolDeps } from './deps.js';
import { reportMultiStatus } from './multi-status.js';
import { idList, paging } from './sp-schema.js';
import { spListTool } from './sp-list.js';

const id = { type: 'string', pattern: '^[0-9]{1,20}$' } as const;
const asins = {
  type: 'array',
  items: { type: 'string', pattern: '^[A-Z0-9]{10}$' },
  minItems: 1,
  maxItems: 50,
  uniqueItems: true,
} as const;

const keywordRecsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    asins: { ...asins, description: 'Recommend keywords for these ASINs (a new ad group).' },
    campaignId: { ...id, description: 'With adGroupId: recommend for an existing ad group.' },
    adGroupId: id,
    maxRecommendations: { type: 'integer', minimum: 0, maximum: 200 },
  },
  oneOf: [{ required: ['asins'] }, { required: ['campaignId', 'adGroupId'] }],
  examples: [{ asins: ['B0MOCK0001'] }, { campaignId: '111100000000001', adGroupId: '111110000000001' }],
} as const;

const bidRecsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['campaignId', 'adGroupId', 'targetingExpressions'],
  properties: {
    campaignId: id,
    adGroupId: id,
    targetingExpressions: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['type'],
        properties: {
          type: {
            type: 'string',
            enum: [
              'CLOSE_MATCH',
              'COMPLEMENTS',
              'KEYWORD_BROAD_MATCH',
              'KEYWORD_EXACT_MATCH',
              'KEYWORD_GROUP',
              'KEYWORD_PHRASE_MATCH',
              'LOOSE_MATCH',
              'PAT_ASIN',
              'PAT_CATEGORY',
              'PAT_CATEGORY_REFINEMENT',
              'SUBSTITUTES',
            ],
          },
          value: { type: 'string', minLength: 1, maxLength: 255 },
        },
      },
    },
  },
  examples: [
    {
      campaignId: '111100000000001',
      adGroupId: '111110000000001',
      targetingExpressions: [{ type: 'KEYWORD_EXACT_MATCH', value: 'running shoes' }],
    },
  ],
} as const;

const negativeListSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    campaignIdFilter: idList,
    adGroupIdFilter: idList,
    stateFilter: {
      type: 'array',
      items: { type: 'string', enum: ['ENABLED', 'PAUSED', 'ARCHIVED'] },
      minItems: 1,
      maxItems: 3,
      uniqueItems: true,
    },
    ...paging,
  },
  examples: [{ campaignIdFilter: ['111100000000001'] }, {}],
} as const;

const negativeCreateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['negativeKeywords'],
  properties: {
    negativeKeywords: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['campaignId', 'adGroupId', 'keywordText', 'matchType'],
        properties: {
          campaignId: id,
          adGroupId: id,
          keywordText: { type: 'string', minLength: 1, maxLength: 80 },
          matchType: { type: 'string', enum: ['NEGATIVE_EXACT', 'NEGATIVE_PHRASE', 'NEGATIVE_BROAD'] },
          state: { type: 'string', enum: ['ENABLED', 'PAUSED', 'PROPOSED'], description: 'Default ENABLED.' },
        },
      },
    },
  },
  examples: [
    {
      negativeKeywords: [
        {
          campaignId: '111100000000001',
          adGroupId: '111110000000001',
          keywordText: 'free',
          matchType: 'NEGATIVE_PHRASE',
        },
      ],
    },
  ],
} as const;

export function spTargetingTools(ctx: ToolDeps): ToolDefinition[] {
  return [
    ctx.operations.one(['SponsoredProducts', 'getRankedKeywordRecommendation'], (send) =>
      defineTool<FromSchema<typeof keywordRecsSchema>>({
        name: 'get_keyword_recommendations',
        title: 'Recommend Sponsored Products keywords',
        description:
          'Ranked keyword recommendations with suggested bids, for ASINs (new ad group) or an existing ad group.',
        inputSchema: keywordRecsSchema,
        async handler(a, call) {
          const body =
            a.asins !== undefined
              ? { recommendationType: 'KEYWORDS_FOR_ASINS', asins: a.asins }
              : {
                  recommendationType: 'KEYWORDS_FOR_ADGROUP',
                  campaignId: a.campaignId,
                  adGroupId: a.adGroupId,
                };
          const res = await send({ body: { ...body, maxRecommendations: a.maxRecommendations } }, call);
          const r = (res.body ?? {}) as { keywordTargetList?: unknown; impactMetrics?: unknown };
          const keywords = Array.isArray(r.keywordTargetList) ? r.keywordTargetList : [];
          return { keywords, count: keywords.length, impactMetrics: r.impactMetrics ?? [] };
        },
      }),
    ),
    ctx.operations.one(['SponsoredProducts', 'GetThemeBasedBidRecommendationForAdGroup_v1'], (send) =>
      defineTool<FromSchema<typeof bidRecsSchema>>({
        name: 'get_bid_recommendations',
        title: 'Recommend Sponsored Products bids',
        description:
          'Theme-based suggested bids (low/median/high) for targeting expressions of an existing ad group.',
        inputSchema: bidRecsSchema,
        async handler(a, call) {
          const res = await send({ body: { recommendationType: 'BIDS_FOR_EXISTING_AD_GROUP', ...a } }, call);
          const r = (res.body ?? {}) as { bidRecommendations?: unknown };
          return { bidRecommendations: Array.isArray(r.bidRecommendations) ? r.bidRecommendations : [] };
        },
      }),
    ),
    spListTool<FromSchema<typeof negativeListSchema>>(
      ctx,
      ['SponsoredProducts', 'ListSponsoredProductsNegativeKeywords'],
      {
        name: 'list_negative_keywords',
        title: 'List Sponsored Products negative keywords',
        description: (op) => `${routeOf(op)} (ad-group level) for the active profile.`,
        inputSchema: negativeListSchema,
        key: 'negativeKeywords',
      },
    ),
  ];
}

/** Sponsored Products targeting writes: listed only with ADS_API_ENABLE_WRITES=true (tools/index.ts). */
export function spTargetingWriteTools(ctx: ToolDeps): ToolDefinition[] {
  return [
    ctx.operations.one(['SponsoredProducts', 'CreateSponsoredProductsNegativeKeywords'], (send, op) =>
      defineTool<FromSchema<typeof negativeCreateSchema>>({
        name: 'create_negative_keywords',
        title: 'Add Sponsored Products negative keywords',
        description: `${routeOf(op)} (207 per item): keeps ad groups from matching these terms.`,
        inputSchema: negativeCreateSchema,
        async handler(a, call) {
          const negativeKeywords = a.negativeKeywords.map((k) => ({ ...k, state: k.state ?? 'ENABLED' }));
          const res = await send({ body: { negativeKeywords } }, call);
          const body = (res.body ?? {}) as { negativeKeywords?: unknown };
          return reportMultiStatus('negativeKeywords', body.negativeKeywords, negativeKeywords.length, call);
        },
      }),
    ),
  ];
}
