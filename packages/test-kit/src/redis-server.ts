// A throwaway redis-server on a random loopback port for tests (skipped loudly if the binary is missing), and a capturing logger.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import type { Logger } from '@obmcp/contract';

export const HAS_REDIS = spawnSync('redis-server', ['--version'], { encoding: 'utf8' }).status === 0;
if (!HAS_REDIS) {
  console.warn(
    '\n!!! redis-server not found: the Redis limiter tests are SKIPPED. Install it (apt-get install -y redis-server); CI has it. !!!\n',
  );
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface RedisProcess {
  port: number;
  url: string;
  child: ChildProcess;
  kill(): Promise<void>;
}

export interface RedisOptions {
  /**
   * Persist as a task deployment should (docs/DEPLOYING.md): an append-only file in this directory with
   * `appendfsync everysec`. A server started again on the same directory (and port) loads it back.
   * Default: no persistence at all.
   */
  appendOnlyDir?: string;
}

export async function startRedis(port?: number, options: RedisOptions = {}): Promise<RedisProcess> {
  const chosen = port ?? (await freePort());
  const persistence = options.appendOnlyDir
    ? ['--dir', options.appendOnlyDir, '--appendonly', 'yes', '--appendfsync', 'everysec']
    : ['--appendonly', 'no'];
  const child = spawn(
    'redis-server',
    ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', ...persistence],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then(() => reject(new Error(`redis-server exited:\n${output}`)));
  });
  return {
    port: chosen,
    url: `redis://127.0.0.1:${chosen}`,
    child,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

export interface CapturedLogger extends Logger {
  lines: { level: string; msg: string; fields?: Record<string, unknown> }[];
}

export function captureLogger(): CapturedLogger {
  const lines: CapturedLogger['lines'] = [];
  const at =
    (level: string) =>
    (msg: string, fields?: Record<string, unknown>): void => {
      lines.push(fields ? { level, msg, fields } : { level, msg });
    };
  const logger: CapturedLogger = {
    lines,
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: () => logger,
  };
  return logger;
}
