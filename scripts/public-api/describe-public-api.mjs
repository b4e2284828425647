// The public-API gate every published library's test file runs: committed names, real exports, light entries, no unused name.
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bare,
  checkCommittedApi,
  entryPoints,
  exportedNames,
  runtimePackages,
  workspaceImports,
} from './public-api.mjs';

/**
 * Registers the gate for the package whose `test/` folder is `testDir` (its list is `testDir/public-api.json`).
 * Each package's `test/public-api.test.ts` calls this with `import.meta.dirname`; the mutation configs leave that
 * file out (it reads the other workspace packages' sources, which a Stryker sandbox does not hold).
 * @param {string} testDir
 * @param {Record<string, string[]>} runtimeOf entries that may load only these packages at run time ([]: Node built-ins only)
 */
export function describePublicApi(testDir, runtimeOf = {}) {
  const packageDir = dirname(testDir);
  const { name, entries } = entryPoints(packageDir);
  describe(`${name} public API`, () => {
    it('matches the committed list (regenerate with `pnpm public-api:update`)', () => {
      const { current, committed } = checkCommittedApi(packageDir, join(testDir, 'public-api.json'));
      expect(current).toBe(committed);
    });

    it.each(Object.keys(entries))('%s exports named values the module really has', async (subpath) => {
      const file = entries[subpath] ?? '';
      const values = exportedNames(file).filter((listed) => !listed.startsWith('type '));
      expect(Object.keys(await import(file)).sort()).toEqual([...values].sort());
    });

    it.each(Object.entries(runtimeOf))('%s loads only %j at run time', (subpath, packages) => {
      expect(runtimePackages(entries[subpath] ?? '')).toEqual(packages);
    });

    it('exports only names another workspace package (or its README example) imports from that entry', () => {
      const used = workspaceImports(name, packageDir);
      const unused = Object.entries(entries).flatMap(([subpath, file]) => {
        const specifier = subpath === '.' ? name : `${name}${subpath.slice(1)}`;
        return exportedNames(file)
          .filter((listed) => !used.get(specifier)?.has(bare(listed)))
          .map((listed) => `${specifier} ${bare(listed)}`);
      });
      expect(unused).toEqual([]);
    });
  });
}
