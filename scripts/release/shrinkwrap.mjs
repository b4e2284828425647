// npm-shrinkwrap.json for an app tarball: `npx -y @obmcp/<app>` installs the versions pnpm-lock.yaml resolves (what CI tested).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deployApp } from './bundles.mjs';
import { readJson } from './workspace.mjs';

const REGISTRY = 'https://registry.npmjs.org';

/** `name@version` → integrity, from the `packages:` entries of pnpm-lock.yaml (every document in it). */
export function lockIntegrities(root) {
  const text = readFileSync(join(root, 'pnpm-lock.yaml'), 'utf8');
  const found = new Map();
  const entry = /^ {2}'?((?:@[^/\s']+\/)?[^@\s']+@[^:(\s']+)'?:\n {4}resolution: \{integrity: ([^,}\s]+)/gm;
  for (const m of text.matchAll(entry)) found.set(m[1], m[2]);
  return found;
}

const tarballUrl = (name, version) => `${REGISTRY}/${name}/-/${name.split('/').pop()}-${version}.tgz`;

/** Every installed package under `modules` (hoisted layout, nested node_modules for conflicts), by lock path. */
function installed(modules, prefix, into) {
  if (!existsSync(modules)) return into;
  for (const entry of readdirSync(modules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const names = entry.name.startsWith('@')
      ? readdirSync(join(modules, entry.name)).map((n) => `${entry.name}/${n}`)
      : [entry.name];
    for (const name of names) {
      const dir = join(modules, name);
      const path = `${prefix}node_modules/${name}`;
      into.push({ path, pkg: readJson(join(dir, 'package.json')) });
      installed(join(dir, 'node_modules'), `${path}/`, into);
    }
  }
  return into;
}

/**
 * The shrinkwrap (lockfile v3) of `app` as `pnpm deploy --frozen-lockfile` installs it: every package at its
 * locked version and path, with the lock's integrity; `@obmcp/*` at the group version (their integrity is
 * only known once published). `resolved` names npmjs; npm swaps in the configured registry (replace-registry-host).
 */
export function shrinkwrapFor(root, app) {
  const stage = mkdtempSync(join(tmpdir(), 'obmcp-shrinkwrap-'));
  try {
    const target = deployApp(root, app, stage);
    const integrities = lockIntegrities(root);
    const own = readJson(join(target, 'package.json'));
    const dependencies = Object.fromEntries(
      Object.keys(own.dependencies ?? {}).map((name) => [
        name,
        name.startsWith('@obmcp/') ? app.version : own.dependencies[name],
      ]),
    );
    const packages = {
      '': {
        name: app.name,
        version: app.version,
        license: own.license,
        dependencies,
        ...(own.bin ? { bin: own.bin } : {}),
        ...(own.engines ? { engines: own.engines } : {}),
      },
    };
    const missing = [];
    for (const { path, pkg } of installed(join(target, 'node_modules'), '', [])) {
      const id = `${pkg.name}@${pkg.version}`;
      const integrity = integrities.get(id);
      if (!pkg.name.startsWith('@obmcp/') && integrity === undefined) missing.push(id);
      packages[path] = {
        version: pkg.version,
        resolved: tarballUrl(pkg.name, pkg.version),
        ...(integrity ? { integrity } : {}),
        ...(pkg.license ? { license: pkg.license } : {}),
        ...(pkg.dependencies && Object.keys(pkg.dependencies).length > 0
          ? {
              dependencies: pkg.name.startsWith('@obmcp/')
                ? pinOwn(pkg.dependencies, app.version)
                : pkg.dependencies,
            }
          : {}),
        ...(pkg.peerDependencies ? { peerDependencies: pkg.peerDependencies } : {}),
        ...(pkg.bin
          ? { bin: typeof pkg.bin === 'string' ? { [pkg.name.split('/').pop()]: pkg.bin } : pkg.bin }
          : {}),
        ...(pkg.engines && typeof pkg.engines === 'object' ? { engines: pkg.engines } : {}),
      };
    }
    if (missing.length > 0) throw new Error(`${app.name}: not in pnpm-lock.yaml: ${missing.join(', ')}`);
    return { name: app.name, version: app.version, lockfileVersion: 3, requires: true, packages };
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

/** An @obmcp package's own @obmcp dependencies at the group version (deploy leaves workspace links there). */
function pinOwn(dependencies, version) {
  return Object.fromEntries(
    Object.entries(dependencies).map(([name, range]) => [name, name.startsWith('@obmcp/') ? version : range]),
  );
}
