// `pnpm release:pack`: one npm tarball per lockstep package (pnpm pack rewrites workspace: ranges to versions;
// each app's carries npm-shrinkwrap.json from pnpm-lock.yaml).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { withPackLock } from './pack-lock.mjs';
import { shrinkwrapFor } from './shrinkwrap.mjs';
import { lockstepState } from './versions.mjs';
import { workspaceRoot } from './workspace.mjs';

/** Where a release's artifacts go unless told otherwise: <root>/release-artifacts/v<version>/ (git-ignored). */
export function artifactsDir(root, version) {
  return join(root, 'release-artifacts', `v${version}`);
}

/** Packs every member of the fixed group into outDir; returns [{ name, version, dir, tarball }]. */
export function packReleases(root, outDir) {
  const { members, problems } = lockstepState(root);
  if (problems.length > 0) throw new Error(`cannot pack:\n${problems.join('\n')}`);
  mkdirSync(outDir, { recursive: true });
  return members.map((pkg) => {
    // An app's tarball carries npm-shrinkwrap.json: `npx -y @obmcp/<app>` installs the lockfile's versions.
    // Only from a lockfile: a workspace without one (the release tests' fake) has no tested tree to pin, and
    // `pnpm deploy` there would resolve, and install, afresh.
    const locked = existsSync(join(root, 'pnpm-lock.yaml'));
    const shrinkwrap =
      locked && pkg.dir.startsWith('apps/') ? join(root, pkg.dir, 'npm-shrinkwrap.json') : undefined;
    const pack = () =>
      spawnSync('pnpm', ['pack', '--pack-destination', outDir, '--json'], {
        cwd: join(root, pkg.dir),
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    // The shrinkwrap lives in the app's folder while pnpm packs it: one packer of that folder at a time.
    const run = withPackLock(join(root, pkg.dir), () => {
      if (shrinkwrap) writeFileSync(shrinkwrap, `${JSON.stringify(shrinkwrapFor(root, pkg), null, 2)}\n`);
      try {
        const first = pack();
        if (first.status === 0) return first;
        // Once, CI's pnpm pack of an app exited 1 with an empty stderr while another test deployed the apps; it
        // passed alone. One more try, saying so on stderr with what pnpm answered (with --json its error is on stdout).
        console.error(
          `pnpm pack in ${pkg.dir} exited ${first.status}, trying once more:\n${first.stderr}${first.stdout}`,
        );
        return pack();
      } finally {
        if (shrinkwrap) rmSync(shrinkwrap, { force: true });
      }
    });
    if (run.status !== 0)
      throw new Error(`pnpm pack in ${pkg.dir} exited ${run.status}:\n${run.stderr}${run.stdout}`);
    const { filename } = JSON.parse(run.stdout.slice(run.stdout.indexOf('{')));
    return { name: pkg.name, version: pkg.version, dir: pkg.dir, tarball: resolve(outDir, filename) };
  });
}

/** `--out=<dir>` or `--out <dir>` from argv, resolved against cwd. */
export function outArg(argv) {
  const i = argv.findIndex((a) => a === '--out' || a.startsWith('--out='));
  if (i < 0) return undefined;
  const value = argv[i].startsWith('--out=') ? argv[i].slice('--out='.length) : argv[i + 1];
  if (!value) throw new Error('--out needs a directory');
  return isAbsolute(value) ? value : resolve(value);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = workspaceRoot();
  const out = join(outArg(process.argv) ?? artifactsDir(root, lockstepState(root).version), 'npm');
  const packed = packReleases(root, out);
  if (process.argv.includes('--json')) console.log(JSON.stringify(packed, null, 2));
  else for (const p of packed) console.log(`${p.name}@${p.version} → ${p.tarball}`);
}
