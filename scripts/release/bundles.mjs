// `pnpm bundles`: one Claude Desktop bundle (.mcpb) per app that has mcpb/manifest.json, deployed from pnpm-lock.yaml.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { artifactsDir, outArg } from './pack.mjs';
import { pruneUnreached } from './prune-tree.mjs';
import { lockstepState } from './versions.mjs';
import { readJson, TOOL_ROOT, workspaceRoot } from './workspace.mjs';

/** The `mcpb` CLI of @anthropic-ai/mcpb (a devDependency of tests/release; its exports hide the CLI file). */
export const MCPB_BIN = join(TOOL_ROOT, 'tests', 'release', 'node_modules', '.bin', 'mcpb');

function run(command, args, cwd) {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status !== 0) {
    throw new Error(
      `${[command, ...args].join(' ')} exited ${r.status ?? r.signal}:\n${r.stdout}${r.stderr}`,
    );
  }
  return r.stdout;
}

/** What a bundle leaves out of the deployed tree: pnpm's own bookkeeping and bin links (symlinks). */
const NOT_SHIPPED = ['.bin', '.modules.yaml', '.pnpm', '.package-lock.json'];

/**
 * Installs `app` with its production dependencies exactly as pnpm-lock.yaml resolves them (the versions CI
 * tested), never a fresh resolution: `pnpm deploy --frozen-lockfile` with a hoisted node_modules, into
 * `<stage>/node_modules/<name>` (the path the manifest's entry point names).
 */
export function deployApp(root, app, stage) {
  const target = join(stage, 'node_modules', ...app.name.split('/'));
  run(
    'pnpm',
    [
      '--filter',
      app.name,
      'deploy',
      '--prod',
      '--frozen-lockfile',
      '--prefer-offline',
      '--config.node-linker=hoisted',
      target,
    ],
    root,
  );
  for (const file of ['pnpm-lock.yaml', 'pnpm-workspace.yaml']) rmSync(join(target, file), { force: true });
  for (const entry of NOT_SHIPPED)
    rmSync(join(target, 'node_modules', entry), { recursive: true, force: true });
  // pnpm also installs optional peers the workspace resolved elsewhere (react-dom for ext-apps); npm would not.
  pruneUnreached(target);
  return target;
}

/**
 * For each app with mcpb/manifest.json: deploys it from the lockfile (deployApp) into a staging folder beside
 * the manifest, checks the manifest's version, and runs `mcpb pack`. `apps` are { name, version, dir }
 * (packReleases' entries will do). Returns [{ name, bundle }].
 */
export function buildBundles(root, apps, outDir) {
  mkdirSync(outDir, { recursive: true });
  const bundles = [];
  for (const app of apps) {
    const manifestPath = join(root, app.dir, 'mcpb', 'manifest.json');
    if (!existsSync(manifestPath)) continue;
    const manifest = readJson(manifestPath);
    if (manifest.version !== app.version) {
      throw new Error(
        `${app.dir}/mcpb/manifest.json has version ${manifest.version}, ${app.name} is ${app.version}`,
      );
    }
    const stage = mkdtempSync(join(tmpdir(), 'obmcp-mcpb-'));
    try {
      deployApp(root, app, stage);
      copyFileSync(manifestPath, join(stage, 'manifest.json'));
      for (const file of ['README.md', 'LICENSE']) {
        if (existsSync(join(root, app.dir, file))) copyFileSync(join(root, app.dir, file), join(stage, file));
      }
      const bundle = resolve(outDir, `${app.dir.split('/').pop()}-${app.version}.mcpb`);
      run(MCPB_BIN, ['pack', stage, bundle], stage);
      bundles.push({ name: app.name, bundle });
    } finally {
      rmSync(stage, { recursive: true, force: true });
    }
  }
  return bundles;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = workspaceRoot();
  const { version, members } = lockstepState(root);
  const base = outArg(process.argv) ?? artifactsDir(root, version);
  const only = process.argv
    .find((a) => a.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',');
  const apps = members.filter((m) => !only || only.includes(m.name) || only.includes(m.dir.split('/').pop()));
  for (const b of buildBundles(root, apps, join(base, 'mcpb'))) console.log(`${b.name} → ${b.bundle}`);
}
