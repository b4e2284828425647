// Runs the conformance CLI on a given Node binary as a child process and collects its output (bounded in time).
import { spawn } from 'node:child_process';

export interface CliResult {
  status: number | null;
  output: string;
  timedOut: boolean;
}

export function runCli(
  node: string,
  cli: string,
  args: string[],
  cwd: string,
  timeoutMs: number,
): Promise<CliResult> {
  return new Promise<CliResult>((resolve) => {
    const child = spawn(node, [cli, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let timedOut = false;
    const append = (chunk: Buffer) => {
      output += chunk.toString('utf8');
    };
    child.stdout.on('data', append);
    child.stderr.on('data', append);
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('close', (status) => {
      clearTimeout(timer);
      resolve({ status, output, timedOut });
    });
  });
}
