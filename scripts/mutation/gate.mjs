// The CI mutation gate's decisions, kept pure for its unit test: which guard files a change touched, and which are under their floor.
import { scoreOf } from './score.mjs';

/** Repo-relative paths from `git diff --name-only` output (blank lines dropped). */
export function parseTouched(diffOutput) {
  return new Set(
    diffOutput
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.length > 0),
  );
}

/**
 * The target files (package-relative, as Stryker's --mutate takes them) each target must rerun for a change
 * that touched `touched` (repo-relative paths); targets with none are left out, so an unrelated change runs nothing.
 */
export function touchedGuardFiles(touched, targets) {
  const selected = [];
  for (const target of targets) {
    const files = target.mutate.filter((file) => touched.has(`${target.dir}/${file}`));
    if (files.length > 0) selected.push({ target, files });
  }
  return selected;
}

/** The floor one file is held to: the security floor for a listed security guard, else the package floor. */
export function floorOf(target, file, floors) {
  return target.security.includes(file) ? floors.security : floors.package;
}

/**
 * One verdict per rerun file from the run's JSON report (mutation-testing-report schema). A file missing from
 * the report, or a report that is missing, fails: a run that produced nothing proves nothing.
 */
export function fileVerdicts(report, target, files, floors) {
  return files.map((file) => {
    const floor = floorOf(target, file, floors);
    const entry = report?.files?.[file];
    if (entry === undefined) return { file, floor, missing: true, ok: false };
    const { score, total, detected } = scoreOf(entry.mutants ?? []);
    return { file, floor, score, total, detected, missing: false, ok: score >= floor };
  });
}
