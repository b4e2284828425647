// All sp-mcp tools: reads always, the write factories only with SP_API_ENABLE_WRITES=true; sandbox mode admits canned values.
import type { ToolDefinition } from '@obmcp/contract';
import { catalogItemsTools } from './catalog-items.tools.js';
import type { ToolDeps } from './deps.js';
import { feedsReadTools, feedsWriteTools } from './feeds.tools.js';
import { feesTools } from './fees.tools.js';
import { financesTools } from './finances.tools.js';
import { identityTools } from './identity.tools.js';
import { inventoryTools } from './inventory.tools.js';
import { listingsReadTools, listingsWriteTools } from './listings.tools.js';
import { ordersTools } from './orders.tools.js';
import { pricingTools } from './pricing.tools.js';
import { reportsTools } from './reports.tools.js';
import { salesTools } from './sales.tools.js';
import { sandboxTools } from './sandbox-schema.js';
import { sellersTools } from './sellers.tools.js';
import { solicitationsWriteTools } from './solicitations.tools.js';
import { submitFeedTool } from './submit-feed.tool.js';

export function createTools(deps: ToolDeps): ToolDefinition[] {
  const feedReads = feedsReadTools(deps);
  const reads = [
    ...identityTools(deps),
    ...sellersTools(deps),
    ...ordersTools(deps),
    ...catalogItemsTools(deps),
    ...inventoryTools(deps),
    ...reportsTools(deps),
    ...listingsReadTools(deps),
    ...pricingTools(deps),
    ...feedReads,
    ...financesTools(deps),
    ...feesTools(deps),
    ...salesTools(deps),
  ];
  const writes = deps.config.enableWrites ? writeTools(deps, feedReads) : [];
  // The static sandbox answers canned values (TEST_CASE_200 …) that production formats reject.
  return deps.config.sandbox ? sandboxTools([...reads, ...writes]) : [...reads, ...writes];
}

/** The write factories: listed only with SP_API_ENABLE_WRITES=true (createTools). */
function writeTools(deps: ToolDeps, feedReads: readonly ToolDefinition[]): ToolDefinition[] {
  const feedWrites = feedsWriteTools(deps);
  return [
    ...listingsWriteTools(deps),
    ...feedWrites,
    submitFeedTool(deps, [...feedReads, ...feedWrites]),
    ...solicitationsWriteTools(deps),
  ];
}
