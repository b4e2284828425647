// Builds what the demo and the README's next commands need (the apps, the mocks, the conformance CLI) when any of it is missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The demo's own entries, and those of the commands the README gives after it (a test checks the README against this). */
export const NEEDED = [
  'apps/sp-mcp/dist/bin.js',
  'apps/ads-mcp/dist/bin.js',
  'apps/openbridge-mcp/dist/bin.js',
  'packages/contract/dist/index.js',
  'packages/http-kit/dist/index.js',
  'packages/code-mode/dist/index.js',
  'packages/test-kit/dist/index.js',
  'packages/upstream-mocks/dist/register.js',
  'tests/conformance/dist/cli.js',
];
const FILTERS = [
  '@obmcp/sp-mcp...',
  '@obmcp/ads-mcp...',
  '@obmcp/openbridge-mcp...',
  '@obmcp/test-kit...',
  '@obmcp/upstream-mocks...',
  '@obmcp/conformance...',
];

export function buildIfNeeded(root) {
  const missing = NEEDED.filter((f) => !existsSync(join(root, f)));
  if (missing.length === 0) return false;
  console.log(`building (missing ${missing.join(', ')}) …`);
  const turbo = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'turbo.cmd' : 'turbo');
  const args = ['run', 'build', '--output-logs=errors-only', ...FILTERS.map((f) => `--filter=${f}`)];
  const run = spawnSync(turbo, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
  });
  if (run.status !== 0) throw new Error(`build failed (turbo exit ${run.status ?? run.signal})`);
  return true;
}
