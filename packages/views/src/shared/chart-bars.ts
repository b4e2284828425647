// uPlot path builder for bars side by side (one group per item) or stacked (parts of a whole), always from zero.
import type uPlot from 'uplot';
import { stackBars } from './chart-layout.js';

export interface BarLayout {
  stacked: boolean;
  /** The raw values of every bar series, in series order (index 0 = uPlot series 1). */
  values: ReadonlyArray<ReadonlyArray<number | null>>;
}

const SLOT_SHARE = 0.8;

export function barPaths(layout: BarLayout): uPlot.Series.PathBuilder {
  return (u, seriesIdx, idx0, idx1) => {
    const path = new Path2D();
    const series = u.series[seriesIdx];
    const scale = series?.scale ?? 'y';
    const count = layout.values.length;
    const slot = Math.abs(u.valToPos(1, 'x', true) - u.valToPos(0, 'x', true));
    const width = layout.stacked ? slot * SLOT_SHARE : (slot * SLOT_SHARE) / Math.max(1, count);
    const visible = u.series.slice(1).map((s) => s.show !== false);
    const stacks = layout.stacked ? stackBars(layout.values, visible) : undefined;
    const own = layout.values[seriesIdx - 1] ?? [];
    for (let i = idx0; i <= idx1; i += 1) {
      const v = own[i];
      const bar: [number, number] | null | undefined = stacks
        ? stacks[seriesIdx - 1]?.[i]
        : v === null || v === undefined
          ? null
          : [0, v];
      if (!bar) continue;
      const centre = u.valToPos(i, 'x', true);
      const left = layout.stacked
        ? centre - width / 2
        : centre - (slot * SLOT_SHARE) / 2 + (seriesIdx - 1) * width;
      const y0 = u.valToPos(bar[0], scale, true);
      const y1 = u.valToPos(bar[1], scale, true);
      path.rect(left, Math.min(y0, y1), Math.max(1, width - 1), Math.max(1, Math.abs(y1 - y0)));
    }
    return { stroke: path, fill: path };
  };
}
