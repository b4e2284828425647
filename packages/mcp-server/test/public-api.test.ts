// The public API by entry point: the committed name list, a dependency-free core, and no name that no other package imports.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type * as PublicApi from '../../../scripts/public-api/public-api.mjs';

/** The repository root, found upward (a mutation sandbox runs this file from a copy of the package). */
function repoRoot(dir: string): string {
  if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
  if (dirname(dir) === dir) throw new Error('no pnpm-workspace.yaml above the test');
  return repoRoot(dirname(dir));
}
const api = (await import(
  pathToFileURL(join(repoRoot(import.meta.dirname), 'scripts', 'public-api', 'public-api.mjs')).href
)) as typeof PublicApi;
const { bare, checkCommittedApi, entryPoints, exportedNames, runtimePackages, workspaceImports } = api;

const PACKAGE_DIR = join(import.meta.dirname, '..');
const { name, entries } = entryPoints(PACKAGE_DIR);
/** Entries that load no third-party package at run time (Node built-ins only). */
const DEPENDENCY_FREE = ['./config', './tasks', './node-floor', './hosted'];

describe(`${name} public API`, () => {
  it('matches the committed list (regenerate with `pnpm public-api:update`)', () => {
    const { current, committed } = checkCommittedApi(
      PACKAGE_DIR,
      join(import.meta.dirname, 'public-api.json'),
    );
    expect(current).toBe(committed);
  });

  it.each(Object.keys(entries))('%s exports named values the module really has', async (subpath) => {
    const file = entries[subpath] ?? '';
    const values = exportedNames(file).filter((listed) => !listed.startsWith('type '));
    expect(Object.keys(await import(file)).sort()).toEqual([...values].sort());
  });

  it.each(DEPENDENCY_FREE)('%s loads no third-party package', (subpath) => {
    expect(runtimePackages(entries[subpath] ?? '')).toEqual([]);
  });

  it('exports only names another workspace package imports from that entry', () => {
    const used = workspaceImports(name, PACKAGE_DIR);
    const unused = Object.entries(entries).flatMap(([subpath, file]) => {
      const specifier = subpath === '.' ? name : `${name}${subpath.slice(1)}`;
      return exportedNames(file)
        .filter((listed) => !used.get(specifier)?.has(bare(listed)))
        .map((listed) => `${specifier} ${bare(listed)}`);
    });
    expect(unused).toEqual([]);
  });
});
