// The committed mutation reports' text (scripts/mutation/normalize.mjs): the same JSON, one line per mutant and per test.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/paths.js';

interface NormalizeModule {
  reportText(report: unknown): string;
}
const { reportText } = (await import(
  pathToFileURL(join(REPO_ROOT, 'scripts/mutation/normalize.mjs')).href
)) as NormalizeModule;

const mutant = (id: string, status: string) => ({
  id,
  mutatorName: 'EqualityOperator',
  replacement: 'a >= b',
  status,
  statusReason: 'expected "$&" and "\\u0000"',
  coveredBy: ['0'],
  location: { start: { line: 3, column: 5 }, end: { line: 3, column: 11 } },
});
const report = {
  files: {
    'src/a.ts': {
      language: 'typescript',
      mutants: [mutant('0', 'Killed'), mutant('1', 'Survived')],
      source: 'x',
    },
  },
  schemaVersion: '1',
  testFiles: { 'test/a.test.ts': { tests: [{ id: '0', name: 'a test' }], source: 'y' } },
  projectRoot: '.',
};

describe('mutation report text', () => {
  it('parses back to the same report, odd strings included', () => {
    expect(JSON.parse(reportText(report))).toEqual(report);
  });

  it('writes each mutant and each test on one line, so a moved verdict is a one-line diff', () => {
    const lines = reportText(report).split('\n');
    expect(lines.filter((l) => l.includes('"mutatorName"'))).toHaveLength(2);
    for (const line of lines.filter((l) => l.includes('"mutatorName"')))
      expect(JSON.parse(line.trim().replace(/,$/, ''))).toHaveProperty('location.start.line', 3);
    expect(lines.filter((l) => l.includes('"a test"'))).toHaveLength(1);
  });

  it('every committed report is in that form (run Stryker through pnpm mutation, which normalizes)', () => {
    const files = execFileSync('git', ['ls-files', '*/*/mutation/report.json'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => f.length > 0);
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const text = readFileSync(join(REPO_ROOT, file), 'utf8');
      expect(text === reportText(JSON.parse(text)), file).toBe(true);
    }
  });
});
