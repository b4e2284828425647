// Renders bench/RESULTS.md from the measurements of run.mjs (latency, phases, contract cost, cold start).
import { cpus, platform, release } from 'node:os';
import { latencySection } from './latency-table.mjs';
import { SHAPE } from './latency.mjs';
import { PHASE_ROUNDS, PHASES } from './phases.mjs';
import { us } from './stats.mjs';

function phaseRows(phases) {
  return Object.entries(phases).flatMap(([label, ph]) => {
    const row = (side, v) => {
      const sum = PHASES.reduce((n, k) => n + (v[k] ?? Number.NaN), 0);
      return `| ${label} | ${side} | ${PHASES.map((k) => us(v[k] ?? Number.NaN)).join(' | ')} | ${us(sum)} |`;
    };
    const delta = Object.fromEntries(
      PHASES.map((k) => [k, (ph.obmcp[k] ?? Number.NaN) - (ph.bare[k] ?? Number.NaN)]),
    );
    return [row('obmcp', ph.obmcp), row('Server', ph.bare), row('Δ', delta)];
  });
}

export function render({ lat, phases, cost, cold, seconds }) {
  const cpu = cpus();
  const names = { server: 'bare SDK `Server`', mcp: 'bare SDK `McpServer`' };
  return [
    '# Benchmark results',
    '',
    `Date: ${new Date().toISOString()} · Machine: ${platform()} ${release()}, ${cpu[0]?.model ?? '?'} × ${cpu.length} cores · Node ${process.version}`,
    `Run: \`pnpm bench\` (${seconds.toFixed(0)} s). Upstreams are the msw mocks (the same preload in every server).`,
    '',
    '## Per-call latency over stdio (SDK Client → server → mock upstream), three sides interleaved, steady state',
    '',
    'Two baselines on the same MCP SDK as obmcp (v2, served by `serveStdio` like the obmcp servers), both doing',
    'the same upstream requests as the obmcp tool (`bench/bare-upstream.mjs`; for',
    'sp-mcp get_order that is a restricted-data token from the Tokens API, fetched once, as obmcp does):',
    "- **Server** (`bench/bare-server.mjs`): the SDK's low-level `Server`, one `tools/call` handler, no input",
    '  validation at all: the floor (SDK + fetch + JSON).',
    "- **McpServer** (`bench/bare-mcp-server.mjs`): the SDK's documented `McpServer.registerTool` with the obmcp",
    "  tool's input schema written in zod, passing the SDK's request signal (`ctx.mcpReq.signal`) to fetch so that",
    '  `notifications/cancelled` aborts the upstream request as it does in obmcp, combined with a 30 s deadline',
    "  (`AbortSignal.any` + `AbortSignal.timeout`, Node's documented way; obmcp bounds every exchange too): the",
    '  same tool, input contract, cancellation and deadline included, as the SDK alone would serve it.',
    '',
    ...latencySection(lat),
    '',
    '## Where Δ goes (server-side phases of one call, medians in µs, obmcp vs the Server baseline)',
    '',
    `\`bench/phase-probe.mjs\` preloaded in both servers, ${PHASE_ROUNDS} alternating rounds per pair after ${SHAPE.warmup} warm-up rounds:`,
    'request line read → tools/call handler entered → upstream fetch called → fetch headers back →',
    'handler returned → answer written to stdout.',
    '',
    `| tool | side | ${PHASES.join(' | ')} | sum |`,
    `| --- | --- | ${PHASES.map(() => '---').join(' | ')} | --- |`,
    ...phaseRows(phases),
    '',
    '## Contract layer alone (in-process `createToolHost`, representative get_orders schema)',
    '',
    '| path | µs per call |',
    '| --- | --- |',
    `| valid args (validated first, normalizer skipped on this closed schema; handler; _meta) | ${us(cost.valid)} |`,
    `| renamed key + scalar→array (validate, normalize with events, validate again) | ${us(cost.renamed)} |`,
    `| invalid args (3 issues → v1 envelope with hints) | ${us(cost.invalid)} |`,
    `| empty schema, empty args (floor) | ${us(cost.empty)} |`,
    '',
    `Schemas compiled once, on a tool's first call: ${cost.atStartup} ajv compiles at host creation (2 tools), ${cost.afterCalls} during ${cost.calls} calls.`,
    '',
    '## Cold start to first tools/list (spawn → initialize → tools/list, median of 3)',
    '',
    '| server | ms |',
    '| --- | --- |',
    ...Object.entries(cold).map(([n, v]) => `| ${names[n] ?? n} | ${v.toFixed(0)} |`),
    '',
  ].join('\n');
}
