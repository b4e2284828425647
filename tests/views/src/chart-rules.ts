// The chart rules checked on what a view drew (figure[data-layout]): written apart from the views' own code.
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

type Point = [number, number];

/** A label's corners: horizontal labels centred on their tick, rotated ones ending at it (rising to the right). */
function corners(x: number, width: number, angle: number, line: number): Point[] {
  if (angle === 0)
    return [
      [x - width / 2, 0],
      [x + width / 2, 0],
      [x + width / 2, line],
      [x - width / 2, line],
    ];
  const a = (-angle * Math.PI) / 180;
  const d: Point = [Math.cos(a), Math.sin(a)];
  const n: Point = [-Math.sin(a), Math.cos(a)];
  const p = (along: number, across: number): Point => [
    x + d[0] * along + n[0] * across,
    d[1] * along + n[1] * across,
  ];
  return [p(-width, -line / 2), p(0, -line / 2), p(0, line / 2), p(-width, line / 2)];
}

/** Separating-axis test of two convex quadrilaterals (shared edges do not count as overlap). */
function overlap(a: Point[], b: Point[]): boolean {
  for (const poly of [a, b])
    for (let i = 0; i < poly.length; i += 1) {
      const p = poly[i] as Point;
      const q = poly[(i + 1) % poly.length] as Point;
      const axis: Point = [q[1] - p[1], p[0] - q[0]];
      const proj = (pts: Point[]) => pts.map(([x, y]) => x * axis[0] + y * axis[1]);
      const pa = proj(a);
      const pb = proj(b);
      if (Math.max(...pa) <= Math.min(...pb) + 1e-6 || Math.max(...pb) <= Math.min(...pa) + 1e-6)
        return false;
    }
  return true;
}

/** Pairs of drawn x labels that overlap (any two, not only neighbours). */
export function overlappingLabels(layout: DrawnLayout): Array<[string, string]> {
  const boxes = layout.labels
    .filter((l) => l.text !== '')
    .map((l) => ({ text: l.text, box: corners(l.x, l.width, layout.angle, layout.lineHeight) }));
  const out: Array<[string, string]> = [];
  for (let i = 0; i < boxes.length; i += 1)
    for (let j = i + 1; j < boxes.length; j += 1) {
      const a = boxes[i];
      const b = boxes[j];
      if (a && b && overlap(a.box, b.box)) out.push([a.text, b.text]);
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
