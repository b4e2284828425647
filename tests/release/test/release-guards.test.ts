// `pnpm release` guards and happy path, run on a throwaway fake workspace (build/test part skipped by env flag).
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_DIRS, createFakeWorkspace, FIXED, type FakeWorkspace, GIT_ENV } from '../src/fake-workspace.js';
import { RELEASE_SCRIPT } from '../src/paths.js';
import { runNode } from '@obmcp/test-kit';

let ws: FakeWorkspace | undefined;
afterEach(() => {
  if (ws) rmSync(ws.root, { recursive: true, force: true });
  ws = undefined;
});

function release(workspace: FakeWorkspace) {
  return runNode(RELEASE_SCRIPT, [], {
    cwd: workspace.root,
    env: { ...GIT_ENV, OBMCP_RELEASE_ROOT: workspace.root, OBMCP_RELEASE_SKIP_CHECK: '1' },
  });
}

function addChangeset(workspace: FakeWorkspace) {
  workspace.write(
    '.changeset/brave-lions-sing.md',
    '---\n"@fake/sp-mcp": minor\n---\n\nget_orders learns a filter.\n',
  );
  workspace.git('add', '-A');
  workspace.git('commit', '-q', '-m', 'feat: a change with its changeset');
}

describe('pnpm release', () => {
  it('refuses on a dirty tree', async () => {
    ws = createFakeWorkspace();
    addChangeset(ws);
    ws.write('apps/sp-mcp/notes.txt', 'uncommitted\n');
    const run = await release(ws);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/dirty/);
    expect(ws.git('tag', '--list')).toBe('');
  });

  it('refuses without a pending changeset and says how to add one', async () => {
    ws = createFakeWorkspace();
    const run = await release(ws);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/no pending changeset/);
    expect(run.stderr).toMatch(/pnpm changeset/);
    expect(ws.git('tag', '--list')).toBe('');
  });

  it('refuses when release:check fails (fixed group out of lockstep)', async () => {
    ws = createFakeWorkspace();
    ws.write(
      'packages/contract/package.json',
      `${JSON.stringify({ name: '@fake/contract', version: '0.1.1' })}\n`,
    );
    addChangeset(ws);
    const run = await release(ws);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/fixed group versions differ/);
    expect(ws.git('tag', '--list')).toBe('');
    expect(ws.git('status', '--porcelain')).toBe('');
  });

  it('bumps every fixed package to one version, cross-references the changelogs, commits and tags once', async () => {
    ws = createFakeWorkspace();
    addChangeset(ws);
    const run = await release(ws);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const dirs = ['packages/contract', ...APP_DIRS];
    expect(dirs.map((d) => ws?.version(d))).toEqual(dirs.map(() => '0.2.0'));
    expect(FIXED).toHaveLength(dirs.length);
    expect(ws.version('packages/test-kit')).toBe('0.1.0');

    const sp = ws.read('apps/sp-mcp/CHANGELOG.md');
    const newest = sp.split(/^## /m)[1] ?? '';
    expect(newest.startsWith('0.2.0')).toBe(true);
    expect(newest).toContain('get_orders learns a filter.');
    expect(newest).toContain(
      'Released together with ads-mcp 0.2.0 and openbridge-mcp 0.2.0 — see ' +
        '[../ads-mcp/CHANGELOG.md#020](../ads-mcp/CHANGELOG.md#020) and ' +
        '[../openbridge-mcp/CHANGELOG.md#020](../openbridge-mcp/CHANGELOG.md#020).',
    );
    expect(sp).toContain('## 0.1.0\n\nFirst release.');
    expect(ws.read('apps/ads-mcp/CHANGELOG.md')).toContain(
      'Released together with sp-mcp 0.2.0 and openbridge-mcp 0.2.0',
    );
    expect(ws.read('apps/openbridge-mcp/CHANGELOG.md')).toContain(
      'Released together with sp-mcp 0.2.0 and ads-mcp 0.2.0',
    );

    expect(readdirSync(join(ws.root, 'release-artifacts', 'v0.2.0', 'npm')).sort()).toEqual([
      'fake-ads-mcp-0.2.0.tgz',
      'fake-contract-0.2.0.tgz',
      'fake-openbridge-mcp-0.2.0.tgz',
      'fake-sp-mcp-0.2.0.tgz',
    ]);
    expect(ws.git('tag', '--list')).toBe('v0.2.0');
    expect(ws.git('cat-file', '-t', 'v0.2.0')).toBe('tag');
    expect(ws.git('log', '-1', '--format=%s')).toBe('release: v0.2.0');
    expect(ws.git('rev-parse', 'v0.2.0^{commit}')).toBe(ws.git('rev-parse', 'HEAD'));
    expect(ws.git('status', '--porcelain')).toBe('');
    expect(ws.git('ls-files', '.changeset').split('\n')).toEqual([
      '.changeset/changelog.cjs',
      '.changeset/config.json',
    ]);
    expect(ws.read('apps/ads-mcp/CHANGELOG.md')).toContain(
      '## 0.2.0\n\n### Patch Changes\n\n- Updated dependencies: @fake/contract@0.2.0\n\nReleased together with',
    );
  });
});
