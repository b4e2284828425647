// A view that talks: what the user sees goes to the conversation (ui/update-model-context), a retryable failure
// offers a retry, rows drill down through tool calls, pending → done keeps the request's dates, 380 px keeps the key
// columns. Real servers under the mocks, real Chromium.
import type { CallToolResult } from '@modelcontextprotocol/client';
import { describe, expect, test } from 'vitest';
import { CASES } from '../src/cases.js';
import { settled } from '../src/settle.js';
import { useViewHosts } from '../src/view-hosts.js';

const { front } = useViewHosts();

const caseOf = (id: string) => {
  const c = CASES.find((x) => x.id === id);
  if (!c) throw new Error(`no case ${id}`);
  return c;
};

const ORDERS_ARGS = { marketplaceIds: ['ATVPDKIKX0DER'], createdAfter: '2026-03-01T00:00:00Z' };

describe('ui/update-model-context tells the conversation what the user sees', () => {
  test('campaigns: the call and its date range on render; then the filter, the sort and the opened row', async () => {
    const host = await front('ads-mcp');
    const c = caseOf('campaign-performance');
    await host.mount({ id: 'ctx-campaigns', tool: c.tool, arguments: c.arguments });
    const frame = host.frame('ctx-campaigns');
    await settled(host, frame, 'ready');
    await expect
      .poll(async () => (await host.modelContexts('ctx-campaigns')).at(-1)?.structuredContent)
      .toMatchObject({
        view: 'campaign-performance',
        state: 'ready',
        tool: 'run_report',
        dateRange: { startDate: '2026-04-01', endDate: '2026-04-07' },
      });
    await frame.locator('input.filter').fill('Mock campaign 1');
    await expect
      .poll(async () => (await host.modelContexts('ctx-campaigns')).at(-1)?.structuredContent?.table)
      .toMatchObject({ filter: 'Mock campaign 1' });
    await frame.locator('th[data-key="spend"] button').click();
    await expect
      .poll(async () => (await host.modelContexts('ctx-campaigns')).at(-1)?.structuredContent?.table)
      .toMatchObject({ sort: { key: 'spend', direction: 'descending' } });
    const last = (await host.modelContexts('ctx-campaigns')).at(-1);
    expect(JSON.stringify(last?.content)).toContain('Sorted by spend, descending.');
  });
});

describe('a retryable failure offers a retry', () => {
  test('Try again makes the same call and draws its answer', async () => {
    const host = await front('sp-mcp');
    const throttled: CallToolResult = {
      isError: true,
      content: [
        {
          type: 'text',
          text: JSON.stringify({
            summary: 'Amazon throttled the call (HTTP 429).',
            error_code: 'UPSTREAM_THROTTLED',
            error_kind: 'upstream',
            retryable: true,
            hints: ['Wait a moment and try again.'],
          }),
        },
      ],
    };
    const c = caseOf('fba-inventory');
    await host.mount({ id: 'retry-inventory', tool: c.tool, arguments: c.arguments, result: throttled });
    const frame = host.frame('retry-inventory');
    await settled(host, frame, 'envelope');
    const before = host.toolCalls().length;
    await frame.locator('[data-role="retry"]').click();
    await expect.poll(() => host.toolCalls().length).toBe(before + 1);
    expect(host.toolCalls().at(-1)).toEqual({ name: c.tool, arguments: c.arguments });
    await settled(host, frame, 'ready');
  });

  test('a failure that will fail again has no retry button', async () => {
    const host = await front('sp-mcp');
    await host.mount({
      id: 'no-retry',
      tool: 'get_sales_metrics',
      arguments: { marketplaceId: 'ATVPDKIKX0DER', startDate: '2026-03-01' },
    });
    const frame = host.frame('no-retry');
    await settled(host, frame, 'envelope');
    expect(await frame.locator('[data-role="retry"]').count()).toBe(0);
  });
});

describe('drill-down through tool calls', () => {
  test('order → its items (get_order_items with the order id)', async () => {
    const host = await front('sp-mcp');
    const mounted = await host.mount({ id: 'drill-orders', tool: 'get_orders', arguments: ORDERS_ARGS });
    const frame = host.frame('drill-orders');
    await settled(host, frame, 'ready');
    const first = (mounted.result.structuredContent as { orders: Array<{ AmazonOrderId: string }> })
      .orders[0];
    await frame.locator('[data-role="drill"]').first().click();
    await expect
      .poll(() => host.toolCalls().at(-1))
      .toEqual({ name: 'get_order_items', arguments: { orderId: first?.AmazonOrderId } });
    await frame.locator('[data-role="detail"][data-state="ready"]').waitFor();
    expect(await frame.locator('[data-role="detail"] tr[data-role="row"]').count()).toBeGreaterThan(0);
    const ctx = (await host.modelContexts('drill-orders')).at(-1)?.structuredContent;
    expect(ctx?.selected).toMatchObject({ orderId: first?.AmazonOrderId });
  });

  test('campaign → its ad groups (list_ad_groups with the campaign id)', async () => {
    const host = await front('ads-mcp');
    const frame = host.frame('ctx-campaigns');
    await frame.locator('input.filter').fill('');
    const id = await frame
      .locator('tr[data-role="row"]')
      .first()
      .evaluate((tr) => tr.textContent);
    await frame.locator('[data-role="drill"]').first().click();
    await expect.poll(() => host.toolCalls().at(-1)?.name).toBe('list_ad_groups');
    const args = host.toolCalls().at(-1)?.arguments as { campaignIdFilter: string[] };
    expect(args.campaignIdFilter).toHaveLength(1);
    expect(id).toContain(args.campaignIdFilter[0]);
    await frame.locator('[data-role="detail"]:is([data-state="ready"], [data-state="envelope"])').waitFor();
  });

  test('failing subscription → its jobs (get_jobs with the subscription id)', async () => {
    const host = await front('openbridge-mcp');
    const c = caseOf('pipeline-health');
    const mounted = await host.mount({ id: 'drill-health', tool: c.tool, arguments: c.arguments });
    const frame = host.frame('drill-health');
    await settled(host, frame, 'ready');
    const first = (mounted.result.structuredContent as { healthchecks: Array<{ subscription_id: number }> })
      .healthchecks[0];
    await frame.locator('[data-role="drill"]').first().click();
    await expect
      .poll(() => host.toolCalls().at(-1))
      .toEqual({ name: 'get_jobs', arguments: { subscription_id: first?.subscription_id } });
    await frame.locator('[data-role="detail"]:is([data-state="ready"], [data-state="envelope"])').waitFor();
  });
});

describe('pending → check again keeps the request', () => {
  test('campaigns: the dates stay in the facts and the controls while download_report is asked again', async () => {
    const host = await front('ads-mcp');
    const c = caseOf('campaign-performance');
    const args = { ...c.arguments, startDate: '2026-05-01', endDate: '2026-05-07', waitSeconds: 0 };
    const mounted = await host.mount({ id: 'pending-campaigns', tool: c.tool, arguments: args });
    const started = mounted.result.structuredContent as { reportId: string; ready: boolean };
    expect(started.ready).toBe(false);
    const frame = host.frame('pending-campaigns');
    await settled(host, frame, 'empty');
    const dates = () => frame.locator('.facts').textContent();
    expect(await dates()).toContain('2026-05-01 → 2026-05-07');
    expect(await dates()).not.toContain('add a sales column');
    for (let look = 0; look < 5; look += 1) {
      const before = host.toolCalls().length;
      await frame.locator('[data-role="next-call"]').click();
      await expect.poll(() => host.toolCalls().length).toBe(before + 1);
      expect(host.toolCalls().at(-1)).toEqual({
        name: 'download_report',
        arguments: { reportId: started.reportId },
      });
      await expect.poll(() => frame.locator('body').getAttribute('data-state')).toMatch(/^(empty|ready)$/);
      expect(await dates()).toContain('2026-05-01 → 2026-05-07');
      expect(await frame.locator('input[name="start"]').inputValue()).toBe('2026-05-01');
      expect(await frame.locator('input[name="end"]').inputValue()).toBe('2026-05-07');
      if ((await frame.locator('body').getAttribute('data-state')) === 'ready') break;
    }
    await settled(host, frame, 'ready');
    // Run the report again from the kept controls: run_report with the kept arguments, not download_report.
    await frame.locator('[data-role="run"]').click();
    await expect.poll(() => host.toolCalls().at(-1)?.name).toBe('run_report');
    expect(host.toolCalls().at(-1)?.arguments).toMatchObject({
      startDate: '2026-05-01',
      endDate: '2026-05-07',
    });
  });
});

describe('380 px keeps the key columns', () => {
  test('orders: Order, Purchased and Total inside the frame; the rest behind "Show all columns"', async () => {
    const host = await front('sp-mcp');
    await host.mount({ id: 'narrow-orders', tool: 'get_orders', arguments: ORDERS_ARGS, width: 380 });
    const frame = host.frame('narrow-orders');
    await settled(host, frame, 'ready');
    await host.page.locator('#narrow-orders').scrollIntoViewIfNeeded();
    const inside = (key: string) =>
      frame.locator(`th[data-key="${key}"]`).evaluate((th) => {
        const r = th.getBoundingClientRect();
        return r.width > 0 && r.right <= th.ownerDocument.documentElement.clientWidth;
      });
    for (const key of ['orderId', 'purchased', 'total']) expect(await inside(key), key).toBe(true);
    expect(await frame.locator('th[data-key="prime"]').isVisible()).toBe(false);
    await frame.locator('[data-role="all-columns"]').click();
    expect(await frame.locator('th[data-key="prime"]').isVisible()).toBe(true);
    expect(await frame.locator('[data-role="all-columns"]').getAttribute('aria-pressed')).toBe('true');
  });
});
