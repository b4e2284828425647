// A 2026-07-28 host (no initialize; its capabilities in each request's _meta) renders a view and its tool calls.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { VIEW_APP_ENV } from '../src/apps.js';
import { launchChromium, type RunningBrowser } from '../src/browser.js';
import { CASES } from '../src/cases.js';
import { settled } from '../src/settle.js';
import { openViewHost, type ViewHost } from '../src/view-host.js';

const SALES = CASES.find((c) => c.id === 'sales-over-time');
let browser: RunningBrowser | undefined;
let host: ViewHost;

beforeAll(async () => {
  browser = await launchChromium();
  host = await openViewHost(browser.context, 'sp-mcp', VIEW_APP_ENV['sp-mcp'], 'modern');
});
afterAll(async () => {
  await host?.close();
  await browser?.close();
});

describe('sp-mcp under a host on the 2026-07-28 path', () => {
  test('the client negotiated the modern era and sees resources and the io.modelcontextprotocol/ui extension', () => {
    expect(host.era).toBe('modern');
    // server/discover also names the Tasks extension (initialize's capabilities carry the 2025 tasks block instead).
    expect(host.capabilities).toEqual({
      resources: {},
      extensions: expect.objectContaining({
        'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] },
      }),
    });
  });

  test("the view renders its result, and its own call (another granularity) goes through the host's AppBridge", async () => {
    if (!SALES) throw new Error('no sales-over-time case');
    const mounted = await host.mount({ id: SALES.id, tool: SALES.tool, arguments: SALES.arguments });
    expect(mounted).toMatchObject({ resourceUri: 'ui://sp-mcp/sales-over-time', isError: false });
    const frame = host.frame(SALES.id);
    await settled(host, frame, 'ready');
    const rows = SALES.rows((mounted.result.structuredContent ?? {}) as Record<string, unknown>);
    expect(rows).toBeGreaterThan(0);
    await expect.poll(() => frame.locator('tr[data-role="row"]').count()).toBe(Math.min(rows, 50));

    const before = host.toolCalls().length;
    await frame.locator('select[name="granularity"]').selectOption('Week');
    await frame.locator('[data-role="run"]').click();
    await expect.poll(() => host.toolCalls().length).toBe(before + 1);
    expect(host.toolCalls().at(-1)).toEqual({
      name: 'get_sales_metrics',
      arguments: { ...SALES.arguments, granularity: 'Week' },
    });
    await settled(host, frame, 'ready');
    await expect.poll(() => frame.locator('.facts').textContent()).toContain('Week');
  });
});
