// Path drift in the docs: every repo path a Markdown file names (`packages/…`, `apps/…`, `tests/…`, `scripts/…`,
// `docs/…`, `bench/…`, and relative links) exists, so a moved or renamed file fails CI instead of misleading a reader.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/paths.js';

/** Tracked Markdown, minus history (CHANGELOG entries, changesets) and vendored third-party text. */
function markdownFiles(): string[] {
  return execFileSync('git', ['ls-files', '*.md'], { cwd: REPO_ROOT, encoding: 'utf8' })
    .split('\n')
    .filter(
      (file) =>
        file !== '' &&
        !file.startsWith('.changeset/') &&
        !file.endsWith('CHANGELOG.md') &&
        !file.includes('/vendor/') &&
        !file.startsWith('packages/upstream-specs/'),
    );
}

const ROOTED =
  /(?<![\w.@/-])(?:\.\.\/)*((?:packages|apps|tests|scripts|docs|bench)\/[A-Za-z0-9_.\-/<>*…{}$]+)/g;
const LINK = /\]\(([^)\s]+)\)/g;
/** A placeholder (`apps/<app>/…`, `apps/*`, `packages/…`) names a pattern, not a file. */
const PLACEHOLDER = /[<>*…{}$]/;

/** Build output is checked through its source: `…/dist/x.js` exists when `…/src/x.ts` does. */
function exists(file: string, path: string): boolean {
  const candidates = [path];
  if (path.includes('/dist/') || path.startsWith('dist/'))
    candidates.push(path.replace(/(^|\/)dist\//, '$1src/').replace(/\.js$/, '.ts'));
  return candidates.some(
    (candidate) =>
      existsSync(join(REPO_ROOT, candidate)) || existsSync(join(REPO_ROOT, dirname(file), candidate)),
  );
}

/** Every path `file` names that is not there, as `file: path`. */
export function missingPaths(file: string, text: string): string[] {
  const missing: string[] = [];
  for (const match of text.matchAll(ROOTED)) {
    const path = (match[1] ?? '').replace(/[.,;:)]+$/, '').replace(/\/$/, '');
    if (!PLACEHOLDER.test(path) && !exists(file, path)) missing.push(`${file}: ${path}`);
  }
  for (const match of text.matchAll(LINK)) {
    const target = (match[1] ?? '').replace(/#.*$/, '');
    if (target === '' || /^[a-z]+:/i.test(target) || PLACEHOLDER.test(target)) continue;
    if (!existsSync(join(REPO_ROOT, dirname(file), target))) missing.push(`${file}: ${target}`);
  }
  return missing;
}

describe('repo paths named in the docs', () => {
  it('every packages/, apps/, tests/, scripts/, docs/, bench/ path and relative link in a tracked .md exists', () => {
    const files = markdownFiles();
    expect(files).toContain('README.md');
    const missing = files.flatMap((file) => missingPaths(file, readFileSync(join(REPO_ROOT, file), 'utf8')));
    expect(missing).toEqual([]);
  });

  it('finds a moved file, a dead link and a dist path whose source went; passes placeholders and line suffixes', () => {
    expect(missingPaths('docs/X.md', 'see `packages/contract/src/nowhere.ts` and [y](gone.md)')).toEqual([
      'docs/X.md: packages/contract/src/nowhere.ts',
      'docs/X.md: gone.md',
    ]);
    expect(missingPaths('README.md', 'run node packages/contract/dist/example/server.js')).toEqual([
      'README.md: packages/contract/dist/example/server.js',
    ]);
    expect(
      missingPaths(
        'README.md',
        '`apps/<app>/generated/tools/`, `apps/*`, `packages/…`, `packages/contract/src/index.ts:21-59`, ' +
          'node packages/mcp-server/dist/example/server.js, [r](docs/RELEASING.md#steps), [w](https://x.test/a)',
      ),
    ).toEqual([]);
  });
});
