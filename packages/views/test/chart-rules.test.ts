// The chart rules as data: zero baselines, labels that never overlap at 900 and 380 px, stacks, contrast floors.
import { labelCorners, type Point, quadsOverlap } from '@obmcp/test-kit/label-overlap';
import { describe, expect, test } from 'vitest';
import {
  INTEGER_INCREMENTS,
  LABEL_ANGLE,
  planXLabels,
  shownIndices,
  stackBars,
  stackMax,
  valueRange,
} from '../src/shared/chart-layout.js';
import { PALETTE } from '../src/shared/chart-colors.js';
import {
  contrastRatio,
  ensureContrast,
  MARK_CONTRAST,
  type Rgba,
  TEXT_CONTRAST,
} from '../src/shared/contrast.js';

/** A 12 px sans label: about 6.6 px per character (wider than most, so the test errs on the overlap side). */
const measure = (s: string) => s.length * 6.6;
const LINE = 16;

/** A label's corners at the label height of these tests. */
const corners = (x: number, width: number, angle: number): Point[] => labelCorners(x, width, angle, LINE);
function anyOverlap(labels: string[], plotWidth: number, bars: boolean): boolean {
  const slot = bars ? plotWidth / labels.length : plotWidth / Math.max(1, labels.length - 1);
  const plan = planXLabels(labels, slot, measure, LINE);
  const boxes = shownIndices(labels.length, plan.step).map((i) =>
    corners((bars ? slot / 2 : 0) + i * slot, measure(plan.labels[i] ?? ''), plan.rotate),
  );
  return boxes.some((box, i) => i > 0 && quadsOverlap(boxes[i - 1] as Point[], box));
}

describe('value axis', () => {
  test('bars start at zero even when every value is far from it (50 vs 120 is not drawn as 1:15)', () => {
    expect(valueRange(50, 120)[0]).toBe(0);
    expect(valueRange(42.5, 100)[0]).toBe(0);
    expect(valueRange(-20, 100)[0]).toBeLessThan(-20);
    expect(valueRange(null, null)).toEqual([0, 1]);
  });
  test('counts tick at whole numbers only', () => {
    expect(INTEGER_INCREMENTS.every((i) => Number.isInteger(i))).toBe(true);
  });
});

describe('x labels never overlap', () => {
  const campaigns = Array.from({ length: 40 }, (_v, i) => `Mock campaign number ${i + 1}`);
  const hours = Array.from(
    { length: 48 },
    (_v, i) => `2026-03-0${1 + Math.floor(i / 24)} ${String(i % 24).padStart(2, '0')}:00`,
  );
  const skus = ['SKU-RED-MUG-12OZ', 'SKU-BLUE-MUG-12OZ', 'SKU-TEAPOT-1L', 'SKU-COASTER-SET-4', 'SKU-KETTLE'];
  test.each([900, 380])('%i px: 40 campaign bars, 48 hourly points, 5 SKUs', (width) => {
    const plot = width - 140;
    expect(anyOverlap(campaigns, plot, true)).toBe(false);
    expect(anyOverlap(hours, plot, false)).toBe(false);
    expect(anyOverlap(skus, plot, true)).toBe(false);
  });
  test('the checker sees an overlap where every label is drawn flat', () => {
    const slot = 760 / 40;
    const boxes = campaigns.map((l, i) => corners(i * slot, measure(l), 0));
    expect(quadsOverlap(boxes[0] as Point[], boxes[1] as Point[])).toBe(true);
  });
  test('few short labels stay flat and all shown; many rotate and thin', () => {
    expect(planXLabels(['A', 'B', 'C'], 200, measure, LINE)).toMatchObject({ step: 1, rotate: 0 });
    const plan = planXLabels(campaigns, 240 / 40, measure, LINE);
    expect(plan.rotate).toBe(LABEL_ANGLE);
    expect(plan.step).toBeGreaterThan(1);
    expect(plan.labels[0]?.length).toBeLessThanOrEqual(18);
  });
});

describe('stacked bars (fees: the parts of a total)', () => {
  const fees = [
    [4.5, 2],
    [1.8, null],
    [0, 0.5],
  ];
  test('each part sits on the ones before it; the top is the total', () => {
    expect(stackBars(fees, [true, true, true])).toEqual([
      [
        [0, 4.5],
        [0, 2],
      ],
      [[4.5, 6.3], null],
      [
        [6.3, 6.3],
        [2, 2.5],
      ],
    ]);
    expect(stackMax(fees, [true, true, true])).toBeCloseTo(6.3);
  });
  test('a hidden part closes up the stack', () => {
    expect(stackBars(fees, [false, true, true])[1]?.[0]).toEqual([0, 1.8]);
    expect(stackMax(fees, [false, true, true])).toBeCloseTo(1.8);
  });
});

describe('colours above their contrast floor in both themes', () => {
  const light: Rgba = [255, 255, 255, 1];
  const dark: Rgba = [28, 29, 33, 1];
  const hex = (h: string): Rgba => [
    Number.parseInt(h.slice(1, 3), 16),
    Number.parseInt(h.slice(3, 5), 16),
    Number.parseInt(h.slice(5, 7), 16),
    1,
  ];
  test('WCAG ratio of black on white is 21', () => {
    expect(contrastRatio([0, 0, 0, 1], light)).toBeCloseTo(21, 5);
  });
  test.each([
    ['light', light],
    ['dark', dark],
  ] as const)('%s: palette ≥ 3:1, text ≥ 4.5:1 (also from a faint host grey)', (_name, bg) => {
    for (const colour of PALETTE)
      expect(contrastRatio(ensureContrast(hex(colour), bg, MARK_CONTRAST), bg)).toBeGreaterThanOrEqual(
        MARK_CONTRAST,
      );
    // The audit's failing cases: #ededed on white (1.17:1) and #1c1c1b on #1f1f1e (1.03:1).
    for (const faint of [hex('#ededed'), hex('#1c1c1b'), hex('#555555')])
      expect(contrastRatio(ensureContrast(faint, bg, TEXT_CONTRAST), bg)).toBeGreaterThanOrEqual(
        TEXT_CONTRAST,
      );
  });
  test('a colour that already passes is kept', () => {
    expect(ensureContrast(hex('#0072B2'), light, MARK_CONTRAST)).toEqual(hex('#0072B2'));
  });
});
