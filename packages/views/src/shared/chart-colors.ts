// Chart colours from the host's variables as the browser resolves them (light-dark(), var(), any colour syntax):
// a canvas cannot parse `light-dark(…)`, so every colour goes through a probe element and a 1×1 canvas first.
import { cssOf, ensureContrast, MARK_CONTRAST, type Rgba, TEXT_CONTRAST } from './contrast.js';

/** Colour-blind-safe palette (Okabe–Ito); each colour is lifted to 3:1 against the resolved background. */
export const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00'];

let pixel: CanvasRenderingContext2D | null | undefined;

/** Any CSS colour expression, resolved in the document (so light-dark() follows the host's theme) to RGBA. */
export function resolveColor(expression: string, fallback: Rgba): Rgba {
  const probe = document.createElement('span');
  probe.style.color = expression;
  if (!probe.style.color) return fallback;
  document.body.append(probe);
  const computed = getComputedStyle(probe).color;
  probe.remove();
  const rgb = /^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/.exec(computed);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), rgb[4] === undefined ? 1 : Number(rgb[4])];
  // Other syntaxes (oklch(), color(srgb …)): let a canvas convert them.
  pixel ??= document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  if (!pixel) return fallback;
  pixel.clearRect(0, 0, 1, 1);
  pixel.fillStyle = computed;
  pixel.fillRect(0, 0, 1, 1);
  const [r = 0, g = 0, b = 0, a = 255] = pixel.getImageData(0, 0, 1, 1).data;
  return [r, g, b, a / 255];
}

export interface ChartColors {
  background: Rgba;
  text: Rgba;
  grid: Rgba;
  marks: Rgba[];
}

/** The chart's colours in the current theme, each at or above its contrast floor against the background. */
export function chartColors(): ChartColors {
  const dark = document.documentElement.dataset.theme === 'dark';
  const background = resolveColor('var(--bg)', dark ? [23, 24, 27, 1] : [255, 255, 255, 1]);
  // A translucent background is drawn over the host's page; the chart judges contrast against its opaque colour.
  const opaque: Rgba = [background[0], background[1], background[2], 1];
  const text = ensureContrast(
    resolveColor('var(--fg-muted)', dark ? [169, 174, 184, 1] : [87, 92, 102, 1]),
    opaque,
    TEXT_CONTRAST,
  );
  const grid = resolveColor('var(--line)', [128, 128, 128, 0.3]);
  const marks = PALETTE.map((hex) =>
    ensureContrast(resolveColor(hex, [0, 114, 178, 1]), opaque, MARK_CONTRAST),
  );
  return { background: opaque, text, grid, marks };
}

export const css = cssOf;
