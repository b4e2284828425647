// The list of vendored spec files (SP-API models and Amazon Ads specs), found on disk next to this package.
import { readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Which upstream a spec file belongs to. */
export type SpecFamily = 'sp-api' | 'amazon-ads';

export interface SpecFile {
  family: SpecFamily;
  /** File name without `.json`, e.g. `ordersV0`, `reports_2021-06-30`, `SponsoredProducts`. */
  stem: string;
  /** Path inside the family folder, POSIX separators, e.g. `models/orders-api-model/ordersV0.json`. */
  relPath: string;
  /** Absolute path on disk. */
  absPath: string;
}

/** Root of this package (holds `sp-api/` and `amazon-ads/`), from `dist/` or `src/` alike. */
export const specsRoot: string = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function walkJson(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walkJson(full));
    else if (entry.isFile() && entry.name.endsWith('.json')) out.push(full);
  }
  return out;
}

/** Every vendored JSON spec of a family (or both), sorted by relPath so output is deterministic. */
export function listSpecFiles(family?: SpecFamily): SpecFile[] {
  const families: SpecFamily[] = family ? [family] : ['sp-api', 'amazon-ads'];
  const files: SpecFile[] = [];
  for (const fam of families) {
    const base = join(specsRoot, fam);
    for (const absPath of walkJson(base)) {
      const relPath = relative(base, absPath).split(sep).join('/');
      const stem = relPath.slice(relPath.lastIndexOf('/') + 1).replace(/\.json$/, '');
      files.push({ family: fam, stem, relPath, absPath });
    }
  }
  return files.sort((a, b) =>
    a.family === b.family ? a.relPath.localeCompare(b.relPath) : a.family.localeCompare(b.family),
  );
}

/** The spec file of a family with this stem, or undefined. */
export function findSpecFile(family: SpecFamily, stem: string): SpecFile | undefined {
  return listSpecFiles(family).find((f) => f.stem === stem);
}
