// The per-package result files of `pnpm test` (vitest's JSON reporter format) and the one summary line summed over them.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export const RESULTS_FILE = 'test-results.json';
const WORKSPACE_DIRS = ['apps', 'packages', 'tests'];

function resultFiles(root) {
  return WORKSPACE_DIRS.flatMap((dir) => {
    const base = join(root, dir);
    if (!existsSync(base)) return [];
    return readdirSync(base, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(base, entry.name, RESULTS_FILE))
      .filter((file) => existsSync(file));
  });
}

/** Removes the files of an earlier run, so a package that did not run this time cannot count. */
export function clearResults(root) {
  for (const file of resultFiles(root)) rmSync(file, { force: true });
}

/**
 * Counts of one vitest JSON report: a test file that failed without a failing test (an import error, a
 * failing hook) counts as one failure, so the line never says 0 failed for a red run.
 */
export function countReport(report) {
  const files = Array.isArray(report.testResults) ? report.testResults : [];
  const brokenFiles = files.filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

export function collectResults(root) {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  for (const file of resultFiles(root)) {
    let counts;
    try {
      counts = countReport(JSON.parse(readFileSync(file, 'utf8')));
    } catch {
      counts = { passed: 0, failed: 1, skipped: 0 }; // an unreadable report is a failure, never a silent zero
    }
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped;
  }
  return totals;
}

export function summaryLine({ passed, failed, skipped }) {
  return `Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`;
}

/** The run's exit code: turbo's when it failed, else 1 when any test failed (a report can fail a green turbo). */
export function exitCode(turboStatus, totals) {
  if (turboStatus !== 0) return turboStatus ?? 1;
  return totals.failed > 0 ? 1 : 0;
}
