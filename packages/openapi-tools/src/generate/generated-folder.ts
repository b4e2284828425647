// A committed folder of generated files (catalogs, tool snapshots): compare it with what a generator makes
// now, or rewrite it. Only files with the folder's suffix are the generator's; others are left alone.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function ownedFiles(dir: string, suffix: string): string[] {
  try {
    return readdirSync(dir).filter((f) => f.endsWith(suffix));
  } catch {
    return [];
  }
}

/** Files that differ from `files` (missing, changed, or left over), sorted; empty when the folder is current. */
export function staleFiles(dir: string, files: ReadonlyMap<string, string>, suffix: string): string[] {
  const stale = ownedFiles(dir, suffix).filter((f) => !files.has(f));
  for (const [name, text] of files) {
    let current: string | undefined;
    try {
      current = readFileSync(join(dir, name), 'utf8');
    } catch {
      current = undefined;
    }
    if (current !== text) stale.push(name);
  }
  return stale.sort();
}

/** Makes the folder hold exactly `files` (a left-over file with the suffix is removed). */
export function writeFolder(dir: string, files: ReadonlyMap<string, string>, suffix: string): void {
  mkdirSync(dir, { recursive: true });
  for (const stale of ownedFiles(dir, suffix)) if (!files.has(stale)) rmSync(join(dir, stale));
  for (const [name, text] of files) writeFileSync(join(dir, name), text);
}
