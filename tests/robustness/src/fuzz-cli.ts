// `pnpm fuzz`: ≥ 10 000 fuzz cases per server (respawning after a crash) + 10 000-call memory run; prints counts.
import { fuzzServer, listTools } from './fuzz/run.js';
import { formatStats } from './fuzz/stats.js';
import { fuzzTargets } from './fuzz/tool-selection.js';
import { memoryRun } from './load/memory-run.js';
import { APPS, type AppName, spawnApp } from './servers.js';

const CASES = Number(process.env.FUZZ_CASES ?? 10_000);
const MEMORY_CALLS = Number(process.env.MEMORY_CALLS ?? 10_000);
const MEMORY_WARMUP = Number(process.env.MEMORY_WARMUP ?? 5_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
const apps = (process.env.FUZZ_APPS?.split(',') ?? [...APPS]) as AppName[];

let failed = false;
console.log(
  `fuzz: ${CASES} cases per server, seed ${SEED} (FUZZ_SEED=${SEED} reproduces), apps ${apps.join(', ')}`,
);
for (const app of apps) {
  const first = await spawnApp(app);
  const targets = fuzzTargets(await listTools(first)).length;
  const casesPerTool = Math.ceil(CASES / targets);
  let lastPrint = Date.now();
  const { stats, server } = await fuzzServer(first, {
    name: app,
    casesPerTool,
    seed: SEED,
    respawn: () => spawnApp(app),
    onProgress: (s) => {
      if (Date.now() - lastPrint > 15_000) {
        lastPrint = Date.now();
        console.log(`  ${app}: ${s.cases} cases, ${s.violations.length} violations, ${s.crashes} crashes`);
      }
    },
  });
  await server.close();
  console.log(formatStats(stats));
  if (stats.violations.length > 0 || stats.crashes > 0) failed = true;

  // Warm-up until V8's heap plateaus (ads/openbridge: ~5-10k calls), so growth afterwards means a leak.
  const report = await memoryRun(app, { warmup: MEMORY_WARMUP, calls: MEMORY_CALLS });
  const { samples: _samples, ...summary } = report;
  console.log(`${app}: memory over ${MEMORY_CALLS} calls ${JSON.stringify(summary)}`);
  if (report.unanswered > 0 || report.troughGrowthMiB >= 60 || report.liveHeapGrowthMiB >= 16) failed = true;
}
process.exit(failed ? 1 : 0);
