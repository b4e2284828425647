// Test time per suite: each workspace package's `test` script run alone, one after the other, on a built tree.
// `node bench/test-times.mjs [repo-dir] [--only=a,b] [--json=out.json]`: the wall time of each suite (what CI waits
// for when that suite is the last one running) and its vitest "Duration". Run it on a quiet machine, once on the
// tree to judge and once on a baseline tree beside it (both installed and built), and compare the two.
// `--baseline=<json>` (a run's --json file, e.g. of the baseline tree) adds each suite's ratio, and `--write` puts the
// table in bench/RESULTS.md (its own section); `--from=<json>` renders a run already made instead of running again. `--files-of=<commit>` runs only the test files that existed at that commit (and their splits: `x.1.test.ts` or
// `x.sp.test.ts` for `x.test.ts`), so suites that later work grew are compared on what the baseline ran.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadavg } from 'node:os';
import { stripVTControlCharacters } from 'node:util';
import { writeSection } from './results-section.mjs';

const args = process.argv.slice(2);
const root = resolve(args.find((a) => !a.startsWith('--')) ?? '.');
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const only = option('only')?.split(',');
const from = option('from') ? JSON.parse(readFileSync(option('from'), 'utf8')) : undefined;
const filesOf = option('files-of') ?? from?.filesOf;

/** The suite's test files (relative to its dir) that existed at `commit`, or that split one that did. */
function baselineFiles(dir, commit) {
  const git = (...a) =>
    spawnSync('git', a, { cwd: dir, encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
  const isTest = (f) => f.endsWith('.test.ts');
  const then = new Set(git('ls-tree', '-r', '--name-only', commit, '--', 'test').filter(isTest));
  const stem = (f) => f.replace(/\.test\.ts$/, '');
  return git('ls-files', '--', 'test')
    .filter(isTest)
    .filter((f) => then.has(f) || then.has(`${stem(f).replace(/\.[\w-]+$/, '')}.test.ts`));
}

/** Workspace packages with a test script, as `pnpm test` (turbo) would run them. */
function suites() {
  const found = [];
  for (const group of ['packages', 'apps', 'tests']) {
    const dir = join(root, group);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).sort()) {
      const manifest = join(dir, name, 'package.json');
      if (!existsSync(manifest)) continue;
      const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
      if (!pkg.scripts?.test) continue;
      if (only && !only.includes(name) && !only.includes(`${group}/${name}`)) continue;
      found.push({ name: `${group}/${name}`, dir: join(dir, name), script: pkg.scripts.test });
    }
  }
  return found;
}

/** vitest's own "Duration 12.34s" line, in seconds (undefined for a runner that prints none). */
function vitestDuration(output) {
  const line = stripVTControlCharacters(output).match(/Duration\s+([0-9.]+)(m?s)/);
  if (!line) return undefined;
  const value = Number(line[1]);
  return line[2] === 'ms' ? value / 1000 : value;
}

const rows = from ? from.rows : [];
for (const suite of from ? [] : suites()) {
  const files = filesOf && suite.script.startsWith('vitest') ? baselineFiles(suite.dir, filesOf) : [];
  if (filesOf && suite.script.startsWith('vitest') && files.length === 0) continue;
  const started = process.hrtime.bigint();
  const run = spawnSync('pnpm', ['run', '--silent', 'test', ...files], {
    cwd: suite.dir,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true', FORCE_COLOR: '0' },
    maxBuffer: 256 * 1024 * 1024,
  });
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  const row = {
    suite: suite.name,
    wallS: Number(wall.toFixed(1)),
    vitestS: vitestDuration(`${run.stdout}${run.stderr}`),
    ...(filesOf ? { files: files.length } : {}),
    ok: run.status === 0,
  };
  rows.push(row);
  // A failing suite shows why: its last lines (a timing of a failed run is not a measurement).
  if (!row.ok)
    console.error(stripVTControlCharacters(`${run.stdout}${run.stderr}`).split('\n').slice(-60).join('\n'));
  console.log(
    `${row.suite.padEnd(28)} wall ${String(row.wallS).padStart(6)} s  vitest ${String(row.vitestS ?? '-').padStart(6)} s  ${row.ok ? 'ok' : 'FAILED'}`,
  );
}
const total = rows.reduce((sum, r) => sum + r.wallS, 0);
console.log(`${'total'.padEnd(28)} wall ${total.toFixed(1).padStart(6)} s`);
const commit =
  from?.commit ??
  spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
/** When the rows were measured and the 1-minute load average then (a rendered run keeps its own). */
const measuredAt = from?.measuredAt ?? new Date().toISOString();
const load = from?.load ?? Number(loadavg()[0]?.toFixed(1));
const out = option('json');
if (out)
  writeFileSync(
    out,
    `${JSON.stringify({ root, commit, filesOf, measuredAt, load, rows, totalWallS: total }, null, 2)}\n`,
  );

const baselineFile = option('baseline');
if (baselineFile) {
  const baseline = JSON.parse(readFileSync(baselineFile, 'utf8'));
  // Older runs named a suite by its folder alone (`sp-mcp`), newer ones by group too (`apps/sp-mcp`).
  const byName = new Map(baseline.rows.map((r) => [r.suite, r.wallS]));
  const before = new Map(
    rows.map((r) => [r.suite, byName.get(r.suite) ?? byName.get(r.suite.split('/').pop())]),
  );
  for (const [suite, wall] of before) if (wall === undefined) before.delete(suite);
  const ratio = (a, b) => (a === undefined || b === undefined ? '–' : `${(b / a).toFixed(2)}×`);
  const lines = rows.map(
    (r) =>
      `| ${r.suite} | ${before.get(r.suite) ?? 'new'} | ${r.wallS}${r.ok ? '' : ' (failed)'} | ${ratio(before.get(r.suite), r.wallS)} |`,
  );
  const shared = rows.filter((r) => before.has(r.suite));
  const sum = (list, pick) => list.reduce((n, r) => n + pick(r), 0);
  const beforeTotal = sum(shared, (r) => before.get(r.suite));
  const afterTotal = sum(shared, (r) => r.wallS);
  const markdown = [
    `## Test time per suite (\`node bench/test-times.mjs\`${filesOf ? `, the test files of ${filesOf}` : ''})`,
    '',
    `Run ${measuredAt}: ${commit} beside the baseline ${baseline.commit ?? baseline.root} (run ${baseline.measuredAt ?? 'earlier'}),`,
    `each suite's test script alone, one after the other, Node ${process.version}, 1-minute load average ${load} at the end.`,
    '',
    '| suite | baseline wall s | this wall s | ratio |',
    '| --- | ---: | ---: | ---: |',
    ...lines,
    `| suites in both | ${beforeTotal.toFixed(1)} | ${afterTotal.toFixed(1)} | ${ratio(beforeTotal, afterTotal)} |`,
    '',
    filesOf
      ? `Only the test files each suite had at ${filesOf} (and their splits): what a suite that later work grew costs for what it tested then.`
      : '"new": a suite the baseline did not have. "suites in both": the sum over the suites both trees have, whatever files each has now.',
  ].join('\n');
  console.log(`\n${markdown}`);
  if (args.includes('--write')) writeSection(filesOf ? 'test-times-files' : 'test-times', markdown);
}
