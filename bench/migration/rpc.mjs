// Raw JSON-RPC clients for the migration bench: stdio (newline-delimited) and Streamable HTTP. No SDK on the client
// side, so the v1 and the v2 builds are driven by byte-identical requests.
import { spawn } from 'node:child_process';

/** Mock credentials and a limiter rule far above the bench's rate (mock mode only), as bench/latency.mjs does. */
export const BENCH_ENV = {
  SP_API_CLIENT_ID: 'mock-sp-client-id',
  SP_API_CLIENT_SECRET: 'mock-bench-secret-sp',
  SP_API_REFRESH_TOKEN: 'Atzr|mock-bench-refresh-sp',
  ADS_API_CLIENT_ID: 'amzn1.application-oa2-client.mockadsclient000',
  ADS_API_CLIENT_SECRET: 'mock-bench-secret-ads',
  ADS_API_REFRESH_TOKEN: 'Atzr|mock-bench-refresh-ads',
  ADS_API_PROFILE_ID: '1111111111',
  OPENBRIDGE_REFRESH_TOKEN: 'mock-bench-obkey:bench-obsecret',
  OBMCP_MOCK_RATE_LIMIT: '100000/100000',
  OBMCP_MOCK_SP_RATE_HEADER: '1000',
  // warn: no per-call log line on either side (the ready line is not needed: HTTP ports are chosen up front).
  OBMCP_LOG_LEVEL: 'warn',
};

export function childEnv(extra = {}) {
  const env = { ...BENCH_ENV, ...extra };
  for (const key of ['PATH', 'HOME', 'TMPDIR', 'LANG'])
    if (process.env[key] !== undefined) env[key] = process.env[key];
  return env;
}

export function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}

/** A stdio server: `request(method, params)` resolves with the response; `spawnedAt` is the spawn's hrtime (ms). */
export function stdioServer(args, extraEnv = {}) {
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, args, { env: childEnv(extraEnv), stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c) => {
    stderr += c;
  });
  const waiting = new Map();
  let buffer = '';
  child.stdout.on('data', (c) => {
    buffer += c;
    let nl = buffer.indexOf('\n');
    while (nl >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      nl = buffer.indexOf('\n');
      if (line.trim() === '') continue;
      const msg = JSON.parse(line);
      const done = waiting.get(msg.id);
      if (done) {
        waiting.delete(msg.id);
        done(msg);
      }
    }
  });
  child.once('close', (code) => {
    for (const done of waiting.values())
      done({ error: { message: `server exited (${code}): ${stderr.slice(-500)}` } });
  });
  let nextId = 1;
  return {
    child,
    spawnedAt,
    stderr: () => stderr,
    request(method, params = {}) {
      const id = nextId++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
      });
    },
    notify(method, params = {}) {
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method, params })}\n`);
    },
    close: () => {
      child.stdin.end();
      return stopChild(child);
    },
  };
}

export const INIT_PARAMS = {
  protocolVersion: '2025-11-25',
  capabilities: {},
  clientInfo: { name: 'obmcp-bench', version: '0.1.0' },
};

/** An HTTP server on `port` (chosen by the caller: at log level warn there is no `server ready` line to read). */
export async function httpServer(args, port, extraEnv = {}) {
  const child = spawn(process.execPath, [...args, '--http', '--port', String(port)], {
    env: childEnv(extraEnv),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c) => {
    stderr += c;
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server exited (${child.exitCode}) before it was ready: ${stderr}`);
    const up = await fetch(`http://127.0.0.1:${port}/mcp`, { method: 'GET' }).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`server not listening on ${port} in 30 s: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, port, stderr: () => stderr, close: () => stopChild(child) };
}
