// `pnpm release:publish --registry <url>`: publishes the tagged release's tarballs (a separate step from cutting it).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { artifactsDir, outArg, packReleases } from './pack.mjs';
import { lockstepState } from './versions.mjs';
import { git, TOOL_ROOT, workspaceRoot } from './workspace.mjs';

const USAGE =
  'usage: pnpm release:publish --registry <url> [--tag <dist-tag>] [--out <dir>] [--otp <code>] [--dry-run]  (or OBMCP_PUBLISH_REGISTRY=<url>)';

function refuse(message) {
  console.error(`publish refused: ${message}`);
  process.exit(1);
}

/** `--name value` or `--name=value`. */
function option(argv, name) {
  const i = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return undefined;
  return argv[i].includes('=') ? argv[i].slice(argv[i].indexOf('=') + 1) : argv[i + 1];
}

/** npm as a child process: { status, stdout, stderr }. */
function npm(args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => {
      stdout += c;
    });
    child.stderr.on('data', (c) => {
      stderr += c;
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** True when name@version is already on the registry (so a rerun after a partial failure resumes). */
async function published(name, version, registry, cwd) {
  const r = await npm(['view', `${name}@${version}`, 'version', '--registry', registry], cwd);
  return r.status === 0 && r.stdout.trim() === version;
}

/** Runs fn over items, `limit` at a time (npm is slow to start; the registry does not care about order). */
async function eachLimited(items, limit, fn) {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await fn(item);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const argv = process.argv.slice(2);
const registry = option(argv, 'registry') ?? process.env.OBMCP_PUBLISH_REGISTRY;
const distTag = option(argv, 'tag') ?? 'latest';
const dryRun = argv.includes('--dry-run');
const otp = option(argv, 'otp');
if (!registry) refuse(`name the registry to publish to.\n${USAGE}`);
try {
  new URL(registry);
} catch {
  refuse(`--registry must be a URL (got "${registry}")`);
}

const root = workspaceRoot();
const { version, members, problems } = lockstepState(root);
if (problems.length > 0) refuse(problems.join('\n'));
// Publishing is what a tag promises: only the exact tagged, clean tree goes out (OBMCP_PUBLISH_ALLOW_UNTAGGED=1 for tests).
if (process.env.OBMCP_PUBLISH_ALLOW_UNTAGGED !== '1') {
  const dirty = git(root, ['status', '--porcelain']);
  if (dirty) refuse(`the git tree is dirty:\n${dirty}`);
  const tags = git(root, ['tag', '--points-at', 'HEAD']).split('\n');
  if (!tags.includes(`v${version}`)) {
    refuse(`HEAD is not tagged v${version}: cut the release first (pnpm release), or check out its tag`);
  }
}
if (process.env.OBMCP_RELEASE_SKIP_CHECK !== '1') {
  const build = spawnSync(join(TOOL_ROOT, 'node_modules', '.bin', 'turbo'), ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
  });
  if (build.status !== 0) refuse('turbo run build failed');
}

const packed = packReleases(root, join(outArg(argv) ?? artifactsDir(root, version), 'npm'));
const failures = [];
await eachLimited(packed, 4, async (p) => {
  if (!existsSync(p.tarball)) {
    failures.push(`${p.tarball} is missing`);
    return;
  }
  if (await published(p.name, p.version, registry, root)) {
    console.log(`= ${p.name}@${p.version} is already on ${registry}`);
    return;
  }
  const args = ['publish', p.tarball, '--registry', registry, '--access', 'public', '--tag', distTag];
  if (dryRun) args.push('--dry-run');
  if (otp) args.push('--otp', otp);
  const r = await npm(args, root);
  if (r.status === 0) console.log(`${dryRun ? '~' : '+'} ${p.name}@${p.version} → ${registry}`);
  else failures.push(`${p.name}@${p.version}: npm publish exited ${r.status}\n${r.stderr.trim()}`);
});
if (failures.length > 0)
  refuse(`${failures.join('\n')}\nrerun the same command: published packages are skipped`);
console.log(
  `${dryRun ? 'dry run: ' : ''}published v${version} (${members.length} packages) to ${registry} with dist-tag ${distTag}`,
);
