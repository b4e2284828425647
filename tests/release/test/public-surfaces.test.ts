// Every published package has a deliberate surface: a library runs the public-API gate, an app's entry is its bin, and no published package depends on a private one.
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

  it(
    isApp
      ? 'is a server: its bin (src/bin.ts) exports nothing'
      : 'runs the public-API gate over a committed list (test/public-api.test.ts)',
    () => {
      if (isApp) {
        const bins = Object.values(manifest.bin ?? {});
        expect(bins).toEqual(['./dist/bin.js']);
        expect(readFileSync(join(REPO_ROOT, dir, 'src/bin.ts'), 'utf8')).not.toMatch(/^\s*export\s/m);
        return;
      }
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

it('the root public-api:update script rewrites every library list', () => {
  const root = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  for (const { dir, manifest } of published.filter((p) => p.dir.startsWith('packages/')))
    expect(root.scripts['public-api:update'], dir).toContain(`--filter ${manifest.name} `);
});
