// Starts ads-mcp over stdio with every toolset listed and writes on, against the mocks + catch-all.
import { appEntry, type RunningServer, startServer } from '@obmcp/test-kit';

export const CATCH_ALL_PRELOAD = new URL('./ads-catch-all.mjs', import.meta.url).pathname;

export function startAdsAll(env: Record<string, string | undefined> = {}): Promise<RunningServer> {
  return startServer({
    command: process.execPath,
    args: ['--import', CATCH_ALL_PRELOAD, appEntry('ads-mcp')],
    env: {
      CODE_MODE: 'off',
      ADS_API_TOOLSETS: 'all',
      ADS_API_ENABLE_WRITES: 'true',
      ADS_API_PROFILE_ID: '1111111111',
      ...env,
    },
    timeoutMs: 60_000,
  });
}
