// Reads the workspace: packages from pnpm-workspace.yaml, the changesets config, pending changesets, git state.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repo these scripts live in (for the changesets binary and the built contract). */
export const TOOL_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The workspace to release: OBMCP_RELEASE_ROOT (tests point it at a scratch copy) or this repo. */
export function workspaceRoot() {
  return process.env.OBMCP_RELEASE_ROOT || TOOL_ROOT;
}

export function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Every workspace package: { name, version, private, dir } (globs of the form `dir/*` or plain dirs). */
export function workspacePackages(root) {
  const yaml = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const section = yaml.split(/^packages:\s*$/m)[1]?.split(/^\S/m)[0] ?? '';
  const globs = [...section.matchAll(/^\s*-\s*["']?([^"'\n]+?)["']?\s*$/gm)].map((m) => m[1]);
  const dirs = globs.flatMap((g) => {
    if (!g.endsWith('/*')) return [g];
    const base = g.slice(0, -2);
    if (!existsSync(join(root, base))) return [];
    return readdirSync(join(root, base), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => `${base}/${d.name}`);
  });
  return dirs
    .filter((dir) => existsSync(join(root, dir, 'package.json')))
    .map((dir) => {
      const pkg = readJson(join(root, dir, 'package.json'));
      return { name: pkg.name, version: pkg.version, private: pkg.private === true, dir };
    });
}

export function changesetConfig(root) {
  return readJson(join(root, '.changeset', 'config.json'));
}

/** Pending changeset files: { file, bumps: { [pkg]: 'major'|'minor'|'patch' } }. */
export function pendingChangesets(root) {
  const dir = join(root, '.changeset');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md') && f.toLowerCase() !== 'readme.md')
    .map((file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      const front = text.match(/^---\n([\s\S]*?)\n---/)?.[1] ?? '';
      const bumps = Object.fromEntries(
        [...front.matchAll(/^\s*["']?([^"':]+)["']?\s*:\s*(major|minor|patch)\s*$/gm)].map((m) => [
          m[1],
          m[2],
        ]),
      );
      return { file, bumps };
    });
}

export function git(root, args) {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}
