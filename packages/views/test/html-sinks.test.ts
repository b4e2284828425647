// No view source parses text as HTML: every DOM write goes through h()'s text nodes (the browser test shows the effect).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

/** Every DOM API that turns a string into markup (or script), and the attributes that take code or HTML. */
const SINKS = [
  /\.innerHTML\b/,
  /\.outerHTML\b/,
  /\binsertAdjacentHTML\b/,
  /\bDOMParser\b/,
  /\bdocument\.write(ln)?\b/,
  /\bcreateContextualFragment\b/,
  /\bsetHTMLUnsafe\b/,
  /\bparseHTMLUnsafe\b/,
  /['"]srcdoc['"]/,
  /\bnew Function\b/,
  /\beval\(/,
  /setAttribute\(\s*['"]on[a-z]+['"]/,
  /['"]on[a-z]+['"]\s*:/,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|js|mjs)$/.test(name) ? [path] : [];
  });
}

describe('views write text as text', () => {
  it('no source file uses an HTML-parsing or code-evaluating sink', () => {
    const found: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const sink of SINKS) if (sink.test(text)) found.push(`${file.slice(SRC.length)}: ${sink.source}`);
    }
    expect(found).toEqual([]);
  });
});
