// Runs the MCP Inspector CLI (one method per run) and returns its exit code and output.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from '@obmcp/test-kit';

const INSPECTOR = fileURLToPath(
  new URL('../node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js', import.meta.url),
);

export interface InspectorRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `inspector --cli --format json <options> <target>`; target is a URL or `-- command args…`. `home` keeps the
 * Inspector's storage directory (`~/.mcp-inspector`) out of the real home.
 */
export function runInspector(options: string[], target: string[], home: string): Promise<InspectorRun> {
  // --connect-timeout 0: no clock in the test (the shared CI host can be slow to start a server).
  const cli = [INSPECTOR, '--cli', '--format', 'json', '--connect-timeout', '0'];
  const child = spawn(process.execPath, [...cli, ...options, ...target], {
    cwd: REPO_ROOT,
    env: { ...process.env, HOME: home, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The Inspector's stdio target for a launch spec: `-e KEY=VALUE …` options and `-- command args…`. */
export function stdioTarget(launch: { command: string; args: string[]; env: Record<string, string> }) {
  return {
    options: Object.entries(launch.env).flatMap(([key, value]) => ['-e', `${key}=${value}`]),
    target: ['--', launch.command, ...launch.args],
  };
}
