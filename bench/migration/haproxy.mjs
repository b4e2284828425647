// haproxy in front of HTTP replicas: round robin, no stickiness (any replica answers any request), as DEPLOYING.md
// describes; the bench writes its config and runs `haproxy -db` in the foreground.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The config text: one frontend on `port`, `backends` (ports on 127.0.0.1) in round robin. */
export function haproxyConfig(port, backends) {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 5s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  option http-keep-alive',
    'frontend mcp',
    `  bind 127.0.0.1:${port}`,
    '  default_backend replicas',
    'backend replicas',
    '  balance roundrobin',
    ...backends.map((p, i) => `  server r${i + 1} 127.0.0.1:${p}`),
    '',
  ].join('\n');
}

/** Starts haproxy on `port`; resolves once it accepts connections. */
export async function startHaproxy(port, backends) {
  const dir = mkdtempSync(join(tmpdir(), 'obmcp-bench-haproxy-'));
  const cfg = join(dir, 'haproxy.cfg');
  writeFileSync(cfg, haproxyConfig(port, backends));
  const child = spawn('haproxy', ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c) => {
    stderr += c;
  });
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${stderr}`);
    const up = await fetch(`http://127.0.0.1:${port}/`, { method: 'HEAD' }).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`haproxy not listening on ${port}: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    close: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('close', r)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
