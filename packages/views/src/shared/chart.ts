// Charts with uPlot (canvas, ~20 KB gzip) under rules that keep them honest: values from zero, integer ticks for
// counts, stacked bars where parts make a whole, x labels thinned or rotated to fit, axis titles with units and
// currency, colours resolved from the host's variables above a contrast floor, a keyboard-operable legend.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { barPaths } from './chart-bars.js';
import { type ChartColors, chartColors, css } from './chart-colors.js';
import {
  INTEGER_INCREMENTS,
  type LabelPlan,
  planXLabels,
  shownIndices,
  stackMax,
  valueRange,
} from './chart-layout.js';
import { keyboardLegend, syncLegend } from './chart-legend.js';
import { chartSummary } from './chart-summary.js';
import { h } from './dom.js';
import { formatDate, formatMoney, formatNumber } from './format.js';
import type { ChartSeries, ChartSpec, Row } from './view-model.js';

/** Bars beyond this many items stay in the table only (a chart of thousands of bars says nothing). */
export const MAX_BARS = 60;
const HEIGHT = 260;
const FONT_PX = 12;
const LINE_HEIGHT = Math.round(FONT_PX * 1.3);

const scaleOf = (s: ChartSeries) => s.currency ?? s.unit ?? 'count';

/** The y axis title: one series' name with its unit or currency, or what several series share (their unit). */
export function axisTitle(series: readonly ChartSeries[], override?: string): string {
  const first = series[0];
  if (!first) return '';
  if (override) return override;
  const unit = first.currency ?? first.unit;
  if (series.length === 1) return unit ? `${first.label} (${unit})` : first.label;
  if (first.currency) return `Amount (${first.currency})`;
  if (unit) return unit === '%' ? 'Percent' : unit.charAt(0).toUpperCase() + unit.slice(1);
  return 'Value';
}

/** What the view drew, as data: the tests check the chart rules on it (zero baseline, labels, contrast). */
export interface ChartLayout {
  kind: 'line' | 'bar';
  stacked: boolean;
  plotWidth: number;
  scales: Record<string, { min: number; max: number }>;
  axisTitles: string[];
  labels: Array<{ x: number; width: number; text: string }>;
  angle: number;
  lineHeight: number;
  colors: { background: number[]; text: number[]; marks: number[][] };
}

export function renderChart(spec: ChartSpec, rows: readonly Row[]): HTMLElement {
  const plotted = spec.kind === 'bar' ? Math.min(rows.length, MAX_BARS) : rows.length;
  const shown = rows.slice(0, plotted);
  const summaryId = `chart-summary-${Math.random().toString(36).slice(2)}`;
  const canvasHost = h('div', { class: 'chart-canvas', 'aria-hidden': 'true' });
  const legendHost = h('div', { class: 'chart-legend' });
  const figure = h(
    'figure',
    {
      class: 'chart',
      'aria-label': spec.title,
      'aria-describedby': summaryId,
      'data-series': spec.series.length,
    },
    h(
      'figcaption',
      {},
      h('strong', {}, spec.title),
      h('p', { id: summaryId, class: 'chart-summary sr-only' }, chartSummary(spec, rows, plotted)),
    ),
    canvasHost,
    legendHost,
  );
  // uPlot needs a laid-out parent to size; build after the figure is in the document.
  queueMicrotask(() => draw(spec, shown, figure, canvasHost, legendHost));
  return figure;
}

function draw(
  spec: ChartSpec,
  shown: readonly Row[],
  figure: HTMLElement,
  canvasHost: HTMLElement,
  legendHost: HTMLElement,
): void {
  const colors: ChartColors = chartColors();
  const text = css(colors.text);
  const grid = css(colors.grid);
  const family = getComputedStyle(document.body).fontFamily || 'system-ui, sans-serif';
  const font = `${FONT_PX}px ${family}`;
  const measurer = document.createElement('canvas').getContext('2d');
  if (measurer) measurer.font = font;
  const measure = (s: string) => measurer?.measureText(s).width ?? s.length * 7;

  const labels = shown.map((r) => formatDate(String(r[spec.x] ?? '')));
  const xs = shown.map((_r, i) => i);
  const values = spec.series.map((s) =>
    shown.map((r) => (typeof r[s.key] === 'number' ? (r[s.key] as number) : null)),
  );
  const data: uPlot.AlignedData = [xs, ...values];
  const bar = spec.kind === 'bar';
  const stacked = bar && spec.stacked === true;
  const scales = [...new Set(spec.series.map(scaleOf))];
  const seriesOf = (scale: string) => spec.series.filter((s) => scaleOf(s) === scale);
  let plan: LabelPlan = { step: 1, rotate: 0, labels };

  const plotWidthOf = (u: uPlot) => u.bbox.width / uPlot.pxRatio;
  const slotOf = (u: uPlot) => {
    const n = labels.length;
    return bar ? plotWidthOf(u) / Math.max(1, n) : plotWidthOf(u) / Math.max(1, n - 1);
  };

  const scaleOptions: uPlot.Scales = {
    x: {
      time: false,
      // Bars: one slot per item, centred on its index (a lone bar sits in the middle, not at an edge).
      range: (_u, min, max) => (bar ? [-0.5, shown.length - 0.5] : [min, Math.max(max, min + 1)]),
    },
  };
  for (const scale of scales)
    scaleOptions[scale] = {
      range: (u, min, max) => {
        if (!stacked) return valueRange(min, max);
        const visible = u.series.slice(1).map((s) => s.show !== false);
        return valueRange(0, stackMax(values, visible));
      },
    };

  const options: uPlot.Options = {
    width: Math.max(240, canvasHost.clientWidth || 600),
    height: HEIGHT,
    legend: { show: true, live: false, mount: (_u, el) => legendHost.append(el) },
    cursor: { points: { show: !bar } },
    scales: scaleOptions,
    axes: [
      {
        stroke: text,
        font,
        grid: { show: !bar, stroke: grid },
        ticks: { stroke: grid },
        ...(spec.xTitle ? { label: spec.xTitle, labelFont: `600 ${font}`, labelSize: LINE_HEIGHT + 4 } : {}),
        splits: (u) => {
          plan = planXLabels(labels, slotOf(u), measure, LINE_HEIGHT);
          return shownIndices(labels.length, plan.step);
        },
        values: (_u, splits) => splits.map((i) => (Number.isInteger(i) ? (plan.labels[i] ?? '') : '')),
        rotate: () => plan.rotate,
        size: (_u, vals) => {
          if (!vals || plan.rotate === 0) return LINE_HEIGHT + 14;
          const widest = Math.max(0, ...vals.map((v) => measure(String(v ?? ''))));
          const sin = Math.sin((plan.rotate * Math.PI) / 180);
          return Math.ceil(widest * sin + LINE_HEIGHT * sin + 14);
        },
      },
      ...scales.map((scale, i) => {
        const inScale = seriesOf(scale);
        const integer = inScale.every((s) => s.integer === true);
        const money = inScale[0]?.currency;
        const format = (v: number) =>
          money ? formatMoney(v, money, true) : formatNumber(v, integer ? 0 : 2);
        return {
          scale,
          side: i === 0 ? 3 : 1,
          stroke: text,
          font,
          label: axisTitle(inScale, spec.yTitle),
          labelFont: `600 ${font}`,
          labelSize: LINE_HEIGHT + 4,
          grid: { show: i === 0, stroke: grid },
          ticks: { stroke: grid },
          ...(integer ? { incrs: [...INTEGER_INCREMENTS] } : {}),
          values: (_u: uPlot, splits: number[]) => splits.map(format),
          size: (_u: uPlot, vals: string[]) =>
            Math.ceil(Math.max(30, ...(vals ?? []).map((v) => measure(String(v ?? ''))))) + 14,
        } satisfies uPlot.Axis;
      }),
    ],
    series: [
      { label: spec.xTitle ?? spec.x, value: (_u, i) => (i === null ? '' : (labels[i] ?? '')) },
      ...spec.series.map((s, i) => {
        const mark = css(colors.marks[i % colors.marks.length] ?? colors.text);
        return {
          label: s.currency ? `${s.label} (${s.currency})` : s.unit ? `${s.label} (${s.unit})` : s.label,
          scale: scaleOf(s),
          stroke: mark,
          width: bar ? 1 : 2,
          ...(bar ? { fill: mark, paths: barPaths({ stacked, values }), points: { show: false } } : {}),
          value: (_u: uPlot, v: number | null, _si: number, idx: number | null) => {
            const raw = idx === null ? v : (values[i]?.[idx] ?? null);
            return raw === null || raw === undefined
              ? '—'
              : s.currency
                ? formatMoney(raw, s.currency)
                : formatNumber(raw, s.integer ? 0 : 2);
          },
        } satisfies uPlot.Series;
      }),
    ],
    hooks: {
      draw: [(u) => record(u)],
      setSeries: [(u) => syncLegend(u, legendHost)],
    },
  };

  function record(u: uPlot): void {
    const left = u.bbox.left / uPlot.pxRatio;
    const layout: ChartLayout = {
      kind: spec.kind,
      stacked,
      plotWidth: plotWidthOf(u),
      scales: Object.fromEntries(
        scales.map((s) => [s, { min: u.scales[s]?.min ?? Number.NaN, max: u.scales[s]?.max ?? Number.NaN }]),
      ),
      axisTitles: scales.map((s) => axisTitle(seriesOf(s), spec.yTitle)),
      labels: shownIndices(labels.length, plan.step).map((i) => {
        const label = plan.labels[i] ?? '';
        return { x: left + u.valToPos(i, 'x'), width: measure(label), text: label };
      }),
      angle: plan.rotate,
      lineHeight: LINE_HEIGHT,
      colors: {
        background: [...colors.background],
        text: [...colors.text],
        marks: spec.series.map((_s, i) => [...(colors.marks[i % colors.marks.length] ?? colors.text)]),
      },
    };
    figure.dataset.layout = JSON.stringify(layout);
  }

  const plot = new uPlot(options, data, canvasHost);
  keyboardLegend(plot, legendHost);
  new ResizeObserver(() => {
    const w = Math.max(240, canvasHost.clientWidth);
    if (Math.abs(w - plot.width) > 4) plot.setSize({ width: w, height: HEIGHT });
  }).observe(canvasHost);
}
