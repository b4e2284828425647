// startServer: a built app's bin (its package.json `bin`) as a real stdio subprocess (optionally against the msw mocks), with an SDK Client.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedRequest } from '@obmcp/upstream-mocks';
import { type AppName, appEntry, MOCKS_PRELOAD, REPO_ROOT } from './paths.js';
import type { TestApp } from './test-app.js';

export interface StartOptions {
  /** An app (its object, or its bin's name): its package's bin runs. */
  app?: AppName | TestApp;
  /** Any other server entry (a bare SDK server for benchmarks, a foreign server). */
  command?: string;
  args?: string[];
  /** Env vars for the child on top of PATH/HOME (StdioClientTransport passes little else). */
  env?: Record<string, string | undefined>;
  /** Load the msw preload (default true for apps). */
  mocks?: boolean;
  /** Have the mocks record every API request they receive (OBMCP_MOCK_REQUEST_LOG), see upstreamRequests(). */
  recordUpstream?: boolean;
  timeoutMs?: number;
}

/** A connected server under test, in a child process (startServer) or in this one (startInProcess). */
export interface TestServer {
  client: Client;
  /** Everything the server wrote to stderr so far (in process: its log lines and config warnings). */
  stderr(): string;
  /** With recordUpstream: the API requests the mocks received so far, oldest first. */
  upstreamRequests(): RecordedRequest[];
  close(): Promise<void>;
}

export interface RunningServer extends TestServer {
  transport: StdioClientTransport;
}

const BASE_ENV_KEYS = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'SYSTEMROOT'];

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const env: Record<string, string> = {};
  for (const key of BASE_ENV_KEYS) {
    const v = process.env[key];
    if (v !== undefined) env[key] = v;
  }
  for (const [k, v] of Object.entries(options.env ?? {})) if (v !== undefined) env[k] = v;
  const logDir = options.recordUpstream ? mkdtempSync(join(tmpdir(), 'obmcp-upstream-')) : undefined;
  const logFile = logDir === undefined ? undefined : join(logDir, 'requests.jsonl');
  if (logFile !== undefined) {
    writeFileSync(logFile, '');
    env.OBMCP_MOCK_REQUEST_LOG = logFile;
  }
  let command = options.command ?? process.execPath;
  let args = options.args ?? [];
  if (options.app) {
    command = process.execPath;
    const preload = options.mocks === false ? [] : ['--import', MOCKS_PRELOAD];
    args = [...preload, appEntry(typeof options.app === 'string' ? options.app : options.app.name), ...args];
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
    upstreamRequests: () =>
      logFile === undefined
        ? []
        : readFileSync(logFile, 'utf8')
            .split('\n')
            .filter((line) => line !== '')
            .map((line) => JSON.parse(line) as RecordedRequest),
    close: async () => {
      await client.close().catch(() => undefined);
      if (logDir !== undefined) rmSync(logDir, { recursive: true, force: true });
    },
  };
}
