// Drops from a deployed (hoisted) node_modules what npm would not install: optional peers nobody depends on (react-dom…).
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readJson } from './workspace.mjs';

/** The folder `name` resolves to from `from` (a package folder), walking up node_modules as Node does; or undefined. */
function resolveFrom(from, name, top) {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === top || dirname(dir) === dir) return undefined;
  }
}

/** Package folders under `modules` (scoped ones included, nested node_modules too). */
function allPackages(modules, into = []) {
  if (!existsSync(modules)) return into;
  for (const entry of readdirSync(modules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const dirs = entry.name.startsWith('@')
      ? readdirSync(join(modules, entry.name)).map((n) => join(modules, entry.name, n))
      : [join(modules, entry.name)];
    for (const dir of dirs) {
      into.push(dir);
      allPackages(join(dir, 'node_modules'), into);
    }
  }
  return into;
}

/** Removes every package under `<appDir>/node_modules` that the app's dependency graph does not reach. */
export function pruneUnreached(appDir) {
  const reached = new Set();
  const visit = (dir) => {
    if (reached.has(dir)) return;
    reached.add(dir);
    const pkg = readJson(join(dir, 'package.json'));
    const optionalPeers = new Set(
      Object.entries(pkg.peerDependenciesMeta ?? {})
        .filter(([, meta]) => meta?.optional === true)
        .map(([name]) => name),
    );
    const names = [
      ...Object.keys(pkg.dependencies ?? {}),
      ...Object.keys(pkg.optionalDependencies ?? {}),
      ...Object.keys(pkg.peerDependencies ?? {}).filter((name) => !optionalPeers.has(name)),
    ];
    for (const name of names) {
      const found = resolveFrom(dir, name, appDir);
      if (found) visit(found);
    }
  };
  visit(appDir);
  const dropped = [];
  for (const dir of allPackages(join(appDir, 'node_modules'))) {
    if (reached.has(dir) || !existsSync(dir)) continue;
    rmSync(dir, { recursive: true, force: true });
    dropped.push(dir.slice(appDir.length + 1));
  }
  return dropped;
}
