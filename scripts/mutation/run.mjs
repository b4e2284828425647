// pnpm mutation: Stryker (incremental) in every target package; --changed: only the target files a change touched.
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { failing, readReport, scoreOf, scoreRows } from './score.mjs';
import { FLOORS, TARGETS } from './targets.mjs';

const root = process.cwd();
const changedOnly = process.argv.includes('--changed');
/** The change CI judges: everything since this commit (the previous landing; default the parent commit). */
const base = process.env.OBMCP_MUTATION_BASE ?? 'HEAD~1';
/** CI's budget for the whole step (seconds); past it the step fails and says to run `pnpm mutation` locally. */
const budgetSeconds = Number(process.env.OBMCP_MUTATION_BUDGET_S ?? 0);
const deadline = budgetSeconds > 0 ? Date.now() + budgetSeconds * 1000 : Number.POSITIVE_INFINITY;

/** Repo-relative paths the change touched. */
function touchedFiles() {
  try {
    return new Set(
      execFileSync('git', ['diff', '--name-only', base, 'HEAD'], { cwd: root, encoding: 'utf8' }).split('\n'),
    );
  } catch {
    console.error(`mutation: cannot diff against ${base}; judging every target file`);
    return undefined;
  }
}

function stryker(target, files) {
  const left = deadline - Date.now();
  if (left <= 0) {
    console.error(
      `mutation: over the ${budgetSeconds} s budget before ${target.dir}: run pnpm mutation locally and commit`,
    );
    process.exit(1);
  }
  const args = ['stryker', 'run', ...(files ? ['--mutate', files.join(',')] : [])];
  console.log(`mutation: ${target.dir}${files ? ` (${files.join(', ')})` : ''}`);
  const run = spawnSync('npx', args, {
    cwd: join(root, target.dir),
    stdio: 'inherit',
    ...(Number.isFinite(left) ? { timeout: left, killSignal: 'SIGKILL' } : {}),
  });
  if (run.error) {
    console.error(
      `mutation: ${target.dir} did not finish within the budget: run pnpm mutation locally and commit`,
    );
    process.exit(1);
  }
}

if (!changedOnly) {
  for (const target of TARGETS) stryker(target, undefined);
  const rows = scoreRows(root);
  for (const r of rows)
    console.log(
      r.missing ? `${r.target} ${r.file}: no report` : `${r.target} ${r.file}: ${r.score.toFixed(1)} %`,
    );
  if (failing(rows).length > 0) {
    console.error(`mutation: ${failing(rows).length} score(s) under their floor`);
    process.exit(1);
  }
} else {
  const touched = touchedFiles();
  const under = [];
  for (const target of TARGETS) {
    const files = target.mutate.filter((f) => touched === undefined || touched.has(`${target.dir}/${f}`));
    if (files.length === 0) continue;
    stryker(target, files);
    const report = readReport(root, target);
    for (const file of files) {
      const { score, total } = scoreOf(report?.files?.[file]?.mutants ?? []);
      const floor = target.security.includes(file) ? FLOORS.security : FLOORS.package;
      console.log(
        `mutation: ${target.dir}/${file}: ${score.toFixed(1)} % of ${total} mutants (floor ${floor} %)`,
      );
      if (score < floor) under.push(`${target.dir}/${file}`);
    }
  }
  if (under.length > 0) {
    console.error(`mutation: under the floor after this change: ${under.join(', ')}`);
    process.exit(1);
  }
  console.log('mutation: every touched guard file is at or above its floor');
}
