// legacy_error_kind window: fails when a RECLASSIFICATIONS entry was introduced before the release being cut.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readJson, TOOL_ROOT } from './workspace.mjs';

/**
 * Uses the built @obmcp/contract (`staleReclassifications`). OBMCP_RECLASSIFICATIONS_FILE (a JSON array of
 * entries) replaces the table, for tests of the mechanism. Returns the stale entries.
 */
export async function staleEntries(releaseVersion) {
  const dist = join(TOOL_ROOT, 'packages', 'contract', 'dist', 'index.js');
  if (!existsSync(dist)) throw new Error('packages/contract/dist is missing: build @obmcp/contract first');
  const contract = await import(pathToFileURL(dist).href);
  const override = process.env.OBMCP_RECLASSIFICATIONS_FILE;
  const restore = override ? contract.useReclassifications(readJson(override)) : undefined;
  try {
    return contract.staleReclassifications(releaseVersion);
  } finally {
    restore?.();
  }
}

export function describeStale(entries, releaseVersion) {
  return entries.map(
    (e) =>
      `RECLASSIFICATIONS entry ${e.from} → ${e.to} (code ${e.code}) was introduced in ${e.introducedIn}; ` +
      `its legacy_error_kind window ended before ${releaseVersion}: remove it from ` +
      'packages/contract/src/envelope/reclassifications.ts',
  );
}
