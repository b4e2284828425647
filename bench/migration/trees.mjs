// The two builds the migration bench compares: this checkout, and a baseline tree (a given built checkout, or a git
// ref exported with `git archive` into a temp dir, installed from the pnpm store and built; kept for the next run).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const APPS = ['sp-mcp', 'ads-mcp', 'openbridge-mcp'];

const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

/** True when the server framework at `sha` is still on the v1 SDK (`@modelcontextprotocol/sdk` 1.x). */
function onV1(sha) {
  for (const file of ['packages/mcp-server/package.json', 'packages/contract/package.json']) {
    const r = spawnSync('git', ['show', `${sha}:${file}`], { cwd: ROOT, encoding: 'utf8' });
    if (r.status === 0 && /"@modelcontextprotocol\/sdk": "\^?1\./.test(r.stdout)) return true;
  }
  return false;
}

/**
 * The default baseline: the newest commit of HEAD's history whose server framework still depends on SDK v1.
 * Before the v2 migration lands that is HEAD itself, and the run is an A/A control (same code on both sides).
 */
export function defaultBaselineRef() {
  for (const sha of git('rev-list', '--max-count=400', 'HEAD').split('\n')) if (onV1(sha)) return sha;
  throw new Error(
    'no commit on SDK v1 in the last 400: pass --baseline-ref=<ref> or --baseline-dir=<built tree>',
  );
}

function sh(cmd, args, cwd) {
  const r = spawnSync(cmd, args, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
  });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd}`);
}

/** A built tree of `ref` (apps and mocks), under the temp dir, reused when already built. */
export function baselineTree(ref) {
  const sha = git('rev-parse', ref);
  const dir = join(tmpdir(), `obmcp-bench-baseline-${sha.slice(0, 12)}`);
  const done = join(dir, '.bench-built');
  if (existsSync(done)) return { dir, sha };
  console.error(
    `baseline ${sha.slice(0, 12)}: exporting, installing and building into ${dir} (a few minutes)`,
  );
  mkdirSync(dir, { recursive: true });
  execFileSync('sh', ['-c', `git archive ${sha} | tar -x -C "${dir}"`], { cwd: ROOT });
  sh('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], dir);
  const filters = [...APPS.map((a) => `--filter=@obmcp/${a}`), '--filter=@obmcp/upstream-mocks'];
  sh('pnpm', ['exec', 'turbo', 'run', 'build', ...filters], dir);
  writeFileSync(done, `${sha}\n`);
  return { dir, sha };
}

/** `node` arguments that start `app` of the tree at `dir` against the mocks (`mocksDir`: whose mocks preload). */
export function appArgs(dir, app, mocksDir = dir) {
  const entry = join(dir, 'apps', app, 'dist', 'index.js');
  const mocks = join(mocksDir, 'packages', 'upstream-mocks', 'dist', 'register.js');
  for (const f of [entry, mocks]) if (!existsSync(f)) throw new Error(`${f} missing: build that tree first`);
  return ['--import', mocks, entry];
}

export function describeTree(dir) {
  const r = spawnSync('git', ['log', '-1', '--format=%h %s'], { cwd: dir, encoding: 'utf8' });
  const line = r.stdout.trim();
  return r.status === 0 ? (line.length > 72 ? `${line.slice(0, 71)}…` : line) : undefined;
}
