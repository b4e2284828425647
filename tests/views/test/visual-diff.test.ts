// The screenshot comparison itself: a committed reference matches itself, and a small real change is caught.
import { readFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { expect, test } from 'vitest';
import { diffRatio, MAX_DIFF_RATIO, REFERENCE_DIR } from '../src/visual.js';

const reference = () => PNG.sync.read(readFileSync(`${REFERENCE_DIR}fees__data__light__900.png`));

test('a reference matches itself', () => {
  const a = reference();
  expect(diffRatio(a, reference())).toBe(0);
});

test('a bar drawn 20 px shorter is more than the tolerance', () => {
  const a = reference();
  const b = reference();
  // Paint a 60×20 block of the page background over the middle of the chart (a bar that shrank).
  for (let y = 150; y < 170; y += 1)
    for (let x = 150; x < 210; x += 1) {
      const i = (y * b.width + x) * 4;
      b.data[i] = 0;
      b.data[i + 1] = 0;
      b.data[i + 2] = 0;
    }
  expect(diffRatio(a, b)).toBeGreaterThan(MAX_DIFF_RATIO);
});
