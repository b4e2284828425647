// Starts sp-mcp in process with every toolset listed and writes on, against the mocks (hand-written
// handlers for the curated flows, the spec-driven catch-all for every other operation).
import { startInProcess, type TestServer } from '@obmcp/test-kit';
import { app } from '../../src/app.js';

export async function startSpAll(env: Record<string, string | undefined> = {}): Promise<TestServer> {
  return startInProcess({
    app,
    env: { CODE_MODE: 'off', SP_API_TOOLSETS: 'all', SP_API_ENABLE_WRITES: 'true', ...env },
  });
}
