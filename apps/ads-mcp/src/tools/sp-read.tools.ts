// Sponsored Products v3 read tools: list_campaigns, list_ad_groups, list_keywords, list_product_ads.
import type { FromSchema, ToolDefinition } from '@obmcp/contract';
import type { OperationRef } from '@obmcp/openapi-tools';
import type { ToolDeps } from './deps.js';
import { idList, paging, stateFilter } from './sp-schema.js';
import { spListTool } from './sp-list.js';

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

export function spReadTools(ctx: ToolDeps): ToolDefinition[] {
  const sp = (operationId: string): OperationRef => ['SponsoredProducts', operationId];
  return [
    spListTool<FromSchema<typeof campaignsSchema>>(ctx, sp('ListSponsoredProductsCampaigns'), {
      name: 'list_campaigns',
      title: 'List Sponsored Products campaigns',
      description: 'SP campaigns by id, portfolio, state or name.',
      inputSchema: campaignsSchema,
      key: 'campaigns',
      shape: (a) => ({
        nameFilter: a.nameFilter && {
          queryTermMatchType: a.nameMatchType ?? 'BROAD_MATCH',
          include: a.nameFilter,
        },
        nameMatchType: undefined,
      }),
    }),
    spListTool<FromSchema<typeof adGroupsSchema>>(ctx, sp('ListSponsoredProductsAdGroups'), {
      name: 'list_ad_groups',
      title: 'List Sponsored Products ad groups',
      description: 'SP ad groups by campaign, id, state or name.',
      inputSchema: adGroupsSchema,
      key: 'adGroups',
      shape: (a) => ({
        nameFilter: a.nameFilter && { queryTermMatchType: 'BROAD_MATCH', include: a.nameFilter },
      }),
    }),
    spListTool<FromSchema<typeof keywordsSchema>>(ctx, sp('ListSponsoredProductsKeywords'), {
      name: 'list_keywords',
      title: 'List Sponsored Products keywords',
      description: 'SP keywords by campaign, ad group, id, state or match type.',
      inputSchema: keywordsSchema,
      key: 'keywords',
    }),
    spListTool<FromSchema<typeof productAdsSchema>>(ctx, sp('ListSponsoredProductsProductAds'), {
      name: 'list_product_ads',
      title: 'List Sponsored Products product ads',
      description: 'SP product ads by campaign, ad group, id or state.',
      inputSchema: productAdsSchema,
      key: 'productAds',
    }),
  ];
}
