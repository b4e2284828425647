// A tiny throwaway pnpm workspace in a git repo: a fixed group of four packages, one private package, app CHANGELOGs.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { REPO_ROOT } from './paths.js';

export const FIXED = ['@fake/contract', '@fake/sp-mcp', '@fake/ads-mcp', '@fake/openbridge-mcp'] as const;
export const APP_DIRS = ['apps/sp-mcp', 'apps/ads-mcp', 'apps/openbridge-mcp'] as const;

/** Env that makes git deterministic and independent of the user's config. */
export const GIT_ENV: Record<string, string> = {
  GIT_AUTHOR_NAME: 'Release Test',
  GIT_AUTHOR_EMAIL: 'release-test@example.invalid',
  GIT_COMMITTER_NAME: 'Release Test',
  GIT_COMMITTER_EMAIL: 'release-test@example.invalid',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
};

export interface FakeWorkspace {
  root: string;
  write(path: string, text: string): void;
  read(path: string): string;
  version(dir: string): string;
  git(...args: string[]): string;
}

export function createFakeWorkspace(): FakeWorkspace {
  const root = mkdtempSync(join(tmpdir(), 'obmcp-release-'));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  const json = (path: string, value: unknown) => write(path, `${JSON.stringify(value, null, 2)}\n`);
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: root, encoding: 'utf8', env: { ...process.env, ...GIT_ENV } }).trim();

  json('package.json', { name: 'fake-root', private: true, version: '0.0.0' });
  write('pnpm-workspace.yaml', 'packages:\n  - "packages/*"\n  - "apps/*"\n');
  write('.gitignore', 'node_modules\nrelease-artifacts\n');
  // changesets resolves its modules from the workspace: borrow the repo's node_modules and changelog module.
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  write('.changeset/changelog.cjs', readFileSync(join(REPO_ROOT, '.changeset', 'changelog.cjs'), 'utf8'));
  json('.changeset/config.json', {
    changelog: './changelog.cjs',
    commit: false,
    fixed: [[...FIXED]],
    linked: [],
    access: 'public',
    baseBranch: 'main',
    updateInternalDependencies: 'patch',
    ignore: [],
    privatePackages: { version: false, tag: false },
    prettier: false,
  });
  json('packages/contract/package.json', { name: '@fake/contract', version: '0.1.0' });
  json('packages/test-kit/package.json', { name: '@fake/test-kit', version: '0.1.0', private: true });
  for (const dir of APP_DIRS) {
    const short = dir.split('/')[1];
    json(`${dir}/package.json`, {
      name: `@fake/${short}`,
      version: '0.1.0',
      dependencies: { '@fake/contract': 'workspace:*' },
    });
    write(`${dir}/CHANGELOG.md`, `# Changelog — @fake/${short}\n\n## 0.1.0\n\nFirst release.\n`);
    // The link `pnpm install` would make: pnpm pack resolves `workspace:*` through it.
    mkdirSync(join(root, dir, 'node_modules', '@fake'), { recursive: true });
    symlinkSync(
      join(root, 'packages', 'contract'),
      join(root, dir, 'node_modules', '@fake', 'contract'),
      'dir',
    );
  }
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'initial');
  return {
    root,
    write,
    read: (path) => readFileSync(join(root, path), 'utf8'),
    version: (dir) =>
      (JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as { version: string }).version,
    git,
  };
}
