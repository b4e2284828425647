// Runs @modelcontextprotocol/conformance 0.2 (on Node ≥ 22) over Streamable HTTP against every server at
// 2026-07-28 and 2025-11-25 and judges the checks against expected-failures.yml. `--measure` prints the failures.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { missingNodeMessage, nodeBinary, startHttp } from '@obmcp/test-kit';
import { type Verdict, evaluate } from './evaluate.js';
import { EXAMPLE_TARGET, entriesFor, loadExpected, SPEC_VERSIONS, type SpecVersion } from './expected.js';
import { falsePasses } from './false-passes.js';
import { measuredYaml } from './measure.js';
import { type Counts, countResults, type ScenarioResult, vacuousPasses } from './results.js';
import { outDirFor, runVersion, type Suite, tasksScenarios } from './suite.js';
import { ROOT, type Target, targets } from './targets.js';

const PKG = join(ROOT, 'tests/official-conformance');
const EXPECTED = join(PKG, 'expected-failures.yml');
const require = createRequire(import.meta.url);
const CLI = join(dirname(require.resolve('@modelcontextprotocol/conformance/package.json')), 'dist/index.js');
// Per CLI run; a whole version takes ~1 s on an idle machine, a hang still ends here.
const CLI_TIMEOUT_MS = 120_000;
const measure = process.argv.includes('--measure');

interface VersionReport {
  version: SpecVersion;
  counts: Counts;
  verdict: Verdict;
  results: ScenarioResult[];
  error?: string;
  falsePasses: string[];
}

interface TargetReport {
  target: Target;
  versions: VersionReport[];
  error?: string;
  ms: number;
}

interface UnitReport {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  testResults?: unknown[];
}

/**
 * The root `pnpm test` sums every package's test-results.json (vitest's JSON format): one test per
 * server × version, plus the judge's own unit tests (`vitest run` wrote unit-results.json just before).
 */
function writeResults(passed: number, failed: number, skipped: number): void {
  const unitFile = join(PKG, 'unit-results.json');
  const unit: UnitReport = existsSync(unitFile)
    ? (JSON.parse(readFileSync(unitFile, 'utf8')) as UnitReport)
    : {};
  rmSync(unitFile, { force: true });
  const counts = {
    numPassedTests: passed + (unit.numPassedTests ?? 0),
    numFailedTests: failed + (unit.numFailedTests ?? 0),
    numPendingTests: skipped + (unit.numPendingTests ?? 0),
  };
  writeFileSync(
    join(PKG, 'test-results.json'),
    `${JSON.stringify({ ...counts, testResults: unit.testResults ?? [] })}\n`,
  );
}

const node22 = nodeBinary(22) ?? nodeBinary(24);
if (node22 === undefined) {
  console.error(`official conformance: ${missingNodeMessage(22)} (the suite needs fs.globSync)`);
  writeResults(0, 1, 0);
  process.exit(1);
}
const suite: Suite = { node: node22.path, cli: CLI, cwd: PKG, timeoutMs: CLI_TIMEOUT_MS };
const all = targets();
const expected = loadExpected(
  EXPECTED,
  all.map((t) => t.name),
);
const extensions = await tasksScenarios(suite);
const exitCodes = new Map<string, number | null>();
const outRoot = mkdtempSync(join(tmpdir(), 'official-conformance-'));

async function runTarget(target: Target): Promise<TargetReport> {
  const started = Date.now();
  if (target.skip) return { target, versions: [], ms: 0 };
  let server: Awaited<ReturnType<typeof startHttp>>;
  try {
    server = await startHttp(target.args, ROOT);
  } catch (error) {
    return { target, versions: [], error: `could not start: ${(error as Error).message}`, ms: 0 };
  }
  const versions: VersionReport[] = [];
  try {
    for (const version of SPEC_VERSIONS) {
      const out = outDirFor(outRoot, target.name, version);
      const run = await runVersion(suite, server.url, version, out, extensions);
      const verdict = evaluate(run.results, entriesFor(expected[version], target.name));
      versions.push({
        version,
        counts: countResults(run.results),
        verdict,
        results: run.results,
        falsePasses: falsePasses(out),
        ...(run.error === undefined ? {} : { error: run.error }),
      });
    }
    return { target, versions, ms: Date.now() - started };
  } catch (error) {
    return { target, versions, error: (error as Error).stack ?? String(error), ms: Date.now() - started };
  } finally {
    const code = await server.stop();
    exitCodes.set(target.name, code);
  }
}

const started = Date.now();
// In parallel: the suite is latency-bound (one small request at a time), not CPU-bound.
const reports = await Promise.all(all.map(runTarget));
rmSync(outRoot, { recursive: true, force: true });

if (measure) {
  console.log(
    measuredYaml(
      reports.filter((r) => !r.target.skip).map((r) => ({ target: r.target.name, versions: r.versions })),
    ),
  );
  process.exit(0);
}

let passed = 0;
let failed = 0;
let skipped = 0;
const lines: string[] = [
  `official conformance (the suite on Node ${node22.version}), expected failures: ${EXPECTED.slice(ROOT.length)}`,
];
lines.push('| server | spec version | scenarios passed / failed | checks passed / failed | verdict |');
lines.push('| --- | --- | --- | --- | --- |');
const details: string[] = [];
for (const r of reports) {
  if (r.target.skip) {
    skipped += SPEC_VERSIONS.length;
    details.push(`${r.target.name}: skipped (${r.target.skip})`);
    continue;
  }
  if (r.error) details.push(`${r.target.name}: ${r.error}`);
  const code = exitCodes.get(r.target.name);
  if (exitCodes.has(r.target.name) && code !== 0) {
    // SIGTERM must drain and exit 0 (as the 0.1 runner checked).
    failed++;
    details.push(`${r.target.name}: server exit code ${code} after SIGTERM (expected 0)`);
  }
  for (const v of r.versions) {
    // The example carries the suite's fixture tools: a pass on a tool_not_found envelope there is a lost fixture.
    const hollowOnExample = r.target.name === EXAMPLE_TARGET ? v.falsePasses : [];
    const ok =
      v.error === undefined &&
      v.verdict.unexpected.length === 0 &&
      v.verdict.stale.length === 0 &&
      hollowOnExample.length === 0;
    if (ok) passed++;
    else failed++;
    const c = v.counts;
    lines.push(
      `| ${r.target.name} | ${v.version} | ${c.scenariosPassed} / ${c.scenariosFailed} | ${c.checksPassed} / ${c.checksFailed} | ${ok ? 'OK' : 'FAILED'} (${r.ms} ms) |`,
    );
    if (v.error) details.push(`${r.target.name} ${v.version}: the suite broke: ${v.error}`);
    for (const u of v.verdict.unexpected)
      details.push(`${r.target.name} ${v.version}: unexpected failure ${u}`);
    for (const s of v.verdict.stale) {
      details.push(`${r.target.name} ${v.version}: now passes, remove from expected-failures.yml: ${s}`);
    }
    for (const hollow of vacuousPasses(v.results)) {
      details.push(
        `${r.target.name} ${v.version}: ! vacuous pass: ${hollow} ran no check (nothing it could exercise here)`,
      );
    }
    for (const f of hollowOnExample) {
      details.push(
        `${r.target.name} ${v.version}: the example lost its fixture tool: ${f} passed on tool_not_found`,
      );
    }
    for (const f of v.falsePasses) {
      details.push(
        `${r.target.name} ${v.version}: ! false pass: ${f} passed on a tool_not_found envelope (see README)`,
      );
    }
  }
  // A target that broke before a version ran fails that version.
  const missing = SPEC_VERSIONS.length - r.versions.length;
  if (missing > 0) failed += missing;
}
console.log([...lines, '', ...details].join('\n'));
const verdict = failed === 0 ? 'OK' : `FAILED (${failed} server×version runs)`;
console.log(`\nofficial conformance: ${verdict} in ${Date.now() - started} ms`);
writeResults(passed, failed, skipped);
process.exitCode = failed === 0 ? 0 : 1;
