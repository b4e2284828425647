// Every view in real Chromium, hosted by ext-apps' AppBridge, fed by the real stdio servers under the mocks.
import type { CallToolResult } from '@modelcontextprotocol/client';
import { describe, expect, test } from 'vitest';
import { AMC_INSTANCE, AMC_SQL, AMC_WEEK, CASES } from '../src/cases.js';
import { artifactPath } from '../src/artifacts.js';
import { settled } from '../src/settle.js';
import type { ViewHost } from '../src/view-host.js';
import { useViewHosts } from '../src/view-hosts.js';

/** The tables show pages of this many rows (packages/views/src/shared/data-table.ts). */
const PAGE_SIZE = 50;

/** The structured result each view of CASES was given, by view id (for the view-specific checks). */
const shown = new Map<string, Record<string, unknown>>();
const { hostOf, front } = useViewHosts();

/**
 * Scrolled into view and two frames painted first: Chromium does not paint iframes it has scrolled past. The host's
 * tab is in front (`front`): a screenshot of a background tab waited about 7 s for its frames.
 */
async function shoot(host: ViewHost, id: string, name = id): Promise<void> {
  const element = host.page.locator(`#${id}`);
  await element.scrollIntoViewIfNeeded();
  await host
    .frame(id)
    .locator('body')
    .evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(undefined)))),
    );
  await element.screenshot({ path: artifactPath(name) });
}

describe('the servers announce views to a client that renders them', () => {
  test.each(['sp-mcp', 'ads-mcp', 'openbridge-mcp'] as const)(
    '%s: resources and io.modelcontextprotocol/ui',
    (app) => {
      expect(hostOf(app).capabilities).toEqual({
        resources: {},
        extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
      });
    },
  );
});

describe('each view renders its tool result', () => {
  test.each(CASES)('$id ($tool)', async (c) => {
    const host = await front(c.app);
    const mounted = await host.mount({ id: c.id, tool: c.tool, arguments: c.arguments });
    expect(mounted).toMatchObject({
      resourceUri: `ui://${c.app}/${c.id}`,
      mimeType: 'text/html;profile=mcp-app',
      isError: false,
    });
    const frame = host.frame(c.id);
    await settled(host, frame, 'ready');
    const data = (mounted.result?.structuredContent ?? {}) as Record<string, unknown>;
    shown.set(c.id, data);
    const expected = c.rows(data);
    expect(expected).toBeGreaterThan(0);
    await expect.poll(() => frame.locator('tr[data-role="row"]').count()).toBe(Math.min(expected, PAGE_SIZE));
    // The chart: its series (one legend toggle per series) and its text alternative.
    await expect.poll(() => frame.locator('.u-legend [data-role="legend-toggle"]').count()).toBe(c.series);
    expect(await frame.locator('figure.chart').getAttribute('data-series')).toBe(String(c.series));
    expect(await frame.locator('.chart-summary').textContent()).toMatch(/chart of /);
    await shoot(host, c.id);
  });
});

describe('interactivity goes through the host to the same server', () => {
  test('sales: another granularity re-runs get_sales_metrics through callServerTool', async () => {
    const host = await front('sp-mcp');
    const frame = host.frame('sales-over-time');
    const before = host.toolCalls().length;
    await frame.locator('select[name="granularity"]').selectOption('Week');
    await frame.locator('[data-role="run"]').click();
    await expect.poll(() => host.toolCalls().length).toBe(before + 1);
    expect(host.toolCalls().at(-1)).toEqual({
      name: 'get_sales_metrics',
      arguments: {
        marketplaceId: 'ATVPDKIKX0DER',
        startDate: '2026-03-01',
        endDate: '2026-03-08',
        timeZone: 'US/Pacific',
        granularity: 'Week',
      },
    });
    await settled(host, frame, 'ready');
    await expect.poll(() => frame.locator('th[data-key="period"]').textContent()).toBe('Period start');
    await expect.poll(() => frame.locator('.facts').textContent()).toContain('Week');
  });

  test('orders: the next page is fetched with the token through the tool', async () => {
    const host = await front('sp-mcp');
    const mounted = await host.mount({
      id: 'orders',
      tool: 'get_orders',
      arguments: {
        marketplaceIds: ['ATVPDKIKX0DER'],
        createdAfter: '2026-03-01T00:00:00Z',
        maxResultsPerPage: 1,
      },
    });
    const frame = host.frame('orders');
    await settled(host, frame, 'ready');
    const first = mounted.result?.structuredContent as {
      orders: Array<{ AmazonOrderId: string }>;
      nextToken?: string;
    };
    expect(first.nextToken).toBeTypeOf('string');
    await expect.poll(() => frame.locator('tr[data-role="row"]').count()).toBe(first.orders.length);
    await shoot(host, 'orders');
    await frame.locator('[data-role="next-call"]').click();
    await expect
      .poll(() => host.toolCalls().at(-1))
      .toEqual({
        name: 'get_orders',
        arguments: { marketplaceIds: ['ATVPDKIKX0DER'], nextToken: first.nextToken },
      });
    await settled(host, frame, 'ready');
    await expect
      .poll(() => frame.locator('tr[data-role="row"] td').first().textContent())
      .not.toBe(first.orders[0]?.AmazonOrderId);
  });

  test('campaigns: other dates run the report again through the host', async () => {
    const host = await front('ads-mcp');
    const frame = host.frame('campaign-performance');
    const before = host.toolCalls().length;
    await frame.locator('input[name="start"]').fill('2026-05-01');
    await frame.locator('input[name="end"]').fill('2026-05-07');
    await frame.locator('[data-role="run"]').click();
    await expect.poll(() => host.toolCalls().length).toBe(before + 1);
    expect(host.toolCalls().at(-1)).toMatchObject({
      name: 'run_report',
      arguments: { reportTypeId: 'spCampaigns', startDate: '2026-05-01', endDate: '2026-05-07' },
    });
    await settled(host, frame, 'ready');
    await expect.poll(() => frame.locator('.facts').textContent()).toContain('2026-05-01 → 2026-05-07');
  });

  test('a table sorts and filters on the client, with no tool call', async () => {
    const host = await front('openbridge-mcp');
    const frame = host.frame('query-results');
    const calls = host.toolCalls().length;
    await frame.locator('th[data-key="budget"] button').click();
    expect(await frame.locator('th[data-key="budget"]').getAttribute('aria-sort')).toBe('descending');
    // campaign_id is an id (text), so the first numeric cell is the first row's budget.
    await expect.poll(() => frame.locator('tr[data-role="row"] td.num').first().textContent()).toBe('120');
    await frame.locator('input.filter').fill('1003');
    await expect.poll(() => frame.locator('tr[data-role="row"]').count()).toBe(1);
    expect(host.toolCalls().length).toBe(calls);
  });
});

describe('ads-mcp: budget usage and AMC results with the rows the server returned', () => {
  test('budget usage: each campaign a row, a failed campaign marked with its error', async () => {
    const host = await front('ads-mcp');
    const frame = host.frame('budget-usage');
    await settled(host, frame, 'ready');
    const data = shown.get('budget-usage') as {
      success: Array<{ campaignId: string }>;
      error: Array<{ campaignId: string; code: string }>;
    };
    expect(data.error.length).toBeGreaterThan(0);
    const rows = frame.locator('tr[data-role="row"]');
    expect(await rows.first().locator('td').first().textContent()).toBe(data.success[0]?.campaignId);
    // The failed campaign: its row is flagged and names Amazon's code.
    const failed = frame.locator('tr[data-role="row"].bad');
    expect(await failed.count()).toBeGreaterThanOrEqual(data.error.length);
    expect(await failed.last().textContent()).toContain(data.error[0]?.code ?? '?');
    expect(await frame.locator('.facts').textContent()).toContain(`Failed${data.error.length}`);
  });

  test('AMC results: the CSV rows in the table, cells as the file wrote them', async () => {
    const host = await front('ads-mcp');
    const frame = host.frame('amc-results');
    await settled(host, frame, 'ready');
    const headers = await frame
      .locator('th[data-key]')
      .evaluateAll((ths) => ths.map((th) => th.getAttribute('data-key')));
    expect(headers).toEqual(['campaign_id', 'campaign', 'impressions', 'clicks', 'purchases', 'total_cost']);
    const first = frame.locator('tr[data-role="row"]').first().locator('td');
    expect(await first.nth(0).textContent()).toBe('584000001000');
    // A quoted CSV field with a comma stays one cell.
    expect(await first.nth(1).textContent()).toBe('Spring launch, US');
    expect(await frame.locator('.facts').textContent()).toContain('Succeeded');
    expect(await frame.locator('.chart-summary').textContent()).toContain('impressions');
    // A legend click hides a series (uPlot rescales the axis for the rest), with no tool call.
    const calls = host.toolCalls().length;
    const impressions = frame.locator('.u-legend .u-series').nth(0);
    await impressions.click();
    await expect.poll(() => impressions.getAttribute('class')).toContain('u-off');
    await impressions.click();
    await expect.poll(() => impressions.getAttribute('class')).not.toContain('u-off');
    expect(host.toolCalls().length).toBe(calls);
  });

  test('AMC: an execution not done yet is checked again through get_amc_query_results until it has rows', async () => {
    const host = await front('ads-mcp');
    const mounted = await host.mount({
      id: 'amc-pending',
      tool: 'run_amc_query',
      arguments: { instanceId: AMC_INSTANCE, sqlQuery: AMC_SQL, ...AMC_WEEK, waitSeconds: 0 },
    });
    const started = mounted.result.structuredContent as { workflowExecutionId: string; status: string };
    expect(started.status).toBe('PENDING');
    const frame = host.frame('amc-pending');
    await settled(host, frame, 'empty');
    expect(await frame.locator('[data-role="empty"]').textContent()).toContain('is pending');
    await shoot(host, 'amc-pending');
    // The mocks move an execution PENDING → RUNNING → SUCCEEDED, one status per look.
    for (let look = 0; look < 3; look += 1) {
      const before = host.toolCalls().length;
      await frame.locator('[data-role="next-call"]').click();
      await expect.poll(() => host.toolCalls().length).toBe(before + 1);
      expect(host.toolCalls().at(-1)).toEqual({
        name: 'get_amc_query_results',
        arguments: { instanceId: AMC_INSTANCE, workflowExecutionId: started.workflowExecutionId },
      });
      await expect.poll(() => frame.locator('body').getAttribute('data-state')).toMatch(/^(empty|ready)$/);
      if ((await frame.locator('body').getAttribute('data-state')) === 'ready') break;
    }
    await settled(host, frame, 'ready');
    await expect.poll(() => frame.locator('tr[data-role="row"]').count()).toBe(6);
    expect(await frame.locator('[data-role="next-call"]').count()).toBe(0);
  });

  test('AMC: an envelope (EXPLICIT window without bounds) and an empty result (LIMIT 0) from the server', async () => {
    const host = await front('ads-mcp');
    const bad = await host.mount({
      id: 'amc-envelope',
      tool: 'run_amc_query',
      arguments: { instanceId: AMC_INSTANCE, sqlQuery: AMC_SQL, timeWindowType: 'EXPLICIT' },
    });
    expect(bad.isError).toBe(true);
    const envelopeFrame = host.frame('amc-envelope');
    await settled(host, envelopeFrame, 'envelope');
    expect(await envelopeFrame.locator('[data-role="summary"]').textContent()).toBe(
      'timeWindowType EXPLICIT needs timeWindowStart.',
    );
    expect(await envelopeFrame.locator('[data-role="retryable"]').getAttribute('data-retryable')).toBe(
      'false',
    );
    const empty = await host.mount({
      id: 'amc-empty',
      tool: 'run_amc_query',
      arguments: { instanceId: AMC_INSTANCE, sqlQuery: `${AMC_SQL} LIMIT 0`, ...AMC_WEEK },
    });
    expect(empty.result.structuredContent).toMatchObject({ ready: true, returnedRows: 0 });
    const emptyFrame = host.frame('amc-empty');
    await settled(host, emptyFrame, 'empty');
    expect(await emptyFrame.locator('[data-role="empty"]').textContent()).toBe(
      'The AMC query returned no rows.',
    );
  });

  test('AMC: 10 000 rows of CSV text stay paged and filter over all of them', async () => {
    const host = await front('ads-mcp');
    const rows = Array.from({ length: 10_000 }, (_v, i) => ({
      campaign_id: String(584000000000 + i),
      campaign: `c-${i}`,
      impressions: String((i * 37) % 1000),
    }));
    const result: CallToolResult = {
      content: [{ type: 'text', text: 'prepared' }],
      structuredContent: {
        workflowExecutionId: 'e-10k',
        status: 'SUCCEEDED',
        ready: true,
        columns: ['campaign_id', 'campaign', 'impressions'],
        rows,
        returnedRows: rows.length,
        truncated: false,
        files: 1,
      },
    };
    await host.mount({
      id: 'amc-10k',
      tool: 'get_amc_query_results',
      arguments: { instanceId: AMC_INSTANCE, workflowExecutionId: 'e-10k' },
      result,
    });
    const frame = host.frame('amc-10k');
    await settled(host, frame, 'ready');
    expect(await frame.locator('tr[data-role="row"]').count()).toBe(PAGE_SIZE);
    expect(await frame.locator('.page-label').textContent()).toBe('Page 1 of 200');
    await frame.locator('input.filter').fill('c-9999');
    await expect.poll(() => frame.locator('tr[data-role="row"]').count()).toBe(1);
    expect(await frame.locator('.chart-summary').textContent()).toContain(
      'Only the first 60 of 10000 rows are drawn',
    );
  });
});

describe('bad input', () => {
  test('an error envelope shows its summary, hints and retryable plainly', async () => {
    const host = await front('sp-mcp');
    // endDate missing: the contract answers with an INPUT_VALIDATION envelope.
    const mounted = await host.mount({
      id: 'sales-envelope',
      tool: 'get_sales_metrics',
      arguments: { marketplaceId: 'ATVPDKIKX0DER', startDate: '2026-03-01' },
    });
    expect(mounted.isError).toBe(true);
    const item = mounted.result?.content[0];
    const envelope = JSON.parse(item?.type === 'text' ? item.text : '{}') as {
      summary: string;
      retryable: boolean;
      hints: string[];
    };
    const frame = host.frame('sales-envelope');
    await settled(host, frame, 'envelope');
    expect(await frame.locator('[data-role="summary"]').textContent()).toBe(envelope.summary);
    expect(await frame.locator('[data-role="retryable"]').getAttribute('data-retryable')).toBe(
      String(envelope.retryable),
    );
    expect(await frame.locator('[data-role="hints"] li').count()).toBe(envelope.hints.length);
    await shoot(host, 'sales-envelope');
  });

  test('an empty result shows an empty state (budget usage with no campaigns)', async () => {
    const host = await front('ads-mcp');
    // The mocks sample a budget usage answer with rows, so the empty answer is handed to the view as a result.
    const empty: CallToolResult = {
      content: [{ type: 'text', text: '{"success":[],"error":[]}' }],
      structuredContent: { success: [], error: [] },
    };
    const mounted = await host.mount({
      id: 'budget-usage-empty',
      tool: 'sp_campaigns_budget_usage',
      arguments: { body: { campaignIds: ['100000000001'] } },
      result: empty,
    });
    expect(mounted).toMatchObject({ resourceUri: 'ui://ads-mcp/budget-usage', isError: false });
    const frame = host.frame('budget-usage-empty');
    await settled(host, frame, 'empty');
    expect(await frame.locator('[data-role="empty"]').textContent()).toContain('No budget usage');
    await shoot(host, 'budget-usage-empty');
  });

  test('10 000 rows stay paged: 50 rows in the DOM, filter and sort over all of them', async () => {
    const host = await front('openbridge-mcp');
    const rows = Array.from({ length: 10_000 }, (_v, i) => ({
      campaign: `c-${i}`,
      spend: (i * 37) % 1000,
      clicks: i % 50,
    }));
    const result: CallToolResult = {
      content: [{ type: 'text', text: 'prepared' }],
      structuredContent: {
        key_name: 'acme_redshift_1688',
        columns: ['campaign', 'spend', 'clicks'],
        rows,
        row_count: rows.length,
        truncated: false,
      },
    };
    await host.mount({
      id: 'query-10k',
      tool: 'execute_query',
      arguments: { query: 'SELECT 1', key_name: 'acme_redshift_1688' },
      result,
    });
    const frame = host.frame('query-10k');
    await settled(host, frame, 'ready');
    expect(await frame.locator('tr[data-role="row"]').count()).toBe(PAGE_SIZE);
    expect(await frame.locator('.table-status').textContent()).toBe('10000 rows');
    expect(await frame.locator('.page-label').textContent()).toBe('Page 1 of 200');
    await frame.locator('button.next').click();
    await expect.poll(() => frame.locator('tr[data-role="row"] td').first().textContent()).toBe('c-50');
    await frame.locator('input.filter').fill('c-9999');
    await expect.poll(() => frame.locator('tr[data-role="row"]').count()).toBe(1);
    // Bars stop at 60 items; the text alternative says the table has the rest.
    expect(await frame.locator('.chart-summary').textContent()).toContain(
      'Only the first 60 of 10000 rows are drawn',
    );
  });
});

describe('the view follows the host', () => {
  test('theme and display mode changes reach the document', async () => {
    const host = await front('sp-mcp');
    const frame = host.frame('fba-inventory');
    await host.setContext('fba-inventory', { theme: 'dark' });
    await expect.poll(() => frame.locator('html').getAttribute('data-theme')).toBe('dark');
    await settled(host, frame, 'ready');
    await frame.locator('.u-legend').waitFor();
    await shoot(host, 'fba-inventory', 'fba-inventory-dark');
    // The view asks for full screen (ui/request-display-mode); the host grants it and says so.
    await frame.locator('[data-role="display-mode"]').click();
    await expect.poll(() => frame.locator('html').getAttribute('data-display-mode')).toBe('fullscreen');
    await expect
      .poll(() => frame.locator('[data-role="display-mode"]').textContent())
      .toBe('Exit full screen');
  });
});
