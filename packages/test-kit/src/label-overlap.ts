// @obmcp/test-kit/label-overlap — chart label geometry for the chart-rule tests, written apart from the views' code.
export type Point = [number, number];

/**
 * A label's four corners: drawn at x (its anchor), horizontal labels centred on it, rotated ones ending at it
 * (rising to the right); `line` is the label's height.
 */
export function labelCorners(x: number, width: number, angle: number, line: number): Point[] {
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

/** Separating-axis test of two convex quadrilaterals: true when they share area (touching edges do not count). */
export function quadsOverlap(a: Point[], b: Point[]): boolean {
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
