// `pnpm release`: clean tree + pending changeset + release:check → changeset version → cross-reference → commit + tag.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { releaseVersion, runCheck } from './check.mjs';
import { crossReference } from './cross-reference.mjs';
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

git(root, ['add', '-A']);
git(root, ['commit', '-q', '-m', `release: v${version}`]);
git(root, ['tag', '-a', `v${version}`, '-m', `release v${version}`]);
console.log(`released v${version}: ${state.members.map((m) => m.name).join(', ')}`);
console.log(
  `commit "release: v${version}" and annotated tag v${version} created locally; push with: git push --follow-tags`,
);
