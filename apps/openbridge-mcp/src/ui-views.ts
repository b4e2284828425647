// openbridge-mcp's MCP Apps views (built by @obmcp/views, copied into dist/views/ by this package's build).
import { defineViews, type ViewDefinition } from '@obmcp/mcp-server/server';

export const OPENBRIDGE_VIEWS: ViewDefinition[] = defineViews(import.meta.url, 'openbridge-mcp', [
  {
    view: 'query-results',
    title: 'Query results',
    description: 'Rows of a query as a sortable, filterable table, with bars for its numeric columns.',
    tools: ['execute_query'],
  },
  {
    view: 'pipeline-health',
    title: 'Subscription and job health',
    description: 'Health checks or jobs, failing ones first to see, counted by status.',
    tools: ['get_healthchecks', 'get_jobs'],
  },
]);
