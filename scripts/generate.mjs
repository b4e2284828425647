// pnpm generate: every generated file, rebuilt in dependency order; --check: then fail when any differs from the commit.
import { execFileSync, spawnSync } from 'node:child_process';

/** In order: the catalogs read the built catalog config; snapshots, API lists and fixtures read the built apps. */
const STEPS = [
  { name: 'build', run: ['pnpm', 'run', 'build'] },
  { name: 'catalogs', run: ['pnpm', 'catalogs:update'] },
  { name: 'build (new catalogs)', run: ['pnpm', 'run', 'build'] },
  { name: 'tool snapshots', run: ['pnpm', 'snapshots:update'] },
  { name: 'public API lists', run: ['pnpm', 'public-api:update'] },
  { name: 'conformance fixtures', run: ['pnpm', 'fixtures:update'] },
  { name: 'mutation score tables', run: ['pnpm', 'mutation:score', '--write'] },
];

const check = process.argv.includes('--check');
const git = (args) => execFileSync('git', args, { encoding: 'utf8' });

if (check && git(['status', '--porcelain', '--untracked-files=no']).trim() !== '') {
  console.error('generate --check: commit or stash your changes first (it compares with the commit)');
  process.exit(2);
}
for (const step of STEPS) {
  console.log(`==> generate: ${step.name}`);
  const run = spawnSync(step.run[0], step.run.slice(1), { stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`generate: ${step.name} failed (exit ${run.status})`);
    process.exit(1);
  }
}
if (check) {
  const stale = git(['status', '--porcelain']).trim();
  if (stale !== '') {
    console.error(`generate --check: generated files are stale; run \`pnpm generate\` and commit:\n${stale}`);
    process.exit(1);
  }
  console.log('generate --check: every generated file is current');
}
