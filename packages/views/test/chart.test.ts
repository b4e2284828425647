// @vitest-environment happy-dom
// The chart a user sees, from the options handed to uPlot: axes from zero, titles with units and currency, tick and
// legend text, bars drawn from zero (side by side or stacked), its text alternative, a keyboard legend.
import type uPlot from 'uplot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { barPaths } from '../src/shared/chart-bars.js';
import { setLocale } from '../src/shared/format.js';
import type { ChartSpec, Row } from '../src/shared/view-model.js';

/** What the view handed uPlot (the canvas itself is Chromium's business: tests/views). */
const made: Array<{ options: uPlot.Options; data: uPlot.AlignedData; host: HTMLElement; plot: FakePlot }> =
  [];

interface FakePlot {
  width: number;
  series: Array<{ show?: boolean; scale?: string }>;
  bbox: { left: number; width: number };
  scales: Record<string, { min?: number; max?: number }>;
  valToPos: (v: number, scale: string) => number;
  setSize: (size: { width: number; height: number }) => void;
  sizes: Array<{ width: number; height: number }>;
}

vi.mock('uplot', () => {
  function FakeUPlot(this: FakePlot, options: uPlot.Options, data: uPlot.AlignedData, host: HTMLElement) {
    this.width = options.width;
    this.series = (options.series ?? []).map((s) => ({ show: true, scale: s.scale }));
    this.bbox = { left: 100, width: 1000 };
    this.scales = { x: { min: -0.5, max: 2.5 } };
    this.valToPos = (v) => v * 10;
    this.sizes = [];
    this.setSize = (size) => {
      this.sizes.push(size);
      this.width = size.width;
    };
    // The legend uPlot mounts: one row per series.
    const table = document.createElement('table');
    table.className = 'u-legend';
    for (const s of options.series ?? []) {
      const tr = document.createElement('tr');
      tr.className = 'u-series';
      const th = document.createElement('th');
      th.textContent = String(s.label ?? '');
      tr.append(th);
      table.append(tr);
    }
    options.legend?.mount?.(this as unknown as uPlot, table);
    made.push({ options, data, host, plot: this });
  }
  (FakeUPlot as unknown as { pxRatio: number }).pxRatio = 2;
  return { default: FakeUPlot };
});

const { renderChart, axisTitle, MAX_BARS } = await import('../src/shared/chart.js');

let resized: Array<() => void>;
/** The browser's computed styles: hex colours as rgb(), the body's font. */
let family = 'Inter';
beforeEach(() => {
  family = 'Inter';
  vi.spyOn(window, 'getComputedStyle').mockImplementation((el: Element) => {
    const color = (el as HTMLElement).style.color;
    const hex = /^#([0-9a-f]{6})$/i.exec(color)?.[1];
    const rgb = hex
      ? `rgb(${[0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`
      : color;
    return { color: rgb, fontFamily: family } as CSSStyleDeclaration;
  });
  made.length = 0;
  resized = [];
  setLocale('en-US');
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(cb: () => void) {
        resized.push(cb);
      }
      observe() {}
    },
  );
  vi.stubGlobal(
    'Path2D',
    class {
      rects: number[][] = [];
      rect(...args: number[]) {
        this.rects.push(args);
      }
    },
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setLocale(undefined);
  document.body.replaceChildren();
});

async function drawn(spec: ChartSpec, rows: Row[]) {
  const figure = renderChart(spec, rows);
  document.body.append(figure);
  await Promise.resolve();
  await Promise.resolve();
  const last = made.at(-1);
  if (!last) throw new Error('no chart drawn');
  return { figure, ...last, u: last.plot as unknown as uPlot };
}
type Axis = uPlot.Axis & {
  splits: (u: uPlot) => number[];
  values: (u: uPlot, splits: number[]) => string[];
  size: (u: uPlot, vals: string[] | null) => number;
  rotate: () => number;
};
const axis = (o: uPlot.Options, i: number) => (o.axes ?? [])[i] as Axis;
type Range = (u: uPlot, min: number, max: number) => [number, number];
const range = (o: uPlot.Options, scale: string, u: uPlot, min: number, max: number) => {
  const scales = o.scales ?? {};
  return (scales[scale] as { range: Range }).range(u, min, max);
};
type Series = uPlot.Series & {
  value: (u: uPlot, v: number | null, si: number, idx: number | null) => string;
};
const series = (o: uPlot.Options, i: number) => (o.series ?? [])[i] as Series;

const sales: ChartSpec = {
  kind: 'line',
  title: 'Units and sales per day',
  x: 'day',
  xTitle: 'Day',
  series: [
    { key: 'units', label: 'Units', integer: true },
    { key: 'sales', label: 'Sales', currency: 'USD' },
  ],
};
const days: Row[] = [
  { day: '2026-03-01', units: 3, sales: 1500 },
  { day: '2026-03-02', units: null, sales: 20.5 },
  { day: '2026-03-03', units: 5, sales: 'n/a' },
];

describe('axisTitle', () => {
  it('one series: its name with unit or currency; several: what they share', () => {
    expect(axisTitle([])).toBe('');
    expect(axisTitle([{ key: 'a', label: 'Units' }], 'Override')).toBe('Override');
    expect(axisTitle([{ key: 'a', label: 'Units' }])).toBe('Units');
    expect(axisTitle([{ key: 'a', label: 'Sales', currency: 'EUR' }])).toBe('Sales (EUR)');
    expect(axisTitle([{ key: 'a', label: 'Budget used', unit: '%' }])).toBe('Budget used (%)');
    const two = (extra: object) => [
      { key: 'a', label: 'A', ...extra },
      { key: 'b', label: 'B', ...extra },
    ];
    expect(axisTitle(two({ currency: 'EUR' }))).toBe('Amount (EUR)');
    expect(axisTitle(two({ unit: '%' }))).toBe('Percent');
    expect(axisTitle(two({ unit: 'units' }))).toBe('Units');
    expect(axisTitle(two({}))).toBe('Value');
  });
});

describe('renderChart', () => {
  it('a figure named by its title, described by its summary, with the canvas hidden from assistive tech', async () => {
    const { figure } = await drawn(sales, days);
    expect(figure.getAttribute('aria-label')).toBe('Units and sales per day');
    expect(figure.getAttribute('data-series')).toBe('2');
    expect(figure.querySelector('strong')?.textContent).toBe('Units and sales per day');
    const summary = figure.querySelector('.chart-summary') as HTMLElement;
    expect(figure.getAttribute('aria-describedby')).toBe(summary.id);
    expect(summary.id).toMatch(/^chart-summary-[0-9a-z]+$/);
    expect(summary.textContent).toContain(
      'Line chart of Units and Sales for 3 points (2026-03-01 to 2026-03-03).',
    );
    expect(figure.querySelector('.chart-canvas')?.getAttribute('aria-hidden')).toBe('true');
    const other = renderChart(sales, days);
    expect(other.getAttribute('aria-describedby')).not.toBe(figure.getAttribute('aria-describedby'));
  });

  it('values from zero on every value axis, one axis per currency or unit, x as the row index', async () => {
    const { options, data, u } = await drawn(sales, days);
    expect(data).toEqual([
      [0, 1, 2],
      [3, null, 5],
      [1500, 20.5, null],
    ]);
    expect(Object.keys(options.scales ?? {})).toEqual(['x', 'count', 'USD']);
    expect(range(options, 'count', u, 3, 5)).toEqual([0, 5.25]);
    expect(range(options, 'USD', u, 20.5, 1500)).toEqual([0, 1575]);
    expect(range(options, 'x', u, 0, 2)).toEqual([0, 2]);
    expect(range(options, 'x', u, 0, 0)).toEqual([0, 1]);
    expect(options.scales?.x?.time).toBe(false);
    expect(options.height).toBe(260);
    expect(options.width).toBe(600);
    expect(options.cursor?.points?.show).toBe(true);
    expect(options.legend?.show).toBe(true);
    expect(options.legend?.live).toBe(false);
  });

  it('axis titles and tick text: whole counts on the left, compact money on the right', async () => {
    const { options, u } = await drawn(sales, days);
    const [x, count, usd] = [axis(options, 0), axis(options, 1), axis(options, 2)];
    expect(x.label).toBe('Day');
    expect(x.labelFont).toBe('600 12px Inter');
    expect(x.font).toBe('12px Inter');
    expect(x.labelSize).toBe(20);
    expect(x.grid?.show).toBe(true);
    expect([count.label, usd.label]).toEqual(['Units', 'Sales (USD)']);
    expect([count.side, usd.side]).toEqual([3, 1]);
    expect([count.grid?.show, usd.grid?.show]).toEqual([true, false]);
    expect([count.scale, usd.scale]).toEqual(['count', 'USD']);
    expect(count.incrs).toEqual(expect.arrayContaining([1, 2, 5, 10]));
    expect((count.incrs as number[]).every((i) => Number.isInteger(i))).toBe(true);
    expect(usd).not.toHaveProperty('incrs');
    expect(count.values(u, [0, 2.4, 1000])).toEqual(['0', '2', '1,000']);
    expect(usd.values(u, [0, 1500, 2_500_000])).toEqual(['$0', '$1.5K', '$2.5M']);
    expect([count.labelFont, count.labelSize]).toEqual(['600 12px Inter', 20]);
    // Wide enough for its widest tick label (7 px a character without a canvas to measure), at least 30 px.
    expect(count.size(u, ['1', '22'])).toBe(44);
    expect(count.size(u, ['1234567'])).toBe(63);
    expect(count.size(u, null as unknown as string[])).toBe(44);
  });

  it('a body without a font family: the system font', async () => {
    family = '';
    const { options } = await drawn(sales, days);
    expect(axis(options, 0).font).toBe('12px system-ui, sans-serif');
  });

  it('a decimal axis keeps two decimals', async () => {
    const { options, u } = await drawn(
      { kind: 'line', title: 't', x: 'd', series: [{ key: 'v', label: 'ACOS', unit: '%' }] },
      [{ d: 'a', v: 1.234 }],
    );
    expect(axis(options, 1).values(u, [1.234])).toEqual(['1.23']);
    expect(axis(options, 1).label).toBe('ACOS (%)');
    expect(axis(options, 0)).not.toHaveProperty('label');
    expect(series(options, 0).label).toBe('d');
  });

  it('x labels: dates as the user reads them, every n-th when they do not fit', async () => {
    const { options, u } = await drawn(sales, days);
    const x = axis(options, 0);
    // 1000 device px at pxRatio 2: 500 px for 2 gaps of a line chart.
    expect(x.splits(u)).toEqual([0, 1, 2]);
    expect(x.values(u, [0, 1, 2, 1.5])).toEqual(['Mar 1, 2026', 'Mar 2, 2026', 'Mar 3, 2026', '']);
    expect(x.rotate()).toBe(0);
    expect(x.size(u, ['Mar 1, 2026'])).toBe(30);
    // 40 px slots: flat labels every 5th, rotated ones every 2nd.
    u.bbox.width = 80;
    expect(x.splits(u)).toEqual([0, 2]);
    expect(x.rotate()).toBe(45);
    // Rotated: the widest label's height at 45° plus a line and a margin.
    expect(x.size(u, ['Mar 1, 2026', 'Mar 3, 2026'])).toBe(
      Math.ceil(77 * Math.SQRT1_2 + 16 * Math.SQRT1_2 + 14),
    );
    expect(x.size(u, null)).toBe(30);
  });

  it('legend text and hover values: units and currency named, missing values as a dash', async () => {
    const { options, u } = await drawn(sales, days);
    expect(series(options, 0).label).toBe('Day');
    // The x series' value is its index: the day as the axis shows it.
    expect(series(options, 0).value(u, 1, 0, 1)).toBe('Mar 2, 2026');
    expect(series(options, 0).value(u, null, 0, null)).toBe('');
    expect(series(options, 0).value(u, 9, 0, 9)).toBe('');
    expect([series(options, 1).label, series(options, 2).label]).toEqual(['Units', 'Sales (USD)']);
    expect(series(options, 1).value(u, null, 1, 0)).toBe('3');
    expect(series(options, 1).value(u, null, 1, 1)).toBe('—');
    expect(series(options, 1).value(u, 2.5, 1, null)).toBe('3');
    expect(series(options, 1).value(u, null, 1, null)).toBe('—');
    expect(series(options, 2).value(u, null, 2, 0)).toBe('$1,500.00');
    expect(series(options, 2).value(u, null, 2, 2)).toBe('—');
    expect(series(options, 1).width).toBe(2);
    expect(series(options, 1)).not.toHaveProperty('paths');
    expect(series(options, 1).scale).toBe('count');
    expect(series(options, 1).stroke).toBe('rgb(0, 114, 178)');
  });

  it('a unit series is named with its unit in the legend', async () => {
    const { options } = await drawn(
      {
        kind: 'bar',
        title: 't',
        x: 'sku',
        series: [{ key: 'n', label: 'Fulfillable', unit: 'units', integer: true }],
      },
      [{ sku: 'A', n: 1 }],
    );
    expect(series(options, 1).label).toBe('Fulfillable (units)');
    expect(series(options, 1).scale).toBe('units');
  });

  it('bars: one slot per item centred, no grid or hover points, at most 60 of them (the table has the rest)', async () => {
    const spec: ChartSpec = {
      kind: 'bar',
      title: 'Clicks',
      x: 'c',
      xTitle: 'Campaign',
      series: [{ key: 'n', label: 'Clicks' }],
    };
    const rows = Array.from({ length: 70 }, (_v, i) => ({ c: `C${i}`, n: i }));
    const { options, data, u, figure } = await drawn(spec, rows);
    expect(MAX_BARS).toBe(60);
    expect(data[0]).toHaveLength(60);
    expect(range(options, 'x', u, 0, 59)).toEqual([-0.5, 59.5]);
    expect(axis(options, 0).grid?.show).toBe(false);
    expect(options.cursor?.points?.show).toBe(false);
    expect(series(options, 1).width).toBe(1);
    expect(series(options, 1).fill).toBe(series(options, 1).stroke);
    expect(series(options, 1).points?.show).toBe(false);
    expect(typeof series(options, 1).paths).toBe('function');
    expect(figure.querySelector('.chart-summary')?.textContent).toContain(
      'Only the first 60 of 70 rows are drawn; the table has all.',
    );
    // Bars: a slot is the plot width over the items (400 px / 60, 27 px a label with its gap: every 5th).
    u.bbox.width = 800;
    const x = axis(options, 0);
    expect(x.splits(u)).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55]);
    expect(x.rotate()).toBe(0);
  });

  it('stacked bars: the value axis reaches the tallest visible stack, from zero', async () => {
    const spec: ChartSpec = {
      kind: 'bar',
      title: 'Fees',
      x: 'item',
      stacked: true,
      yTitle: 'Fees (USD)',
      series: [
        { key: 'a', label: 'Referral fee', currency: 'USD' },
        { key: 'b', label: 'FBA fees', currency: 'USD' },
      ],
    };
    const { options, u } = await drawn(spec, [
      { item: 'X', a: 7.5, b: 2.5 },
      { item: 'Y', a: 1, b: 12 },
    ]);
    expect(range(options, 'USD', u, 1, 12)).toEqual([0, 13.65]);
    (u.series[2] as { show: boolean }).show = false;
    expect(range(options, 'USD', u, 1, 12)).toEqual([0, 7.875]);
    expect(axis(options, 1).label).toBe('Fees (USD)');
    const unstacked = await drawn({ ...spec, kind: 'line' }, [{ item: 'X', a: 7.5, b: 2.5 }]);
    expect(range(unstacked.options, 'USD', unstacked.u, 2.5, 7.5)).toEqual([0, 7.875]);
  });

  it('colours: each series its own palette colour, repeating past six', async () => {
    const many = Array.from({ length: 7 }, (_v, i) => ({ key: `s${i}`, label: `S${i}` }));
    const { options } = await drawn({ kind: 'line', title: 't', x: 'x', series: many }, [{ x: 'a' }]);
    const strokes = (options.series ?? []).slice(1).map((s) => s.stroke);
    expect(new Set(strokes.slice(0, 6)).size).toBe(6);
    expect(strokes[6]).toBe(strokes[0]);
  });

  it('the legend is keyboard-operable and follows the series shown', async () => {
    const { figure, options, u } = await drawn(sales, days);
    const toggles = [...figure.querySelectorAll('.chart-legend [data-role=legend-toggle]')];
    expect(toggles.map((t) => t.textContent)).toEqual(['Units', 'Sales (USD)']);
    (u.series[1] as { show: boolean }).show = false;
    options.hooks?.setSeries?.[0]?.(u, 1, {});
    expect(toggles.map((t) => t.getAttribute('aria-pressed'))).toEqual(['false', 'true']);
  });

  it('what was drawn is recorded for the browser tests: scales, titles, labels, colours', async () => {
    const { figure, options, u } = await drawn(sales, days);
    (u as unknown as FakePlot).scales = { x: { min: 0, max: 2 }, count: { min: 0, max: 5.1 } };
    axis(options, 0).splits(u);
    options.hooks?.draw?.[0]?.(u);
    const layout = JSON.parse(figure.dataset.layout ?? '{}');
    expect(layout).toMatchObject({
      kind: 'line',
      stacked: false,
      plotWidth: 500,
      scales: { count: { min: 0, max: 5.1 }, USD: { min: null, max: null } },
      axisTitles: ['Units', 'Sales (USD)'],
      angle: 0,
      lineHeight: 16,
    });
    expect(layout.labels).toEqual([
      { x: 50, width: 77, text: 'Mar 1, 2026' },
      { x: 60, width: 77, text: 'Mar 2, 2026' },
      { x: 70, width: 77, text: 'Mar 3, 2026' },
    ]);
    expect(layout.colors.marks).toHaveLength(2);
    expect(layout.colors.background).toHaveLength(4);
    expect(layout.colors.text).toHaveLength(4);
  });

  it('a resize redraws at the new width, a few pixels of jitter do not; never under 240 px', async () => {
    const { plot, host } = await drawn(sales, days);
    const cb = resized.at(-1) as () => void;
    Object.defineProperty(host, 'clientWidth', { value: 603, configurable: true });
    cb();
    expect(plot.sizes).toEqual([]);
    Object.defineProperty(host, 'clientWidth', { value: 605, configurable: true });
    cb();
    expect(plot.sizes).toEqual([{ width: 605, height: 260 }]);
    Object.defineProperty(host, 'clientWidth', { value: 100, configurable: true });
    cb();
    expect(plot.sizes.at(-1)).toEqual({ width: 240, height: 260 });
    Object.defineProperty(host, 'clientWidth', { value: 244, configurable: true });
    cb();
    expect(plot.sizes).toHaveLength(2);
  });

  it('a narrow host: at least 240 px wide', async () => {
    const figure = renderChart(sales, days);
    document.body.append(figure);
    Object.defineProperty(figure.querySelector('.chart-canvas'), 'clientWidth', { value: 120 });
    await Promise.resolve();
    expect(made.at(-1)?.options.width).toBe(240);
    const wide = renderChart(sales, days);
    document.body.append(wide);
    Object.defineProperty(wide.querySelector('.chart-canvas'), 'clientWidth', { value: 700 });
    await Promise.resolve();
    expect(made.at(-1)?.options.width).toBe(700);
  });
});

describe('bar paths: every bar from zero', () => {
  /** A plot 10 px per x index, and y pixels = 100 − value (the top is 0). */
  function plot(shows: boolean[]) {
    return {
      series: [{}, ...shows.map((show) => ({ show, scale: 'USD' }))],
      valToPos: (v: number, scale: string) => (scale === 'x' ? v * 10 : 100 - v),
    } as unknown as uPlot;
  }
  const rects = (p: unknown) => (p as { fill: { rects: number[][] } }).fill.rects;

  it('side by side: each series its share of the slot, from zero up to the value; missing values leave a gap', () => {
    const values = [
      [5, null, 3],
      [2, 4, -1],
    ];
    const build = barPaths({ stacked: false, values });
    const u = plot([true, true]);
    // Slot 10 px, 80 % of it shared by two series: 4 px each.
    expect(rects(build(u, 1, 0, 2))).toEqual([
      [-4, 95, 3, 5],
      [16, 97, 3, 3],
    ]);
    expect(rects(build(u, 2, 0, 2))).toEqual([
      [0, 98, 3, 2],
      [10, 96, 3, 4],
      [20, 100, 3, 1],
    ]);
    expect(rects(build(u, 1, 2, 2))).toEqual([[16, 97, 3, 3]]);
    const both = build(u, 1, 0, 0) as { stroke: unknown; fill: unknown };
    expect(both.stroke).toBe(both.fill);
  });

  it('stacked: each part on the ones below it; a hidden part closes the stack', () => {
    const values = [
      [5, 1],
      [2, 3],
    ];
    const build = barPaths({ stacked: true, values });
    expect(rects(build(plot([true, true]), 2, 0, 1))).toEqual([
      [-4, 93, 7, 2],
      [6, 96, 7, 3],
    ]);
    expect(rects(build(plot([false, true]), 2, 0, 1))).toEqual([
      [-4, 98, 7, 2],
      [6, 97, 7, 3],
    ]);
    expect(rects(build(plot([false, true]), 1, 0, 1))).toEqual([]);
  });

  it('a bar is at least a pixel wide and tall; a series without a scale uses y', () => {
    const build = barPaths({ stacked: false, values: [[0]] });
    const u = {
      series: [{}, {}],
      valToPos: (v: number, scale: string) => (scale === 'x' ? v * 1 : scale === 'y' ? 50 - v : Number.NaN),
    } as unknown as uPlot;
    expect(rects(build(u, 1, 0, 0))).toEqual([[-0.4, 50, 1, 1]]);
    expect(rects(build(u, 5, 0, 0))).toEqual([]);
    const none = barPaths({ stacked: false, values: [] });
    expect(rects(none(plot([true]), 1, 0, 0))).toEqual([]);
  });
});
