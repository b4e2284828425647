// The per-package result files of `pnpm test` (vitest's JSON reporter format) and the one summary line summed over them.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

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

/** Each package's report, parsed (`report` undefined when the file is unreadable: a failure, never a silent zero). */
function readReports(root) {
  return resultFiles(root).map((file) => {
    const pkg = relative(root, dirname(file));
    try {
      return { pkg, report: JSON.parse(readFileSync(file, 'utf8')) };
    } catch {
      return { pkg, report: undefined };
    }
  });
}

const testFilesOf = (report) => (Array.isArray(report.testResults) ? report.testResults : []);
const failedTestsOf = (testFile) => (testFile.assertionResults ?? []).filter((a) => a.status === 'failed');
/** A test file that failed without a failing test: an import error, a failing hook. */
const isBroken = (testFile) => testFile.status === 'failed' && failedTestsOf(testFile).length === 0;

/**
 * Counts of one vitest JSON report: a broken test file counts as one failure, so the line never says 0 failed
 * for a red run.
 */
export function countReport(report) {
  const brokenFiles = testFilesOf(report).filter(isBroken).length;
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/**
 * One block per failed test (or broken test file) of every report: where it is, its name, and the first lines of
 * its message. `pnpm test` prints them again just above the summary line, so a long log's tail names the failure.
 */
export function failureLines(root, maxMessageLines = 8) {
  const lines = [];
  for (const { pkg, report } of readReports(root)) {
    if (report === undefined) {
      lines.push(`FAIL ${pkg}: ${RESULTS_FILE} is unreadable`);
      continue;
    }
    for (const testFile of testFilesOf(report)) {
      const where = `${pkg}/${relative(join(root, pkg), testFile.name ?? '')}`;
      const entries = isBroken(testFile)
        ? [{ title: '(the file failed outside its tests)', messages: [testFile.message ?? ''] }]
        : failedTestsOf(testFile).map((a) => ({
            title: a.fullName ?? a.title ?? '',
            messages: a.failureMessages ?? [],
          }));
      for (const { title, messages } of entries) {
        lines.push(`FAIL ${where} > ${title}`);
        const message = messages
          .join('\n')
          .split('\n')
          .filter((l) => l.trim() !== '');
        for (const l of message.slice(0, maxMessageLines)) lines.push(`    ${l}`);
        if (message.length > maxMessageLines)
          lines.push(`    … (${message.length - maxMessageLines} more lines)`);
      }
    }
  }
  return lines;
}

export function collectResults(root) {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  for (const { report } of readReports(root)) {
    const counts = report === undefined ? { passed: 0, failed: 1, skipped: 0 } : countReport(report);
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
