// The public API by entry point: the committed name list, no name that neither another package nor the README's
// example imports, and an entry that loads only published packages.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Gate from '../../../scripts/public-api/describe-public-api.mjs';

/** The repository root, found upward (a mutation sandbox runs this file from a copy of the package). */
function repoRoot(dir: string): string {
  if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
  if (dirname(dir) === dir) throw new Error('no pnpm-workspace.yaml above the test');
  return repoRoot(dirname(dir));
}
const gate = (await import(
  pathToFileURL(join(repoRoot(import.meta.dirname), 'scripts', 'public-api', 'describe-public-api.mjs')).href
)) as typeof Gate;

gate.describePublicApi(join(import.meta.dirname, '..'), import.meta.dirname, {
  '.': [
    '@modelcontextprotocol/server',
    '@obmcp/contract',
    '@obmcp/http-kit',
    '@obmcp/openbridge-upstream',
    'ioredis',
    'jose',
    'undici',
  ],
});
