// The chart rules as pure functions: a value axis that includes zero, integer ticks for counts, x labels thinned or
// rotated by the width they get, stacked bars where parts make a whole. Unit-tested as data (test/chart-rules.test.ts).

/** The y range drawn: always from zero (bars and totals would lie otherwise), a little headroom above the top. */
export function valueRange(min: number | null, max: number | null): [number, number] {
  const lo = Math.min(0, min ?? 0);
  const hi = Math.max(0, max ?? 0);
  if (lo === 0 && hi === 0) return [0, 1];
  const pad = (hi - lo) * 0.05;
  return [lo < 0 ? lo - pad : 0, hi > 0 ? hi + pad : 0];
}

/** Tick steps for a scale of whole things (units, orders, clicks): never 0.2 of a unit. */
export const INTEGER_INCREMENTS: readonly number[] = [
  1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1e3, 2e3, 2.5e3, 5e3, 1e4, 2e4, 2.5e4, 5e4, 1e5, 2e5, 2.5e5,
  5e5, 1e6, 2e6, 5e6, 1e7, 2e7, 5e7, 1e8, 1e9, 1e10, 1e11, 1e12,
];

/** Rotated labels are drawn at this angle (degrees, rising to the right, anchored at their end on the tick). */
export const LABEL_ANGLE = 45;
/** A rotated label longer than this is cut with an ellipsis (its full text stays in the table and the legend). */
export const ROTATED_MAX_CHARS = 18;

export interface LabelPlan {
  /** Every `step`-th label is drawn (1 = all). */
  step: number;
  /** 0 = horizontal, LABEL_ANGLE = rotated. */
  rotate: 0 | typeof LABEL_ANGLE;
  /** The labels as drawn (rotated ones cut to ROTATED_MAX_CHARS). */
  labels: string[];
}

export function truncateLabel(label: string, max: number): string {
  return label.length <= max ? label : `${label.slice(0, max - 1)}…`;
}

/**
 * How to label `labels.length` evenly spaced slots of `slotPx` each so that no two labels touch (at least `gapPx`
 * apart): all horizontal if they fit, else rotated (parallel rotated labels only need a line's height apart), thinned
 * to every n-th label when even that does not fit.
 */
export function planXLabels(
  labels: readonly string[],
  slotPx: number,
  measure: (text: string) => number,
  lineHeightPx: number,
  gapPx = 6,
): LabelPlan {
  const slot = Math.max(slotPx, 0.01);
  const flat = [...labels];
  const widest = Math.max(0, ...flat.map(measure));
  const flatStep = Math.max(1, Math.ceil((widest + gapPx) / slot));
  if (flatStep === 1) return { step: 1, rotate: 0, labels: flat };
  const sin = Math.sin((LABEL_ANGLE * Math.PI) / 180);
  const rotatedStep = Math.max(1, Math.ceil((lineHeightPx + gapPx) / (slot * sin)));
  if (rotatedStep < flatStep)
    return {
      step: rotatedStep,
      rotate: LABEL_ANGLE,
      labels: flat.map((l) => truncateLabel(l, ROTATED_MAX_CHARS)),
    };
  return { step: flatStep, rotate: 0, labels: flat };
}

/** The indices a plan draws: every step-th, starting at the first. */
export function shownIndices(count: number, step: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < count; i += step) out.push(i);
  return out;
}

/**
 * Stacked bars: for each series the base (what lies below it) and top, over the visible series in order. A hidden
 * series (legend toggle) is left out, so the stack closes up instead of leaving a gap.
 */
export function stackBars(
  values: ReadonlyArray<ReadonlyArray<number | null>>,
  visible: readonly boolean[],
): Array<Array<[number, number] | null>> {
  const length = Math.max(0, ...values.map((v) => v.length));
  const below = new Array<number>(length).fill(0);
  return values.map((series, s) =>
    Array.from({ length }, (_x, i) => {
      const v = series[i];
      if (!visible[s] || v === null || v === undefined) return null;
      const base = below[i] ?? 0;
      below[i] = base + v;
      return [base, base + v] as [number, number];
    }),
  );
}

/** The largest stack top per slot (the value the stacked y axis has to reach). */
export function stackMax(
  values: ReadonlyArray<ReadonlyArray<number | null>>,
  visible: readonly boolean[],
): number {
  const stacks = stackBars(values, visible);
  let max = 0;
  for (const series of stacks) for (const bar of series) if (bar) max = Math.max(max, bar[1]);
  return max;
}
