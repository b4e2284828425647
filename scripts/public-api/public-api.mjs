// A library's public API as data: names per package.json entry point, each entry's runtime imports, who imports what.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is scripts/public-api/public-api.mjs). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Where the packages that import a library live (everything but the library itself is scanned). */
const WORKSPACE_DIRS = ['apps', 'packages', 'tests', 'scripts', 'bench'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'dist-typecheck', 'coverage', 'generated', 'fixtures']);
const SOURCE_FILE = /\.(?:ts|tsx|mts|mjs|js)$/;

/** Set OBMCP_UPDATE_PUBLIC_API=1 to rewrite the committed list (`pnpm public-api:update`). */
export const UPDATE_PUBLIC_API_ENV = 'OBMCP_UPDATE_PUBLIC_API';

/** `export [type] { a, type B } from '…'` — the one form an entry file may use. */
const NAMED_REEXPORT = /export\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;
/** Any other export form: `export *`, `export default`, a local declaration. */
const OTHER_EXPORT = /^\s*export\s+(?!(?:type\s+)?\{)/m;
/** Static imports and re-exports with their specifier; group 1 marks a type-only statement. */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
/** A workspace package's internal module (`@obmcp/contract/internal/x/y.js` → packages/contract/src/x/y.ts). */
const INTERNAL_IMPORT = /^@obmcp\/([\w-]+)\/internal\/(.+)\.js$/;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** package.json `exports` subpath → its TypeScript source (`./dist/x.js` → `src/x.ts`); file patterns skipped. */
export function entryPoints(packageDir) {
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const entries = {};
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    if (subpath.includes('*')) continue;
    const file = typeof target === 'string' ? target : target.default;
    entries[subpath] = join(packageDir, file.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts'));
  }
  return { name: manifest.name, entries };
}

/** The names an entry file exports (`type X` for a type-only one), sorted; throws on any other export form. */
export function exportedNames(entryFile) {
  const text = readFileSync(entryFile, 'utf8');
  const other = OTHER_EXPORT.exec(text);
  if (other) throw new Error(`${entryFile}: only named re-exports are allowed, found "${other[0].trim()}…"`);
  const names = [];
  for (const [, typeOnly, list] of text.matchAll(NAMED_REEXPORT)) {
    for (const raw of list.split(',')) {
      const item = raw.trim();
      if (item === '') continue;
      const isType = typeOnly !== undefined || item.startsWith('type ');
      const name = item
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop();
      names.push(isType ? `type ${name}` : name);
    }
  }
  return names.sort((a, b) => bare(a).localeCompare(bare(b)));
}

/** A listed name without its `type ` marker. */
export function bare(listed) {
  return listed.replace(/^type /, '');
}

function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const found = [];
  for (const [, typeOnly, specifier] of text.matchAll(STATIC_IMPORT)) {
    if (typeOnly === undefined) found.push(specifier);
  }
  for (const [, specifier] of text.matchAll(DYNAMIC_IMPORT)) found.push(specifier);
  return found;
}

function sourceOf(fromFile, specifier) {
  const target = resolve(dirname(fromFile), specifier);
  const ts = target.replace(/\.js$/, '.ts');
  if (existsSync(ts)) return ts;
  if (existsSync(target)) return target;
  throw new Error(`${fromFile}: cannot resolve ${specifier}`);
}

/**
 * Every package a module loads at run time, following its relative imports (type-only statements are erased
 * by the compiler, so they are skipped) and a workspace package's internal modules. Node built-ins are left out;
 * the rest is sorted.
 */
export function runtimePackages(entryFile) {
  const seen = new Set();
  const packages = new Set();
  const pending = [entryFile];
  while (pending.length > 0) {
    const file = pending.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of importsOf(file)) {
      const internal = INTERNAL_IMPORT.exec(specifier);
      if (specifier.startsWith('.')) pending.push(sourceOf(file, specifier));
      else if (internal) pending.push(join(REPO_ROOT, 'packages', internal[1], 'src', `${internal[2]}.ts`));
      else if (!specifier.startsWith('node:') && !builtinModules.includes(specifier)) packages.add(specifier);
    }
  }
  return [...packages].sort();
}

function sourceFiles(dir, skip, out) {
  for (const entry of readdirSync(dir)) {
    if (SKIPPED_DIRS.has(entry) || entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (path === skip) continue;
    if (statSync(path).isDirectory()) sourceFiles(path, skip, out);
    else if (SOURCE_FILE.test(entry) && !entry.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/**
 * Specifier (`@obmcp/x`, `@obmcp/x/sub`) → the names other workspace sources import from it (static named
 * imports and re-exports), each with one file that does. The library's own folder is left out, except its
 * README.md: a name its usage example imports is public for the users outside the repository.
 */
export function workspaceImports(packageName, packageDir) {
  const files = WORKSPACE_DIRS.flatMap((dir) => sourceFiles(join(REPO_ROOT, dir), resolve(packageDir), []));
  const readme = join(resolve(packageDir), 'README.md');
  if (existsSync(readme)) files.push(readme);
  // A static import or re-export, or a bin's `const { … } = await import('…')` (loaded after its Node floor).
  const statement = new RegExp(
    `(?:(?:import|export)\\s+(?:type\\s+)?\\{([^}]*)\\}\\s*from|const\\s*\\{([^}]*)\\}\\s*=\\s*await\\s+import\\()\\s*['"](${escapeRegExp(packageName)}(?:/[\\w-]+)?)['"]`,
    'g',
  );
  const used = new Map();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes(packageName)) continue;
    for (const [, imported, loaded, specifier] of text.matchAll(statement)) {
      const list = imported ?? loaded ?? '';
      const names = used.get(specifier) ?? new Map();
      used.set(specifier, names);
      for (const raw of list.split(',')) {
        const name = raw
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0];
        if (name && !names.has(name)) names.set(name, relative(REPO_ROOT, file));
      }
    }
  }
  return used;
}

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Entry point → exported names, for every entry of the package. */
export function publicApi(packageDir) {
  const { entries } = entryPoints(packageDir);
  return Object.fromEntries(Object.entries(entries).map(([subpath, file]) => [subpath, exportedNames(file)]));
}

/** Compares the package's API with its committed list; with OBMCP_UPDATE_PUBLIC_API=1 rewrites the list. */
export function checkCommittedApi(packageDir, listFile) {
  const current = `${JSON.stringify(publicApi(packageDir), null, 2)}\n`;
  if (process.env[UPDATE_PUBLIC_API_ENV] === '1') writeFileSync(listFile, current);
  const committed = existsSync(listFile) ? readFileSync(listFile, 'utf8') : '';
  return { current, committed };
}
