// Sponsored Products v3 campaign writes (listed only with ADS_API_ENABLE_WRITES=true): create, update, budgets.
import {
  type CallContext,
  defineTool,
  type FromSchema,
  type ToolDefinition,
  REPLACE_UPSTREAM,
} from '@obmcp/contract';
import { routeOf } from '@obmcp/openapi-tools';
import type { ToolDeps } from './deps.js';
import { reportMultiStatus } from './multi-status.js';
import type { AdsSend } from './sp-list.js';

const budget = {
  type: 'object',
  additionalProperties: false,
  required: ['budgetType', 'budget'],
  properties: {
    budgetType: { type: 'string', enum: ['DAILY'] },
    budget: { type: 'number', exclusiveMinimum: 0, maximum: 1000000 },
  },
} as const;

const dynamicBidding = {
  type: 'object',
  additionalProperties: false,
  properties: {
    strategy: { type: 'string', enum: ['LEGACY_FOR_SALES', 'AUTO_FOR_SALES', 'MANUAL', 'RULE_BASED'] },
    placementBidding: {
      type: 'array',
      maxItems: 3,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['placement', 'percentage'],
        properties: {
          placement: {
            type: 'string',
            enum: ['PLACEMENT_TOP', 'PLACEMENT_PRODUCT_PAGE', 'PLACEMENT_REST_OF_SEARCH'],
          },
          percentage: { type: 'integer', minimum: 0, maximum: 900 },
        },
      },
    },
  },
} as const;

const date = { type: 'string', format: 'date' } as const;

const createSchema = {
  type: 'object',
  required: ['campaigns'],
  properties: {
    campaigns: {
      type: 'array',
      minItems: 1,
      maxItems: 10,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'targetingType', 'state', 'budget', 'startDate'],
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 128 },
          targetingType: { type: 'string', enum: ['MANUAL', 'AUTO'] },
          state: { type: 'string', enum: ['ENABLED', 'PAUSED', 'PROPOSED'] },
          budget,
          startDate: date,
          endDate: date,
          portfolioId: { type: 'string', pattern: '^[0-9]{1,20}$' },
          dynamicBidding,
        },
      },
    },
  },
  examples: [
    {
      campaigns: [
        {
          name: 'Spring sale',
          targetingType: 'AUTO',
          state: 'PAUSED',
          budget: { budgetType: 'DAILY', budget: 25 },
          startDate: '2026-06-01',
        },
      ],
    },
  ],
} as const;

const updateSchema = {
  type: 'object',
  required: ['campaigns'],
  properties: {
    campaigns: {
      type: 'array',
      minItems: 1,
      maxItems: 10,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['campaignId'],
        minProperties: 2,
        properties: {
          campaignId: { type: 'string', pattern: '^[0-9]{1,20}$' },
          name: { type: 'string', minLength: 1, maxLength: 128 },
          state: {
            type: 'string',
            enum: ['ENABLED', 'PAUSED', 'PROPOSED'],
            description: 'Archiving is not an update (Amazon: POST /sp/campaigns/delete).',
          },
          budget,
          endDate: date,
          portfolioId: { type: 'string', pattern: '^[0-9]{1,20}$' },
          dynamicBidding,
        },
      },
    },
  },
  examples: [{ campaigns: [{ campaignId: '111100000000001', state: 'PAUSED' }] }],
} as const;

const budgetsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['budgets'],
  properties: {
    budgets: {
      type: 'array',
      minItems: 1,
      maxItems: 10,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['campaignId', 'dailyBudget'],
        properties: {
          campaignId: { type: 'string', pattern: '^[0-9]{1,20}$' },
          dailyBudget: budget.properties.budget,
        },
      },
    },
  },
  examples: [{ budgets: [{ campaignId: '111100000000001', dailyBudget: 40 }] }],
} as const;

const CREATE_CAMPAIGNS = ['SponsoredProducts', 'CreateSponsoredProductsCampaigns'] as const;
const UPDATE_CAMPAIGNS = ['SponsoredProducts', 'UpdateSponsoredProductsCampaigns'] as const;

export function spWriteTools(ctx: ToolDeps): ToolDefinition[] {
  /** Create (POST) and update (PUT) share one shape: never retried (writes), 207 items reported per campaign. */
  const writeCampaigns = async (send: AdsSend, campaigns: readonly unknown[], call: CallContext) => {
    const res = await send({ body: { campaigns } }, call);
    const body = (res.body ?? {}) as { campaigns?: unknown };
    return {
      profileId: ctx.session.profileId ?? null,
      ...reportMultiStatus('campaigns', body.campaigns, campaigns.length, call),
    };
  };
  return [
    ctx.operations.one(CREATE_CAMPAIGNS, (send, op) =>
      defineTool<FromSchema<typeof createSchema>>({
        name: 'create_campaigns',
        title: 'Create Sponsored Products campaigns',
        description: `${routeOf(op)} (207 multi-status): per-item success[] and error[] are returned; failures also appear in _meta.warnings.`,
        inputSchema: createSchema,
        handler: (args, call) => writeCampaigns(send, args.campaigns, call),
      }),
    ),
    ctx.operations.one(UPDATE_CAMPAIGNS, (send, op) =>
      defineTool<FromSchema<typeof updateSchema>>({
        name: 'update_campaigns',
        title: 'Update Sponsored Products campaigns',
        description: `${routeOf(op)} (207 multi-status) with partial campaign objects keyed by campaignId.`,
        inputSchema: updateSchema,
        handler: (args, call) => writeCampaigns(send, args.campaigns, call),
      }),
    ),
    // The same operation as update_campaigns, shaped for one question: declared, not replacing it.
    ctx.operations.many({ update: UPDATE_CAMPAIGNS }, (send) =>
      defineTool<FromSchema<typeof budgetsSchema>>({
        name: 'update_campaign_budgets',
        title: 'Change Sponsored Products campaign budgets',
        description: `Sets the daily budget of SP campaigns (${routeOf(ctx.operations.operation(UPDATE_CAMPAIGNS))} with budget only; 207 per item).`,
        inputSchema: budgetsSchema,
        annotations: REPLACE_UPSTREAM,
        handler: (args, call) =>
          writeCampaigns(
            send.update,
            args.budgets.map((b) => ({
              campaignId: b.campaignId,
              budget: { budgetType: 'DAILY', budget: b.dailyBudget },
            })),
            call,
          ),
      }),
    ),
  ];
}
