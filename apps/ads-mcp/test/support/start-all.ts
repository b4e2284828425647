// Starts ads-mcp in process with every toolset listed and writes on, against the upstream mocks (spec
// gates: 415 unless Content-Type/Accept are the operation's; hand-written handlers; spec-driven catch-all).
import { startInProcess, type TestServer } from '@obmcp/test-kit';
import { app } from '../../src/app.js';

export function startAdsAll(env: Record<string, string | undefined> = {}): Promise<TestServer> {
  return startInProcess({
    app,
    env: {
      CODE_MODE: 'off',
      ADS_API_TOOLSETS: 'all',
      ADS_API_ENABLE_WRITES: 'true',
      ADS_API_PROFILE_ID: '1111111111',
      ...env,
    },
  });
}
