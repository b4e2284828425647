// Which failed attempts a pipeline repeats: a throttled request always (it was not executed), anything else only
// when the request is safe to repeat.
import { UpstreamHttpError, UpstreamTransportError } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import { pipelineShouldRetry } from '../src/pipeline/should-retry.js';

const throttled = new UpstreamHttpError(429, { retryAfterSeconds: 3 });
const outage = new UpstreamHttpError(503, { retryAfterSeconds: 1 });
const timedOut = new UpstreamTransportError('UPSTREAM_TIMEOUT', { summary: 'slow' });
const refused = new UpstreamHttpError(400, {});

describe('pipelineShouldRetry', () => {
  it('a write repeats only a throttled attempt, keeping its Retry-After', () => {
    const write = pipelineShouldRetry(false);
    expect(write(throttled, 1)).toEqual({ retry: true, retryAfterSeconds: 3 });
    expect(write(outage, 1)).toEqual({ retry: false });
    expect(write(timedOut, 1)).toEqual({ retry: false });
    expect(write(new Error('bug'), 1)).toEqual({ retry: false });
  });

  it('a read repeats throttling, outages and timeouts, never a refusal or a bug', () => {
    const read = pipelineShouldRetry(true);
    expect(read(throttled, 1)).toEqual({ retry: true, retryAfterSeconds: 3 });
    expect(read(outage, 1)).toEqual({ retry: true, retryAfterSeconds: 1 });
    expect(read(timedOut, 1)).toEqual({ retry: true });
    expect(read(refused, 1)).toEqual({ retry: false });
    expect(read(new Error('bug'), 1)).toEqual({ retry: false });
  });
});
