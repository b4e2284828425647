// Resolves workspace packages for the bench scripts through tests/robustness (the bench has no package.json).
import { readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const MANIFEST = new URL('../tests/robustness/package.json', import.meta.url);
const require = createRequire(MANIFEST);
const MODULES = join(dirname(fileURLToPath(MANIFEST)), 'node_modules');

/** The `import` side of an exports-map entry (conditions nest: `{ import: { types, default } }`). */
function importTarget(entry) {
  if (typeof entry === 'string' || entry === null || entry === undefined) return entry ?? undefined;
  return importTarget(entry.import ?? entry.default);
}

/**
 * ESM URL of a dependency of @obmcp/robustness, by its exports map's `import` condition: the very file (real
 * path, as Node's loader resolves it) the servers load, so a preload that patches a class patches theirs.
 * Packages without an exports map: Node's require resolution, dist/cjs swapped for dist/esm.
 */
export function esm(specifier) {
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  const subpath = `.${specifier.slice(name.length)}`;
  const root = realpathSync(join(MODULES, name));
  const exports = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).exports;
  const target = exports && typeof exports === 'object' ? importTarget(exports[subpath]) : undefined;
  if (target) return pathToFileURL(join(root, target)).href;
  return pathToFileURL(require.resolve(specifier).replace('/dist/cjs/', '/dist/esm/')).href;
}
