// uPlot's legend toggles (click to hide a series) made reachable and operable by keyboard, with their state announced.
import type uPlot from 'uplot';

/** The legend rows with the uPlot series index each toggles (the x series has no row when the legend is not live). */
function rowsOf(plot: uPlot, container: HTMLElement): Array<[HTMLTableCellElement, number]> {
  const rows = [...container.querySelectorAll<HTMLTableRowElement>('.u-legend .u-series')];
  const offset = plot.series.length - rows.length;
  const out: Array<[HTMLTableCellElement, number]> = [];
  rows.forEach((row, i) => {
    const toggle = row.querySelector('th');
    if (toggle && i + offset > 0) out.push([toggle, i + offset]);
  });
  return out;
}

export function keyboardLegend(plot: uPlot, container: HTMLElement): void {
  for (const [toggle, index] of rowsOf(plot, container)) {
    toggle.tabIndex = 0;
    toggle.setAttribute('role', 'button');
    toggle.setAttribute('data-role', 'legend-toggle');
    toggle.setAttribute('aria-pressed', String(plot.series[index]?.show !== false));
    toggle.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      toggle.click();
    });
  }
}

/** Keeps aria-pressed in step with the series' visibility (uPlot's setSeries hook). */
export function syncLegend(plot: uPlot, container: HTMLElement): void {
  for (const [toggle, index] of rowsOf(plot, container))
    toggle.setAttribute('aria-pressed', String(plot.series[index]?.show !== false));
}
