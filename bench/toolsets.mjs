// sp-mcp and ads-mcp toolsets: cold start to the first tools/list and tools/list bytes, default toolsets vs `all`
// (interleaved runs, medians). `node bench/toolsets.mjs` prints the table; run.mjs adds it to RESULTS.md.
import { start } from './latency.mjs';
import { pct } from './stats.mjs';

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
];

async function once(c) {
  const t0 = performance.now();
  const s = await start(c.app, c.env);
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
  // × default: against the same app's default row.
  const base = (r) => rows.find((x) => x.label.startsWith(r.label.split(' ')[0]))?.ms ?? 1;
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
