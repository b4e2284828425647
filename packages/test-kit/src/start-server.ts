// startServer: a built app as a real stdio subprocess (optionally against the msw mocks), with an SDK Client.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { type AppName, appEntry, MOCKS_PRELOAD, REPO_ROOT } from './paths.js';

export interface StartOptions {
  app?: AppName;
  /** Any other server entry (a bare SDK server for benchmarks, a foreign server). */
  command?: string;
  args?: string[];
  /** Env vars for the child on top of PATH/HOME (StdioClientTransport passes little else). */
  env?: Record<string, string | undefined>;
  /** Load the msw preload (default true for apps). */
  mocks?: boolean;
  timeoutMs?: number;
}

export interface RunningServer {
  client: Client;
  transport: StdioClientTransport;
  /** Everything the child wrote to stderr so far. */
  stderr(): string;
  close(): Promise<void>;
}

const BASE_ENV_KEYS = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'SYSTEMROOT'];

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const env: Record<string, string> = {};
  for (const key of BASE_ENV_KEYS) {
    const v = process.env[key];
    if (v !== undefined) env[key] = v;
  }
  for (const [k, v] of Object.entries(options.env ?? {})) if (v !== undefined) env[k] = v;
  let command = options.command ?? process.execPath;
  let args = options.args ?? [];
  if (options.app) {
    command = process.execPath;
    const preload = options.mocks === false ? [] : ['--import', MOCKS_PRELOAD];
    args = [...preload, appEntry(options.app), ...args];
  }
  const transport = new StdioClientTransport({ command, args, env, stderr: 'pipe', cwd: REPO_ROOT });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'obmcp-test-kit', version: '0.1.0' });
  await client.connect(transport, { timeout: options.timeoutMs ?? 20_000 });
  return {
    client,
    transport,
    stderr: () => stderr,
    close: async () => {
      await client.close().catch(() => undefined);
    },
  };
}
