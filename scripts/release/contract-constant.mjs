// Single-source check: no src file outside packages/contract/src/version.ts hard-codes the contract version 1.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { workspacePackages } from './workspace.mjs';

const PATTERN = /["']?(_envelope_version|contract_version)["']?\s*:\s*1\b/;
const SOURCE = /\.(c|m)?[jt]sx?$/;
const THE_CONSTANT = 'packages/contract/src/version.ts';

/** Offending `file:line: text` entries in packages/* and apps/* src trees (tests, fixtures excluded). */
export function hardCodedVersions(root) {
  const hits = [];
  const dirs = workspacePackages(root)
    .filter((p) => !p.dir.startsWith('tests/'))
    .map((p) => join(root, p.dir, 'src'))
    .filter((d) => existsSync(d));
  for (const dir of dirs) {
    for (const file of walk(dir)) {
      const rel = relative(root, file).split('\\').join('/');
      if (rel === THE_CONSTANT) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (PATTERN.test(line)) hits.push(`${rel}:${i + 1}: ${line.trim().slice(0, 120)}`);
        });
    }
  }
  return hits;
}

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'fixtures', 'test', '__tests__'].includes(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (SOURCE.test(entry.name) && !/\.test\.|\.spec\./.test(entry.name)) yield path;
  }
}
