// sp-mcp and ads-mcp toolsets: cold start to the first tools/list and tools/list bytes, default toolsets vs `all`
// (interleaved runs, medians). `node bench/toolsets.mjs` prints the table; run.mjs adds it to RESULTS.md.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ENV, kit, start } from './latency.mjs';
import { pct } from './stats.mjs';

/**
 * OBMCP_BENCH_BASELINE=<dir>: a built checkout of an earlier version (e.g. 0.1.0, before the generated
 * tools: `git worktree add ../obmcp-0.1.0 3a98045 && cd ../obmcp-0.1.0 && pnpm install && pnpm build`).
 * Its sp-mcp and ads-mcp, under its own mocks, run interleaved with today's rows: "today's figures" beside
 * the new ones in one run.
 */
const BASELINE_DIR = process.env.OBMCP_BENCH_BASELINE ? resolve(process.env.OBMCP_BENCH_BASELINE) : undefined;

function baselineCases() {
  if (BASELINE_DIR === undefined) return [];
  const preload = join(BASELINE_DIR, 'packages/upstream-mocks/dist/register.js');
  return ['sp-mcp', 'ads-mcp'].flatMap((app) => {
    // The baseline's own bin (dist/index.js in 0.1.0, dist/bin.js since the apps became libraries).
    const { version, bin } = JSON.parse(readFileSync(join(BASELINE_DIR, `apps/${app}/package.json`), 'utf8'));
    const entry = join(BASELINE_DIR, `apps/${app}`, bin[app]);
    if (!existsSync(entry) || !existsSync(preload))
      throw new Error(`OBMCP_BENCH_BASELINE: ${entry} is not built`);
    return [{ label: `${app} ${version} baseline, its default`, app, env: {}, entry, preload }];
  });
}

export const TOOLSET_CASES = [
  { label: 'sp-mcp default (curated)', app: 'sp-mcp', env: {} },
  {
    label: 'sp-mcp SP_API_TOOLSETS=all, writes on',
    app: 'sp-mcp',
    env: { SP_API_TOOLSETS: 'all', SP_API_ENABLE_WRITES: 'true' },
  },
  { label: 'ads-mcp default (curated)', app: 'ads-mcp', env: {} },
  {
    label: 'ads-mcp ADS_API_TOOLSETS=all, writes on',
    app: 'ads-mcp',
    env: { ADS_API_TOOLSETS: 'all', ADS_API_ENABLE_WRITES: 'true' },
  },
  ...baselineCases(),
];

function startCase(c) {
  if (c.entry === undefined) return start(c.app, c.env);
  const args = ['--import', c.preload, c.entry];
  return kit.startServer({ command: process.execPath, args, env: { ...ENV, ...c.env } });
}

async function once(c) {
  const t0 = performance.now();
  const s = await startCase(c);
  const list = await s.client.listTools();
  const ms = performance.now() - t0;
  await s.close();
  return { ms, tools: list.tools.length, bytes: JSON.stringify(list).length };
}

export async function toolsets(runs = 5) {
  const samples = TOOLSET_CASES.map(() => []);
  const last = [];
  for (let i = 0; i < runs; i++) {
    for (const [k, c] of TOOLSET_CASES.entries()) {
      const r = await once(c);
      samples[k].push(r.ms);
      last[k] = r;
    }
  }
  return TOOLSET_CASES.map((c, k) => ({
    label: c.label,
    ms: pct(samples[k], 50),
    tools: last[k].tools,
    bytes: last[k].bytes,
  }));
}

export function renderToolsets(rows) {
  // × default: against the same app's default row (today's build).
  const base = (r) => rows.find((x) => x.label.startsWith(`${r.label.split(' ')[0]} default`))?.ms ?? 1;
  return [
    '## sp-mcp and ads-mcp toolsets: cold start to first tools/list and tools/list size (median, interleaved)',
    '',
    '| case | tools | tools/list bytes | cold start ms | × default |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) => `| ${r.label} | ${r.tools} | ${r.bytes} | ${r.ms.toFixed(0)} | ${(r.ms / base(r)).toFixed(2)} |`,
    ),
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(renderToolsets(await toolsets(Number(process.argv[2] ?? 5))));
}
