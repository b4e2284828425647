// The summary step of `pnpm test`: counts from each package's vitest JSON report, one `Tests: N passed, N failed, N skipped` line.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/paths.js';

interface Totals {
  passed: number;
  failed: number;
  skipped: number;
}
interface ResultsModule {
  RESULTS_FILE: string;
  countReport(report: unknown): Totals;
  collectResults(root: string): Totals;
  clearResults(root: string): void;
  summaryLine(totals: Totals): string;
  failureLines(root: string, maxMessageLines?: number): string[];
  exitCode(turboStatus: number | null, totals: Totals): number;
}
const results = (await import(
  pathToFileURL(join(REPO_ROOT, 'scripts/test/results.mjs')).href
)) as ResultsModule;

const report = (passed: number, failed: number, pending: number, files: unknown[] = []) => ({
  numPassedTests: passed,
  numFailedTests: failed,
  numPendingTests: pending,
  numTodoTests: 0,
  testResults: files,
});

describe('pnpm test summary', () => {
  const root = mkdtempSync(join(tmpdir(), 'obmcp-summary-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (pkg: string, content: string) => {
    mkdirSync(join(root, pkg), { recursive: true });
    writeFileSync(join(root, pkg, results.RESULTS_FILE), content);
  };

  it('sums every package and prints the one line CI reads', () => {
    write('packages/a', JSON.stringify(report(10, 0, 2)));
    write('apps/b', JSON.stringify(report(5, 1, 0)));
    write('tests/c', JSON.stringify(report(3, 0, 0)));
    const totals = results.collectResults(root);
    expect(totals).toEqual({ passed: 18, failed: 1, skipped: 2 });
    const line = results.summaryLine(totals);
    expect(line).toBe('Tests: 18 passed, 1 failed, 2 skipped');
    expect(line).toMatch(/^(\w+: )?\d+ passed, \d+ failed(, \d+ skipped)?$/);
  });

  it('a test file that failed to load, or an unreadable report, counts as a failure', () => {
    const broken = report(0, 0, 0, [{ status: 'failed', assertionResults: [] }]);
    expect(results.countReport(broken)).toEqual({ passed: 0, failed: 1, skipped: 0 });
    write('packages/d', '{ not json');
    expect(results.collectResults(root).failed).toBe(2);
  });

  it('the exit code reflects failures even when turbo exits 0', () => {
    expect(results.exitCode(0, { passed: 1, failed: 0, skipped: 0 })).toBe(0);
    expect(results.exitCode(0, { passed: 1, failed: 1, skipped: 0 })).toBe(1);
    expect(results.exitCode(1, { passed: 1, failed: 0, skipped: 0 })).toBe(1);
    expect(results.exitCode(null, { passed: 0, failed: 0, skipped: 0 })).toBe(1);
  });

  it('names each failed test, and a file broken outside its tests, with the first lines of the message', () => {
    results.clearResults(root);
    const testFile = (name: string, status: string, assertionResults: unknown[], message?: string) => ({
      name: join(root, name),
      status,
      message,
      assertionResults,
    });
    write(
      'tests/e',
      JSON.stringify(
        report(1, 1, 0, [
          testFile('tests/e/test/a.test.ts', 'failed', [
            { status: 'passed', fullName: 'ok one', failureMessages: [] },
            {
              status: 'failed',
              fullName: 'ads-mcp golden fixtures',
              failureMessages: ['AssertionError: expected 1 to be 2\nline 2\nline 3\nline 4'],
            },
          ]),
          testFile('tests/e/test/b.test.ts', 'failed', [], 'Cannot find module x'),
          testFile('tests/e/test/c.test.ts', 'passed', [{ status: 'passed', fullName: 'fine' }]),
        ]),
      ),
    );
    expect(results.failureLines(root, 2)).toEqual([
      'FAIL tests/e/test/a.test.ts > ads-mcp golden fixtures',
      '    AssertionError: expected 1 to be 2',
      '    line 2',
      '    … (2 more lines)',
      'FAIL tests/e/test/b.test.ts > (the file failed outside its tests)',
      '    Cannot find module x',
    ]);
    write('packages/f', '{ not json');
    expect(results.failureLines(root)).toContain('FAIL packages/f: test-results.json is unreadable');
  });

  it('a new run starts from no reports', () => {
    results.clearResults(root);
    expect(results.collectResults(root)).toEqual({ passed: 0, failed: 0, skipped: 0 });
  });
});
