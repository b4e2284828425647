#!/usr/bin/env node
// Re-vendors the specs: replaces sp-api/ and amazon-ads/ with byte-identical copies from a source folder.
// Usage: pnpm --filter @obmcp/upstream-specs vendor <source-folder>
//   <source-folder> holds `sp-api/` (LICENSE + models/<api>-model/*) and/or `amazon-ads/` (*.json), e.g.
//   a checkout laid out like /work/shared/upstream-specs. Record the new source commits in SOURCE.md, then
//   regenerate the catalogs (`pnpm --filter @obmcp/openapi-tools run generate`).
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const source = process.argv[2];
if (!source) {
  process.stderr.write('usage: vendor.mjs <source-folder containing sp-api/ and/or amazon-ads/>\n');
  process.exit(2);
}

function countFiles(dir) {
  let n = 0;
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    n += statSync(p).isDirectory() ? countFiles(p) : 1;
  }
  return n;
}

let copied = 0;
for (const family of ['sp-api', 'amazon-ads']) {
  const from = resolve(source, family);
  if (!existsSync(from)) continue;
  const to = join(here, family);
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
  process.stderr.write(`${family}: ${countFiles(to)} files copied from ${from}\n`);
  copied++;
}
if (copied === 0) {
  process.stderr.write(`nothing to vendor: ${resolve(source)} has neither sp-api/ nor amazon-ads/\n`);
  process.exit(1);
}
process.stderr.write('now record the source commits in SOURCE.md and regenerate the catalogs\n');
