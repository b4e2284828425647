// What each release tarball carries: metadata, README/LICENSE and the docs its README names, every file its code
// loads next to itself, and a declared dependency for every package its code imports.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  extract,
  listFiles,
  type Packed,
  packAll,
  type PackageManifest,
  readManifest,
} from '../src/packed.js';
import { REPO_ROOT } from '../src/paths.js';

interface Unpacked extends Packed {
  root: string;
  files: string[];
  manifest: PackageManifest;
}

const rootManifest = readManifest(REPO_ROOT);
const LICENSE = readFileSync(join(REPO_ROOT, 'LICENSE'), 'utf8');
let work = '';
let unpacked: Unpacked[] = [];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'obmcp-tarballs-'));
  const packed = await packAll(work);
  unpacked = packed.map((p) => {
    const root = extract(p.tarball, join(work, 'x', p.name.replace('/', '+')));
    return { ...p, root, files: listFiles(root), manifest: readManifest(root) };
  });
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Package name of a bare import specifier (`@scope/name/sub` → `@scope/name`), or undefined for relative/builtin. */
function packageOf(specifier: string): string | undefined {
  if (!/^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/[\w./-]*)?$/i.test(specifier)) return undefined;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
  return builtinModules.includes(name) ? undefined : name;
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;
const NEXT_TO_CODE = /new URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url\s*\)/g;
/** A doc named in a README without a path (`BEHAVIOR.md`); a link text (`[X.md](…)`) is judged by its target. */
const BARE_DOC = /(?<![\w/.[-])([A-Z][A-Za-z_-]*\.md)\b/g;
const LINK = /\]\(([^)\s#]+)(?:#[^)]*)?\)/g;

describe('CHANGELOGs', () => {
  it('each published package: the newest version heading is its version, and no stale "Unreleased" section', () => {
    for (const pkg of unpacked) {
      const file = join(pkg.root, 'CHANGELOG.md');
      if (!pkg.files.includes('CHANGELOG.md')) continue;
      const headings = readFileSync(file, 'utf8').match(/^#{2,3} .*$/gm) ?? [];
      expect(
        headings.filter((h) => /unreleased/i.test(h)),
        pkg.name,
      ).toEqual([]);
      expect(
        headings.find((h) => h.startsWith('## ')),
        pkg.name,
      ).toBe(`## ${pkg.version}`);
    }
  });
});

describe('app tarballs pin the tested dependency tree', () => {
  it('each app carries npm-shrinkwrap.json: its dependencies at the group version, every package as pnpm-lock.yaml resolves it', () => {
    const lock = readFileSync(join(REPO_ROOT, 'pnpm-lock.yaml'), 'utf8');
    const apps = unpacked.filter((p) => p.name.endsWith('-mcp'));
    expect(apps).toHaveLength(3);
    for (const app of apps) {
      expect(app.files).toContain('npm-shrinkwrap.json');
      const wrap = JSON.parse(readFileSync(join(app.root, 'npm-shrinkwrap.json'), 'utf8')) as {
        lockfileVersion: number;
        packages: Record<
          string,
          { version: string; integrity?: string; dependencies?: Record<string, string> }
        >;
      };
      expect(wrap.lockfileVersion).toBe(3);
      expect(wrap.packages['']?.dependencies).toEqual(app.manifest.dependencies);
      const unlocked = Object.entries(wrap.packages)
        .filter(([path]) => path !== '' && !path.includes('node_modules/@obmcp/'))
        .filter(([path, entry]) => {
          const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
          const id = `${name}@${entry.version}`;
          const key = [`\n  ${id}:`, `\n  '${id}':`, `\n  ${id}(`, `\n  '${id}(`].some((k) =>
            lock.includes(k),
          );
          return !key || entry.integrity === undefined || !lock.includes(entry.integrity);
        });
      expect(
        unlocked.map(([path]) => path),
        app.name,
      ).toEqual([]);
    }
  });
});

describe('release tarballs', () => {
  it('packs the whole fixed group, apps and libraries', () => {
    expect(unpacked.map((p) => p.name).sort()).toEqual([
      '@obmcp/ads-mcp',
      '@obmcp/code-mode',
      '@obmcp/contract',
      '@obmcp/hosted-auth',
      '@obmcp/http-kit',
      '@obmcp/mcp-server',
      '@obmcp/openapi-tools',
      '@obmcp/openbridge-mcp',
      '@obmcp/openbridge-upstream',
      '@obmcp/sp-mcp',
    ]);
  });

  it('each carries the metadata a registry page and an installer need', () => {
    for (const p of unpacked) {
      const m = p.manifest;
      expect(m.description?.trim().length ?? 0, p.name).toBeGreaterThanOrEqual(20);
      expect(m.keywords?.length, p.name).toBeGreaterThan(0);
      expect(m.license, p.name).toBe('MIT');
      expect(m.repository, p.name).toEqual({ ...rootManifest.repository, directory: p.dir });
      expect(m.engines?.node, p.name).toBe('>=20.18.1');
      expect(m.files?.length, p.name).toBeGreaterThan(0);
      expect(m.private, p.name).toBeUndefined();
    }
  });

  it('depends only on published versions: no workspace: range, every @obmcp dependency in the group at the same version', () => {
    const group = new Map(unpacked.map((p) => [p.name, p.version]));
    for (const p of unpacked) {
      for (const [dep, range] of Object.entries({
        ...p.manifest.dependencies,
        ...p.manifest.peerDependencies,
      })) {
        expect(range, `${p.name} → ${dep}`).not.toMatch(/^workspace:/);
        if (dep.startsWith('@obmcp/')) expect(group.get(dep), `${p.name} → ${dep}`).toBe(range);
      }
    }
  });

  it('each carries README.md and the root LICENSE, and no sources or tests', () => {
    for (const p of unpacked) {
      expect(p.files, p.name).toContain('README.md');
      expect(readFileSync(join(p.root, 'LICENSE'), 'utf8'), p.name).toBe(LICENSE);
      expect(
        p.files.filter((f) => /^(src|test)\//.test(f) || f.endsWith('.tsbuildinfo')),
        p.name,
      ).toEqual([]);
    }
  });

  it('carries every doc its README names (BEHAVIOR.md, CHANGELOG.md, …) and every link that stays in the package', () => {
    for (const p of unpacked) {
      const readme = readFileSync(join(p.root, 'README.md'), 'utf8');
      const named = [...readme.matchAll(BARE_DOC)].map((m) => m[1] ?? '');
      const linked = [...readme.matchAll(LINK)]
        .map((m) => m[1] ?? '')
        .filter((t) => !/^[a-z]+:/i.test(t) && !t.startsWith('../'))
        .map((t) => posix.normalize(t));
      for (const doc of new Set([...named, ...linked]))
        expect(p.files, `${p.name} README → ${doc}`).toContain(doc);
    }
    const apps = unpacked.filter((p) => p.dir.startsWith('apps/'));
    for (const app of apps)
      expect(app.files, app.name).toEqual(expect.arrayContaining(['BEHAVIOR.md', 'CHANGELOG.md']));
  });

  it('carries every file its code reads next to itself (catalogs, schemas): nothing is fetched or read from the repo', () => {
    let checked = 0;
    for (const p of unpacked) {
      for (const file of p.files.filter((f) => f.endsWith('.js'))) {
        const code = readFileSync(join(p.root, file), 'utf8');
        for (const m of code.matchAll(NEXT_TO_CODE)) {
          const target = posix.normalize(posix.join(posix.dirname(file), m[1] ?? ''));
          // A folder read next to the code (e.g. generated/catalog/) must ship with files in it.
          const shipped = target.endsWith('/')
            ? p.files.some((f) => f.startsWith(target))
            : p.files.includes(target);
          expect(shipped, `${p.name}/${file} reads ${m[1]}`).toBe(true);
          checked++;
        }
      }
    }
    // sp-mcp and ads-mcp read their catalogs, the contract its error-code mapping.
    expect(checked).toBeGreaterThanOrEqual(3);
  });

  it('declares every package its code imports (npm hoisting must not be what makes it work)', () => {
    for (const p of unpacked) {
      const declared = new Set([
        p.name,
        ...Object.keys(p.manifest.dependencies ?? {}),
        ...Object.keys(p.manifest.peerDependencies ?? {}),
      ]);
      const missing = new Set<string>();
      for (const file of p.files.filter((f) => /\.(m|c)?js$/.test(f))) {
        for (const m of readFileSync(join(p.root, file), 'utf8').matchAll(IMPORT)) {
          const name = packageOf(m[1] ?? '');
          if (name && !declared.has(name)) missing.add(`${name} (${file})`);
        }
      }
      expect([...missing], p.name).toEqual([]);
    }
  });

  it('carries the file of every entry point its exports map names (each subpath, types and code)', () => {
    for (const p of unpacked) {
      for (const [subpath, target] of Object.entries(p.manifest.exports ?? {})) {
        if (subpath.includes('*')) continue;
        for (const file of typeof target === 'string' ? [target] : Object.values(target)) {
          expect(p.files, `${p.name} ${subpath}`).toContain(posix.normalize(file));
        }
      }
    }
  });

  it('ships each bin as an executable node script', () => {
    const apps = unpacked.filter((p) => p.dir.startsWith('apps/'));
    expect(apps).toHaveLength(3);
    for (const app of apps) {
      const bins = Object.entries(app.manifest.bin ?? {});
      expect(bins.map(([name]) => name)).toEqual([app.dir.split('/')[1]]);
      for (const [, target] of bins) {
        const path = posix.normalize(target);
        expect(app.files, app.name).toContain(path);
        expect(readFileSync(join(app.root, path), 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
        expect(dirname(path)).toBe('dist');
      }
    }
  });
});
