// `pnpm release:check`: lockstep versions (and the files that repeat them), one contract constant, the legacy_error_kind window, then build/lint/typecheck/test.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { artifactVersionProblems } from './artifact-versions.mjs';
import { hardCodedVersions } from './contract-constant.mjs';
import { lockstepState, nextVersion } from './versions.mjs';
import { describeStale, staleEntries } from './window.mjs';
import { TOOL_ROOT, workspacePackages, workspaceRoot } from './workspace.mjs';

const SLOW = ['build', 'lint', 'typecheck', 'test'];
export const STEPS = ['versions', 'contract-constant', 'build', 'window', 'lint', 'typecheck', 'test'];

/** The version being cut: OBMCP_RELEASE_VERSION, else what the pending changesets produce, else the current one. */
export function releaseVersion(root) {
  const { version } = lockstepState(root);
  return process.env.OBMCP_RELEASE_VERSION || nextVersion(root, version ?? '0.0.0') || version;
}

function tool(name) {
  return join(TOOL_ROOT, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);
}

function run(root, command, args) {
  const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' };
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  return r.status === 0
    ? []
    : [`${[command.split('/').pop(), ...args].join(' ')} exited ${r.status ?? r.signal}`];
}

const STEP_IMPL = {
  versions: (root) => [...lockstepState(root).problems, ...artifactVersionProblems(root)],
  'contract-constant': (root) =>
    hardCodedVersions(root).map((h) => `hard-coded contract version (use CONTRACT_VERSION): ${h}`),
  build: (root) => run(root, tool('turbo'), ['run', 'build']),
  window: async (root) => {
    const version = releaseVersion(root);
    return describeStale(await staleEntries(version), version);
  },
  lint: (root) => run(root, tool('biome'), ['check', '.']),
  typecheck: (root) => run(root, tool('turbo'), ['run', 'typecheck', '--continue']),
  test: (root) => {
    if (!workspacePackages(root).some((p) => p.name === '@obmcp/conformance')) {
      return ['tests/conformance (@obmcp/conformance) is missing: no release without the conformance suite'];
    }
    return run(root, tool('turbo'), ['run', 'test', '--continue', '--concurrency=3']);
  },
};

/** Runs the steps in order, stops at the first failing one; true when all passed. */
export async function runCheck({
  root = workspaceRoot(),
  only,
  skipSlow = process.env.OBMCP_RELEASE_SKIP_CHECK === '1',
} = {}) {
  const steps = STEPS.filter((s) => (only ? only.includes(s) : true)).filter(
    (s) => !(skipSlow && SLOW.includes(s)),
  );
  if (skipSlow)
    console.log('release:check: OBMCP_RELEASE_SKIP_CHECK=1 — build, lint, typecheck and tests skipped');
  for (const step of steps) {
    const started = Date.now();
    console.log(`▶ ${step}`);
    let problems;
    try {
      problems = await STEP_IMPL[step](root);
    } catch (error) {
      problems = [error instanceof Error ? error.message : String(error)];
    }
    if (problems.length > 0) {
      for (const p of problems) console.error(`  ✗ ${p}`);
      console.error(`release:check failed at step "${step}"`);
      return false;
    }
    console.log(`  ✓ ${step} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  console.log(`release:check passed for v${releaseVersion(root)}`);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const only = process.argv
    .find((a) => a.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',');
  const unknown = (only ?? []).filter((s) => !STEPS.includes(s));
  if (unknown.length > 0) {
    console.error(`unknown step(s): ${unknown.join(', ')}; steps: ${STEPS.join(', ')}`);
    process.exit(2);
  }
  process.exit((await runCheck({ only })) ? 0 : 1);
}
