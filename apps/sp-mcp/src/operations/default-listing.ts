// Which curated tools the default tools/list shows: the seller's first questions (orders, catalog search,
// inventory, reports, settlements and fees, sales, refunds) within the ~28 KB budget; the others are
// listed with their API's toolset and reachable through Code Mode always (README "Toolsets" argues it).
import type { ToolDefinition } from '@obmcp/contract';
import { OPERATION_META_KEY, OPERATIONS_META_KEY, type OperationMeta } from '@obmcp/openapi-tools';
import { spCatalog } from './catalog.js';
import { isListedApi, type ToolsetSelection } from './toolsets.js';

/** Curated tools listed only with their operation's toolset, not with `curated`. */
export const OUTSIDE_DEFAULT: ReadonlySet<string> = new Set([
  'search_orders', // orders: get_orders answers the same question by default
  'get_catalog_item', // catalog-items: search_catalog_items finds an item by ASIN too
  'list_reports', // reports
  'get_listings_item', // listings-items
  'get_pricing', // product-pricing: get_item_offers shows the buy box and offers
  'get_feed', // feeds: feed writes are off by default
]);

let toolsetByOperation: Map<string, string> | undefined;

/** The toolset (API name) of the first operation a curated tool declares. */
function toolsetOf(tool: ToolDefinition): string | undefined {
  toolsetByOperation ??= new Map(
    spCatalog().operations.map((op) => [`${op.meta.api} ${op.meta.operationId}`, op.toolset]),
  );
  const single = tool._meta?.[OPERATION_META_KEY] as OperationMeta | undefined;
  const first = single ?? (tool._meta?.[OPERATIONS_META_KEY] as OperationMeta[] | undefined)?.[0];
  return first ? toolsetByOperation.get(`${first.api} ${first.operationId}`) : undefined;
}

/** A curated tool is listed with `curated` (unless outside the default) or with its API's toolset. */
export function listsCurated(tool: ToolDefinition, selection: ToolsetSelection): boolean {
  if (selection.curated && !OUTSIDE_DEFAULT.has(tool.name)) return true;
  const toolset = toolsetOf(tool);
  return toolset !== undefined && isListedApi(selection, toolset);
}
