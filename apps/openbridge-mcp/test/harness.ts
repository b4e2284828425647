// Test harness: the built server over stdio against the msw mocks, with a canary refresh token.
import { type RunningServer, startServer } from '@obmcp/test-kit';

/** Accepted by the mock (key:secret), searched for in every output. */
export const CANARY_REFRESH_TOKEN = 'canary-key-7f3a:CANARY-SECRET-9d41e0b2';

export async function start(env: Record<string, string> = {}): Promise<RunningServer> {
  return startServer({
    app: 'openbridge-mcp',
    env: { OPENBRIDGE_REFRESH_TOKEN: CANARY_REFRESH_TOKEN, OPENBRIDGE_MAX_RETRIES: '0', ...env },
    timeoutMs: 60_000,
  });
}
