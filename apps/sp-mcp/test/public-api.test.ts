// The public API of the app's library entry: the committed name list, real exports, no name no other package imports.
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

gate.describePublicApi(join(import.meta.dirname, '..'), import.meta.dirname);
