// The one StrykerJS setup every package's stryker.config.mjs extends: vitest runner, incremental, reports, thresholds.

import { FLOORS, PRODUCT_DIRS, TARGETS } from './targets.mjs';

/** `break` fails a run under the package floor; the security files' floor is checked by score.mjs. */
export const THRESHOLDS = { high: FLOORS.security, low: FLOORS.package, break: FLOORS.package };

/**
 * The Stryker options of the package in `dir` (relative to the repo root), as listed in targets.mjs.
 * @param {string} dir
 */
/**
 * Where a run writes its reports and incremental file, relative to the package: `mutation` (report.json committed)
 * for the full run; `pnpm mutation:changed` sets OBMCP_MUTATION_OUT to a git-ignored scratch folder, seeded with the
 * committed report, so a partial run reuses the committed results without overwriting them.
 */
const outDir = process.env.OBMCP_MUTATION_OUT ?? 'mutation';

/** The incremental input's name inside the output folder (git-ignored; a copy of the committed report.json). */
export const INCREMENTAL = 'incremental.json';

export function strykerConfig(dir) {
  // A product package without guard targets is still mutated by the CI gate (the files a change touched).
  const target =
    TARGETS.find((t) => t.dir === dir) ??
    (PRODUCT_DIRS.includes(dir) ? { dir, mutate: [], security: [] } : undefined);
  if (!target) throw new Error(`no mutation target or product package ${dir} in scripts/mutation/targets.mjs`);
  const mutate = target.mutate;
  const thresholds = THRESHOLDS;
  return {
    packageManager: 'pnpm',
    plugins: ['@stryker-mutator/vitest-runner'],
    testRunner: 'vitest',
    // The gate sets OBMCP_MUTATION_SUITE=package for a changed file outside the guard list: the package's own suite.
    ...(target.vitestConfig && process.env.OBMCP_MUTATION_SUITE !== 'package'
      ? { vitest: { configFile: target.vitestConfig } }
      : {}),
    coverageAnalysis: 'perTest',
    // A static mutant (a module-level value: a tool schema, a table, a regex) is never activated by the vitest runner
    // (stryker-js#6144, #6209): it would run every test and survive whatever they assert. Stryker reports it as
    // ignored; committed snapshots and table tests pin those values (docs/MUTATION.md "Static mutants").
    ignoreStatic: true,
    mutate,
    // Reruns mutate only what changed since the committed report (seeded as the incremental file) (a 2-core machine).
    incremental: true,
    // One committed file per package: run.mjs seeds this git-ignored file from the committed report.json (same
    // schema) before each run. Never the report's own path: Stryker writes both at once, and two writers of one
    // file leave the shorter document followed by the longer one's tail (a partial run's report was unreadable).
    incrementalFile: `${outDir}/${INCREMENTAL}`,
    reporters: ['clear-text', 'progress', 'html', 'json'],
    htmlReporter: { fileName: `${outDir}/report.html` },
    jsonReporter: { fileName: `${outDir}/report.json` },
    thresholds,
    concurrency: Number(process.env.STRYKER_CONCURRENCY ?? 2),
    timeoutMS: 20_000,
    // The initial test run (per-test coverage of a whole suite) takes longer than Stryker's 5-minute default on a
    // loaded 2-core machine (openbridge-mcp's suite could not be measured at all).
    dryRunTimeoutMinutes: 30,
    tempDirName: '.stryker-tmp',
    cleanTempDir: 'always',
  };
}
