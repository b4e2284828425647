// The latency section of bench/RESULTS.md: steady-state table, verdict, first calls of fresh processes, A/A control.
import { SHAPE, UPSTREAM_MS, WITH_LATENCY } from './latency.mjs';
import { ms, pct, signed } from './stats.mjs';

export const TARGET = 1.05;
const ratio = (o, b) => pct(o, 50) / pct(b, 50);
const ratioCell = (o, b) => `${ratio(o, b).toFixed(2)}× (${signed(pct(o, 50) - pct(b, 50), ms)})`;
const spread = (ratios, i) => {
  const r = ratios.map((b) => b[i]);
  return `${Math.min(...r).toFixed(2)}–${Math.max(...r).toFixed(2)}×`;
};
const perSet = (sets, i) => sets.map((s) => `${s[i].toFixed(2)}×`).join(' ');

function steadyRows(samples) {
  return Object.entries(samples).map(([label, s]) => {
    const medians = [s.obmcp, s.server, s.mcp].map((v) => ms(pct(v, 50))).join(' / ');
    const p99 = [s.obmcp, s.server, s.mcp].map((v) => ms(pct(v, 99))).join(' / ');
    const cpu = s.cpuUs.every(Number.isFinite) ? s.cpuUs.map((v) => v.toFixed(0)).join(' / ') : 'n/a';
    const vs = (side, i) => `${ratioCell(s.obmcp, s[side])} | ${perSet(s.sets, i)} | ${spread(s.blocks, i)}`;
    return `| ${label} | ${s.obmcp.length} | ${medians} | ${vs('server', 0)} | ${vs('mcp', 1)} | ${p99} | ${cpu} |`;
  });
}

/**
 * The noise floor of a shape: the largest gap between two identical processes that its A/A control saw in one
 * process set (with a single set, in one block). The pooled A/A ratio alone is one draw of that noise and
 * can land on 1.00 by chance.
 */
function noiseFloor(c) {
  const parts = c.sets.length > 1 ? c.sets : c.blocks;
  return Math.max(Math.abs(ratio(c.obmcp, c.server) - 1), ...parts.map((r) => Math.abs(r[0] - 1)));
}

/** One sentence per baseline and shape: the worst steady-state median ratio against the target and the floor. */
function verdict(samples, control, withLatency) {
  const floorOf = noiseFloor;
  const shapes = [
    ['at zero upstream latency', (label) => !label.includes('upstream)'), floorOf(control)],
    [`with a ${UPSTREAM_MS} ms upstream`, (label) => label.includes('upstream)'), floorOf(withLatency)],
  ];
  return shapes.flatMap(([shape, inShape, floor]) => {
    const rows = Object.entries(samples).filter(([label]) => inShape(label));
    const worst = (side) => Math.max(...rows.map(([, s]) => ratio(s.obmcp, s[side])));
    return [
      ['McpServer', worst('mcp')],
      ['Server', worst('server')],
    ].map(
      ([name, w]) =>
        `- vs ${name} ${shape}: worst steady-state median ratio ${w.toFixed(3)}× — ${w <= TARGET ? 'meets' : 'misses'} the ${TARGET}× target; ${w - 1 <= floor ? 'within' : 'outside'} this shape's A/A noise floor (±${(floor * 100).toFixed(1)} %).`,
    );
  });
}

function coldRows(samples) {
  return Object.entries(samples)
    .filter(([, s]) => s.cold.obmcp.length > 0)
    .map(([label, s]) => {
      const c = s.cold;
      const medians = [c.obmcp, c.server, c.mcp].map((v) => ms(pct(v, 50))).join(' / ');
      return `| ${label} | ${c.obmcp.length} | ${medians} | ${ratioCell(c.obmcp, c.server)} | ${ratioCell(c.obmcp, c.mcp)} |`;
    });
}

export function latencySection({ samples, control, controlWithLatency }) {
  const c = control;
  const cl = controlWithLatency;
  return [
    '| tool | samples per side | median ms obmcp / Server / McpServer | vs Server (Δ ms) | vs Server, per process set | vs Server, block ratios | vs McpServer (Δ ms) | vs McpServer, per process set | vs McpServer, block ratios | p99 ms obmcp / Server / McpServer | server CPU µs/call obmcp / Server / McpServer |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...steadyRows(samples),
    '',
    `Target ≤ ${TARGET}× (median ratio, steady state).`,
    ...verdict(samples, c, cl),
    `- Noise floor of this run (A/A control): a second Server process in obmcp's seat, same tool and shape, came out at ${ratioCell(c.obmcp, c.server)} (per process set ${perSet(c.sets, 0)}, blocks ${spread(c.blocks, 0)}); with the ${UPSTREAM_MS} ms upstream at ${ratioCell(cl.obmcp, cl.server)} (blocks ${spread(cl.blocks, 0)}). The floor of a shape is the largest gap its A/A control showed between two identical processes: pooled, per process set, or (one set) per block.`,
    '',
    `Each pair runs ${SHAPE.repeats} sets of fresh processes (obmcp server, Server, McpServer). Each set makes`,
    `${SHAPE.warmup} warm-up rounds, then ${SHAPE.blocks} measured blocks of ${SHAPE.rounds} rounds; a round calls all three,`,
    'rotating who goes first. Ratios compare the medians of the pooled samples; per process set and block ratios',
    'show how far identical runs drift on this machine; the A/A control above is the same measurement with two',
    'identical processes. The warm-up brings every process to steady state (V8 has optimised the code each call',
    `runs); the first ${SHAPE.coldRounds} rounds of each set, right after \`initialize\`, are reported apart below.`,
    `The rows marked +${UPSTREAM_MS} ms repeat the pairs with a ${UPSTREAM_MS} ms upstream round trip, closer to a real API: one set,`,
    `the same ${WITH_LATENCY.warmup} warm-up rounds at zero latency, then the mocks' delay switched on (\`OBMCP_MOCK_LATENCY_FILE\`)`,
    `for ${WITH_LATENCY.blocks}×${WITH_LATENCY.rounds} rounds, so these rows judge warm code too.`,
    'Neither baseline has a limiter, retry, header parsing, envelope or `_meta`. The SP mock reports a raised usage plan',
    "(x-amzn-RateLimit-Limit: 1000) so sp-mcp's limiter, which learns it, lets every round through. Much of a mocked",
    "call's time is the mock itself inside the server process (the same preload everywhere), so Δ is the honest figure:",
    "obmcp's per-call work. Server CPU is each server process's user + system time (`/proc`, all threads, GC",
    'included) over the measured rounds divided by the calls.',
    '',
    `### The first ${SHAPE.coldRounds} calls of fresh processes (code not yet optimised by V8)`,
    '',
    '| tool | samples per side | median ms obmcp / Server / McpServer | vs Server (Δ ms) | vs McpServer (Δ ms) |',
    '| --- | --- | --- | --- | --- |',
    ...coldRows(samples),
    '',
    'Every side is slower before V8 has optimised the code it runs per call.',
  ];
}
