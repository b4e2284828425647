// Sponsored Products v3 read tools: list_campaigns, list_ad_groups, list_keywords, list_product_ads.
import { defineTool, type FromSchema, type ToolDefinition, READ_UPSTREAM } from '@obmcp/contract';
import type { ToolDeps } from './deps.js';
import { idList, include, paging, stateFilter } from './sp-schema.js';
import { spList } from './sp-list.js';

const campaignsSchema = {
  type: 'object',
  properties: {
    campaignIdFilter: idList,
    portfolioIdFilter: idList,
    stateFilter,
    nameFilter: {
      type: 'array',
      items: { type: 'string', minLength: 1, maxLength: 128 },
      minItems: 1,
      maxItems: 10,
    },
    nameMatchType: {
      type: 'string',
      enum: ['BROAD_MATCH', 'EXACT_MATCH'],
      description: 'Default BROAD_MATCH.',
    },
    includeExtendedDataFields: {
      type: 'boolean',
      description: 'Adds serving status (counts 5x in rate limits).',
    },
    ...paging,
  },
  examples: [{ stateFilter: ['ENABLED'], maxResults: 50 }, {}],
} as const;

const adGroupsSchema = {
  type: 'object',
  properties: {
    campaignIdFilter: idList,
    adGroupIdFilter: idList,
    stateFilter,
    nameFilter: {
      type: 'array',
      items: { type: 'string', minLength: 1, maxLength: 255 },
      minItems: 1,
      maxItems: 10,
    },
    ...paging,
  },
  examples: [{ campaignIdFilter: ['111100000000001'], stateFilter: ['ENABLED'] }, {}],
} as const;

const keywordsSchema = {
  type: 'object',
  properties: {
    campaignIdFilter: idList,
    adGroupIdFilter: idList,
    keywordIdFilter: idList,
    stateFilter,
    matchTypeFilter: {
      type: 'array',
      items: { type: 'string', enum: ['EXACT', 'PHRASE', 'BROAD'] },
      minItems: 1,
      maxItems: 3,
    },
    ...paging,
  },
  examples: [{ matchTypeFilter: ['EXACT'], maxResults: 100 }, {}],
} as const;

const productAdsSchema = {
  type: 'object',
  properties: {
    campaignIdFilter: idList,
    adGroupIdFilter: idList,
    adIdFilter: idList,
    stateFilter,
    ...paging,
  },
  examples: [{ adGroupIdFilter: ['111110000000001'] }, {}],
} as const;

const read = READ_UPSTREAM;

export function spReadTools(ctx: ToolDeps): ToolDefinition[] {
  return [
    ctx.operations.one(['SponsoredProducts', 'ListSponsoredProductsCampaigns'], (send) =>
      defineTool<FromSchema<typeof campaignsSchema>>({
        name: 'list_campaigns',
        title: 'List Sponsored Products campaigns',
        description: 'SP campaigns by id, portfolio, state or name.',
        inputSchema: campaignsSchema,
        passthrough: 'body',
        annotations: read,
        handler: (a, call) =>
          spList(ctx, call, send, 'campaigns', {
            campaignIdFilter: include(a.campaignIdFilter),
            portfolioIdFilter: include(a.portfolioIdFilter),
            stateFilter: include(a.stateFilter),
            nameFilter: a.nameFilter
              ? { queryTermMatchType: a.nameMatchType ?? 'BROAD_MATCH', include: a.nameFilter }
              : undefined,
            includeExtendedDataFields: a.includeExtendedDataFields,
            maxResults: a.maxResults,
            nextToken: a.nextToken,
          }),
      }),
    ),
    ctx.operations.one(['SponsoredProducts', 'ListSponsoredProductsAdGroups'], (send) =>
      defineTool<FromSchema<typeof adGroupsSchema>>({
        name: 'list_ad_groups',
        title: 'List Sponsored Products ad groups',
        description: 'SP ad groups by campaign, id, state or name.',
        inputSchema: adGroupsSchema,
        passthrough: 'body',
        annotations: read,
        handler: (a, call) =>
          spList(ctx, call, send, 'adGroups', {
            campaignIdFilter: include(a.campaignIdFilter),
            adGroupIdFilter: include(a.adGroupIdFilter),
            stateFilter: include(a.stateFilter),
            nameFilter: a.nameFilter
              ? { queryTermMatchType: 'BROAD_MATCH', include: a.nameFilter }
              : undefined,
            maxResults: a.maxResults,
            nextToken: a.nextToken,
          }),
      }),
    ),
    ctx.operations.one(['SponsoredProducts', 'ListSponsoredProductsKeywords'], (send) =>
      defineTool<FromSchema<typeof keywordsSchema>>({
        name: 'list_keywords',
        title: 'List Sponsored Products keywords',
        description: 'SP keywords by campaign, ad group, id, state or match type.',
        inputSchema: keywordsSchema,
        passthrough: 'body',
        annotations: read,
        handler: (a, call) =>
          spList(ctx, call, send, 'keywords', {
            campaignIdFilter: include(a.campaignIdFilter),
            adGroupIdFilter: include(a.adGroupIdFilter),
            keywordIdFilter: include(a.keywordIdFilter),
            stateFilter: include(a.stateFilter),
            matchTypeFilter: a.matchTypeFilter,
            maxResults: a.maxResults,
            nextToken: a.nextToken,
          }),
      }),
    ),
    ctx.operations.one(['SponsoredProducts', 'ListSponsoredProductsProductAds'], (send) =>
      defineTool<FromSchema<typeof productAdsSchema>>({
        name: 'list_product_ads',
        title: 'List Sponsored Products product ads',
        description: 'SP product ads by campaign, ad group, id or state.',
        inputSchema: productAdsSchema,
        passthrough: 'body',
        annotations: read,
        handler: (a, call) =>
          spList(ctx, call, send, 'productAds', {
            campaignIdFilter: include(a.campaignIdFilter),
            adGroupIdFilter: include(a.adGroupIdFilter),
            adIdFilter: include(a.adIdFilter),
            stateFilter: include(a.stateFilter),
            maxResults: a.maxResults,
            nextToken: a.nextToken,
          }),
      }),
    ),
  ];
}
