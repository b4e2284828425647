// A throwaway haproxy (Debian's package) in front of HTTP replicas for tests: round robin, no stickiness (skipped loudly if missing).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { directFetch } from './direct-fetch.js';
import { freePort } from './redis-server.js';

export const HAS_HAPROXY = spawnSync('haproxy', ['-v'], { encoding: 'utf8' }).status === 0;
if (!HAS_HAPROXY) {
  console.warn(
    '\n!!! haproxy not found: the load-balancer replica tests are SKIPPED. Install it (apt-get install -y haproxy); CI has it. !!!\n',
  );
}

/** The response header naming the replica that answered (haproxy's server name: r1, r2, …). */
export const SERVED_BY_HEADER = 'x-obmcp-served-by';

/**
 * The config DEPLOYING.md shows: HTTP mode, each request balanced on its own in round robin, no cookie
 * and no stickiness; every response names its replica (`SERVED_BY_HEADER`) so a test can see the spread.
 */
export function haproxyConfig(port: number, backends: readonly number[]): string {
  return [
    'global',
    '  maxconn 1024',
    'defaults',
    '  mode http',
    '  timeout connect 5s',
    '  timeout client 300s',
    '  timeout server 300s',
    'frontend mcp',
    `  bind 127.0.0.1:${port}`,
    '  default_backend replicas',
    'backend replicas',
    '  balance roundrobin',
    '  option httpchk GET /healthz',
    '  http-check expect status 200',
    `  http-response set-header ${SERVED_BY_HEADER} %[srv_name]`,
    ...backends.map((p, i) => `  server r${i + 1} 127.0.0.1:${p} check inter 2s fall 2 rise 2`),
    '',
  ].join('\n');
}

export interface HaproxyProcess {
  port: number;
  url: string;
  child: ChildProcess;
  stderr(): string;
  close(): Promise<void>;
}

/** Starts haproxy on a free loopback port before `backends`; resolves once it accepts connections. */
export async function startHaproxy(backends: readonly number[]): Promise<HaproxyProcess> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'obmcp-haproxy-'));
  const cfg = join(dir, 'haproxy.cfg');
  writeFileSync(cfg, haproxyConfig(port, backends));
  const child = spawn('haproxy', ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      await close();
      throw new Error(`haproxy exited:\n${stderr}`);
    }
    const up = await directFetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      await close();
      throw new Error(`haproxy not listening on ${port}:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { port, url: `http://127.0.0.1:${port}/mcp`, child, stderr: () => stderr, close };
}
