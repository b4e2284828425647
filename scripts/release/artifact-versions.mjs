// Files besides package.json that carry a package's version: server.json, the .mcpb manifest, an app's src/version.ts.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lockstepState } from './versions.mjs';

const VERSION_CONST = /(export const \w*VERSION\s*=\s*')([^']*)(')/;
/** Every `"version": "…"` of a JSON file (server.json and the manifest name no other package's version); edits keep the formatting. */
const JSON_VERSION = /("version"\s*:\s*")[^"]*(")/g;

/** One rule per kind of file: where in the package it lives, how to read and write its versions. */
const RULES = [
  {
    file: 'server.json',
    read: (text, pkg) => {
      const entry = JSON.parse(text);
      const own = (entry.packages ?? []).filter((p) => p.identifier === pkg.name);
      return [entry.version, ...own.map((p) => p.version)];
    },
    write: (text, _pkg, version) => text.replace(JSON_VERSION, `$1${version}$2`),
  },
  {
    file: 'mcpb/manifest.json',
    read: (text) => [JSON.parse(text).version],
    write: (text, _pkg, version) => text.replace(JSON_VERSION, `$1${version}$2`),
  },
  {
    // A server reports its version in initialize (and --version); packages/contract's version.ts is the contract's.
    file: 'src/version.ts',
    apps: true,
    read: (text) => [text.match(VERSION_CONST)?.[2]],
    write: (text, _pkg, version) => text.replace(VERSION_CONST, `$1${version}$3`),
  },
];

function* versionedFiles(root) {
  for (const pkg of lockstepState(root).members) {
    for (const rule of RULES) {
      if (rule.apps && !pkg.dir.startsWith('apps/')) continue;
      const path = join(root, pkg.dir, rule.file);
      if (existsSync(path)) yield { pkg, rule, path, rel: `${pkg.dir}/${rule.file}` };
    }
  }
}

/** `file: has X, expected Y` for every versioned file that disagrees with its package.json. */
export function artifactVersionProblems(root) {
  const problems = [];
  for (const { pkg, rule, path, rel } of versionedFiles(root)) {
    const found = rule.read(readFileSync(path, 'utf8'), pkg);
    const wrong = found.filter((v) => v !== pkg.version);
    if (found.length === 0 || wrong.length > 0) {
      problems.push(`${rel} carries version ${found.join(', ') || '(none)'}, ${pkg.name} is ${pkg.version}`);
    }
  }
  return problems;
}

/** Rewrites every versioned file to its package's (new) version; returns the files changed. */
export function syncArtifactVersions(root) {
  const changed = [];
  for (const { pkg, rule, path, rel } of versionedFiles(root)) {
    const before = readFileSync(path, 'utf8');
    const after = rule.write(before, pkg, pkg.version);
    if (after !== before) {
      writeFileSync(path, after);
      changed.push(rel);
    }
  }
  return changed;
}
