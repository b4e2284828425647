// `pnpm release`: clean tree + pending changeset + release:check → changeset version → cross-reference → version files
// → rebuild, npm tarballs and .mcpb bundles → commit + tag. Publishing is `pnpm release:publish`, a separate step.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { releaseVersion, runCheck } from './check.mjs';
import { syncArtifactVersions } from './artifact-versions.mjs';
import { buildBundles } from './bundles.mjs';
import { crossReference } from './cross-reference.mjs';
import { artifactsDir, packReleases } from './pack.mjs';
import { lockstepState } from './versions.mjs';
import { git, pendingChangesets, TOOL_ROOT, workspaceRoot } from './workspace.mjs';

function refuse(message) {
  console.error(`release refused: ${message}`);
  process.exit(1);
}

function dirty(root) {
  return git(root, ['status', '--porcelain']);
}

const root = workspaceRoot();
try {
  git(root, ['rev-parse', '--is-inside-work-tree']);
} catch {
  refuse(`${root} is not a git work tree`);
}
const before = dirty(root);
if (before) refuse(`the git tree is dirty (commit or remove these first):\n${before}`);
if (pendingChangesets(root).length === 0) {
  refuse(
    'no pending changeset. Add one with `pnpm changeset` (pick the packages, the bump and a summary), commit it, and run `pnpm release` again.',
  );
}
const version = releaseVersion(root);
if (!version) refuse('could not determine the version to release');
if (git(root, ['tag', '--list', `v${version}`])) refuse(`tag v${version} already exists`);

if (!(await runCheck({ root }))) refuse('release:check failed (see above)');
const afterCheck = dirty(root);
if (afterCheck) refuse(`release:check left the tree dirty (fixtures drifted?):\n${afterCheck}`);

const changesetBin = createRequire(join(TOOL_ROOT, 'package.json')).resolve('@changesets/cli/bin.js');
const bumped = spawnSync(process.execPath, [changesetBin, 'version'], { cwd: root, stdio: 'inherit' });
if (bumped.status !== 0) refuse(`changeset version exited ${bumped.status ?? bumped.signal}`);

const state = lockstepState(root);
if (state.problems.length > 0) refuse(`after changeset version:\n${state.problems.join('\n')}`);
if (state.version !== version)
  refuse(`changeset version produced ${state.version}, expected ${version}; the tree is left as is`);
crossReference(root);
syncArtifactVersions(root);
// changeset version writes CHANGELOGs the repo's formatter would change; the release commit must pass lint.
const formatted = spawnSync(join(TOOL_ROOT, 'node_modules', '.bin', 'biome'), ['format', '--write', '.'], {
  cwd: root,
  encoding: 'utf8',
});
if (formatted.status !== 0)
  refuse(`biome format failed after the version bump; the tree is left as is:\n${formatted.stderr}`);

if (process.env.OBMCP_RELEASE_SKIP_CHECK !== '1') {
  const rebuilt = spawnSync(join(TOOL_ROOT, 'node_modules', '.bin', 'turbo'), ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
  });
  if (rebuilt.status !== 0) refuse('turbo run build failed after the version bump; the tree is left as is');
}
const artifacts = artifactsDir(root, version);
let packed;
let bundles;
try {
  packed = packReleases(root, join(artifacts, 'npm'));
  // The bundles install third-party dependencies from the npm registry (OBMCP_RELEASE_SKIP_BUNDLES=1: tests only).
  bundles =
    process.env.OBMCP_RELEASE_SKIP_BUNDLES === '1' ? [] : buildBundles(root, packed, join(artifacts, 'mcpb'));
} catch (error) {
  refuse(`packing failed; the tree is left as is:\n${error instanceof Error ? error.message : error}`);
}

git(root, ['add', '-A']);
git(root, ['commit', '-q', '-m', `release: v${version}`]);
git(root, ['tag', '-a', `v${version}`, '-m', `release v${version}`]);
console.log(`released v${version}: ${state.members.map((m) => m.name).join(', ')}`);
console.log(`artifacts in ${artifacts}: ${packed.length} npm tarballs, ${bundles.length} .mcpb bundles`);
console.log(
  `commit "release: v${version}" and annotated tag v${version} created locally. Next: git push --follow-tags, then ` +
    'pnpm release:publish --registry https://registry.npmjs.org/ (and attach the .mcpb bundles to the GitHub release)',
);
