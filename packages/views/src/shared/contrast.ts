// WCAG 2.x contrast on resolved colours, and the nudge that lifts a colour to a floor (4.5:1 text, 3:1 marks).

export type Rgba = readonly [number, number, number, number];

/** WCAG AA: normal text, and graphical objects (bars, lines, legend marks). */
export const TEXT_CONTRAST = 4.5;
export const MARK_CONTRAST = 3;

const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

export function luminance([r, g, b]: Rgba): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** A translucent colour over an opaque background, as the eye sees it. */
export function over(fg: Rgba, bg: Rgba): Rgba {
  const a = fg[3];
  return [fg[0] * a + bg[0] * (1 - a), fg[1] * a + bg[1] * (1 - a), fg[2] * a + bg[2] * (1 - a), 1];
}

export function contrastRatio(fg: Rgba, bg: Rgba): number {
  const a = luminance(over(fg, bg));
  const b = luminance(bg);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

const mix = (a: Rgba, b: Rgba, t: number): Rgba => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
  1,
];

/**
 * The colour itself when it already reaches `min` against `bg`; else the closest mix of it towards black or white
 * (whichever pole contrasts more with the background) that does. The hue is kept as far as the floor allows.
 */
export function ensureContrast(fg: Rgba, bg: Rgba, min: number): Rgba {
  const solid = over(fg, bg);
  if (contrastRatio(solid, bg) >= min) return solid;
  const black: Rgba = [0, 0, 0, 1];
  const white: Rgba = [255, 255, 255, 1];
  const pole = contrastRatio(black, bg) >= contrastRatio(white, bg) ? black : white;
  for (let t = 0.05; t < 1; t += 0.05) {
    const candidate = mix(solid, pole, t);
    if (contrastRatio(candidate, bg) >= min) return candidate;
  }
  return pole;
}

export const cssOf = (c: Rgba): string =>
  c[3] >= 1
    ? `rgb(${Math.round(c[0])}, ${Math.round(c[1])}, ${Math.round(c[2])})`
    : `rgba(${Math.round(c[0])}, ${Math.round(c[1])}, ${Math.round(c[2])}, ${c[3]})`;
