// A server under test: a built app against the msw mocks, reached over stdio (client spawns it) or HTTP.
import {
  type AppName,
  appEntry,
  createFaultSwitch,
  type FaultSwitch,
  MOCKS_PRELOAD,
  REPO_ROOT,
  type RunningHttp,
  startHttp,
} from '@obmcp/test-kit';
import type { TransportName } from './cases.js';

/** How a client spawns the server itself (stdio). */
export interface StdioLaunch {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
}

export interface Target {
  app: AppName;
  transport: TransportName;
  fault: FaultSwitch;
  /** Set for stdio: what the client spawns. */
  stdio?: StdioLaunch;
  /** Set for http: the server's /mcp endpoint. */
  url?: string;
  /** The HTTP server's stderr so far (stdio servers' stderr belongs to the client that spawned them). */
  serverStderr(): string;
  close(): Promise<void>;
}

const BASE_ENV_KEYS = ['PATH', 'HOME', 'TMPDIR', 'LANG'];

/** One attempt per upstream call, so a 429 or 401 reaches the client at once instead of after retries. */
function serverEnv(fault: FaultSwitch): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of BASE_ENV_KEYS) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  return {
    ...env,
    ...fault.env,
    ADS_API_PROFILE_ID: '1111111111',
    SP_API_MAX_ATTEMPTS: '1',
    ADS_API_MAX_ATTEMPTS: '1',
    OPENBRIDGE_MAX_RETRIES: '0',
  };
}

/** `settings`: server variables for this run (e.g. `SP_API_TOOLSETS=all`). */
export async function openTarget(
  app: AppName,
  transport: TransportName,
  settings: Record<string, string> = {},
): Promise<Target> {
  const fault = createFaultSwitch();
  const env = { ...serverEnv(fault), ...settings };
  const serverArgs = ['--import', MOCKS_PRELOAD, appEntry(app)];
  if (transport === 'stdio') {
    // Some clients pass a stdio server's stderr through to the test output: keep it to warnings and errors.
    const quiet = { OBMCP_LOG_LEVEL: 'warn' };
    return {
      app,
      transport,
      fault,
      stdio: { command: process.execPath, args: serverArgs, env: { ...env, ...quiet }, cwd: REPO_ROOT },
      serverStderr: () => '',
      close: async () => fault.dispose(),
    };
  }
  let http: RunningHttp;
  try {
    http = await startHttp(serverArgs, REPO_ROOT, 120_000, env);
  } catch (error) {
    fault.dispose();
    throw error;
  }
  return {
    app,
    transport,
    fault,
    url: http.url,
    serverStderr: () => http.stderr(),
    close: async () => {
      await http.stop();
      fault.dispose();
    },
  };
}
