// Campaign reads beyond Sponsored Products: Sponsored Brands (v4 list), Sponsored Display, portfolios.
import { defineTool, type FromSchema, type ToolDefinition } from '@obmcp/contract';
import { routeOf } from '@obmcp/openapi-tools';
import type { ToolDeps } from './deps.js';
import { idList } from './sp-schema.js';
import { spListTool } from './sp-list.js';

const states = {
  type: 'array',
  items: { type: 'string', enum: ['ENABLED', 'PAUSED', 'ARCHIVED'] },
  minItems: 1,
  maxItems: 3,
  uniqueItems: true,
} as const;
const nextToken = { type: 'string', minLength: 1, maxLength: 4096 } as const;
/** Sponsored Display states in the order its stateFilter enum lists them. */
const SD_STATES = ['enabled', 'paused', 'archived'] as const;

/** SponsoredBrandsV4 ListSponsoredBrandsCampaigns: at most 10 ids per filter (more is a 400). */
const sbIdList = { ...idList, maxItems: 10 } as const;

const sbSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    campaignIdFilter: sbIdList,
    portfolioIdFilter: sbIdList,
    stateFilter: states,
    maxResults: { type: 'integer', minimum: 1, maximum: 100 },
    nextToken,
  },
  examples: [{ stateFilter: ['ENABLED'] }, {}],
} as const;

const sdSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    campaignIdFilter: idList,
    portfolioIdFilter: idList,
    stateFilter: { ...states, items: { type: 'string', enum: ['enabled', 'paused', 'archived'] } },
    name: { type: 'string', minLength: 1, maxLength: 128 },
    startIndex: { type: 'integer', minimum: 0 },
    count: { type: 'integer', minimum: 1, maximum: 100 },
  },
  examples: [{ stateFilter: ['enabled'] }, {}],
} as const;

const portfoliosSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    portfolioIdFilter: idList,
    // AccountsPortfolios: a v3 portfolio's state is ENABLED only, and the filter takes one value (else a 400).
    stateFilter: { ...states, items: { type: 'string', enum: ['ENABLED'] }, maxItems: 1 },
    includeExtendedDataFields: { type: 'boolean' },
    nextToken,
  },
  examples: [{}],
} as const;

export function campaignReadTools(ctx: ToolDeps): ToolDefinition[] {
  return [
    spListTool<FromSchema<typeof sbSchema>>(ctx, ['SponsoredBrandsV4', 'ListSponsoredBrandsCampaigns'], {
      name: 'list_sb_campaigns',
      title: 'List Sponsored Brands campaigns',
      description: (op) => `${routeOf(op)} for the active profile: filter by id, portfolio or state.`,
      inputSchema: sbSchema,
      key: 'campaigns',
    }),
    ctx.operations.one(['SponsoredDisplay', 'listCampaigns'], (send, op) =>
      defineTool<FromSchema<typeof sdSchema>>({
        name: 'list_sd_campaigns',
        title: 'List Sponsored Display campaigns',
        description: `${routeOf(op)} for the active profile: filter by id, portfolio, state or name.`,
        inputSchema: sdSchema,
        async handler(a, call) {
          const states = a.stateFilter;
          const res = await send(
            {
              campaignIdFilter: a.campaignIdFilter?.join(','),
              portfolioIdFilter: a.portfolioIdFilter?.join(','),
              // The API takes the documented combinations only ("enabled, paused"): its order, ", " between.
              stateFilter: states && SD_STATES.filter((state) => states.includes(state)).join(', '),
              name: a.name,
              startIndex: a.startIndex,
              count: a.count,
            },
            call,
          );
          const campaigns = Array.isArray(res.body) ? res.body : [];
          return { profileId: ctx.session.profileId ?? null, campaigns, count: campaigns.length };
        },
      }),
    ),
    spListTool<FromSchema<typeof portfoliosSchema>>(ctx, ['AccountsPortfolios', 'ListPortfolios'], {
      name: 'list_portfolios',
      title: 'List portfolios',
      description: (op) => `${routeOf(op)} for the active profile: portfolios with budget and state.`,
      inputSchema: portfoliosSchema,
      key: 'portfolios',
    }),
  ];
}
