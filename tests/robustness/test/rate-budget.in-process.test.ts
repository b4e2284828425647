// The pre-flight limiter on all three servers, in process against the mocks: a burst beyond the rule is refused before upstream.
import { callTool, startInProcess } from '@obmcp/test-kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { appObject } from '../src/app-objects.js';
import { burst, TARGETS } from './support/rate-budget.js';

describe.each(TARGETS)('$app: pre-flight limiter', (target) => {
  // The in-process mocks load their spec engine on an API's first request (about a second on a loaded machine,
  // near the mock-mode upstream timeout): one call from a server of its own (its own limiter) first, so the
  // counted burst never meets that.
  beforeAll(async () => {
    const warm = await startInProcess({ app: await appObject(target.app), env: target.env });
    await callTool(warm.client, target.tool, target.args);
    await warm.close();
  });

  it('a burst beyond the rate is refused before upstream: rate_limited with retry_after_seconds, no extra upstream request', async () => {
    const server = await startInProcess({
      app: await appObject(target.app),
      env: target.env,
      recordUpstream: true,
    });
    try {
      const tally = await burst([server], target, 4);
      expect(tally.other).toEqual([]);
      expect(tally.ok).toBeGreaterThanOrEqual(1);
      expect(tally.ok).toBeLessThanOrEqual(target.burst + Math.floor(target.rate * tally.seconds));
      expect(tally.limited).toBe(4 - tally.ok);
      expect(tally.retryAfters.length).toBe(tally.limited);
      for (const after of tally.retryAfters) expect(after).toBeGreaterThan(0);
      // Every refused call stopped at the limiter: the upstream saw exactly the admitted ones.
      expect(server.upstreamRequests().length).toBe(tally.ok);
    } finally {
      await server.close();
    }
  });
});
