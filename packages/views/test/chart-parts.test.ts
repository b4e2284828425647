// @vitest-environment happy-dom
// What a chart tells a user: its text alternative, a value axis from zero, labels that fit, readable colours, a keyboard legend.
import type uPlot from 'uplot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  planXLabels,
  ROTATED_MAX_CHARS,
  shownIndices,
  stackBars,
  stackMax,
  truncateLabel,
  valueRange,
} from '../src/shared/chart-layout.js';
import { chartColors, css, PALETTE, resolveColor } from '../src/shared/chart-colors.js';
import { keyboardLegend, syncLegend } from '../src/shared/chart-legend.js';
import { chartSummary } from '../src/shared/chart-summary.js';
import {
  contrastRatio,
  cssOf,
  ensureContrast,
  luminance,
  MARK_CONTRAST,
  over,
  type Rgba,
  TEXT_CONTRAST,
} from '../src/shared/contrast.js';
import { setLocale } from '../src/shared/format.js';
import type { ChartSpec, Row } from '../src/shared/view-model.js';

afterEach(() => {
  setLocale(undefined);
  vi.restoreAllMocks();
  document.body.replaceChildren();
  document.documentElement.removeAttribute('data-theme');
});

describe('the chart in words', () => {
  const spec: ChartSpec = {
    kind: 'line',
    title: 'Sales',
    x: 'day',
    series: [
      { key: 'sales', label: 'Sales', currency: 'USD' },
      { key: 'units', label: 'Units' },
    ],
  };
  const rows: Row[] = [
    { day: 'Mon', sales: 10, units: 1500 },
    { day: 'Tue', sales: 30.5, units: null },
    { day: 'Wed', sales: 5, units: 2 },
  ];

  it('what it plots, over which span, and per series its total, highest and lowest point', () => {
    setLocale('en-US');
    expect(chartSummary(spec, rows, 3)).toBe(
      'Line chart of Sales and Units for 3 points (Mon to Wed). ' +
        'Sales: total $45.50, highest $30.50 (Tue), lowest $5.00 (Wed). ' +
        'Units: total 1,502, highest 1,500 (Mon), lowest 2 (Wed).',
    );
  });

  it('bars beyond the drawn ones are said to be in the table only; ties keep the first point', () => {
    setLocale('en-US');
    const bars: ChartSpec = { kind: 'bar', title: 'Clicks', x: 'c', series: [{ key: 'n', label: 'Clicks' }] };
    const items: Row[] = [
      { c: 'A', n: 4 },
      { c: 'B', n: 4 },
      { c: 'C', n: 1 },
      { c: 'D', n: 1 },
      { c: 'E', n: 99 },
    ];
    expect(chartSummary(bars, items, 4)).toBe(
      'Bar chart of Clicks for 4 items (A to D). Only the first 4 of 5 rows are drawn; the table has all. ' +
        'Clicks: total 10, highest 4 (A), lowest 1 (C).',
    );
  });

  it('nothing plotted: no span, and no series line without a number', () => {
    expect(chartSummary(spec, [], 0)).toBe('Line chart of Sales and Units for 0 points.');
    expect(chartSummary(spec, [{ day: 'Mon', sales: null, units: 'n/a' }], 1)).toBe(
      'Line chart of Sales and Units for 1 points (Mon to Mon).',
    );
    expect(chartSummary(spec, [{ sales: 1 }], 1)).toContain('( to ).');
  });
});

describe('the value axis starts at zero', () => {
  it('all positive: from 0 to 5 % above the top', () => {
    expect(valueRange(50, 120)).toEqual([0, 126]);
    expect(valueRange(null, 100)).toEqual([0, 105]);
  });

  it('all negative: from 5 % below the bottom up to 0', () => {
    expect(valueRange(-100, -50)).toEqual([-105, 0]);
  });

  it('both signs: 5 % of the span either side', () => {
    expect(valueRange(-20, 80)).toEqual([-25, 85]);
  });

  it('nothing but zero: a unit axis', () => {
    expect(valueRange(0, 0)).toEqual([0, 1]);
    expect(valueRange(null, 0)).toEqual([0, 1]);
  });
});

describe('x labels', () => {
  const measure = (s: string) => s.length * 10;

  it('a label cut to fit ends with an ellipsis; one that fits is kept', () => {
    expect(truncateLabel('abcdef', 6)).toBe('abcdef');
    expect(truncateLabel('abcdefg', 6)).toBe('abcde…');
  });

  it('flat when the widest label and the gap fit in a slot', () => {
    expect(planXLabels(['abcd', 'ab'], 46, measure, 16)).toEqual({
      step: 1,
      rotate: 0,
      labels: ['abcd', 'ab'],
    });
    // One pixel short of the gap: no longer flat (rotated, which fits them all).
    expect(planXLabels(['abcd', 'ab'], 45, measure, 16)).toMatchObject({ step: 1, rotate: 45 });
    expect(planXLabels(['abcd', 'ab'], 46, measure, 16, 7)).toMatchObject({ step: 1, rotate: 45 });
    expect(planXLabels([], 10, measure, 16)).toEqual({ step: 1, rotate: 0, labels: [] });
  });

  it('rotated 45° when that shows more labels, every n-th, long ones cut', () => {
    const long = 'A very long campaign name indeed';
    const plan = planXLabels([long, 'b', 'c'], 20, measure, 16);
    // Rotated labels need (16 + 6) / (20 · sin 45°) = 1.56 → every 2nd slot; flat ones (320 + 6) / 20 → every 17th.
    expect(plan).toEqual({
      step: 2,
      rotate: 45,
      labels: [truncateLabel(long, ROTATED_MAX_CHARS), 'b', 'c'],
    });
    expect(plan.labels[0]).toHaveLength(ROTATED_MAX_CHARS);
  });

  it('kept flat, thinned, when rotating does not show more', () => {
    // Flat: (30 + 6) / 20 → every 2nd; rotated: (40 + 6) / (20 · 0.707) → every 4th.
    expect(planXLabels(['abc', 'def'], 20, measure, 40)).toEqual({
      step: 2,
      rotate: 0,
      labels: ['abc', 'def'],
    });
    // Equal steps stay flat too: flat (30 + 6) / 12 = 3, rotated (13.5 + 6) / (12 · 0.707) = 2.3 → 3.
    expect(planXLabels(['abc'], 12, measure, 13.5).rotate).toBe(0);
  });

  it('a zero-width slot still yields a plan', () => {
    const plan = planXLabels(['a', 'b'], 0, measure, 16);
    expect(plan.step).toBeGreaterThan(1000);
    expect(Number.isFinite(plan.step)).toBe(true);
  });

  it('shownIndices: every step-th from the first', () => {
    expect(shownIndices(7, 3)).toEqual([0, 3, 6]);
    expect(shownIndices(6, 3)).toEqual([0, 3]);
    expect(shownIndices(0, 1)).toEqual([]);
  });
});

describe('stacks', () => {
  it('a series shorter than the others leaves its missing slots empty; the tallest stack is the axis top', () => {
    expect(stackBars([[1], [2, 3]], [true, true])).toEqual([
      [[0, 1], null],
      [
        [1, 3],
        [0, 3],
      ],
    ]);
    expect(stackMax([[1], [2, 3]], [true, true])).toBe(3);
    expect(stackMax([[-1]], [true])).toBe(0);
    expect(stackBars([], [])).toEqual([]);
  });
});

describe('contrast', () => {
  const white: Rgba = [255, 255, 255, 1];
  const black: Rgba = [0, 0, 0, 1];

  it('luminance and ratios as WCAG defines them', () => {
    expect(luminance(white)).toBeCloseTo(1, 10);
    expect(luminance(black)).toBe(0);
    // A dark channel on the linear segment (≤ 0.04045).
    expect(luminance([10, 10, 10, 1])).toBeCloseTo(10 / 255 / 12.92, 10);
    expect(luminance([255, 0, 0, 1])).toBeCloseTo(0.2126, 10);
    expect(luminance([0, 255, 0, 1])).toBeCloseTo(0.7152, 10);
    expect(luminance([0, 0, 255, 1])).toBeCloseTo(0.0722, 10);
    expect(luminance([128, 128, 128, 1])).toBeCloseTo(0.2158605, 6);
    expect(contrastRatio(white, black)).toBeCloseTo(21, 10);
    expect(contrastRatio([118, 118, 118, 1], white)).toBeCloseTo(4.54, 2);
  });

  it('a translucent colour is judged as it shows over the background', () => {
    expect(over([0, 0, 0, 0.5], white)).toEqual([127.5, 127.5, 127.5, 1]);
    expect(over([200, 100, 50, 1], black)).toEqual([200, 100, 50, 1]);
    expect(contrastRatio([0, 0, 0, 0], white)).toBeCloseTo(1, 10);
  });

  it('a faint colour is darkened on a light background and lightened on a dark one, just enough', () => {
    const faint: Rgba = [200, 200, 200, 1];
    const onLight = ensureContrast(faint, white, TEXT_CONTRAST);
    expect(contrastRatio(onLight, white)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(onLight[0]).toBeLessThan(200);
    // The first mix step that passes: one step less would not.
    expect(onLight).toEqual([110, 110, 110, 1]);
    expect(contrastRatio([120, 120, 120, 1], white)).toBeLessThan(TEXT_CONTRAST);
    const onDark = ensureContrast([60, 60, 60, 1], [20, 20, 20, 1], MARK_CONTRAST);
    expect(onDark[0]).toBeGreaterThan(60);
    expect(contrastRatio(onDark, [20, 20, 20, 1])).toBeGreaterThanOrEqual(MARK_CONTRAST);
    expect(onDark).toEqual([99, 99, 99, 1]);
  });

  it('a colour is mixed channel by channel, its hue kept', () => {
    expect(ensureContrast([255, 200, 0, 1], white, MARK_CONTRAST)).toEqual([179, 140, 0, 1]);
  });

  it('a floor no mix reaches: the pole itself', () => {
    expect(ensureContrast([128, 128, 128, 1], [128, 128, 128, 1], 21)).toEqual(black);
    expect(ensureContrast([100, 100, 100, 1], [30, 30, 30, 1], 21)).toEqual(white);
  });

  it('a colour that passes is kept as it shows, made opaque', () => {
    const kept = ensureContrast([0, 0, 0, 0.8], white, TEXT_CONTRAST);
    expect(kept.map((v) => Math.round(v))).toEqual([51, 51, 51, 1]);
  });

  it('CSS text for opaque and translucent colours', () => {
    expect(cssOf([1.4, 2.6, 3, 1])).toBe('rgb(1, 3, 3)');
    expect(cssOf([1.4, 2.6, 3, 0.25])).toBe('rgba(1, 3, 3, 0.25)');
    expect(css).toBe(cssOf);
  });
});

describe('chart colours from the host', () => {
  /** A browser's computed colours: what each expression the probe was given resolves to. */
  function computed(colours: Record<string, string>) {
    vi.spyOn(window, 'getComputedStyle').mockImplementation(
      (el: Element) => ({ color: colours[(el as HTMLElement).style.color] ?? '' }) as CSSStyleDeclaration,
    );
  }

  it('a colour the browser resolves to rgb()/rgba() is read as it is; the probe is gone afterwards', () => {
    computed({ 'var(--bg)': 'rgb(10, 20, 30)', red: 'rgba(255, 0, 0, 0.5)', blue: 'rgba(0,0,255,0.25)' });
    expect(resolveColor('var(--bg)', [1, 1, 1, 1])).toEqual([10, 20, 30, 1]);
    expect(resolveColor('red', [1, 1, 1, 1])).toEqual([255, 0, 0, 0.5]);
    expect(resolveColor('blue', [1, 1, 1, 1])).toEqual([0, 0, 255, 0.25]);
    expect(document.body.children).toHaveLength(0);
  });

  it('an expression the browser rejects: the fallback', () => {
    computed({});
    expect(resolveColor('not-a-colour', [9, 9, 9, 1])).toEqual([9, 9, 9, 1]);
  });

  const rgb = (hex: string) =>
    `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

  it('light theme, host colours unreadable: white background, text ≥ 4.5:1, every mark ≥ 3:1', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    computed(Object.fromEntries(PALETTE.map((hex) => [hex, rgb(hex)])));
    const c = chartColors();
    expect(c.background).toEqual([255, 255, 255, 1]);
    expect(c.text).toEqual([87, 92, 102, 1]);
    expect(c.grid).toEqual([128, 128, 128, 0.3]);
    expect(c.marks).toHaveLength(PALETTE.length);
    for (const mark of c.marks)
      expect(contrastRatio(mark, c.background)).toBeGreaterThanOrEqual(MARK_CONTRAST);
    // Colours that already pass stay the palette's own.
    expect(c.marks[0]).toEqual([0, 114, 178, 1]);
  });

  it('dark theme: a dark background, and marks lifted to 3:1 against it', () => {
    document.documentElement.dataset.theme = 'dark';
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    computed({});
    const c = chartColors();
    expect(c.background).toEqual([23, 24, 27, 1]);
    expect(c.text).toEqual([169, 174, 184, 1]);
    expect(contrastRatio(c.text, c.background)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    // Every palette colour falls back to the first (#0072B2, 3.3:1 on this background) and is lifted.
    expect(c.marks[5]).toEqual(ensureContrast([0, 114, 178, 1], [23, 24, 27, 1], MARK_CONTRAST));
    for (const mark of c.marks) {
      expect(contrastRatio(mark, c.background)).toBeGreaterThanOrEqual(MARK_CONTRAST);
      expect(mark[0]).toBeGreaterThanOrEqual(0);
    }
  });

  it("the host's colours: a translucent background is made opaque, a faint text lifted to 4.5:1", () => {
    computed({
      'var(--bg)': 'rgba(250, 250, 250, 0.5)',
      'var(--fg-muted)': 'rgb(230, 230, 230)',
      'var(--line)': 'rgb(1, 2, 3)',
      '#0072B2': 'rgb(250, 250, 250)',
    });
    const c = chartColors();
    expect(c.background).toEqual([250, 250, 250, 1]);
    expect(c.grid).toEqual([1, 2, 3, 1]);
    expect(contrastRatio(c.text, c.background)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(c.text[0]).toBeLessThan(230);
    expect(c.text).toEqual(ensureContrast([230, 230, 230, 1], [250, 250, 250, 1], TEXT_CONTRAST));
    expect(contrastRatio(c.marks[0] as Rgba, c.background)).toBeGreaterThanOrEqual(MARK_CONTRAST);
  });
  // Last: the canvas pixel, once made, is kept for the module's life.
  it('other syntaxes go through a canvas pixel; no canvas: the fallback', () => {
    computed({ red: 'oklch(0.6 0.2 30)' });
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    expect(resolveColor('red', [7, 7, 7, 1])).toEqual([7, 7, 7, 1]);
    const painted: string[] = [];
    const pixel = {
      fillStyle: '',
      clearRect: vi.fn(),
      fillRect: () => painted.push(pixel.fillStyle),
      getImageData: () => ({ data: [200, 100, 50, 51] }),
    };
    getContext.mockReturnValue(pixel as unknown as CanvasRenderingContext2D);
    expect(resolveColor('red', [7, 7, 7, 1])).toEqual([200, 100, 50, 0.2]);
    expect(painted).toEqual(['oklch(0.6 0.2 30)']);
    expect(pixel.clearRect).toHaveBeenCalledWith(0, 0, 1, 1);
    expect(getContext).toHaveBeenCalledWith('2d', { willReadFrequently: true });
    // The pixel is made once and reused.
    resolveColor('red', [7, 7, 7, 1]);
    expect(getContext).toHaveBeenCalledTimes(2);
    // An expression the browser rejects never reaches the canvas: the fallback.
    expect(resolveColor('not-a-colour', [9, 9, 9, 1])).toEqual([9, 9, 9, 1]);
    expect(painted).toHaveLength(2);
  });
});

describe('the legend by keyboard', () => {
  /** uPlot's legend markup: one row per series, the x series' row first when the legend is live. */
  function legend(rows: number): HTMLElement {
    const container = document.createElement('div');
    const table = document.createElement('table');
    table.className = 'u-legend';
    for (let i = 0; i < rows; i++) {
      const tr = document.createElement('tr');
      tr.className = 'u-series';
      const th = document.createElement('th');
      th.textContent = `series ${i}`;
      tr.append(th);
      table.append(tr);
    }
    container.append(table);
    document.body.append(container);
    return container;
  }
  const plot = (shows: boolean[]) => ({ series: shows.map((show) => ({ show })) }) as unknown as uPlot;

  it('each series toggle is a focusable button that says whether it is shown; the x row is none', () => {
    const container = legend(3);
    keyboardLegend(plot([true, true, false]), container);
    const ths = [...container.querySelectorAll('th')];
    expect(ths.map((t) => [t.tabIndex, t.getAttribute('role'), t.getAttribute('aria-pressed')])).toEqual([
      [-1, null, null],
      [0, 'button', 'true'],
      [0, 'button', 'false'],
    ]);
    expect(ths[1]?.getAttribute('data-role')).toBe('legend-toggle');
  });

  it('without the x row, every row is a series', () => {
    const container = legend(2);
    keyboardLegend(plot([true, true, false]), container);
    expect([...container.querySelectorAll('th')].map((t) => t.getAttribute('aria-pressed'))).toEqual([
      'true',
      'false',
    ]);
  });

  it('Enter and Space press the toggle; other keys do not', () => {
    const container = legend(2);
    keyboardLegend(plot([true, true]), container);
    const toggle = container.querySelectorAll('th')[1] as HTMLElement;
    const clicks: string[] = [];
    toggle.addEventListener('click', () => clicks.push('click'));
    for (const key of ['Enter', ' ', 'a', 'Tab']) {
      const event = new KeyboardEvent('keydown', { key, cancelable: true });
      toggle.dispatchEvent(event);
      clicks.push(`${key}:${event.defaultPrevented}`);
    }
    expect(clicks).toEqual(['click', 'Enter:true', 'click', ' :true', 'a:false', 'Tab:false']);
  });

  it('a row without a toggle cell is skipped', () => {
    const container = legend(2);
    container.querySelectorAll('th')[1]?.remove();
    keyboardLegend(plot([true, true]), container);
    expect(container.querySelector('[role=button]')).toBeNull();
  });

  it('the pressed state follows the series when it is hidden or shown again', () => {
    const container = legend(3);
    const p = plot([true, true, true]);
    keyboardLegend(p, container);
    (p.series[1] as { show: boolean }).show = false;
    syncLegend(p, container);
    expect([...container.querySelectorAll('th')].map((t) => t.getAttribute('aria-pressed'))).toEqual([
      null,
      'false',
      'true',
    ]);
    (p.series[2] as { show?: boolean }).show = undefined;
    syncLegend(p, container);
    expect(container.querySelectorAll('th')[2]?.getAttribute('aria-pressed')).toBe('true');
  });
});
