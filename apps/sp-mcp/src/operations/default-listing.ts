// Which curated tools the default tools/list leaves out: the seller's first questions (orders, catalog search,
// inventory, a report in one call, settlements and fees, sales, refunds) stay within the 28 KB budget; the
// others are listed with their API's toolset and reachable through Code Mode always (README "Toolsets" argues it).

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
