// SP_API_TOOLSETS and Code Mode: the default lists the curated tools only, yet search_tools,
// get_tool_schema and execute's call_tool reach every operation; writes stay gated; bad names fail.
import { spawnSync } from 'node:child_process';
import { OPERATION_META_KEY } from '@obmcp/openapi-tools';
import { appEntry, callTool, MOCKS_PRELOAD, startInProcess } from '@obmcp/test-kit';
import { describe, expect, it } from 'vitest';
import { OUTSIDE_DEFAULT } from '../src/operations/listing.js';
import { startSp, US } from './helpers.js';
import { startSpAll } from './support/start-all.js';
import { app } from '../src/app.js';

/** The budget for the default tools/list ("at or below about 28 KB"); README argues the split. */
const DEFAULT_BUDGET_BYTES = 28_000;

describe('SP_API_TOOLSETS', () => {
  it(`default: the curated seller tools, tools/list within the ${DEFAULT_BUDGET_BYTES}-byte budget`, async () => {
    // As bench/toolsets.mjs measures it: default env (Code Mode on, writes off), JSON.stringify of the result.
    const sp = await startSp({ CODE_MODE: undefined });
    try {
      const list = await sp.client.listTools();
      const names = list.tools.map((t) => t.name);
      for (const workflow of [
        'summarize_fees',
        'list_settlements',
        'list_refunds',
        'estimate_fees',
        'get_sales_metrics',
      ])
        expect(names).toContain(workflow);
      expect(names).toEqual(
        expect.arrayContaining(['get_orders', 'search_catalog_items', 'execute', 'search_tools']),
      );
      // The one-call report, task-capable: a seller's report needs no toolset configuration.
      expect(list.tools.find((t) => t.name === 'run_report')?.execution?.taskSupport).toBe('optional');
      expect(names).not.toContain('get_order_metrics');
      for (const outside of OUTSIDE_DEFAULT) expect(names).not.toContain(outside);
      expect(Buffer.byteLength(JSON.stringify(list), 'utf8')).toBeLessThanOrEqual(DEFAULT_BUDGET_BYTES);
    } finally {
      await sp.close();
    }
  });

  it(`default, for a host that announces MCP Apps (views linked in _meta.ui): still within ${DEFAULT_BUDGET_BYTES} bytes`, async () => {
    const ui = { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } };
    const sp = await startInProcess({ app, env: {} }, { extensions: ui } as never);
    try {
      const list = await sp.client.listTools();
      expect(list.tools.filter((t) => t._meta?.['ui'] !== undefined).length).toBeGreaterThan(0);
      expect(Buffer.byteLength(JSON.stringify(list), 'utf8')).toBeLessThanOrEqual(DEFAULT_BUDGET_BYTES);
    } finally {
      await sp.close();
    }
  });

  it('a curated tool outside the default is listed with its API toolset', async () => {
    const sp = await startSpAll({
      SP_API_TOOLSETS: 'curated,product-pricing',
      SP_API_ENABLE_WRITES: 'false',
    });
    try {
      const names = (await sp.client.listTools()).tools.map((t) => t.name);
      expect(names).toContain('get_pricing');
      expect(names).not.toContain('search_orders');
    } finally {
      await sp.close();
    }
  });

  it('an API name lists that API generated tools beside the curated ones', async () => {
    const sp = await startSpAll({ SP_API_TOOLSETS: 'curated,sales', SP_API_ENABLE_WRITES: 'false' });
    try {
      const names = (await sp.client.listTools()).tools.map((t) => t.name);
      expect(names).toContain('get_order_metrics');
      expect(names).toContain('get_orders');
      expect(names).not.toContain('list_financial_event_groups');
    } finally {
      await sp.close();
    }
  });

  it('Code Mode reaches an unlisted operation: search, schema, call_tool', async () => {
    const sp = await startSpAll({ CODE_MODE: 'on', SP_API_TOOLSETS: '', SP_API_ENABLE_WRITES: 'false' });
    try {
      const search = await callTool(sp.client, 'search_tools', { query: 'order metrics' });
      const found = ((search.result?.tools ?? []) as Array<{ name: string }>).map((t) => t.name);
      expect(found).toContain('get_order_metrics');
      const schema = await callTool(sp.client, 'get_tool_schema', { name: 'get_order_metrics' });
      expect((schema.result?.inputSchema as { required?: string[] } | undefined)?.required).toContain(
        'interval',
      );
      const run = await callTool(sp.client, 'execute', {
        code: `return await call_tool('get_order_metrics', { marketplaceIds: ['${US}'], interval: '2026-01-01T00:00:00Z--2026-01-02T00:00:00Z', granularity: 'Day', granularityTimeZone: 'UTC' });`,
      });
      expect(run.result?.error).toBeUndefined();
      // A result (not an envelope) carrying the upstream call's _meta.
      const value = run.result?.result as { _envelope_version?: number; _meta?: { request_id?: string } };
      expect(value._envelope_version).toBeUndefined();
      expect(value._meta?.request_id).toBeTruthy();
    } finally {
      await sp.close();
    }
  });

  it('writes stay behind SP_API_ENABLE_WRITES, listed or through Code Mode', async () => {
    const sp = await startSpAll({ CODE_MODE: 'on', SP_API_TOOLSETS: 'all', SP_API_ENABLE_WRITES: 'false' });
    try {
      const tools = (await sp.client.listTools()).tools;
      const meta = (t: (typeof tools)[number]) =>
        t._meta?.[OPERATION_META_KEY] as { method: string } | undefined;
      expect(tools.some((t) => t.name === 'create_fulfillment_order')).toBe(false);
      expect(tools.filter((t) => meta(t)?.method === 'DELETE')).toEqual([]);
      const schema = await callTool(sp.client, 'get_tool_schema', { name: 'create_fulfillment_order' });
      expect(schema.envelope?.error_code).toBe('INPUT_VALIDATION_FAILED');
    } finally {
      await sp.close();
    }
  });

  it('an unknown toolset is a fatal configuration error naming the valid ones (exit 2)', () => {
    const run = spawnSync(process.execPath, ['--import', MOCKS_PRELOAD, appEntry('sp-mcp')], {
      env: { PATH: process.env.PATH, SP_API_TOOLSETS: 'ordres' },
      input: '',
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('unknown toolset(s) ordres');
    expect(run.stderr).toContain('orders');
  });
});
