// Per-call stdio latency: each obmcp server against two bare SDK baselines, all three interleaved per round.
import { fileURLToPath } from 'node:url';
import { esm } from './resolve.mjs';
import { cpuMs, pct } from './stats.mjs';

const kit = await import(esm('@obmcp/test-kit'));
const { CANARY_ENV } = await import(new URL('../tests/robustness/dist/canaries.js', import.meta.url).href);
const here = (file) => fileURLToPath(new URL(file, import.meta.url));
/** The two baselines: the minimal low-level `Server` and the idiomatic `McpServer` with zod input schemas. */
export const BASELINES = { server: here('./bare-server.mjs'), mcp: here('./bare-mcp-server.mjs') };
export const SIDES = ['obmcp', 'server', 'mcp'];
export const PHASE_PROBE = here('./phase-probe.mjs');

export const ENV = {
  ...CANARY_ENV,
  ADS_API_PROFILE_ID: '1111111111',
  MCP_LOG_LEVEL: 'warn',
  SP_API_LOG_LEVEL: 'warn',
  OPENBRIDGE_LOG_LEVEL: 'warn',
  // The SP mock reports a raised usage plan (1000 req/s, well above the bench's call rate) that
  // sp-mcp's limiter learns after the first call; with the documented getOrder plan (0.5/s,
  // burst 30) the limiter would refuse after 30 calls.
  OBMCP_MOCK_SP_RATE_HEADER: '1000',
};

/** Starts an obmcp app (by name) or a baseline (`server`, `mcp`) under the mocks preload. */
export function start(name, extraEnv = {}, preloads = []) {
  const entry = BASELINES[name] ?? kit.appEntry(name);
  const args = ['--import', kit.MOCKS_PRELOAD, ...preloads.flatMap((p) => ['--import', p]), entry];
  return kit.startServer({ command: process.execPath, args, env: { ...ENV, ...extraEnv } });
}

export const PAIRS = [
  {
    label: 'ads-mcp list_profiles',
    app: 'ads-mcp',
    tool: 'list_profiles',
    bare: 'ads_list_profiles',
    args: {},
  },
  {
    label: 'openbridge-mcp get_subscriptions',
    app: 'openbridge-mcp',
    tool: 'get_subscriptions',
    bare: 'ob_get_subscriptions',
    args: {},
  },
  {
    label: 'sp-mcp get_order',
    app: 'sp-mcp',
    tool: 'get_order',
    bare: 'sp_get_order',
    args: { orderId: '902-3159896-1390916' },
  },
];

export async function timed(client, name, args) {
  const t0 = performance.now();
  const r = await client.callTool({ name, arguments: args });
  if (r.isError) throw new Error(`${name} failed: ${JSON.stringify(r.content).slice(0, 300)}`);
  return performance.now() - t0;
}

export const SHAPE = { warmup: 300, blocks: 10, rounds: 200, env: {} };

// Each pair gets fresh servers of its own: a baseline shared by three pairs would serve three times as
// many calls as each obmcp server and stay warmer (JIT, caches) than its opponent.
export async function latencyOf(p, shape = SHAPE) {
  const servers = await Promise.all([
    start(p.app, shape.env),
    ...['server', 'mcp'].map((n) => start(n, shape.env)),
  ]);
  const call = (i) => timed(servers[i].client, i === 0 ? p.tool : p.bare, p.args);
  for (let w = 0; w < shape.warmup; w++) for (let i = 0; i < 3; i++) await call(i);
  const s = Object.fromEntries(SIDES.map((side) => [side, []]));
  s.blocks = [];
  const pids = servers.map((x) => x.transport.pid);
  const cpu0 = pids.map(cpuMs);
  for (let block = 0; block < shape.blocks; block++) {
    const b = SIDES.map(() => []);
    for (let round = 0; round < shape.rounds; round++) {
      // Rotate who goes first so no side always gets the warmer cache.
      for (let k = 0; k < 3; k++) {
        const i = (round + k) % 3;
        b[i].push(await call(i));
      }
    }
    const [o, ...bases] = b.map((v) => pct(v, 50));
    s.blocks.push(bases.map((m) => o / m));
    for (const [i, side] of SIDES.entries()) s[side].push(...(b[i] ?? []));
  }
  // Server CPU per call (all threads, GC included): steadier than wall-clock medians on a busy machine.
  s.cpuUs = pids.map((pid, i) => ((cpuMs(pid) - cpu0[i]) * 1000) / s.obmcp.length);
  await Promise.all(servers.map((x) => x.close()));
  return s;
}

// The same pairs with a realistic upstream round trip (OBMCP_MOCK_LATENCY_MS on every side).
export const UPSTREAM_MS = 20;
export const WITH_LATENCY = {
  warmup: 30,
  blocks: 4,
  rounds: 40,
  env: { OBMCP_MOCK_LATENCY_MS: String(UPSTREAM_MS) },
};

export async function latency() {
  const samples = {};
  for (const p of PAIRS) samples[p.label] = await latencyOf(p);
  for (const p of PAIRS)
    samples[`${p.label} (+${UPSTREAM_MS} ms upstream)`] = await latencyOf(p, WITH_LATENCY);
  return samples;
}
