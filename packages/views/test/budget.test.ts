// Every built view is one self-contained HTML file within the size budget, with its CSP and no external origin.
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';

/**
 * The budget README.md states: 40 KB gzip and 150 KB raw per view (well under half the 370 KB a view weighed with
 * ext-apps' SDK bundle; measured about 35 KB gzip, 87 KB raw).
 */
export const GZIP_BUDGET_BYTES = 40 * 1024;
export const RAW_BUDGET_BYTES = 150 * 1024;

const dist = new URL('../dist/', import.meta.url);
const files = readdirSync(dist).filter((f) => f.endsWith('.html'));
const entries = readdirSync(new URL('../src/entries/', import.meta.url)).map((f) =>
  f.replace(/\.ts$/, '.html'),
);

describe('built views', () => {
  test('one HTML file per entry', () => {
    expect(files.sort()).toEqual(entries.sort());
  });

  test.each(files)('%s: within the gzip budget', (file) => {
    const size = gzipSync(readFileSync(new URL(file, dist))).length;
    expect(size).toBeLessThanOrEqual(GZIP_BUDGET_BYTES);
    expect(readFileSync(new URL(file, dist)).length).toBeLessThanOrEqual(RAW_BUDGET_BYTES);
  });

  test.each(files)('%s: logs no payloads (no console.debug of messages)', (file) => {
    const html = readFileSync(new URL(file, dist), 'utf8');
    expect(html.includes('console.debug'), 'console.debug').toBe(false);
  });

  test.each(files)(
    '%s: fonts and font CSS a host sends are not blocked by the view (the host CSP decides)',
    (file) => {
      const html = readFileSync(new URL(file, dist), 'utf8');
      const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? '';
      expect(meta).toMatch(/font-src data: https:/);
      expect(meta).toMatch(/style-src 'unsafe-inline' https:/);
      expect(meta).toMatch(/connect-src 'none'/);
    },
  );

  test.each(files)('%s: self-contained, restrictive CSP, no external origin', (file) => {
    const html = readFileSync(new URL(file, dist), 'utf8');
    // Booleans, not toMatch: a failure must not print 400 KB of HTML.
    const csp =
      /<meta http-equiv="Content-Security-Policy" content="default-src 'none';[^"]*connect-src 'none'/;
    expect(csp.test(html), 'CSP meta').toBe(true);
    // Nothing is loaded from anywhere: no script or stylesheet by reference, no URL in a src/href attribute.
    expect(/<script[^>]+src=/.test(html), 'external script').toBe(false);
    expect(/<link[^>]+href=/.test(html), 'external stylesheet').toBe(false);
    expect(/\b(src|href)="(https?:)?\/\//.test(html), 'URL attribute').toBe(false);
  });
});
