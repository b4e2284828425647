// The chart rules checked on what a view drew (figure[data-layout]): written apart from the views' own code.
import { labelCorners, quadsOverlap } from '@obmcp/test-kit/label-overlap';

export interface DrawnLayout {
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

/** Pairs of drawn x labels that overlap (any two, not only neighbours). */
export function overlappingLabels(layout: DrawnLayout): Array<[string, string]> {
  const boxes = layout.labels
    .filter((l) => l.text !== '')
    .map((l) => ({ text: l.text, box: labelCorners(l.x, l.width, layout.angle, layout.lineHeight) }));
  const out: Array<[string, string]> = [];
  for (let i = 0; i < boxes.length; i += 1)
    for (let j = i + 1; j < boxes.length; j += 1) {
      const a = boxes[i];
      const b = boxes[j];
      if (a && b && quadsOverlap(a.box, b.box)) out.push([a.text, b.text]);
    }
  return out;
}

const lin = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const lum = (c: number[]) => 0.2126 * lin(c[0] ?? 0) + 0.7152 * lin(c[1] ?? 0) + 0.0722 * lin(c[2] ?? 0);

/** WCAG 2 contrast ratio of two opaque sRGB colours. */
export function contrast(a: number[], b: number[]): number {
  const x = lum(a);
  const y = lum(b);
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}
