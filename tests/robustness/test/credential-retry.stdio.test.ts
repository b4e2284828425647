// Credential exchanges go through the pipeline: a token endpoint answering 503 then 200 costs one retry, not the call; no secret leaks.
import { callTool, startServer } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCanaries } from '../src/canaries.js';
import { LOOPBACK_TARGETS, type LoopbackUpstream, startLoopbackUpstream } from '../src/loopback-upstream.js';

let upstream: LoopbackUpstream;
beforeAll(async () => {
  upstream = await startLoopbackUpstream();
  upstream.apiMode = 'answer';
});
afterAll(() => upstream.close());

describe.each(LOOPBACK_TARGETS)('credential exchange retry over stdio: $app', (target) => {
  it('token endpoint 503 then 200 → the call succeeds; logs and answers carry no credential', async () => {
    const server = await startServer({
      app: target.app,
      mocks: false,
      env: { ...target.env(upstream.base), OBMCP_LOG_LEVEL: 'debug' },
    });
    const tokensBefore = upstream.tokenRequests.length;
    const apiBefore = upstream.arrived.length;
    upstream.failTokens(503, 1);
    try {
      const out = await callTool(server.client, target.tool, {});
      expect(out.envelope, JSON.stringify(out.envelope)).toBeUndefined();
      // One failed exchange, one retried exchange, then the API call itself.
      expect(upstream.tokenRequests.length - tokensBefore).toBe(2);
      expect(upstream.arrived.length - apiBefore).toBe(1);
      expect(findCanaries(`${JSON.stringify(out)}\n${server.stderr()}`)).toEqual([]);
    } finally {
      upstream.failTokens(503, 0);
      await server.close();
    }
  });
});
