// A call the client cancels stops its upstream request: each server over real stdio against a loopback upstream (no msw).
import { startServer } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOPBACK_TARGETS, type LoopbackUpstream, startLoopbackUpstream } from '../src/loopback-upstream.js';

let upstream: LoopbackUpstream;
beforeAll(async () => {
  upstream = await startLoopbackUpstream();
});
afterAll(() => upstream.close());

async function until(check: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end && !check(); )
    await new Promise((r) => setTimeout(r, 25));
  return check();
}

describe.each(LOOPBACK_TARGETS)('cancelled calls over stdio: $app', (target) => {
  it('notifications/cancelled aborts the upstream request and closes its connection', async () => {
    const server = await startServer({ app: target.app, mocks: false, env: target.env(upstream.base) });
    const seen = upstream.arrived.length;
    try {
      const caller = new AbortController();
      const call = server.client
        .callTool({ name: target.tool, arguments: {} }, { signal: caller.signal })
        .catch((error: unknown) => error);
      // The upstream holds the API request: only the cancellation can close its connection in time.
      expect(await until(() => upstream.arrived.length === seen + 1, 5_000)).toBe(true);
      const id = upstream.arrived[seen] ?? '';
      caller.abort(new Error('user gave up'));
      expect(await call).toBeInstanceOf(Error);
      // Closed while the servers' 60 s upstream timeout is far off: only the cancellation can have closed it
      // (the wait below is a hang guard for a loaded machine, not a measured bound).
      expect(await until(() => upstream.closed.includes(id), 15_000)).toBe(true);
      // The session is still usable after the cancellation.
      const tools = await server.client.listTools();
      expect(tools.tools.length).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });
});
