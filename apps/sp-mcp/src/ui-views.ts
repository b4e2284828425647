// sp-mcp's MCP Apps views (built by @obmcp/views, copied into dist/views/ by this package's build).
import { defineViews, type ViewDefinition } from '@obmcp/mcp-server/server';

export const SP_VIEWS: ViewDefinition[] = defineViews(import.meta.url, 'sp-mcp', [
  {
    view: 'sales-over-time',
    title: 'Sales over time',
    description: 'Units and revenue per hour/day/week/month with the interval, time zone and currency.',
    tools: ['get_sales_metrics'],
  },
  {
    view: 'orders',
    title: 'Orders',
    description: 'A page of orders, sortable and filterable, with the next page through the tool.',
    tools: ['get_orders', 'search_orders'],
  },
  {
    view: 'fba-inventory',
    title: 'FBA inventory by SKU',
    description: 'Fulfillable, inbound, reserved and unfulfillable units per SKU.',
    tools: ['get_inventory_summaries'],
  },
  {
    view: 'fees',
    title: 'Fees per item',
    description: 'Estimated Amazon fees per item, by fee type and in total.',
    tools: ['estimate_fees'],
  },
]);
