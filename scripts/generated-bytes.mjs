// pnpm generated:bytes [rev ...]: the committed generated files' bytes per kind at each git revision (default HEAD),
// from `git ls-tree -r -l`, so any two commits compare without a checkout (e.g. `pnpm generated:bytes 12e560f HEAD`).
import { execFileSync } from 'node:child_process';

/**
 * What `pnpm generate`, the mutation run or a test's update variable writes, by path. `review`: the kinds the
 * 2026-12-06 architecture review summed as "committed generated JSON" (22.9 MB at 12e560f).
 */
export const KINDS = [
  { name: 'catalogs', review: true, test: (p) => /^apps\/[^/]+\/generated\/catalog\//.test(p) },
  { name: 'tool snapshots', review: true, test: (p) => /^apps\/[^/]+\/generated\/tools\//.test(p) },
  {
    name: 'mutation reports',
    review: true,
    test: (p) => /^(apps|packages)\/[^/]+\/mutation\/[^/]+\.json$/.test(p),
  },
  { name: 'names-only snapshot', test: (p) => p === 'tests/robustness/test/catalog.snapshot.json' },
  { name: 'public-API lists', test: (p) => /^(apps|packages)\/[^/]+\/test\/public-api\.json$/.test(p) },
  { name: 'conformance fixtures', test: (p) => p.startsWith('tests/conformance/fixtures/') },
  {
    name: 'generator fixture snapshots',
    test: (p) => /^packages\/openapi-tools\/test\/.*\.snap\.json$/.test(p),
  },
  { name: 'view reference images', test: (p) => /^tests\/views\/reference\/.*\.png$/.test(p) },
];

/** Bytes and file count per kind at `rev`, plus `review` (the kinds the review summed) and `all`. */
export function measure(rev) {
  const out = Object.fromEntries(
    [...KINDS.map((k) => k.name), 'review', 'all'].map((n) => [n, { bytes: 0, files: 0 }]),
  );
  const listing = execFileSync('git', ['ls-tree', '-r', '-l', rev], { encoding: 'utf8', maxBuffer: 1 << 28 });
  for (const line of listing.split('\n')) {
    const match = /^\d+ blob [0-9a-f]+\s+(\d+)\t(.+)$/.exec(line);
    if (!match) continue;
    const [, size, path] = match;
    const kind = KINDS.find((k) => k.test(path));
    if (!kind) continue;
    for (const name of [kind.name, ...(kind.review ? ['review'] : []), 'all']) {
      out[name].bytes += Number(size);
      out[name].files += 1;
    }
  }
  return out;
}

const size = (bytes) => (bytes >= 1e5 ? `${(bytes / 1e6).toFixed(2)} MB` : `${(bytes / 1e3).toFixed(1)} kB`);

if (import.meta.url === `file://${process.argv[1]}`) {
  const revs = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['HEAD'];
  const rows = revs.map((rev) => [rev, measure(rev)]);
  const names = [...KINDS.map((k) => k.name), 'review', 'all'];
  const label = (n) =>
    n === 'review' ? '**catalogs + snapshots + mutation reports**' : n === 'all' ? '**every kind above**' : n;
  console.log(`| kind | ${revs.map((r) => `\`${r}\``).join(' | ')} |`);
  console.log(`| --- | ${revs.map(() => '---:').join(' | ')} |`);
  for (const n of names)
    console.log(
      `| ${label(n)} | ${rows.map(([, m]) => `${size(m[n].bytes)} (${m[n].files})`).join(' | ')} |`,
    );
}
