// ads-mcp tools from the generated catalog: curated tools declare (and replace) their operation, every
// other operation is a generated tool, listed when its toolset is selected (ADS_API_TOOLSETS).
import type { ToolDefinition } from '@obmcp/contract';
import {
  type Catalog,
  CURATED_TOOLSET,
  catalogToolSplit,
  OPERATIONS_META_KEY,
  type ToolSplit,
  withOperation,
} from '@obmcp/openapi-tools';
import type { AdsToolContext } from '../tools/context.js';
import { type AdsOperation, OPS } from '../tools/operations.js';
import { adsCatalog } from './catalog.js';
import { adsOperationExecutor } from './execute.js';

/** Default ADS_API_TOOLSETS: the curated tools; the rest is reachable through Code Mode. */
export const DEFAULT_ADS_TOOLSETS = CURATED_TOOLSET;

/** The operation each curated tool calls (workflow tools that combine several declare none). */
export const CURATED_OPERATIONS: Readonly<Record<string, AdsOperation>> = {
  list_profiles: OPS.listProfiles,
  list_campaigns: OPS.listSpCampaigns,
  list_ad_groups: OPS.listSpAdGroups,
  list_keywords: OPS.listSpKeywords,
  list_product_ads: OPS.listSpProductAds,
  create_campaigns: OPS.createSpCampaigns,
  update_campaigns: OPS.updateSpCampaigns,
  create_report: OPS.createReport,
  get_report: OPS.getReport,
  list_amc_accounts: OPS.listAmcAccounts,
  list_amc_instances: OPS.listAmcInstances,
  create_amc_workflow_execution: OPS.createAmcExecution,
  get_amc_workflow_execution: OPS.getAmcExecution,
  list_amc_workflow_executions: OPS.listAmcExecutions,
  get_amc_execution_download_urls: OPS.getAmcDownloadUrls,
  list_amc_workflows: OPS.listAmcWorkflows,
  get_amc_workflow: OPS.getAmcWorkflow,
  list_amc_schedules: OPS.listAmcSchedules,
  get_amc_schedule: OPS.getAmcSchedule,
  get_keyword_recommendations: OPS.spKeywordRecommendations,
  get_bid_recommendations: OPS.spBidRecommendations,
  list_negative_keywords: OPS.listSpNegativeKeywords,
  create_negative_keywords: OPS.createSpNegativeKeywords,
  list_sb_campaigns: OPS.listSbCampaigns,
  list_sd_campaigns: OPS.listSdCampaigns,
  list_portfolios: OPS.listPortfolios,
};

/** Workflow tools over several operations: declared as `_meta["io.obmcp/operations"]` (first: the toolset). */
export const WORKFLOW_OPERATIONS: Readonly<Record<string, readonly AdsOperation[]>> = {
  run_amc_query: [OPS.createAmcExecution, OPS.getAmcExecution, OPS.getAmcDownloadUrls],
};

/**
 * Curated tools listed with their operation's toolset (amc, sp, sb, sd, accounts) rather than with
 * `curated`, so the default tools/list stays within today's size; Code Mode reaches them always.
 */
export const OUTSIDE_DEFAULT: ReadonlySet<string> = new Set([
  'create_report',
  'list_amc_accounts',
  'list_amc_workflows',
  'get_amc_workflow',
  'list_amc_schedules',
  'get_amc_schedule',
  'get_keyword_recommendations',
  'get_bid_recommendations',
  'list_negative_keywords',
  'create_negative_keywords',
  'list_sb_campaigns',
  'list_sd_campaigns',
  'list_portfolios',
  'run_amc_query',
]);

function declareOperations(curated: readonly ToolDefinition[], catalog: Catalog): ToolDefinition[] {
  const byKey = new Map(catalog.operations.map((op) => [`${op.recipe.method} ${op.recipe.path}`, op.meta]));
  const metaOf = (tool: string, op: AdsOperation) => {
    const meta = byKey.get(`${op.method} ${op.path}`);
    if (!meta) throw new Error(`curated tool ${tool}: ${op.method} ${op.path} is not in the Ads catalog`);
    return meta;
  };
  return curated.map((tool) => {
    const workflow = WORKFLOW_OPERATIONS[tool.name];
    if (workflow)
      return {
        ...tool,
        _meta: { ...tool._meta, [OPERATIONS_META_KEY]: workflow.map((op) => metaOf(tool.name, op)) },
      };
    const op = CURATED_OPERATIONS[tool.name];
    if (!op) return tool;
    const meta = byKey.get(`${op.method} ${op.path}`);
    if (!meta)
      throw new Error(`curated tool ${tool.name}: ${op.method} ${op.path} is not in the Ads catalog`);
    return withOperation(tool, meta);
  });
}

export function adsToolSplit(ctx: AdsToolContext, curated: readonly ToolDefinition[]): ToolSplit {
  const catalog = adsCatalog();
  try {
    return catalogToolSplit({
      catalog,
      curated: declareOperations(curated, catalog),
      toolsets: ctx.config.toolsets,
      defaultToolsets: DEFAULT_ADS_TOOLSETS,
      enableWrites: ctx.config.enableWrites,
      execute: adsOperationExecutor(ctx),
      outsideCurated: OUTSIDE_DEFAULT,
    });
  } catch (error) {
    throw new Error(`ADS_API_TOOLSETS: ${error instanceof Error ? error.message : String(error)}`);
  }
}
