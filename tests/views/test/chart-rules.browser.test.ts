// The chart rules on what each view drew in Chromium, at 900 and 380 px, light and dark, under the spec's full set of
// host variables in light-dark(): bars from zero, no two x labels overlapping, text ≥ 4.5:1 and marks ≥ 3:1 against
// the background the view resolved, and that background is the host's own for the theme.
import { describe, expect, test } from 'vitest';
import { CASES } from '../src/cases.js';
import { contrast, type DrawnLayout, overlappingLabels } from '../src/chart-rules.js';
import { settled } from '../src/settle.js';
import type { ViewHost } from '../src/view-host.js';
import { useViewHosts } from '../src/view-hosts.js';

const { front } = useViewHosts();

/** The host's --color-background-primary: light-dark(#ffffff, #1f1f1e). */
const BACKGROUND = { light: [255, 255, 255], dark: [31, 31, 30] };

async function layoutOf(host: ViewHost, id: string, width: number): Promise<DrawnLayout> {
  // Chromium does not lay out (nor run ResizeObserver in) a frame scrolled out of sight.
  await host.page.locator(`#${id}`).scrollIntoViewIfNeeded();
  const figure = host.frame(id).locator('figure.chart');
  let layout: DrawnLayout | undefined;
  await expect
    .poll(async () => {
      const text = await figure.getAttribute('data-layout');
      layout = text ? (JSON.parse(text) as DrawnLayout) : undefined;
      // Drawn at this width: the plot fits inside the frame.
      return layout !== undefined && layout.plotWidth < width - 60 && layout.plotWidth > width / 3;
    })
    .toBe(true);
  return layout as DrawnLayout;
}

describe.each(CASES)('$id: chart rules', (c) => {
  test('y includes zero for bars, labels apart, colours from the host above their floors, at 900 and 380 px in both themes', async () => {
    const host = await front(c.app);
    const id = `rules-${c.id}`;
    await host.mount({ id, tool: c.tool, arguments: c.arguments, width: 900 });
    const frame = host.frame(id);
    await settled(host, frame, 'ready');
    for (const theme of ['light', 'dark'] as const)
      for (const width of [900, 380]) {
        await host.setContext(id, { theme });
        await host.setWidth(id, width);
        await expect.poll(() => frame.locator('html').getAttribute('data-theme')).toBe(theme);
        await settled(host, frame, 'ready');
        const layout = await layoutOf(host, id, width);
        const where = `${c.id} ${theme} ${width}px`;
        if (layout.kind === 'bar')
          for (const [scale, range] of Object.entries(layout.scales))
            expect(range.min, `${where}: ${scale} starts at or below zero`).toBeLessThanOrEqual(0);
        expect(overlappingLabels(layout), `${where}: overlapping x labels`).toEqual([]);
        expect(layout.labels.length, `${where}: some x labels`).toBeGreaterThan(0);
        expect(
          layout.axisTitles.every((t) => t.length > 0),
          `${where}: axis titles`,
        ).toBe(true);
        expect(layout.colors.background.slice(0, 3), `${where}: the host's background`).toEqual(
          BACKGROUND[theme],
        );
        expect(
          contrast(layout.colors.text, layout.colors.background),
          `${where}: text`,
        ).toBeGreaterThanOrEqual(4.5);
        for (const mark of layout.colors.marks)
          expect(contrast(mark, layout.colors.background), `${where}: marks`).toBeGreaterThanOrEqual(3);
      }
  });
});

describe('legend toggles work from the keyboard', () => {
  test('Tab reaches a toggle; Enter hides the series (aria-pressed false), Space shows it again', async () => {
    const host = await front('sp-mcp');
    const id = 'rules-fba-inventory';
    const frame = host.frame(id);
    const toggle = frame.locator('[data-role="legend-toggle"]').first();
    await toggle.focus();
    await expect.poll(() => toggle.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    expect(await toggle.getAttribute('tabindex')).toBe('0');
    const calls = host.toolCalls().length;
    await toggle.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.press(' ');
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    expect(host.toolCalls().length).toBe(calls);
  });
});
