// Campaign reads beyond Sponsored Products: Sponsored Brands (v4 list), Sponsored Display, portfolios.
import { defineTool, type FromSchema, READ_UPSTREAM, type ToolDefinition } from '@obmcp/contract';
import { routeOf } from '@obmcp/openapi-tools';
import type { ToolDeps } from './deps.js';
import { idList, include } from './sp-schema.js';
import { spList } from './sp-list.js';

const states = {
  type: 'array',
  items: { type: 'string', enum: ['ENABLED', 'PAUSED', 'ARCHIVED'] },
  minItems: 1,
  maxItems: 3,
  uniqueItems: true,
} as const;
const nextToken = { type: 'string', minLength: 1, maxLength: 4096 } as const;

const sbSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    campaignIdFilter: idList,
    portfolioIdFilter: idList,
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
    stateFilter: { ...states, items: { type: 'string', enum: ['ENABLED', 'PAUSED', 'ARCHIVED'] } },
    includeExtendedDataFields: { type: 'boolean' },
    nextToken,
  },
  examples: [{}],
} as const;

export function campaignReadTools(ctx: ToolDeps): ToolDefinition[] {
  return [
    ctx.operations.one(['SponsoredBrandsV4', 'ListSponsoredBrandsCampaigns'], (send, op) =>
      defineTool<FromSchema<typeof sbSchema>>({
        name: 'list_sb_campaigns',
        title: 'List Sponsored Brands campaigns',
        description: `${routeOf(op)} for the active profile: filter by id, portfolio or state.`,
        inputSchema: sbSchema,
        annotations: READ_UPSTREAM,
        async handler(a, call) {
          const page = await spList(ctx, call, send, 'campaigns', {
            campaignIdFilter: include(a.campaignIdFilter),
            portfolioIdFilter: include(a.portfolioIdFilter),
            stateFilter: include(a.stateFilter),
            maxResults: a.maxResults,
            nextToken: a.nextToken,
          });
          return page;
        },
      }),
    ),
    ctx.operations.one(['SponsoredDisplay', 'listCampaigns'], (send, op) =>
      defineTool<FromSchema<typeof sdSchema>>({
        name: 'list_sd_campaigns',
        title: 'List Sponsored Display campaigns',
        description: `${routeOf(op)} for the active profile: filter by id, portfolio, state or name.`,
        inputSchema: sdSchema,
        annotations: READ_UPSTREAM,
        async handler(a, call) {
          const res = await send(
            {
              campaignIdFilter: a.campaignIdFilter?.join(','),
              portfolioIdFilter: a.portfolioIdFilter?.join(','),
              stateFilter: a.stateFilter?.join(','),
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
    ctx.operations.one(['AccountsPortfolios', 'ListPortfolios'], (send, op) =>
      defineTool<FromSchema<typeof portfoliosSchema>>({
        name: 'list_portfolios',
        title: 'List portfolios',
        description: `${routeOf(op)} for the active profile: portfolios with budget and state.`,
        inputSchema: portfoliosSchema,
        annotations: READ_UPSTREAM,
        handler: (a, call) =>
          spList(ctx, call, send, 'portfolios', {
            portfolioIdFilter: include(a.portfolioIdFilter),
            stateFilter: include(a.stateFilter),
            includeExtendedDataFields: a.includeExtendedDataFields,
            nextToken: a.nextToken,
          }),
      }),
    ),
  ];
}
