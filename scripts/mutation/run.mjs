// pnpm mutation: Stryker (incremental) in every target package; --changed: only the target files a change touched.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  acknowledgedGuardChanges,
  changedLineRanges,
  fileVerdicts,
  mutatePatterns,
  parseTouched,
  removedCodeLines,
  touchedProductFiles,
  unacknowledgedGuardDeletions,
} from './gate.mjs';
import { normalizeReports } from './normalize.mjs';
import { failing, scoreRows } from './score.mjs';
import { INCREMENTAL } from './stryker-base.mjs';
import { FLOORS, NOT_MUTATED, PRODUCT_DIRS, TARGETS } from './targets.mjs';

const root = process.cwd();
const changedOnly = process.argv.includes('--changed');
/** `--only <dir>` (repeatable): the full run in those packages only (`pnpm mutation --only packages/http-kit`). */
const only = process.argv.flatMap((a, i) => (a === '--only' && process.argv[i + 1] ? [process.argv[i + 1]] : []));
/** The change CI judges: everything since this commit (the previous landing; default the parent commit). */
const base = process.env.OBMCP_MUTATION_BASE ?? 'HEAD~1';
/** CI's budget for the whole step (seconds); past it the step fails and says to run `pnpm mutation` locally. */
const budgetSeconds = Number(process.env.OBMCP_MUTATION_BUDGET_S ?? 0);
const deadline = budgetSeconds > 0 ? Date.now() + budgetSeconds * 1000 : Number.POSITIVE_INFINITY;
/** The partial run's output folder in each package (git-ignored): the committed reports stay as the full run wrote them. */
const SCRATCH = 'mutation/.changed';

/** One git command's output in the repo (large diffs included). */
function git(args) {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
}

/** Repo-relative paths the change touched; exits (failing) when the base cannot be read. */
function touchedFiles() {
  try {
    return parseTouched(git(['diff', '--name-only', base, 'HEAD']));
  } catch {
    console.error(
      `mutation: cannot diff against ${base} (set OBMCP_MUTATION_BASE to a commit this clone has)`,
    );
    process.exit(1);
  }
}

/** Seeds `<dir>/<outDir>/incremental.json` (git-ignored) with the committed report, Stryker's incremental input. */
function seedIncremental(target, outDir) {
  const committed = join(root, target.dir, 'mutation', 'report.json');
  const folder = join(root, target.dir, outDir);
  mkdirSync(folder, { recursive: true });
  rmSync(join(folder, INCREMENTAL), { force: true });
  if (existsSync(committed)) copyFileSync(committed, join(folder, INCREMENTAL));
}

/** Runs Stryker in one target (all its files, or `files`); exits (failing) past the budget or when Stryker fails. */
function stryker(target, files, env) {
  const left = deadline - Date.now();
  if (left <= 0) {
    console.error(
      `mutation: over the ${budgetSeconds} s budget before ${target.dir}: run pnpm mutation locally and commit its report`,
    );
    process.exit(1);
  }
  const args = ['stryker', 'run', ...(files ? ['--mutate', files.join(',')] : [])];
  console.log(`mutation: ${target.dir}${files ? ` (${files.join(', ')})` : ''}`);
  const run = spawnSync('npx', args, {
    cwd: join(root, target.dir),
    stdio: 'inherit',
    env: { ...process.env, ...env },
    ...(Number.isFinite(left) ? { timeout: left, killSignal: 'SIGKILL' } : {}),
  });
  if (run.error) {
    console.error(
      `mutation: ${target.dir} did not finish within the ${budgetSeconds} s budget: run pnpm mutation locally and commit its report`,
    );
    process.exit(1);
  }
  // Stryker exits non-zero under the `break` threshold or when its run failed (a failing dry run included).
  return run.status === 0;
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

if (!changedOnly) {
  let broke = false;
  const unknown = only.filter((dir) => !TARGETS.some((t) => t.dir === dir));
  if (unknown.length > 0) {
    console.error(`mutation: no target ${unknown.join(', ')} in scripts/mutation/targets.mjs`);
    process.exit(1);
  }
  for (const target of TARGETS.filter((t) => only.length === 0 || only.includes(t.dir))) {
    seedIncremental(target, 'mutation');
    if (!stryker(target, undefined, {})) broke = true;
    normalizeReports(join(root, target.dir));
  }
  const rows = scoreRows(root);
  for (const r of rows)
    console.log(
      r.missing ? `${r.target} ${r.file}: no report` : `${r.target} ${r.file}: ${r.score.toFixed(1)} %`,
    );
  if (failing(rows).length > 0 || broke) {
    console.error(`mutation: ${failing(rows).length} score(s) under their floor; Stryker failed: ${broke}`);
    process.exit(1);
  }
} else {
  // A deletion from a security guard lowers no score (its mutants go with it): it must be acknowledged.
  // One diff of the TypeScript sources serves both readings: removed guard lines and changed line ranges.
  const sourceDiff = git(['diff', '-U0', base, 'HEAD', '--', '*.ts']);
  const removed = removedCodeLines(sourceDiff);
  const acked = acknowledgedGuardChanges(git(['log', '--format=%B', `${base}..HEAD`]));
  const deletions = unacknowledgedGuardDeletions(removed, TARGETS, acked);
  for (const { path, lines } of deletions)
    console.error(
      `mutation: ${path} lost ${lines.length} line(s) of code (${lines.slice(0, 3).join(' | ')}): a deleted protection ` +
        'fails no mutant; if it is meant, say why in a commit trailer `Guard-Change: ' +
        path +
        ' <reason>`',
    );
  const selected = touchedProductFiles(touchedFiles(), TARGETS, PRODUCT_DIRS, NOT_MUTATED);
  if (selected.length === 0) {
    console.log(`mutation: no product file changed since ${base}; nothing to run`);
    process.exit(deletions.length > 0 ? 1 : 0);
  }
  const ranges = changedLineRanges(sourceDiff);
  const under = [];
  for (const { target, files: touched } of selected) {
    // A file whose change only deleted lines has nothing left to mutate.
    const files = touched.filter((f) => mutatePatterns(target, [f], ranges).length > 0);
    // A guard target's files run with its narrow vitest config; any other file with the package's whole suite
    // (OBMCP_MUTATION_SUITE=package), which is what reaches it.
    const groups = [
      { files: files.filter((f) => target.mutate.includes(f)), env: {} },
      { files: files.filter((f) => !target.mutate.includes(f)), env: { OBMCP_MUTATION_SUITE: 'package' } },
    ].filter((g) => g.files.length > 0);
    for (const group of groups) {
      const groupPatterns = mutatePatterns(target, group.files, ranges);
      const scratch = join(root, target.dir, SCRATCH);
      rmSync(scratch, { recursive: true, force: true });
      mkdirSync(scratch, { recursive: true });
      seedIncremental(target, SCRATCH);
      const ran = stryker(target, groupPatterns, { OBMCP_MUTATION_OUT: SCRATCH, ...group.env });
      const report = readJson(join(scratch, 'report.json'));
      for (const v of fileVerdicts(report, target, group.files, FLOORS)) {
        if (v.missing && !target.mutate.includes(v.file)) {
          console.log(`mutation: ${target.dir}/${v.file}: no mutant in the changed lines`);
          continue;
        }
        console.log(
          v.missing
            ? `mutation: ${target.dir}/${v.file}: no result in the report`
            : `mutation: ${target.dir}/${v.file}: ${v.score.toFixed(1)} % of ${v.total} mutants (floor ${v.floor} %)`,
        );
        if (!v.ok) under.push(`${target.dir}/${v.file}`);
      }
      if (!ran) under.push(`${target.dir} (Stryker failed or broke its threshold)`);
    }
  }
  if (deletions.length > 0) under.push(...deletions.map((d) => `${d.path} (unacknowledged deletion)`));
  if (under.length > 0) {
    console.error(`mutation: under the floor after this change: ${under.join(', ')}`);
    process.exit(1);
  }
  console.log('mutation: every touched product file is at or above its floor');
}
