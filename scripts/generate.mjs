// pnpm generate: every generated file, rebuilt in dependency order; --check: then fail when any differs from the commit.
import { execFileSync, spawnSync } from 'node:child_process';

/**
 * The variables that put each drift test in rewrite mode. CI (.ci/run) exports them around `pnpm test`, so each
 * test-backed generator runs once, inside the test step, and `generate:check --after-test` only compares.
 */
export const REWRITE_ENV = {
  OBMCP_UPDATE_SNAPSHOTS: '1',
  OBMCP_UPDATE_PUBLIC_API: '1',
  OBMCP_UPDATE_FIXTURES: '1',
  OBMCP_UPDATE_CLIENTS_DOC: '1',
};

/**
 * In order: the build (which also writes sp-mcp's and ads-mcp's catalogs, a git-ignored build output, from the
 * vendored specs and each app's catalog-config.ts); snapshots, API lists, fixtures and the client listing tables read
 * the built apps, so a catalog-config change shows up in the committed tool snapshots. `byTests`: a drift test writes it.
 */
export const STEPS = [
  { name: 'build', run: ['pnpm', 'run', 'build'], build: true },
  { name: 'tool snapshots', run: ['pnpm', 'snapshots:update'], byTests: true },
  { name: 'public API lists', run: ['pnpm', 'public-api:update'], byTests: true },
  { name: 'conformance fixtures', run: ['pnpm', 'fixtures:update'], byTests: true },
  {
    name: 'docs/CLIENTS.md listing tables',
    run: ['pnpm', '--filter', '@obmcp/clients-tests', 'run', 'doc:listings'],
    byTests: true,
  },
  { name: 'docs/MUTATION.md score tables', run: ['pnpm', 'mutation:score', '--write', '--report-only'] },
];

/** Where a generator can add a file (a new toolset's snapshot, a new fixture or API list). */
const NEW_FILE_PLACES = [
  'apps/*/generated',
  'tests/conformance/fixtures',
  'packages/*/test/public-api.json',
  'apps/*/test/public-api.json',
  'docs',
];

/** The steps to run: `--after-test` skips the build and what the test step already rewrote. */
export const stepsFor = (argv) =>
  argv.includes('--after-test') ? STEPS.filter((s) => !s.build && !s.byTests) : STEPS;

if (import.meta.url === `file://${process.argv[1]}`) {
  const check = process.argv.includes('--check');
  const git = (args) => execFileSync('git', args, { encoding: 'utf8' });
  // --after-test runs on the tree the test step rewrote; the plain check compares a clean tree with the commit.
  if (check && !process.argv.includes('--after-test')) {
    if (git(['status', '--porcelain', '--untracked-files=no']).trim() !== '') {
      console.error('generate --check: commit or stash your changes first (it compares with the commit)');
      process.exit(2);
    }
  }
  const started = Date.now();
  for (const step of stepsFor(process.argv)) {
    console.log(`==> generate: ${step.name}`);
    const t0 = Date.now();
    const run = spawnSync(step.run[0], step.run.slice(1), { stdio: 'inherit' });
    if (run.status !== 0) {
      console.error(`generate: ${step.name} failed (exit ${run.status})`);
      process.exit(1);
    }
    console.log(`generate: ${step.name} took ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  console.log(`generate: ${((Date.now() - started) / 1000).toFixed(1)} s in all`);
  if (check) {
    // Tracked files anywhere, and new files where generators write (a test run may leave other untracked files).
    const stale = [
      git(['status', '--porcelain', '--untracked-files=no']).trim(),
      git(['status', '--porcelain', '--untracked-files=all', '--', ...NEW_FILE_PLACES])
        .split('\n')
        .filter((l) => l.startsWith('??'))
        .join('\n'),
    ]
      .filter(Boolean)
      .join('\n');
    if (stale !== '') {
      console.error(
        `generate --check: generated files are stale; run \`pnpm generate\` and commit:\n${stale}`,
      );
      console.error(git(['diff', '--stat']).trim());
      process.exit(1);
    }
    console.log('generate --check: every generated file is current');
  }
}
