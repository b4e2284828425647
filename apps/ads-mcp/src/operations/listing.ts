// What ads-mcp's tools/list shows: curated tools declare (and replace) their operation (bind.ts), every other
// operation is a generated tool, listed when its toolset is selected (ADS_API_TOOLSETS); the shared
// catalogToolSplit does the split.
import type { ToolDefinition } from '@obmcp/contract';
import {
  CURATED_TOOLSET,
  catalogToolSplit,
  type ExecuteOperation,
  type ToolSplit,
} from '@obmcp/openapi-tools';
import type { Config } from '../config.js';
import { adsCatalog } from './catalog.js';

/** Default ADS_API_TOOLSETS: the curated tools; the rest is reachable through Code Mode. */
export const DEFAULT_TOOLSETS = CURATED_TOOLSET;

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
  'get_amc_workflow_execution', // get_amc_query_results answers its status (and, once SUCCEEDED, the rows)
  'get_amc_execution_download_urls', // get_amc_query_results answers the URLs with the rows
  'get_keyword_recommendations',
  'get_bid_recommendations',
  'list_negative_keywords',
  'create_negative_keywords',
  'list_sb_campaigns',
  'list_sd_campaigns',
  'list_portfolios',
  'run_amc_query',
  'run_export',
  'run_snapshot',
]);

/**
 * Generated tools listed with `curated` too: Sponsored Products budget usage, a read (a POST that changes
 * nothing) whose view (budget-usage) the default user should meet. The SB and SD siblings are listed with
 * `sb` and `sd`, as list_sb_campaigns and list_sd_campaigns are.
 */
export const INSIDE_DEFAULT: ReadonlySet<string> = new Set(['sp_campaigns_budget_usage']);

/**
 * Listed and hidden tools: `curated` (the app's hand-written tools, already filtered by the writes switch) and
 * the generated ones, run by `execute`. Throws (a startup error naming the valid toolsets) on an unknown
 * ADS_API_TOOLSETS name.
 */
export function toolSplit(
  config: Pick<Config, 'toolsets' | 'enableWrites'>,
  curated: readonly ToolDefinition[],
  execute: ExecuteOperation,
): ToolSplit {
  const catalog = adsCatalog();
  try {
    return catalogToolSplit({
      catalog,
      curated,
      toolsets: config.toolsets,
      defaultToolsets: DEFAULT_TOOLSETS,
      enableWrites: config.enableWrites,
      execute,
      outsideCurated: OUTSIDE_DEFAULT,
      insideCurated: INSIDE_DEFAULT,
    });
  } catch (error) {
    throw new Error(`ADS_API_TOOLSETS: ${error instanceof Error ? error.message : String(error)}`);
  }
}
