// Visual regression: every view × {light, dark} × {900, 380 px} × {data, empty, envelope, pending} in Chromium under
// the spec's full host variables, compared with the committed references (reference/*.png) within a tolerance, and
// axe-core with no violations in each. One browser, one frame per view and state (theme and width change in place).
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { AppName } from '@obmcp/test-kit';
import type { Frame } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { VIEW_APP_ENV } from '../src/apps.js';
import { launchChromium, type RunningBrowser } from '../src/browser.js';
import { CASES } from '../src/cases.js';
import { settled } from '../src/settle.js';
import { openViewHost, type ViewHost } from '../src/view-host.js';
import { axeViolations, type Comparison, compareScreenshot } from '../src/visual.js';

const THEMES = ['light', 'dark'] as const;
const WIDTHS = [900, 380] as const;
const STATES = ['data', 'empty', 'envelope', 'pending'] as const;
type ViewState = (typeof STATES)[number];

interface Subject {
  view: string;
  app: AppName;
  tool: string;
  arguments: Record<string, unknown>;
  /** The tool's answer with no rows, in its own shape. */
  empty: Record<string, unknown>;
}

const caseArgs = (id: string) => CASES.find((c) => c.id === id)?.arguments ?? {};
const caseTool = (id: string) => CASES.find((c) => c.id === id)?.tool ?? '';
const from = (view: string, app: AppName, empty: Record<string, unknown>): Subject => ({
  view,
  app,
  tool: caseTool(view),
  arguments: caseArgs(view),
  empty,
});

const SUBJECTS: Subject[] = [
  from('sales-over-time', 'sp-mcp', {
    interval: '2026-03-01T00:00:00-08:00--2026-03-08T00:00:00-08:00',
    granularity: 'Day',
    metrics: [],
    totals: {},
  }),
  {
    view: 'orders',
    app: 'sp-mcp',
    tool: 'get_orders',
    arguments: { marketplaceIds: ['ATVPDKIKX0DER'], createdAfter: '2026-03-01T00:00:00Z' },
    empty: { orders: [] },
  },
  from('fba-inventory', 'sp-mcp', { inventorySummaries: [] }),
  from('fees', 'sp-mcp', { estimates: [] }),
  from('campaign-performance', 'ads-mcp', {
    reportId: 'r-empty',
    status: 'COMPLETED',
    ready: true,
    rows: [],
  }),
  from('budget-usage', 'ads-mcp', { success: [], error: [] }),
  from('amc-results', 'ads-mcp', {
    workflowExecutionId: 'e-empty',
    status: 'SUCCEEDED',
    ready: true,
    columns: [],
    rows: [],
    returnedRows: 0,
    truncated: false,
    files: 1,
  }),
  from('query-results', 'openbridge-mcp', {
    key_name: 'acme_redshift_1688',
    columns: [],
    rows: [],
    row_count: 0,
    truncated: false,
  }),
  from('pipeline-health', 'openbridge-mcp', { healthchecks: [] }),
];

/** A retryable upstream failure, the same for every view (its look is what is compared). */
const ENVELOPE: CallToolResult = {
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

const resultFor = (s: Subject, state: ViewState): CallToolResult | undefined =>
  state === 'empty'
    ? { content: [{ type: 'text', text: JSON.stringify(s.empty) }], structuredContent: s.empty }
    : state === 'envelope'
      ? ENVELOPE
      : undefined;

const SETTLED: Record<ViewState, string> = {
  data: 'ready',
  empty: 'empty',
  envelope: 'envelope',
  pending: 'waiting',
};

let browser: RunningBrowser;
const hosts = new Map<AppName, ViewHost>();
const results: Comparison[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  for (const app of ['sp-mcp', 'ads-mcp', 'openbridge-mcp'] as const)
    hosts.set(app, await openViewHost(browser.context, app, VIEW_APP_ENV[app]));
});

afterAll(async () => {
  for (const host of hosts.values()) await host.close();
  await browser?.close();
});

async function viewFrame(host: ViewHost, id: string): Promise<Frame> {
  const handle = await host.page.locator(`#${id}`).elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error(`no frame ${id}`);
  return frame;
}

/** Two painted frames after the last change (and the chart's layout settled at this width). */
async function painted(host: ViewHost, id: string): Promise<void> {
  await host.page.locator(`#${id}`).scrollIntoViewIfNeeded();
  const frame = host.frame(id);
  await frame
    .locator('body')
    .evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(undefined)))),
    );
  // A canvas resize is observed, then drawn: wait until the iframe's reported height stops changing.
  let last = -1;
  for (let i = 0; i < 20; i += 1) {
    const height = await host.page.locator(`#${id}`).evaluate((el) => el.getBoundingClientRect().height);
    if (height === last) break;
    last = height;
    await host.page.waitForTimeout(100);
  }
}

describe.each(SUBJECTS)('$view', (s) => {
  test.each(STATES)('%s: light/dark × 900/380 match the references; axe finds nothing', async (state) => {
    const host = hosts.get(s.app) as ViewHost;
    await host.page.bringToFront();
    const id = `visual-${s.view}-${state}`;
    const result = resultFor(s, state);
    await host.mount({
      id,
      tool: s.tool,
      arguments: s.arguments,
      width: 900,
      ...(result ? { result } : {}),
      ...(state === 'pending' ? { pending: true } : {}),
    });
    const frame = host.frame(id);
    await settled(host, frame, SETTLED[state]);
    const problems: string[] = [];
    for (const theme of THEMES)
      for (const width of WIDTHS) {
        await host.setContext(id, { theme });
        await host.setWidth(id, width);
        await expect.poll(() => frame.locator('html').getAttribute('data-theme')).toBe(theme);
        await settled(host, frame, SETTLED[state]);
        await painted(host, id);
        const name = `${s.view}__${state}__${theme}__${width}`;
        // Ids the upstream generates per call (report, execution) differ from run to run: masked.
        const shot = await host.page
          .locator(`#${id}`)
          .screenshot({ mask: [frame.locator('[data-generated-id]')] });
        const comparison = compareScreenshot(name, shot);
        results.push(comparison);
        if (comparison.status === 'different' || comparison.status === 'size')
          problems.push(`${name}: ${comparison.status} (${(comparison.ratio * 100).toFixed(2)} % of pixels)`);
        for (const v of await axeViolations(await viewFrame(host, id)))
          problems.push(`${name}: axe ${v.id} (${v.impact}) at ${v.nodes.slice(0, 3).join(', ')}`);
      }
    expect(problems).toEqual([]);
  });
});
