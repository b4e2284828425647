// Starts sp-mcp over stdio with every toolset listed and writes on, against the mocks + catch-all.
import { appEntry, type RunningServer, startServer } from '@obmcp/test-kit';

export const CATCH_ALL_PRELOAD = new URL('./spec-catch-all.mjs', import.meta.url).pathname;

export async function startSpAll(env: Record<string, string | undefined> = {}): Promise<RunningServer> {
  return startServer({
    command: process.execPath,
    args: ['--import', CATCH_ALL_PRELOAD, appEntry('sp-mcp')],
    env: { CODE_MODE: 'off', SP_API_TOOLSETS: 'all', SP_API_ENABLE_WRITES: 'true', ...env },
    timeoutMs: 60_000,
  });
}
