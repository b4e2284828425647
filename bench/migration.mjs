// `pnpm bench:migration`: this build against a baseline build (default: the newest commit still on MCP SDK v1),
// side by side in one run: cold start to tools/list and per-call stdio latency per server (ratios), then HTTP
// throughput of two replicas behind haproxy vs one. Writes the migration section of bench/README.md.
// Options: --baseline-ref=<ref> | --baseline-dir=<built tree>, --current-dir=<built tree> (default: this one), --rounds=N (cold starts per side, default 10),
// --warmup=N --calls=N (per-call, default 300/1000), --seconds=N --concurrency=N (throughput, default 10/16),
// --throughput-app=<app> (default ads-mcp), --tp-warmup=N (calls per replica, default 500), --only=cold,calls,throughput, --no-write.
import { cpus, loadavg, platform, release } from 'node:os';
import { writeMigrationSection } from './migration/report.mjs';
import { coldStart, PROBES, perCall, throughput } from './migration/measure.mjs';
import { APPS, appArgs, baselineTree, defaultBaselineRef, describeTree, ROOT } from './migration/trees.mjs';

const opt = (name, fallback) => {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg === undefined ? fallback : arg.slice(name.length + 3);
};
const num = (name, fallback) => Number(opt(name, String(fallback)));
const only = opt('only', 'cold,calls,throughput').split(',');

const started = Date.now();
const baselineDir = opt('baseline-dir', undefined);
const baseline = baselineDir
  ? { dir: baselineDir, sha: undefined }
  : baselineTree(opt('baseline-ref', defaultBaselineRef()));
// --current-dir: another built checkout in the `current` seat (e.g. a branch's worktree before it lands).
const current = { dir: opt('current-dir', ROOT) };
const labels = {
  current:
    current.dir === ROOT
      ? `this checkout (${describeTree(ROOT) ?? ROOT})`
      : `${current.dir} (${describeTree(current.dir) ?? '?'})`,
  baseline: baseline.sha
    ? `${baseline.sha.slice(0, 12)} (exported to ${baseline.dir})`
    : (describeTree(baseline.dir) ?? baseline.dir),
};
console.error(`current: ${labels.current}\nbaseline: ${baseline.dir}`);

const result = {
  date: new Date().toISOString(),
  machine: `${platform()} ${release()}, ${cpus()[0]?.model ?? '?'} × ${cpus().length}, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
  node: process.version,
  current: labels.current,
  baseline: labels.baseline,
  cold: [],
  calls: [],
  throughput: [],
  options: {},
};
const rounds = num('rounds', 10);
const warmup = num('warmup', 300);
const calls = num('calls', 1000);
const seconds = num('seconds', 10);
const concurrency = num('concurrency', 16);
const tpApp = opt('throughput-app', 'ads-mcp');
result.options = { rounds, warmup, calls, seconds, concurrency, tpApp, tpTool: PROBES[tpApp]?.tool };

for (const app of APPS) {
  // Both sides load this checkout's mocks, so the mocked upstream costs the same on both.
  const sides = [{ args: appArgs(current.dir, app) }, { args: appArgs(baseline.dir, app, current.dir) }];
  if (only.includes('cold')) {
    const [cur, base] = await coldStart(sides, rounds);
    result.cold.push({ app, cur, base });
    console.error(`cold ${app}: ${cur.median.toFixed(0)} ms vs ${base.median.toFixed(0)} ms`);
  }
  if (only.includes('calls')) {
    const [cur, base] = await perCall(sides, PROBES[app], warmup, calls);
    result.calls.push({ app, tool: PROBES[app].tool, cur, base });
    console.error(`call ${app}: ${cur.median.toFixed(2)} ms vs ${base.median.toFixed(2)} ms`);
  }
}
if (only.includes('throughput')) {
  result.throughput = await throughput(appArgs(current.dir, tpApp), PROBES[tpApp], {
    concurrency,
    seconds,
    warmup: num('tp-warmup', 500),
  });
  for (const r of result.throughput) {
    console.error(`throughput ${r.replicas} replica(s): ${r.rps.toFixed(0)} req/s, ${r.errors} errors`);
  }
}
result.seconds = Math.round((Date.now() - started) / 1000);
console.log(JSON.stringify(result, null, 2));
if (!process.argv.includes('--no-write')) writeMigrationSection(result);
