// ads-mcp's MCP Apps views (built by @obmcp/views, copied into dist/views/ by this package's build).
import { defineViews, type ViewDefinition } from '@obmcp/mcp-server/server';

export const ADS_VIEWS: ViewDefinition[] = defineViews(import.meta.url, 'ads-mcp', [
  {
    view: 'campaign-performance',
    title: 'Campaign performance',
    description:
      'Spend, sales, ACOS and ROAS per campaign from a Reporting v3 report, sortable, with a chart.',
    tools: ['run_report', 'download_report'],
  },
  {
    view: 'budget-usage',
    title: 'Budget usage',
    description: "How much of each campaign's budget is spent (Sponsored Products, Brands, Display).",
    tools: ['sp_campaigns_budget_usage', 'sb_campaigns_budget_usage', 'sd_campaigns_budget_usage'],
  },
  {
    view: 'amc-results',
    title: 'AMC query results',
    description:
      "An AMC execution's result rows as a table, with a chart of its numeric columns; an execution not done yet is checked again.",
    tools: ['run_amc_query', 'get_amc_query_results'],
  },
]);
