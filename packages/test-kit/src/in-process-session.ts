// One in-process app's surroundings: its env (dummy credentials, OBMCP_MOCK=1), the shared msw mocks, mock switches
// in process.env while it lives, the request log, and a logger whose lines are the server's "stderr".
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from '@obmcp/contract';
import { type ContractServer, createLogger } from '@obmcp/mcp-server/server';
import {
  checkMockSettings,
  dummyCredentialEnv,
  isMockServerListening,
  isMockSwitch,
  type RecordedRequest,
  resetMockState,
  startMockServer,
} from '@obmcp/upstream-mocks';
import type { TestApp } from './test-app.js';

export interface InProcessOptions {
  /** The app object: `app` from the app's `src/app.ts` (its own tests) or from `@obmcp/<app>`. */
  app: TestApp;
  /** The app's env (what a child would get on top of PATH); OBMCP_MOCK_* switches also steer the mocks. */
  env?: Record<string, string | undefined>;
  /** Have the mocks record every API request they receive, see upstreamRequests(). */
  recordUpstream?: boolean;
}

export interface InProcessSession {
  contract: ContractServer;
  /** The env the app was built with (the HTTP starter reads its OBMCP_HTTP_* settings from it). */
  env: Record<string, string>;
  /** The app's logger (its lines are stderr()). */
  logger: Logger;
  stderr(): string;
  upstreamRequests(): RecordedRequest[];
  /** Puts back the switches and removes the request log (once). */
  end(): void;
}

/** Switches set by the servers alive now, so two of them cannot disagree silently. */
const liveSwitches = new Map<string, { value: string; users: number; before: string | undefined }>();
let live = 0;
/** The msw server the sessions share (a test runner that keeps modules between files closes it after each one). */
let mocks: ReturnType<typeof startMockServer> | undefined;

/**
 * Env does not leak: the app reads only `env` (plus the dummy credentials the preload would set);
 * OBMCP_MOCK_* values go to process.env while the server lives and are restored by end(). The mocks start
 * once per test file (again after mockFileBoundary closed them) and are reset to a fresh state when no other in-process server is alive. Logs (and
 * config warnings, as runServer writes them) are captured as stderr().
 */
export async function openSession(options: InProcessOptions): Promise<InProcessSession> {
  const given = options.env ?? {};
  if (given.OBMCP_REDIS_URL)
    throw new Error('startInProcess: OBMCP_REDIS_URL needs a real process (startServer)');
  const { app } = options;
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
  const removeLog = () => {
    if (logDir !== undefined) rmSync(logDir, { recursive: true, force: true });
  };
  const restore = applySwitches(env);
  try {
    const problems = checkMockSettings();
    if (problems.length > 0) throw new Error(`upstream-mocks: ${problems[0]}`);
    if (live === 0) resetMockState();
    if (mocks === undefined || !isMockServerListening(mocks)) mocks = startMockServer();
    let stderr = '';
    const config = app.loadConfig(env);
    for (const line of config.warnings) stderr += `${app.name}: warning: ${line}\n`;
    const logger = createLogger({
      name: app.name,
      level: config.logLevel,
      secrets: app.secrets(config),
      write: (line) => {
        stderr += line;
      },
    });
    const contract = app.createServer(config, { logger, env });
    live += 1;
    let ended = false;
    return {
      contract,
      env,
      logger,
      stderr: () => stderr,
      upstreamRequests: () => (logFile === undefined ? [] : readRequests(logFile)),
      end: () => {
        if (ended) return;
        ended = true;
        live -= 1;
        restore();
        removeLog();
      },
    };
  } catch (error) {
    restore();
    removeLog();
    throw error;
  }
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
