// startInProcess: a built app's server factory in this process over an in-memory MCP transport, against the msw mocks.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { type ContractServer, createLogger } from '@obmcp/contract/server';
import {
  checkMockSettings,
  dummyCredentialEnv,
  isMockSwitch,
  type RecordedRequest,
  resetMockState,
  startMockServer,
} from '@obmcp/upstream-mocks';
import { type AppModule, loadApp } from './app-module.js';
import type { AppName } from './paths.js';
import type { TestServer } from './start-server.js';

export interface InProcessOptions {
  app: AppName;
  /** The app's env (what a child would get on top of PATH); OBMCP_MOCK_* switches also steer the mocks. */
  env?: Record<string, string | undefined>;
  /** Have the mocks record every API request they receive, see upstreamRequests(). */
  recordUpstream?: boolean;
}

export interface InProcessServer extends TestServer {
  transport: InMemoryTransport;
  contract: ContractServer;
}

/** Switches set by the servers alive now, so two of them cannot disagree silently. */
const liveSwitches = new Map<string, { value: string; users: number; before: string | undefined }>();
let live = 0;
let mocksStarted = false;

/**
 * The same shape as startServer's result. Env does not leak: the app reads only `env` (plus the dummy
 * credentials the preload would set); OBMCP_MOCK_* values go to process.env while the server lives and are
 * restored by close(). The mocks start once per test file and are reset to a fresh state when no other
 * in-process server is alive. Logs (and config warnings, as runServer writes them) are captured as stderr().
 * Process-level behaviour (framing, signals, exit codes, OBMCP_REDIS_URL) needs startServer.
 */
export async function startInProcess(options: InProcessOptions): Promise<InProcessServer> {
  const given = options.env ?? {};
  if (given.OBMCP_REDIS_URL)
    throw new Error('startInProcess: OBMCP_REDIS_URL needs a real process (startServer)');
  const mod = await loadApp(options.app);
  // As the preload does: a dummy credential fills a variable that is unset or empty.
  const env: Record<string, string> = dummyCredentialEnv();
  for (const [key, value] of Object.entries(given))
    if (value !== undefined && !(value === '' && key in env)) env[key] = value;
  env.OBMCP_MOCK = '1';

  const logDir = options.recordUpstream ? mkdtempSync(join(tmpdir(), 'obmcp-upstream-')) : undefined;
  const logFile = logDir === undefined ? undefined : join(logDir, 'requests.jsonl');
  if (logFile !== undefined) {
    writeFileSync(logFile, '');
    env.OBMCP_MOCK_REQUEST_LOG = logFile;
  }
  const restore = applySwitches(env);
  try {
    const problems = checkMockSettings();
    if (problems.length > 0) throw new Error(`upstream-mocks: ${problems[0]}`);
    if (live === 0) resetMockState();
    if (!mocksStarted) {
      startMockServer();
      mocksStarted = true;
    }
    const started = await connect(options.app, mod, env);
    live += 1;
    let closed = false;
    return {
      ...started,
      upstreamRequests: () => (logFile === undefined ? [] : readRequests(logFile)),
      close: async () => {
        if (closed) return;
        closed = true;
        await started.client.close().catch(() => undefined);
        live -= 1;
        restore();
        if (logDir !== undefined) rmSync(logDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    restore();
    if (logDir !== undefined) rmSync(logDir, { recursive: true, force: true });
    throw error;
  }
}

async function connect(
  app: AppName,
  mod: AppModule,
  env: Record<string, string>,
): Promise<Omit<InProcessServer, 'upstreamRequests' | 'close'>> {
  let stderr = '';
  const config = mod.loadConfig(env);
  for (const line of config.warnings) stderr += `${app}: warning: ${line}\n`;
  const logger = createLogger({
    name: app,
    level: config.logLevel,
    secrets: mod.secretsOf(config),
    write: (line) => {
      stderr += line;
    },
  });
  const contract = mod.createServer(config, { logger, env });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await contract.server.connect(serverSide);
  const client = new Client({ name: 'obmcp-test-kit', version: '0.1.0' });
  await client.connect(clientSide);
  return { client, transport: clientSide, contract, stderr: () => stderr };
}

/** Sets the mocks' switches of `env` in process.env (they read them there at request time); the returned function puts back what was there. */
function applySwitches(env: Record<string, string>): () => void {
  const keys = Object.keys(env).filter(isMockSwitch);
  for (const key of keys) {
    const other = liveSwitches.get(key);
    if (other !== undefined && other.value !== env[key])
      throw new Error(`startInProcess: ${key}=${env[key]} while a live in-process server has ${other.value}`);
  }
  for (const key of keys) {
    const value = env[key] ?? '';
    const entry = liveSwitches.get(key) ?? { value, users: 0, before: process.env[key] };
    entry.users += 1;
    liveSwitches.set(key, entry);
    process.env[key] = value;
  }
  return () => {
    for (const key of keys) {
      const entry = liveSwitches.get(key);
      if (entry === undefined) continue;
      entry.users -= 1;
      if (entry.users > 0) continue;
      liveSwitches.delete(key);
      if (entry.before === undefined) delete process.env[key];
      else process.env[key] = entry.before;
    }
  };
}

function readRequests(file: string): RecordedRequest[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as RecordedRequest);
}
