// Which official operation each curated tool calls: the tool declares it, and the generated twin is not served.
import type { ToolDefinition } from '@obmcp/contract';
import { type Catalog, OPERATIONS_META_KEY, withOperation } from '@obmcp/openapi-tools';
import { catalogOperation } from './catalog-call.js';
import { WORKFLOW_OPERATIONS } from './workflow-operations.js';

/** Curated tool name → [model file stem, operationId]. */
export const CURATED_OPERATIONS: Readonly<Record<string, readonly [string, string]>> = {
  get_marketplace_participations: ['sellers', 'getMarketplaceParticipations'],
  get_orders: ['ordersV0', 'getOrders'],
  get_order: ['ordersV0', 'getOrder'],
  get_order_items: ['ordersV0', 'getOrderItems'],
  search_orders: ['orders_2026-01-01', 'searchOrders'],
  search_catalog_items: ['catalogItems_2022-04-01', 'searchCatalogItems'],
  get_catalog_item: ['catalogItems_2022-04-01', 'getCatalogItem'],
  get_inventory_summaries: ['fbaInventory', 'getInventorySummaries'],
  create_report: ['reports_2021-06-30', 'createReport'],
  get_report: ['reports_2021-06-30', 'getReport'],
  list_reports: ['reports_2021-06-30', 'getReports'],
  get_report_document: ['reports_2021-06-30', 'getReportDocument'],
  get_listings_item: ['listingsItems_2021-08-01', 'getListingsItem'],
  patch_listings_item: ['listingsItems_2021-08-01', 'patchListingsItem'],
  get_item_offers: ['productPricingV0', 'getItemOffers'],
  get_pricing: ['productPricingV0', 'getPricing'],
  get_feed: ['feeds_2021-06-30', 'getFeed'],
  create_feed_document: ['feeds_2021-06-30', 'createFeedDocument'],
  create_feed: ['feeds_2021-06-30', 'createFeed'],
};

/**
 * Curated tools with `_meta["io.obmcp/operation"]` taken from the catalog entry they call; workflow
 * tools list theirs under `_meta["io.obmcp/operations"]` (they do not replace the generated tools).
 */
export function withOperationMeta(tools: readonly ToolDefinition[], catalog: Catalog): ToolDefinition[] {
  return tools.map((tool) => {
    const workflow = WORKFLOW_OPERATIONS[tool.name];
    if (workflow)
      return {
        ...tool,
        _meta: { ...tool._meta, [OPERATIONS_META_KEY]: workflow.map((r) => catalogOperation(r).meta) },
      };
    const ref = CURATED_OPERATIONS[tool.name];
    if (!ref) return tool;
    const op = catalog.operations.find((o) => o.meta.api === ref[0] && o.meta.operationId === ref[1]);
    if (!op) throw new Error(`curated tool ${tool.name}: ${ref.join(' ')} is not in the SP-API catalog`);
    return withOperation(tool, op.meta);
  });
}
