// runCommand / runNode: a command (or a node script) as a subprocess, with its exit code, stdout and stderr (release scripts, CLIs).
import { spawn } from 'node:child_process';

export interface NodeRun {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** `command args` in `cwd` with exactly `env` (nothing inherited), stdin closed; `timeoutMs` kills a hung one. */
export function runCommand(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: Record<string, string | undefined>; timeoutMs?: number },
): Promise<NodeRun> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs, killSignal: 'SIGKILL' }),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString('utf8');
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
  });
}

/** A node script with this process's env plus `env`. */
export function runNode(
  script: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string> },
): Promise<NodeRun> {
  return runCommand(process.execPath, [script, ...args], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
  });
}
