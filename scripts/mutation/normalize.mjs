// Makes a package's Stryker JSON report fit to commit (it is also the next run's incremental input): no absolute path, no machine-specific run options, one line per mutant.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FILES = ['report.json'];

/** The report (mutation-testing-report schema) without `projectRoot`'s absolute path and without the run's `config`. */
export function normalizedReport(report) {
  const { config: _config, projectRoot: _root, ...rest } = report;
  return { ...rest, projectRoot: '.' };
}

/**
 * The committed text of a report: indented JSON, except that each mutant and each test is one line, so a rerun's
 * diff shows one changed line per mutant whose verdict moved (and the file is about half the size of full indenting).
 */
export function reportText(report) {
  const lines = [];
  const mark = (item) => {
    lines.push(JSON.stringify(item));
    return `\u0000${lines.length - 1}\u0000`;
  };
  const each = (record, key) =>
    Object.fromEntries(
      Object.entries(record).map(([name, entry]) => [name, { ...entry, [key]: (entry[key] ?? []).map(mark) }]),
    );
  const shaped = { ...report, files: each(report.files ?? {}, 'mutants') };
  if (report.testFiles !== undefined) shaped.testFiles = each(report.testFiles, 'tests');
  const text = JSON.stringify(shaped, null, 2).replace(/"\\u0000(\d+)\\u0000"/g, (_, i) => lines[Number(i)]);
  return `${text}\n`;
}

/** Rewrites `<packageDir>/<outDir>/report.json` in place. */
export function normalizeReports(packageDir, outDir = 'mutation') {
  for (const name of FILES) {
    const file = join(packageDir, outDir, name);
    if (!existsSync(file)) continue;
    const report = normalizedReport(JSON.parse(readFileSync(file, 'utf8')));
    writeFileSync(file, reportText(report));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const dir of process.argv.slice(2)) normalizeReports(join(process.cwd(), dir));
}
