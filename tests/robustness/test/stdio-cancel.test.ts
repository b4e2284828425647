// A call the client cancels stops its upstream request: openbridge-mcp over real stdio against a loopback upstream (no msw).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startServer } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANARY_ENV } from '../src/canaries.js';

let upstream: Server;
let base = '';
/** Subscription requests the upstream got, and the ones whose connection then closed. */
const arrived: string[] = [];
const closed: string[] = [];

const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
const JWT = `${b64({ alg: 'none' })}.${b64({ exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    if (req.url?.startsWith('/auth/api/ref')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { type: 'APIAuth', attributes: { token: JWT } } }));
      return;
    }
    // Subscriptions: never answer.
    const id = `${req.url}`;
    arrived.push(id);
    req.socket.once('close', () => closed.push(id));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

async function until(check: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end && !check(); )
    await new Promise((r) => setTimeout(r, 25));
  return check();
}

describe('cancelled calls over stdio', () => {
  it('notifications/cancelled aborts the upstream request and closes its connection', async () => {
    const server = await startServer({
      app: 'openbridge-mcp',
      mocks: false,
      env: {
        OPENBRIDGE_REFRESH_TOKEN: CANARY_ENV.OPENBRIDGE_REFRESH_TOKEN,
        OPENBRIDGE_AUTH_BASE_URL: base,
        OPENBRIDGE_SUBSCRIPTIONS_BASE_URL: base,
        // Far longer than the test: only the cancellation can close the connection in time.
        OPENBRIDGE_TIMEOUT_MS: '60000',
      },
    });
    try {
      const caller = new AbortController();
      const call = server.client
        .callTool({ name: 'get_subscriptions', arguments: {} }, undefined, { signal: caller.signal })
        .catch((error: unknown) => error);
      expect(await until(() => arrived.length === 1, 5_000)).toBe(true);
      const cancelledAt = Date.now();
      caller.abort(new Error('user gave up'));
      expect(await call).toBeInstanceOf(Error);
      expect(await until(() => closed.length === 1, 3_000)).toBe(true);
      expect(Date.now() - cancelledAt).toBeLessThan(3_000);
      // The session is still usable after the cancellation.
      const tools = await server.client.listTools();
      expect(tools.tools.length).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });
});
