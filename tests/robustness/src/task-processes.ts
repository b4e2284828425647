// What the SIGTERM task tests share: polling until a condition, a child's exit, and the job bench's one upstream.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from '@obmcp/test-kit';

/** Reads every 100 ms until `done` holds; throws with the last value read after `ms`. */
export async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  ms = 60_000,
) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(value)})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Resolves with the exit code once the child exited. */
export function exitOf(child: {
  exitCode: number | null;
  once(e: 'exit', l: (code: number | null) => void): void;
}): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

/** The job bench's upstream (the mocks behind a loopback server): one mock state, so every replica meets the same jobs. */
export async function sharedUpstream(
  env: Record<string, string>,
): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [join(REPO_ROOT, 'bench/jobs/upstream-server.mjs')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`upstream-server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}`,
    stop: () => child.kill('SIGTERM'),
  };
}
