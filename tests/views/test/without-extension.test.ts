// A client that does not announce io.modelcontextprotocol/ui gets today's tools: no `_meta.ui`, the same results;
// on 2025's initialize path and on 2026-07-28's, where each request's _meta carries the capabilities.
import { type CallToolResult, Client, type Tool } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { type AppName, appEntry, MOCKS_PRELOAD, REPO_ROOT } from '@obmcp/test-kit';
import { afterAll, describe, expect, test } from 'vitest';
import { VIEW_APP_ENV } from '../src/apps.js';

const UI_CAPABILITIES = {
  extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
};
/** Every toolset, so each tool a view is bound to is listed (and a misspelt binding shows). */
const ALL_TOOLSETS: Record<string, string> = { SP_API_TOOLSETS: 'all', ADS_API_TOOLSETS: 'all' };

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers) await close();
});

async function connect(app: AppName, ui: boolean, era: 'legacy' | 'modern' = 'legacy'): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', MOCKS_PRELOAD, appEntry(app)],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...VIEW_APP_ENV[app],
      ...ALL_TOOLSETS,
    },
    stderr: 'pipe',
    cwd: REPO_ROOT,
  });
  const client = new Client(
    { name: 'views-parity', version: '0.0.0' },
    {
      capabilities: ui ? UI_CAPABILITIES : {},
      ...(era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}),
    },
  );
  await client.connect(transport);
  expect(client.getProtocolEra()).toBe(era);
  closers.push(() => client.close());
  return client;
}

/** Bound tools (from the UI listing) → one example call each, from the tool's own published examples. */
const BOUND: Record<AppName, string[]> = {
  'sp-mcp': ['get_sales_metrics', 'get_orders', 'search_orders', 'get_inventory_summaries', 'estimate_fees'],
  'ads-mcp': [
    'run_report',
    'download_report',
    'sp_campaigns_budget_usage',
    'sb_campaigns_budget_usage',
    'sd_campaigns_budget_usage',
    'run_amc_query',
    'get_amc_query_results',
  ],
  'openbridge-mcp': ['execute_query', 'get_healthchecks', 'get_jobs'],
};

const withoutVolatile = (result: unknown) =>
  JSON.parse(
    JSON.stringify(result)
      // In structuredContent and again, escaped, in the text content.
      .replace(/(\\*"request_id\\*":\\*")[^"\\]*/g, '$1')
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'uuid'),
  ) as unknown;

/** Every tool's UI link, by name, as one client's listing has it. */
const links = async (client: Client) =>
  (await client.listTools()).tools
    .filter((t: Tool) => t._meta?.ui !== undefined || t._meta?.['ui/resourceUri'] !== undefined)
    .map((t) => t.name)
    .sort();

describe.each(['sp-mcp', 'ads-mcp', 'openbridge-mcp'] as const)('%s', (app) => {
  test('on 2026-07-28 (no initialize) too: linked for the UI client, no UI key for the plain one', async () => {
    const [plain, ui] = await Promise.all([connect(app, false, 'modern'), connect(app, true, 'modern')]);
    expect(await links(plain)).toEqual([]);
    expect(await links(ui)).toEqual([...BOUND[app]].sort());
  });

  test('the UI client sees every bound tool linked; the plain client sees no UI key at all', async () => {
    const [plain, ui] = await Promise.all([connect(app, false), connect(app, true)]);
    const plainTools = (await plain.listTools()).tools;
    const uiTools = (await ui.listTools()).tools;
    for (const tool of plainTools) {
      expect(tool._meta?.ui, tool.name).toBeUndefined();
      expect(tool._meta?.['ui/resourceUri'], tool.name).toBeUndefined();
    }
    const linked = uiTools.filter((t: Tool) => t._meta?.ui !== undefined).map((t) => t.name);
    expect(linked.sort()).toEqual([...BOUND[app]].sort());
    // Apart from the link, the two listings are the same.
    const strip = (t: Tool) => {
      const { ui: _u, 'ui/resourceUri': _r, ...meta } = t._meta ?? {};
      return { ...t, _meta: meta };
    };
    expect(uiTools.map(strip)).toEqual(plainTools.map(strip));

    // Same tool results for both clients.
    for (const name of [
      'get_sales_metrics',
      'get_inventory_summaries',
      'run_report',
      'get_amc_query_results',
      'execute_query',
      'get_healthchecks',
    ].filter((n) => BOUND[app].includes(n))) {
      const tool = plainTools.find((t) => t.name === name);
      const args = (tool?._meta?.['io.obmcp/examples'] as Record<string, unknown>[] | undefined)?.[0] ?? {};
      const a = (await plain.callTool({ name, arguments: args })) as CallToolResult;
      const b = (await ui.callTool({ name, arguments: args })) as CallToolResult;
      expect(withoutVolatile(b), name).toEqual(withoutVolatile(a));
    }
  });
});
