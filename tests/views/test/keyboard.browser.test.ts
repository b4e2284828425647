// Keyboard reachability: in every view, Tab from the first control reaches every control the view draws (header
// buttons, controls, filter, sort headers, legend toggles, drill-downs, links out, CSV, next page), in order.
import { describe, expect, test } from 'vitest';
import { CASES } from '../src/cases.js';
import { settled } from '../src/settle.js';
import { useViewHosts } from '../src/view-hosts.js';

const { front } = useViewHosts();

/** The little of a DOM element this test uses (the Node-side types carry no DOM lib). */
interface Focusable {
  dataset: Record<string, string | undefined>;
  getClientRects(): { length: number };
  focus(): void;
}

/**
 * What a keyboard user must be able to reach: every enabled, visible control — a tabindex="-1" on one of them (or a
 * legend toggle that is not focusable) fails here rather than dropping out of the list.
 */
const CONTROLS =
  'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, a[href], [tabindex], [data-role="legend-toggle"]';

/** The eight chart cases and the orders view (a table with drill-downs, links out and CSV, no chart). */
const VIEWS = [
  ...CASES,
  {
    app: 'sp-mcp' as const,
    id: 'orders',
    tool: 'get_orders',
    arguments: { marketplaceIds: ['ATVPDKIKX0DER'], createdAfter: '2026-03-01T00:00:00Z' },
    series: 0,
  },
];

describe.each(VIEWS)('$id: every control is reachable with Tab', (c) => {
  test('Tab from the first control visits each one, legend toggles included', async () => {
    const host = await front(c.app);
    const id = `keys-${c.id}`;
    await host.mount({ id, tool: c.tool, arguments: c.arguments, width: 900 });
    const frame = host.frame(id);
    await settled(host, frame, 'ready');
    await host.page.locator(`#${id}`).scrollIntoViewIfNeeded();
    // Number the controls in document order, then focus the first.
    const total = await frame.locator('body').evaluate((body, selector) => {
      const found = Array.from(body.querySelectorAll(selector) as unknown as ArrayLike<Focusable>);
      let n = 0;
      for (const el of found) if (el.getClientRects().length > 0) el.dataset.kb = String(n++);
      (body.querySelector('[data-kb="0"]') as unknown as Focusable | null)?.focus();
      return n;
    }, CONTROLS);
    expect(total, `${c.id}: some controls`).toBeGreaterThan(1);
    const labels = await frame
      .locator('[data-kb]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-role') ?? el.getAttribute('class') ?? ''));
    if (c.series > 0) expect(labels, `${c.id}: legend toggles`).toContain('legend-toggle');
    // The focused control's number; 'other' for another stop (a scrollable table is one); null once focus left.
    const active = () =>
      frame.locator('body').evaluate((b) => {
        const el = b.ownerDocument.activeElement as unknown as Focusable | null;
        if (!el || (el as unknown) === b) return null;
        return el.dataset.kb ?? 'other';
      });
    const reached = new Set<string>();
    const first = await active();
    if (first !== null) reached.add(first);
    for (let i = 0; i < 2 * total + 5 && reached.size - (reached.has('other') ? 1 : 0) < total; i++) {
      await host.page.keyboard.press('Tab');
      const now = await active();
      if (now === null) break;
      reached.add(now);
    }
    const missing = labels.filter((_, i) => !reached.has(String(i)));
    expect(missing, `${c.id}: controls Tab never reached`).toEqual([]);
  });
});
