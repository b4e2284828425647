// The release tarballs (scripts/release/pack.mjs) and their contents, for the packaging and install tests.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { runNode } from '@obmcp/test-kit';
import { PACK_SCRIPT, REPO_ROOT } from './paths.js';

export interface Packed {
  name: string;
  version: string;
  /** The package's folder in the repo, e.g. `apps/sp-mcp`. */
  dir: string;
  tarball: string;
}

export interface PackageManifest {
  name: string;
  version: string;
  description?: string;
  keywords?: string[];
  license?: string;
  repository?: { type?: string; url?: string; directory?: string };
  engines?: { node?: string };
  files?: string[];
  bin?: Record<string, string>;
  /** Subpath → a target, or conditions (`types`, `default`, …) → targets. */
  exports?: Record<string, string | Record<string, string>>;
  mcpName?: string;
  private?: boolean;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/** Packs every lockstep package into `<out>/npm` through the release's own pack script. */
export async function packAll(out: string): Promise<Packed[]> {
  const run = await runNode(PACK_SCRIPT, ['--out', out, '--json'], { cwd: REPO_ROOT });
  if (run.code !== 0) throw new Error(`pack.mjs exited ${run.code}:\n${run.stderr}`);
  return JSON.parse(run.stdout) as Packed[];
}

/** Extracts a tarball into `into` (npm tarballs hold one `package/` folder); returns that folder. */
export function extract(tarball: string, into: string): string {
  mkdirSync(into, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', into]);
  return join(into, 'package');
}

/** Every file under dir, as `/`-separated paths relative to it. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, e.name);
      if (e.isDirectory()) walk(path);
      else out.push(relative(dir, path).split('\\').join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

export function readManifest(dir: string): PackageManifest {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageManifest;
}
