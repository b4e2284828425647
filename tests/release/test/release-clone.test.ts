// `pnpm release` on a throwaway clone of this repository: one version for the whole fixed group, the files that
// repeat it, changelogs, tarballs, one commit and one tag, nothing pushed or published (the slow gate and the
// .mcpb bundles are skipped by their test hooks; CI runs release:check and the bundle manifests' tests itself).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runNode } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIT_ENV } from '../src/fake-workspace.js';
import type { McpbManifest, ServerJson } from '../src/install-surface.js';
import { readManifest } from '../src/packed.js';
import { CHECK_SCRIPT, RELEASE_SCRIPT, REPO_ROOT } from '../src/paths.js';

const GROUP = [
  'packages/contract',
  'packages/mcp-server',
  'packages/http-kit',
  'packages/code-mode',
  'packages/hosted-auth',
  'packages/openapi-tools',
  'packages/openbridge-upstream',
  'apps/sp-mcp',
  'apps/ads-mcp',
  'apps/openbridge-mcp',
];
const APPS = GROUP.filter((d) => d.startsWith('apps/'));

let clone = '';
let before = '';
/** A private package's version before the release (it need not equal the group's). */
let privateBefore = '';
let run: Awaited<ReturnType<typeof runNode>>;
const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: clone, encoding: 'utf8', env: { ...process.env, ...GIT_ENV } }).trim();
const read = (path: string) => readFileSync(join(clone, path), 'utf8');
const env = {
  ...GIT_ENV,
  OBMCP_RELEASE_ROOT: '',
  OBMCP_RELEASE_SKIP_CHECK: '1',
  OBMCP_RELEASE_SKIP_BUNDLES: '1',
};

beforeAll(async () => {
  clone = mkdtempSync(join(tmpdir(), 'obmcp-release-clone-'));
  execFileSync('git', ['clone', '-q', '--no-hardlinks', REPO_ROOT, clone], {
    env: { ...process.env, ...GIT_ENV },
  });
  // pnpm pack resolves workspace: ranges through the installed links: install the clone from the store (no network).
  execFileSync(
    'pnpm',
    [
      'install',
      '--frozen-lockfile',
      '--offline',
      '--ignore-scripts',
      '--filter',
      './packages/*',
      '--filter',
      './apps/*',
    ],
    { cwd: clone, stdio: 'ignore', env: { ...process.env, CI: 'true' } },
  );
  before = readManifest(join(clone, 'apps/sp-mcp')).version;
  privateBefore = readManifest(join(clone, 'packages/test-kit')).version;
  writeFileSync(
    join(clone, '.changeset', 'release-clone-test.md'),
    '---\n"@obmcp/sp-mcp": patch\n---\n\nA change in one app releases the whole group.\n',
  );
  git('add', '-A');
  git('commit', '-q', '-m', 'test: a pending changeset');
  run = await runNode(RELEASE_SCRIPT, [], { cwd: clone, env: { ...env, OBMCP_RELEASE_ROOT: clone } });
}, 180_000);
afterAll(() => {
  if (clone) rmSync(clone, { recursive: true, force: true });
});

describe('pnpm release on a clone of this repo', () => {
  it('succeeds', () => {
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });

  it('moves every package of the fixed group to one new version; private packages keep theirs', () => {
    const versions = GROUP.map((d) => readManifest(join(clone, d)).version);
    expect(new Set(versions).size).toBe(1);
    expect(versions[0]).not.toBe(before);
    expect(readManifest(join(clone, 'packages/test-kit')).version).toBe(privateBefore);
  });

  it('writes that version into server.json, the .mcpb manifest and the version each server reports', () => {
    const version = readManifest(join(clone, 'apps/sp-mcp')).version;
    for (const dir of APPS) {
      const entry = JSON.parse(read(`${dir}/server.json`)) as ServerJson;
      expect([entry.version, ...entry.packages.map((p) => p.version)]).toEqual([version, version]);
      expect((JSON.parse(read(`${dir}/mcpb/manifest.json`)) as McpbManifest).version).toBe(version);
      expect(read(`${dir}/src/version.ts`)).toContain(`'${version}'`);
      expect(read(`${dir}/CHANGELOG.md`).split(/^## /m)[1]?.startsWith(version)).toBe(true);
    }
  });

  it('leaves a tree that passes the versions gate, one release commit and one annotated tag, nothing else', async () => {
    const version = readManifest(join(clone, 'apps/sp-mcp')).version;
    const check = await runNode(CHECK_SCRIPT, ['--only=versions'], {
      cwd: clone,
      env: { ...env, OBMCP_RELEASE_ROOT: clone },
    });
    expect(check.code, check.stderr).toBe(0);
    expect(git('status', '--porcelain')).toBe('');
    expect(git('log', '-1', '--format=%s')).toBe(`release: v${version}`);
    expect(git('tag', '--points-at', 'HEAD')).toBe(`v${version}`);
    expect(git('cat-file', '-t', `v${version}`)).toBe('tag');
    expect(
      readdirSync(join(clone, '.changeset')).filter((f) => f.endsWith('.md') && f !== 'README.md'),
    ).toEqual([]);
  });

  it('packs one tarball per package at the new version into release-artifacts/ (git-ignored)', () => {
    const version = readManifest(join(clone, 'apps/sp-mcp')).version;
    const dir = join(clone, 'release-artifacts', `v${version}`, 'npm');
    expect(existsSync(dir)).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(
      GROUP.map((d) => `obmcp-${d.split('/')[1]}-${version}.tgz`).sort(),
    );
    const app = JSON.parse(
      execFileSync('tar', ['-xzOf', join(dir, `obmcp-sp-mcp-${version}.tgz`), 'package/package.json'], {
        encoding: 'utf8',
      }),
    ) as { version: string; dependencies: Record<string, string> };
    expect(app.version).toBe(version);
    expect(app.dependencies['@obmcp/contract']).toBe(version);
    expect(run.stdout).toContain('pnpm release:publish --registry');
  });
});
