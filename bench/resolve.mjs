// Resolves workspace packages for the bench scripts through tests/robustness (the bench has no package.json).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(new URL('../tests/robustness/package.json', import.meta.url));

/** ESM URL of a dependency of @obmcp/robustness (the SDK's require condition points at dist/cjs). */
export function esm(specifier) {
  return pathToFileURL(require.resolve(specifier).replace('/dist/cjs/', '/dist/esm/')).href;
}

/** ESM URL of a package's main entry from its exports map's `import` condition (the copy the SDK's ESM loads). */
export function esmMain(name) {
  const manifest = require.resolve(`${name}/package.json`);
  const main = require(manifest).exports['.'];
  return pathToFileURL(join(dirname(manifest), typeof main === 'string' ? main : main.import)).href;
}
