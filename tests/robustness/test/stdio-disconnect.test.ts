// A client that goes away mid-call (stdin closed / SIGTERM during a hanging upstream call) → clean exit 0, fast.
import { describe, expect, it } from 'vitest';
import { APPS, spawnApp } from '../src/servers.js';
import { expectCleanStreams } from './support/log-lines.js';

/** The slowest read tool call per app under the `timeout` fault (its upstream never answers). */
const SLOW_CALL: Record<(typeof APPS)[number], [string, string]> = {
  'sp-mcp': ['get_marketplace_participations', '{}'],
  'ads-mcp': ['list_profiles', '{}'],
  'openbridge-mcp': ['get_subscriptions', '{}'],
};
/** Long upstream timeouts so the call is surely still running when the client leaves. */
const LONG_TIMEOUTS = {
  SP_API_TIMEOUT_MS: '60000',
  ADS_API_TIMEOUT_MS: '60000',
  OPENBRIDGE_TIMEOUT_MS: '60000',
};

// Every app closes on stdin end; SIGTERM goes through the same contract `serve()`, so one app proves it.
const CASES = [...APPS.map((app) => [app, 'stdin closed'] as const), ['sp-mcp', 'SIGTERM'] as const];

describe('client disconnect', () => {
  it.each(CASES)('%s: %s mid-call → exit 0 within 5 s', async (app, how) => {
    const server = await spawnApp(app, { env: { OBMCP_MOCK_FAULT: 'timeout', ...LONG_TIMEOUTS } });
    const [tool, args] = SLOW_CALL[app];
    const pending = server.callToolText(tool, args, 60_000).catch(() => 'unanswered');
    await new Promise((r) => setTimeout(r, 500));
    if (how === 'SIGTERM') server.child.kill('SIGTERM');
    // killed: false means it exited by itself within close()'s 5 s grace (past it, close() kills it).
    const exit = await server.close(5_000);
    expect(exit, `${app} did not exit cleanly`).toMatchObject({ code: 0, killed: false });
    void pending;
    expectCleanStreams(server);
  });
});
