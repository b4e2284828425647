// Runs the MCP Inspector CLI (one method per run) and returns its exit code and output.
import { fileURLToPath } from 'node:url';
import { type NodeRun, REPO_ROOT, runNode } from '@obmcp/test-kit';

const INSPECTOR = fileURLToPath(
  new URL('../node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js', import.meta.url),
);

/**
 * `inspector --cli --format json <options> <target>`; target is a URL or `-- command args…`. `home` keeps the
 * Inspector's storage directory (`~/.mcp-inspector`) out of the real home.
 */
export function runInspector(options: string[], target: string[], home: string): Promise<NodeRun> {
  // --connect-timeout 0: no clock in the test (the shared CI host can be slow to start a server).
  const cli = ['--cli', '--format', 'json', '--connect-timeout', '0'];
  return runNode(INSPECTOR, [...cli, ...options, ...target], {
    cwd: REPO_ROOT,
    env: { HOME: home, NO_COLOR: '1' },
  });
}

/** The Inspector's stdio target for a launch spec: `-e KEY=VALUE …` options and `-- command args…`. */
export function stdioTarget(launch: { command: string; args: string[]; env: Record<string, string> }) {
  return {
    options: Object.entries(launch.env).flatMap(([key, value]) => ['-e', `${key}=${value}`]),
    target: ['--', launch.command, ...launch.args],
  };
}
