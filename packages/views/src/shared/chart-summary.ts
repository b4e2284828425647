// The text alternative of a chart: what it plots and, per series, its total, highest and lowest point.
import { formatMoney, formatNumber } from './format.js';
import type { ChartSpec, Row } from './view-model.js';

export function chartSummary(spec: ChartSpec, rows: readonly Row[], plotted: number): string {
  const shape = spec.kind === 'line' ? 'Line chart' : 'Bar chart';
  const labels = rows.slice(0, plotted).map((r) => String(r[spec.x] ?? ''));
  const parts = [
    `${shape} of ${spec.series.map((s) => s.label).join(' and ')} for ${plotted} ${spec.kind === 'line' ? 'points' : 'items'}` +
      (labels.length > 0 ? ` (${labels[0]} to ${labels[labels.length - 1]}).` : '.'),
  ];
  if (plotted < rows.length)
    parts.push(`Only the first ${plotted} of ${rows.length} rows are drawn; the table has all.`);
  for (const s of spec.series) {
    let total = 0;
    let best: { v: number; at: string } | undefined;
    let worst: { v: number; at: string } | undefined;
    rows.slice(0, plotted).forEach((r, i) => {
      const v = r[s.key];
      if (typeof v !== 'number') return;
      total += v;
      if (!best || v > best.v) best = { v, at: labels[i] ?? '' };
      if (!worst || v < worst.v) worst = { v, at: labels[i] ?? '' };
    });
    const fmt = (v: number) => (s.currency ? formatMoney(v, s.currency) : formatNumber(v));
    if (best && worst)
      parts.push(
        `${s.label}: total ${fmt(total)}, highest ${fmt(best.v)} (${best.at}), lowest ${fmt(worst.v)} (${worst.at}).`,
      );
  }
  return parts.join(' ');
}
