// Screenshot comparison against committed references (pixelmatch + pngjs) and axe-core inside a view's frame.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { Frame } from 'playwright-core';
import { ARTIFACTS } from './artifacts.js';

export const REFERENCE_DIR = fileURLToPath(new URL('../reference/', import.meta.url));
/** `OBMCP_UPDATE_SCREENSHOTS=1` rewrites the references (a deliberate change to a view commits them with it). */
export const UPDATE = process.env.OBMCP_UPDATE_SCREENSHOTS === '1';
/** A pixel differs when its colour distance exceeds this (pixelmatch's 0–1 scale; antialiasing is ignored). */
const PIXEL_THRESHOLD = 0.1;
/** Share of pixels allowed to differ (font hinting, a caret): 0.2 %. */
export const MAX_DIFF_RATIO = 0.002;

export interface Comparison {
  name: string;
  /** 'new' when there was no reference (written), 'size' when the dimensions differ. */
  status: 'same' | 'different' | 'new' | 'size';
  ratio: number;
}

/** The share of pixels that differ beyond the per-pixel threshold (same-sized PNGs). */
export function diffRatio(a: PNG, b: PNG, diff?: PNG): number {
  const pixels = pixelmatch(a.data, b.data, diff?.data, a.width, a.height, { threshold: PIXEL_THRESHOLD });
  return pixels / (a.width * a.height);
}

export function compareScreenshot(name: string, actual: Buffer): Comparison {
  mkdirSync(REFERENCE_DIR, { recursive: true });
  const file = `${REFERENCE_DIR}${name}.png`;
  if (UPDATE || !existsSync(file)) {
    writeFileSync(file, actual);
    return { name, status: 'new', ratio: 0 };
  }
  const expected = PNG.sync.read(readFileSync(file));
  const got = PNG.sync.read(actual);
  mkdirSync(ARTIFACTS, { recursive: true });
  if (expected.width !== got.width || expected.height !== got.height) {
    writeFileSync(`${ARTIFACTS}${name}.actual.png`, actual);
    return { name, status: 'size', ratio: 1 };
  }
  const diff = new PNG({ width: got.width, height: got.height });
  const ratio = diffRatio(expected, got, diff);
  if (ratio > MAX_DIFF_RATIO) {
    writeFileSync(`${ARTIFACTS}${name}.actual.png`, actual);
    writeFileSync(`${ARTIFACTS}${name}.diff.png`, PNG.sync.write(diff));
    return { name, status: 'different', ratio };
  }
  return { name, status: 'same', ratio };
}

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: string[];
}

/** axe-core (WCAG 2 A/AA rules) run inside the view's own frame. */
export async function axeViolations(frame: Frame): Promise<AxeViolation[]> {
  await frame.evaluate(AXE_SOURCE);
  return frame.evaluate(async () => {
    type Run = (
      context: unknown,
      options: unknown,
    ) => Promise<{
      violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }>;
    }>;
    const page = globalThis as unknown as { axe: { run: Run }; document: unknown };
    const result = await page.axe.run(page.document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => JSON.stringify(n.target)),
    }));
  });
}
