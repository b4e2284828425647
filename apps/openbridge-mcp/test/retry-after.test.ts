// Retry-After on an Openbridge 503, in process with the retry's wait injected: the wait taken is the one upstream asked for.
import { UpstreamHttpError } from '@obmcp/contract';
import { setFault, startMockServer } from '@obmcp/upstream-mocks';
import type { SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inProcessPipeline } from './in-process-pipeline.js';

const ENV = {
  OBMCP_MOCK: '1',
  OPENBRIDGE_MAX_RETRIES: '1',
};
let mock: SetupServer;
let apiRequests = 0;

beforeAll(() => {
  mock = startMockServer();
  mock.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === '/v2/sub') apiRequests += 1;
  });
});
afterEach(() => {
  setFault('api', undefined);
  apiRequests = 0;
});
afterAll(() => mock.close());

/** openbridge-mcp's pipeline with the retry's waits recorded instead of taken. */
function pipelineRecordingWaits() {
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    waits.push(ms);
  };
  const { listSubscriptions: list, retry } = inProcessPipeline(ENV, { sleep });
  return { list, waits, retry };
}

describe('a 503 with Retry-After: 2', () => {
  it('is retried once after exactly the 2 s upstream asked for (not the jittered backoff), then reported with it', async () => {
    setFault('api', 'http_503_retry_after');
    const { list, waits, retry } = pipelineRecordingWaits();
    const error = await list().then(
      () => expect.unreachable('the 503 should stand after the retry'),
      (e: unknown) => e,
    );
    expect(apiRequests).toBe(2);
    expect(waits).toEqual([2_000]);
    // The backoff before a first retry is at most baseDelayMs: only Retry-After can have asked for 2 s.
    expect(retry.baseDelayMs).toBeLessThan(2_000);
    expect(error).toBeInstanceOf(UpstreamHttpError);
    expect(error).toMatchObject({ status: 503, retryAfterSeconds: 2 });
  });

  it('a plain 500 waits only the jittered backoff (≤ baseDelayMs before the first retry)', async () => {
    setFault('api', 'http_500');
    const { list, waits, retry } = pipelineRecordingWaits();
    await list().catch(() => undefined);
    expect(apiRequests).toBe(2);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeLessThanOrEqual(retry.baseDelayMs);
  });
});
