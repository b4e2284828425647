// The three measurements: cold start to the first tools/list, per-call latency (both builds interleaved), and HTTP
// throughput of one vs two replicas behind haproxy (sharing one Redis).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { cpuMs, pct } from '../stats.mjs';
import { startHaproxy } from './haproxy.mjs';
import { httpServer, INIT_PARAMS, stdioServer, stopChild } from './rpc.mjs';

/** The probe tool per app (the same calls as bench/latency.mjs). */
export const PROBES = {
  'sp-mcp': { tool: 'get_order', args: { orderId: '902-3159896-1390916' } },
  'ads-mcp': { tool: 'list_profiles', args: {} },
  'openbridge-mcp': { tool: 'get_subscriptions', args: {} },
};

const median = (s) => pct(s, 50);

function check(res, what) {
  if (res.error) throw new Error(`${what}: ${JSON.stringify(res.error).slice(0, 300)}`);
  if (res.result?.isError) throw new Error(`${what}: ${JSON.stringify(res.result.content).slice(0, 300)}`);
  return res;
}

/** Spawn → initialize → tools/list answered, in ms, for one fresh process. */
async function coldOnce(args) {
  const server = stdioServer(args);
  check(await server.request('initialize', INIT_PARAMS), 'initialize');
  server.notify('notifications/initialized');
  check(await server.request('tools/list'), 'tools/list');
  const t = performance.now() - server.spawnedAt;
  await server.close();
  return t;
}

/** `rounds` fresh processes per side, sides alternating (and which goes first alternating). */
export async function coldStart(sides, rounds) {
  const samples = sides.map(() => []);
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? sides.map((_, i) => i) : sides.map((_, i) => i).reverse();
    for (const i of order) samples[i].push(await coldOnce(sides[i].args));
  }
  return samples.map((s) => ({ median: median(s), p90: pct(s, 90), n: s.length }));
}

/** One process per side; `warmup` then `calls` rounds, each round calling every side (first side rotating). */
export async function perCall(sides, probe, warmup, calls) {
  const servers = sides.map((s) => stdioServer(s.args));
  try {
    for (const s of servers) {
      check(await s.request('initialize', INIT_PARAMS), 'initialize');
      s.notify('notifications/initialized');
    }
    const params = { name: probe.tool, arguments: probe.args };
    const samples = servers.map(() => []);
    const cpu0 = [];
    for (let r = 0; r < warmup + calls; r++) {
      if (r === warmup) for (const s of servers) cpu0.push(cpuMs(s.child.pid));
      for (let k = 0; k < servers.length; k++) {
        const i = (r + k) % servers.length;
        const t0 = performance.now();
        check(await servers[i].request('tools/call', params), probe.tool);
        if (r >= warmup) samples[i].push(performance.now() - t0);
      }
    }
    return servers.map((s, i) => ({
      median: median(samples[i]),
      p99: pct(samples[i], 99),
      cpuUsPerCall: ((cpuMs(s.child.pid) - (cpu0[i] ?? 0)) * 1000) / calls,
      n: calls,
    }));
  } finally {
    await Promise.all(servers.map((s) => s.close()));
  }
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function startRedis() {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${out}`)), 10_000);
    child.stdout.on('data', (c) => {
      out += c;
      if (out.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return { url: `redis://127.0.0.1:${port}`, close: () => stopChild(child) };
}

/** Closed-loop load: `concurrency` loops POST tools/call (stateless, 2025-11-25 header) for `seconds`. */
async function load(port, probe, concurrency, seconds, into, maxCalls = Number.POSITIVE_INFINITY) {
  const url = `http://127.0.0.1:${port}/mcp`;
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2025-11-25',
  };
  let id = 0;
  const end = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < end && id < maxCalls) {
      const body = JSON.stringify({
        jsonrpc: '2.0',
        id: ++id,
        method: 'tools/call',
        params: { name: probe.tool, arguments: probe.args },
      });
      const t0 = performance.now();
      try {
        const res = await fetch(url, { method: 'POST', headers, body });
        const text = await res.text();
        if (res.status !== 200 || text.includes('"isError":true') || !text.includes('"result"'))
          into.errors++;
        else into.latencies.push(performance.now() - t0);
      } catch {
        into.errors++;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, loop));
  into.seconds += (performance.now() - started) / 1000;
}

/**
 * Requests per second of one replica vs two, each set behind its own haproxy, all three replicas sharing one
 * Redis and running at once; the load alternates between the two sets in `blocks` blocks (order flipping), so
 * both see the same machine over time (on a shared box that matters more than anything else), after `warmup`
 * calls per replica.
 */
export async function throughput(args, probe, { concurrency, seconds, warmup = 500, blocks = 4 }) {
  const redis = await startRedis();
  const servers = [];
  const proxies = [];
  try {
    const ports = [await freePort(), await freePort()];
    const sets = [];
    for (const [i, size] of [1, 2].entries()) {
      // The replicas accept the Host the clients send to haproxy (DEPLOYING.md: OBMCP_HTTP_ALLOWED_HOSTS).
      const env = { OBMCP_REDIS_URL: redis.url, OBMCP_HTTP_ALLOWED_HOSTS: `127.0.0.1:${ports[i]}` };
      const mine = [];
      for (let k = 0; k < size; k++) mine.push(await httpServer(args, await freePort(), env));
      servers.push(...mine);
      proxies.push(
        await startHaproxy(
          ports[i],
          mine.map((s) => s.port),
        ),
      );
      sets.push({ replicas: size, port: ports[i], latencies: [], errors: 0, seconds: 0 });
    }
    // Warm-up by count, not time: every replica gets `warmup` calls (V8 tiers code up per process; a timed
    // warm-up would leave the two-replica set half as warm per replica).
    for (const set of sets) {
      await load(
        set.port,
        probe,
        concurrency,
        120,
        { latencies: [], errors: 0, seconds: 0 },
        warmup * set.replicas,
      );
    }
    for (let b = 0; b < blocks; b++) {
      const order = b % 2 === 0 ? sets : [...sets].reverse();
      for (const set of order) await load(set.port, probe, concurrency, seconds / blocks, set);
    }
    return sets.map((set) => ({
      replicas: set.replicas,
      rps: set.latencies.length / set.seconds,
      median: median(set.latencies),
      p99: pct(set.latencies, 99),
      ok: set.latencies.length,
      errors: set.errors,
    }));
  } finally {
    await Promise.all(proxies.map((p) => p.close()));
    await Promise.all(servers.map((s) => s.close()));
    await redis.close();
  }
}
