// `pnpm test`: turbo runs every package's tests, each vitest also writes test-results.json; then the failures are listed again and one line sums them.
// The last line is `Tests: N passed, N failed, N skipped` (CI reads it); the exit code is turbo's, or 1 when a test failed.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  clearResults,
  collectResults,
  exitCode,
  failureLines,
  RESULTS_FILE,
  summaryLine,
} from './results.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
clearResults(root);
const turbo = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'turbo.cmd' : 'turbo');
const args = [
  'run',
  'test',
  '--continue',
  '--concurrency=3',
  ...process.argv.slice(2),
  '--',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${RESULTS_FILE}`,
];
const run = spawnSync(turbo, args, { cwd: root, stdio: 'inherit' });
const totals = collectResults(root);
const failures = failureLines(root);
if (failures.length > 0) console.log(`\nFailed tests:\n${failures.join('\n')}`);
console.log(`\n${summaryLine(totals)}`);
process.exit(exitCode(run.status, totals));
