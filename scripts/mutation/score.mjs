// Mutation scores from each target's committed Stryker JSON report: per package, per security file, against the floors.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FLOORS, TARGETS } from './targets.mjs';

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

/** Stryker's mutation score: detected ÷ (detected + undetected); errors and ignored mutants do not count. */
export function scoreOf(mutants) {
  const detected = mutants.filter((m) => DETECTED.has(m.status)).length;
  const undetected = mutants.filter((m) => UNDETECTED.has(m.status)).length;
  const total = detected + undetected;
  return { detected, undetected, total, score: total === 0 ? 100 : (100 * detected) / total };
}

export function readReport(root, target) {
  const file = join(root, target.dir, 'mutation', 'report.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

/** Rows for every target: the package score and each security file's, with the floor each must reach. */
export function scoreRows(root) {
  const rows = [];
  for (const target of TARGETS) {
    const report = readReport(root, target);
    if (!report) {
      rows.push({ target: target.dir, file: '(all)', missing: true, floor: FLOORS.package });
      continue;
    }
    const files = report.files ?? {};
    const all = Object.values(files).flatMap((f) => f.mutants ?? []);
    rows.push({ target: target.dir, file: '(all)', ...scoreOf(all), floor: FLOORS.package });
    for (const file of target.security) {
      const entry = files[file];
      rows.push(
        entry
          ? { target: target.dir, file, ...scoreOf(entry.mutants ?? []), floor: FLOORS.security }
          : { target: target.dir, file, missing: true, floor: FLOORS.security },
      );
    }
  }
  return rows;
}

export const failing = (rows) => rows.filter((r) => r.missing || r.score < r.floor);

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.cwd();
  const rows = scoreRows(root);
  for (const r of rows)
    console.log(
      r.missing
        ? `${r.target} ${r.file}: no report`
        : `${r.target} ${r.file}: ${r.score.toFixed(1)} % (${r.detected}/${r.total}), floor ${r.floor} %`,
    );
  const bad = failing(rows);
  if (bad.length > 0 && !process.argv.includes('--report-only')) {
    console.error(`mutation: ${bad.length} score(s) under their floor`);
    process.exit(1);
  }
}
