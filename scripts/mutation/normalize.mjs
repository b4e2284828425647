// Makes a package's Stryker JSON report fit to commit (it is also the next run's incremental input): no absolute path, no machine-specific run options.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FILES = ['report.json'];

/** The report (mutation-testing-report schema) without `projectRoot`'s absolute path and without the run's `config`. */
export function normalizedReport(report) {
  const { config: _config, projectRoot: _root, ...rest } = report;
  return { ...rest, projectRoot: '.' };
}

/** Rewrites `<packageDir>/<outDir>/report.json` in place. */
export function normalizeReports(packageDir, outDir = 'mutation') {
  for (const name of FILES) {
    const file = join(packageDir, outDir, name);
    if (!existsSync(file)) continue;
    const report = normalizedReport(JSON.parse(readFileSync(file, 'utf8')));
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const dir of process.argv.slice(2)) normalizeReports(join(process.cwd(), dir));
}
