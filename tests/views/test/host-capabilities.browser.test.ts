// What a view does with the host's optional capabilities and context: CSV through ui/download-file, links out through
// ui/open-link (each control only where the host offers it), safeAreaInsets as padding, one live region, and the
// AMC view's headline facts in a person's terms (the execution id demoted). Real servers, real Chromium.
import { describe, expect, test } from 'vitest';
import { CASES } from '../src/cases.js';
import { settled } from '../src/settle.js';
import { useViewHosts } from '../src/view-hosts.js';

const { front } = useViewHosts();

const ORDERS_ARGS = { marketplaceIds: ['ATVPDKIKX0DER'], createdAfter: '2026-03-01T00:00:00Z' };
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

interface Download {
  contents: Array<{ type: string; resource: { uri: string; mimeType: string; text: string } }>;
}

/** The file a recorded ui/download-file request carried. */
const fileOf = (request: { params: Record<string, unknown> } | undefined) =>
  (request?.params as Download | undefined)?.contents[0];

describe('CSV export through ui/download-file', () => {
  test('orders: Download CSV hands the host the rows the user sees (filtered, every column), as text/csv', async () => {
    const host = await front('sp-mcp');
    const mounted = await host.mount({ id: 'csv-orders', tool: 'get_orders', arguments: ORDERS_ARGS });
    const frame = host.frame('csv-orders');
    await settled(host, frame, 'ready');
    const orders = (mounted.result.structuredContent as { orders: Array<{ AmazonOrderId: string }> }).orders;
    await frame.locator('[data-role="download-csv"]').click();
    await expect.poll(async () => (await host.hostRequests('csv-orders')).length).toBe(1);
    const [request] = await host.hostRequests('csv-orders');
    expect(request?.method).toBe('ui/download-file');
    const file = fileOf(request);
    expect(file?.type).toBe('resource');
    expect(file?.resource.mimeType).toBe('text/csv');
    expect(file?.resource.uri).toMatch(/^file:\/\/\/orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (file?.resource.text ?? '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Order,Purchased,Status,Fulfilled by,Items,Total (USD),Prime');
    expect(lines).toHaveLength(orders.length + 1);
    for (const order of orders) expect(file?.resource.text).toContain(order.AmazonOrderId);
    // Filtered: only the matching rows.
    const one = orders[0]?.AmazonOrderId ?? '';
    await frame.locator('input.filter').fill(one);
    await frame.locator('[data-role="download-csv"]').click();
    await expect.poll(async () => (await host.hostRequests('csv-orders')).length).toBe(2);
    const filtered = fileOf((await host.hostRequests('csv-orders'))[1]);
    expect(filtered?.resource.text.trimEnd().split('\r\n')).toHaveLength(2);
    expect(filtered?.resource.text).toContain(one);
  });
});

describe('links out through ui/open-link', () => {
  test("orders: an order id opens the order's page in Seller Central through the host", async () => {
    const host = await front('sp-mcp');
    const mounted = await host.mount({ id: 'link-orders', tool: 'get_orders', arguments: ORDERS_ARGS });
    const frame = host.frame('link-orders');
    await settled(host, frame, 'ready');
    const first = (mounted.result.structuredContent as { orders: Array<{ AmazonOrderId: string }> })
      .orders[0];
    const link = frame.locator('[data-role="open-link"]').first();
    expect(await link.textContent()).toBe(first?.AmazonOrderId);
    await link.focus();
    await link.press('Enter');
    await expect.poll(async () => (await host.hostRequests('link-orders')).length).toBe(1);
    expect((await host.hostRequests('link-orders'))[0]).toEqual({
      method: 'ui/open-link',
      params: { url: `https://sellercentral.amazon.com/orders-v3/order/${first?.AmazonOrderId}` },
    });
  });
});

describe('a host without the capabilities', () => {
  test('no Download CSV and no links: the order ids are plain text, nothing is sent', async () => {
    const host = await front('sp-mcp');
    const mounted = await host.mount({
      id: 'bare-orders',
      tool: 'get_orders',
      arguments: ORDERS_ARGS,
      without: ['openLinks', 'downloadFile'],
    });
    const frame = host.frame('bare-orders');
    await settled(host, frame, 'ready');
    const first = (mounted.result.structuredContent as { orders: Array<{ AmazonOrderId: string }> })
      .orders[0];
    expect(await frame.locator('[data-role="download-csv"]').count()).toBe(0);
    expect(await frame.locator('[data-role="open-link"]').count()).toBe(0);
    expect(await frame.locator('tr[data-role="row"] td').first().textContent()).toBe(first?.AmazonOrderId);
    expect(await host.hostRequests('bare-orders')).toEqual([]);
  });
});

describe('accessibility and the host context', () => {
  test('one live region: the view is not live, #announce says what changed', async () => {
    const host = await front('sp-mcp');
    const mounted = await host.mount({ id: 'live-orders', tool: 'get_orders', arguments: ORDERS_ARGS });
    const frame = host.frame('live-orders');
    await settled(host, frame, 'ready');
    const count = (mounted.result.structuredContent as { orders: unknown[] }).orders.length;
    expect(await frame.locator('main').getAttribute('aria-live')).toBeNull();
    // Live regions: the announcer and the table's row count, neither holding the view's content.
    const live = frame.locator('[aria-live], [role="status"], [role="alert"], [role="log"]');
    const found = await live.evaluateAll((els) =>
      els.map((el) => ({ id: el.id, cls: el.className, inner: el.querySelectorAll('*').length })),
    );
    expect(found.map((f) => f.id || f.cls).sort()).toEqual(['announce', 'table-status']);
    for (const f of found) expect(f.inner).toBe(0);
    await expect.poll(() => frame.locator('#announce').textContent()).toBe(`Orders: ${count} rows.`);
    // An envelope is announced by its summary, not by making the panel live.
    const c = CASES.find((x) => x.id === 'fba-inventory');
    await host.mount({
      id: 'live-envelope',
      tool: 'get_sales_metrics',
      arguments: { marketplaceId: 'ATVPDKIKX0DER', startDate: '2026-03-01' },
    });
    const failed = host.frame('live-envelope');
    await settled(host, failed, 'envelope');
    expect(c).toBeDefined();
    expect(await failed.locator('[data-role="envelope"]').getAttribute('role')).toBeNull();
    const summary = await failed.locator('[data-role="summary"]').textContent();
    expect(await failed.locator('#announce').textContent()).toContain(summary ?? '');
  });

  test('safeAreaInsets pad the view (initial context and a change)', async () => {
    const host = await front('sp-mcp');
    await host.mount({
      id: 'safe-orders',
      tool: 'get_orders',
      arguments: ORDERS_ARGS,
      width: 380,
      safeAreaInsets: { top: 44, right: 0, bottom: 34, left: 8 },
    });
    const frame = host.frame('safe-orders');
    await settled(host, frame, 'ready');
    const padding = () =>
      frame.locator('body').evaluate((b) => {
        const s = b.ownerDocument.defaultView?.getComputedStyle(b);
        if (!s) return [];
        return [s.paddingTop, s.paddingRight, s.paddingBottom, s.paddingLeft];
      });
    expect(await padding()).toEqual(['56px', '12px', '46px', '20px']);
    await host.setContext('safe-orders', { safeAreaInsets: { top: 0, right: 20, bottom: 0, left: 0 } });
    await expect.poll(padding).toEqual(['12px', '32px', '12px', '12px']);
  });
});

describe("AMC results in a person's terms", () => {
  test('the query, its status and dates lead; the execution id is demoted under the view', async () => {
    const host = await front('ads-mcp');
    const c = CASES.find((x) => x.id === 'amc-results');
    if (!c) throw new Error('no amc-results case');
    await host.mount({ id: 'amc-facts', tool: c.tool, arguments: c.arguments });
    const frame = host.frame('amc-facts');
    await settled(host, frame, 'ready');
    const facts = (await frame.locator('.facts').textContent()) ?? '';
    expect(facts).not.toMatch(UUID);
    expect(facts).toContain('Query');
    expect(facts).toContain('SELECT campaign_id, campaign');
    expect(facts).toContain('Succeeded');
    expect(facts).toContain('Apr 1, 2026 → Apr 8, 2026');
    const reference = frame.locator('[data-role="reference"]');
    expect(await reference.textContent()).toMatch(/^Execution id: /);
    expect(await reference.locator('code').textContent()).toMatch(UUID);
  });
});
