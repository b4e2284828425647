// What sp-mcp's tools/list shows: curated tools declare (and replace) their operation (bind.ts), every other
// operation is a generated tool, listed when its API is selected (SP_API_TOOLSETS); the shared catalogToolSplit
// does the split. The default keeps the seller's first questions (orders, catalog search, inventory, a report in
// one call, settlements and fees, sales, refunds) within the 28 KB budget (README "Toolsets" argues it).
import type { ToolDefinition } from '@obmcp/contract';
import {
  CURATED_TOOLSET,
  catalogToolSplit,
  type ExecuteOperation,
  type ToolSplit,
} from '@obmcp/openapi-tools';
import type { Config } from '../config.js';
import { withRdtNote } from '../restricted/rdt-notes.js';
import { spCatalog } from './catalog.js';

/** Default SP_API_TOOLSETS: the curated tools; every other operation is reachable through Code Mode. */
export const DEFAULT_TOOLSETS = CURATED_TOOLSET;

/** Curated tools listed only with their operation's toolset, not with `curated` (catalogToolSplit's outsideCurated). */
export const OUTSIDE_DEFAULT: ReadonlySet<string> = new Set([
  'search_orders', // orders: get_orders answers the same question by default
  'get_catalog_item', // catalog-items: search_catalog_items finds an item by ASIN too
  'create_report', // reports: run_report creates (waitSeconds 0: create only) and waits in one call, as a task
  'get_report', // reports: run_report with a reportId waits on an existing report and returns its document
  'list_reports', // reports
  'get_listings_item', // listings-items
  'get_pricing', // product-pricing: get_item_offers shows the buy box and offers
  'get_feed', // feeds: feed writes are off by default
  'submit_feed', // feeds: the whole job (a task where the host supports them)
]);

/**
 * Listed and hidden tools: `curated` (the app's hand-written tools, already filtered by the writes switch) and
 * the generated ones, run by `execute`. Throws (a startup error naming the valid toolsets) on an unknown
 * SP_API_TOOLSETS name.
 */
export function toolSplit(
  config: Pick<Config, 'toolsets' | 'enableWrites'>,
  curated: readonly ToolDefinition[],
  execute: ExecuteOperation,
): ToolSplit {
  const catalog = spCatalog();
  try {
    const split = catalogToolSplit({
      catalog,
      curated,
      toolsets: config.toolsets,
      defaultToolsets: DEFAULT_TOOLSETS,
      enableWrites: config.enableWrites,
      outsideCurated: OUTSIDE_DEFAULT,
      execute,
    });
    return { ...split, listed: split.listed.map(withRdtNote), hidden: split.hidden.map(withRdtNote) };
  } catch (error) {
    throw new Error(`SP_API_TOOLSETS: ${error instanceof Error ? error.message : String(error)}`);
  }
}
