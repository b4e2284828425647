// Charts with uPlot (canvas, ~20 KB gzip): a line over time or bars per item, each with a text alternative.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { chartSummary } from './chart-summary.js';
import { h } from './dom.js';
import { formatMoney, formatNumber } from './format.js';
import type { ChartSpec, Row } from './view-model.js';

/** Bars beyond this many items stay in the table only (a chart of thousands of bars says nothing). */
export const MAX_BARS = 60;
/** Colour-blind-safe palette (Okabe–Ito) that reads on light and dark backgrounds. */
const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00'];

const cssVar = (name: string, fallback: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

export function renderChart(spec: ChartSpec, rows: readonly Row[]): HTMLElement {
  const plotted = spec.kind === 'bar' ? Math.min(rows.length, MAX_BARS) : rows.length;
  const shown = rows.slice(0, plotted);
  const summaryId = `chart-summary-${Math.random().toString(36).slice(2)}`;
  const canvasHost = h('div', { class: 'chart-canvas', 'aria-hidden': 'true' });
  const figure = h(
    'figure',
    {
      class: 'chart',
      role: 'group',
      'aria-label': spec.title,
      'aria-describedby': summaryId,
      'data-series': spec.series.length,
    },
    h(
      'figcaption',
      {},
      h('strong', {}, spec.title),
      h('p', { id: summaryId, class: 'chart-summary' }, chartSummary(spec, rows, plotted)),
    ),
    canvasHost,
  );
  const labels = shown.map((r) => String(r[spec.x] ?? ''));
  const xs = shown.map((_r, i) => i);
  const data: uPlot.AlignedData = [
    xs,
    ...spec.series.map((s) => shown.map((r) => (typeof r[s.key] === 'number' ? (r[s.key] as number) : null))),
  ];
  const text = cssVar('--color-text-secondary', '#555');
  const grid = cssVar('--color-border-secondary', 'rgba(128,128,128,0.25)');
  const scaleOf = (currency: string | undefined) => currency ?? 'count';
  const scales = [...new Set(spec.series.map((s) => scaleOf(s.currency)))];
  // Several bar series overlap, each narrower than the one before (drawn later, on top), so all stay visible.
  const barsFor = (i: number) => {
    const share = 1 - i / (spec.series.length + 1);
    return uPlot.paths.bars?.({ size: [0.8 * share, Math.round(72 * share)], align: 0 });
  };
  const options: uPlot.Options = {
    width: 600,
    height: 240,
    legend: { show: true },
    cursor: { points: { show: spec.kind === 'line' } },
    scales: {
      x: {
        time: false,
        // Bars: one slot per item, centred on its index (a lone bar sits in the middle, not at an edge).
        range: (_u, min, max) =>
          spec.kind === 'bar' ? [-0.5, shown.length - 0.5] : [min, Math.max(max, min + 1)],
      },
    },
    axes: [
      {
        stroke: text,
        grid: { stroke: grid },
        ...(spec.kind === 'bar' ? { splits: () => xs } : {}),
        values: (_u, splits) => splits.map((i) => (Number.isInteger(i) ? (labels[i] ?? '') : '')),
      },
      ...scales.map((scale, i) => ({
        scale,
        side: i === 0 ? 3 : 1,
        stroke: text,
        grid: { show: i === 0, stroke: grid },
        values: (_u: uPlot, splits: number[]) =>
          splits.map((v) => (scale === 'count' ? formatNumber(v, 1) : formatMoney(v, scale))),
        size: 70,
      })),
    ],
    series: [
      { label: spec.x, value: (_u, i) => (i === null ? '' : (labels[i] ?? '')) },
      ...spec.series.map((s, i) => ({
        label: s.label,
        scale: scaleOf(s.currency),
        stroke: PALETTE[i % PALETTE.length] ?? '#0072B2',
        width: 2,
        ...(spec.kind === 'bar'
          ? {
              fill: `${PALETTE[i % PALETTE.length] ?? '#0072B2'}cc`,
              paths: barsFor(i),
              points: { show: false },
            }
          : {}),
        value: (_u: uPlot, v: number | null) =>
          v === null ? '—' : s.currency ? formatMoney(v, s.currency) : formatNumber(v),
      })),
    ],
  };
  // uPlot needs a laid-out parent to size; build after the figure is in the document.
  queueMicrotask(() => {
    const width = Math.max(240, canvasHost.clientWidth || 600);
    const plot = new uPlot({ ...options, width }, data, canvasHost);
    new ResizeObserver(() => {
      const w = Math.max(240, canvasHost.clientWidth);
      if (Math.abs(w - plot.width) > 4) plot.setSize({ width: w, height: 240 });
    }).observe(canvasHost);
  });
  return figure;
}
