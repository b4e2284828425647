// `pnpm bundles`: one Claude Desktop bundle (.mcpb) per app that has mcpb/manifest.json, from the release tarballs.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { artifactsDir, outArg, packReleases } from './pack.mjs';
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

/** The tarballs an app needs: its own and those of every @obmcp dependency, transitively. */
function closure(app, packed, root) {
  const byName = new Map(packed.map((p) => [p.name, p]));
  const seen = new Set();
  const visit = (name) => {
    const p = byName.get(name);
    if (!p || seen.has(p)) return;
    seen.add(p);
    for (const dep of Object.keys(readJson(join(root, p.dir, 'package.json')).dependencies ?? {})) visit(dep);
  };
  visit(app.name);
  return [...seen];
}

/**
 * For each app with mcpb/manifest.json: installs its tarballs (npm, production dependencies, no scripts) into
 * a staging folder beside the manifest, checks the manifest's version, and runs `mcpb pack`.
 * Returns [{ name, bundle }].
 */
export function buildBundles(root, packed, outDir) {
  mkdirSync(outDir, { recursive: true });
  const bundles = [];
  for (const app of packed) {
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
      writeFileSync(join(stage, 'package.json'), `${JSON.stringify({ private: true }, null, 2)}\n`);
      const tarballs = closure(app, packed, root).map((p) => p.tarball);
      run(
        'npm',
        ['install', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--no-save', ...tarballs],
        stage,
      );
      rmSync(join(stage, 'package.json'));
      rmSync(join(stage, 'package-lock.json'), { force: true });
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
  const base = outArg(process.argv) ?? artifactsDir(root, lockstepState(root).version);
  const packed = packReleases(root, join(base, 'npm'));
  for (const b of buildBundles(root, packed, join(base, 'mcpb'))) console.log(`${b.name} → ${b.bundle}`);
}
