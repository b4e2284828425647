// Every published package has a deliberate surface: each runs the public-API gate (an app's main entry is its app object, its bin exports nothing), and no published package depends on a private one.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readManifest } from '../src/packed.js';
import { REPO_ROOT } from '../src/paths.js';

const dirs = ['packages', 'apps'].flatMap((parent) =>
  readdirSync(join(REPO_ROOT, parent)).map((name) => `${parent}/${name}`),
);
const manifests = dirs
  .filter((dir) => existsSync(join(REPO_ROOT, dir, 'package.json')))
  .map((dir) => ({ dir, manifest: readManifest(join(REPO_ROOT, dir)) }));
const published = manifests.filter(({ manifest }) => manifest.private !== true);
const privateNames = new Set(
  manifests.filter(({ manifest }) => manifest.private === true).map((m) => m.manifest.name),
);

describe.each(published.map(({ dir }) => dir))('%s (published)', (dir) => {
  const manifest = readManifest(join(REPO_ROOT, dir));
  const isApp = dir.startsWith('apps/');

  it.runIf(isApp)('is a server: its bin (src/bin.ts) exports nothing', () => {
    const bins = Object.values(manifest.bin ?? {});
    expect(bins).toEqual(['./dist/bin.js']);
    expect(readFileSync(join(REPO_ROOT, dir, 'src/bin.ts'), 'utf8')).not.toMatch(/^\s*export\s/m);
  });

  it(
    isApp
      ? 'is a library too: its main entry (the app object) runs the public-API gate (test/public-api.test.ts)'
      : 'runs the public-API gate over a committed list (test/public-api.test.ts)',
    () => {
      const test = join(REPO_ROOT, dir, 'test/public-api.test.ts');
      expect(existsSync(test), `${dir} has no test/public-api.test.ts`).toBe(true);
      expect(readFileSync(test, 'utf8')).toContain('describePublicApi(');
      expect(existsSync(join(REPO_ROOT, dir, 'test/public-api.json'))).toBe(true);
    },
  );

  it('depends on no private workspace package at run time', () => {
    const runtime = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies });
    expect(runtime.filter((name) => privateNames.has(name))).toEqual([]);
  });
});

it('the root public-api:update script rewrites every published list (libraries and apps)', () => {
  const root = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  for (const { dir, manifest } of published)
    expect(root.scripts['public-api:update'], dir).toContain(`--filter ${manifest.name} `);
});
