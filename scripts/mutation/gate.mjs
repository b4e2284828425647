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

/**
 * Every product file a change touched, grouped per package: the guard targets' own files, plus any other `src`
 * file of a product package (mutated with that package's suite), minus what `notMutated` excludes. A package
 * without a target entry gets one with no security files (the package floor applies).
 */
export function touchedProductFiles(touched, targets, productDirs, notMutated) {
  const selected = [];
  for (const dir of productDirs) {
    const target = targets.find((t) => t.dir === dir) ?? { dir, mutate: [], security: [] };
    const prefix = `${dir}/`;
    const files = [...touched]
      .filter((path) => path.startsWith(`${prefix}src/`) && path.endsWith('.ts'))
      .filter((path) => !notMutated.some((rule) => rule.test(path)))
      .map((path) => path.slice(prefix.length))
      .sort();
    if (files.length > 0) selected.push({ target, files });
  }
  return selected;
}

/** A line's code without its trailing `//` comment and spacing ('' for a blank, comment-only or bracket-only line). */
const codeOf = (line) => {
  const text = line.replace(/\s+\/\/.*$/, '').trim();
  if (text.length === 0 || /^(\/\/|\/\*|\*|\*\/)/.test(text) || /^[)\]}]+[;,]?$/.test(text)) return '';
  return text.replace(/\s+/g, ' ');
};

/**
 * The code lines a change removed, per repo-relative file, from `git diff -U0` output: removed lines whose code is
 * not added back elsewhere in the same file (a reworded comment or a moved line is not a removal). A deleted
 * protection (a range dropped from a list, a check removed) leaves no mutant behind to fail, so deletions are read here.
 */
export function removedCodeLines(diffOutput) {
  const perFile = new Map();
  let file;
  for (const line of diffOutput.split('\n')) {
    if (line.startsWith('--- ')) {
      file = line.startsWith('--- a/') ? line.slice('--- a/'.length) : undefined;
      if (file !== undefined && !perFile.has(file)) perFile.set(file, { removed: [], added: [] });
      continue;
    }
    if (line.startsWith('+++ ') || file === undefined) continue;
    const entry = perFile.get(file);
    if (line.startsWith('-') && codeOf(line.slice(1))) entry.removed.push(line.slice(1).trim());
    if (line.startsWith('+') && codeOf(line.slice(1))) entry.added.push(codeOf(line.slice(1)));
  }
  const removed = new Map();
  for (const [path, { removed: gone, added }] of perFile) {
    const back = [...added];
    const lost = gone.filter((line) => {
      const at = back.indexOf(codeOf(line));
      if (at < 0) return true;
      back.splice(at, 1);
      return false;
    });
    if (lost.length > 0) removed.set(path, lost);
  }
  return removed;
}

/** The files a commit message acknowledges with a `Guard-Change: <repo-relative path> <reason>` trailer. */
export function acknowledgedGuardChanges(messages) {
  const acked = new Set();
  for (const match of messages.matchAll(/^Guard-Change:\s*(\S+)\s+\S.*$/gm)) acked.add(match[1]);
  return acked;
}

/**
 * Security guard files the change removed code from without a `Guard-Change:` trailer naming them: the gate fails
 * these, whatever their score (a deletion lowers no score). Each entry lists the removed lines.
 */
export function unacknowledgedGuardDeletions(removed, targets, acked) {
  const out = [];
  for (const target of targets)
    for (const file of target.security) {
      const path = `${target.dir}/${file}`;
      const lines = removed.get(path);
      if (lines && lines.length > 0 && !acked.has(path)) out.push({ path, lines });
    }
  return out;
}

/**
 * The new-file line ranges a change added or rewrote, per repo-relative file, from `git diff -U0` output
 * (`@@ -a,b +c,d @@` hunks; a pure deletion adds no range). Files outside the guard lists are mutated on these
 * lines only (Stryker's `file:start-end` mutate ranges), so the gate's cost follows the size of the change.
 */
export function changedLineRanges(diffOutput) {
  const ranges = new Map();
  let file;
  for (const line of diffOutput.split('\n')) {
    if (line.startsWith('+++ ')) {
      file = line.startsWith('+++ b/') ? line.slice('+++ b/'.length) : undefined;
      continue;
    }
    const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (!hunk || file === undefined) continue;
    const start = Number(hunk[1]);
    const count = hunk[2] === undefined ? 1 : Number(hunk[2]);
    if (count === 0) continue;
    const list = ranges.get(file) ?? [];
    list.push([start, start + count - 1]);
    ranges.set(file, list);
  }
  return ranges;
}

/**
 * Stryker `--mutate` patterns for one target: its guard files whole (their committed incremental results make
 * that cheap), any other touched file as its changed line ranges; a file whose change only deleted lines drops out.
 */
export function mutatePatterns(target, files, ranges) {
  const patterns = [];
  for (const file of files) {
    if (target.mutate.includes(file)) {
      patterns.push(file);
      continue;
    }
    for (const [start, end] of ranges.get(`${target.dir}/${file}`) ?? []) patterns.push(`${file}:${start}-${end}`);
  }
  return patterns;
}
