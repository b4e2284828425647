// defaultShouldRetry: which statuses and transport codes are retried, with Retry-After carried.
import { UpstreamHttpError, UpstreamTransportError } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import { defaultShouldRetry } from '../src/should-retry.js';

const http = (status: number, retryAfterSeconds?: number) =>
  new UpstreamHttpError(status, retryAfterSeconds === undefined ? {} : { retryAfterSeconds });

describe('defaultShouldRetry', () => {
  it.each([408, 429, 500, 502, 503, 504])('retries HTTP %i', (status) => {
    expect(defaultShouldRetry(http(status), 1)).toEqual({ retry: true });
  });
  it.each([400, 401, 403, 404, 409, 422, 501])('does not retry HTTP %i', (status) => {
    expect(defaultShouldRetry(http(status), 1)).toEqual({ retry: false });
  });
  it('carries retryAfterSeconds and classifies transport codes', () => {
    expect(defaultShouldRetry(http(429, 1.5), 1)).toEqual({ retry: true, retryAfterSeconds: 1.5 });
    expect(defaultShouldRetry(new UpstreamTransportError('UPSTREAM_TIMEOUT'), 1).retry).toBe(true);
    expect(defaultShouldRetry(new UpstreamTransportError('UPSTREAM_UNREACHABLE'), 1).retry).toBe(true);
    expect(defaultShouldRetry(new UpstreamTransportError('UPSTREAM_INVALID_RESPONSE'), 1).retry).toBe(false);
    expect(defaultShouldRetry(new DOMException('x', 'AbortError'), 1).retry).toBe(false);
  });

  it('a decision without Retry-After has no retryAfterSeconds key at all', () => {
    expect(defaultShouldRetry(http(503), 1)).toStrictEqual({ retry: true });
    expect(Object.keys(defaultShouldRetry(http(503), 1))).toEqual(['retry']);
  });

  it('only a transport error is judged by its code: another value with the same code, or none, is not retried', () => {
    const lookalike = Object.assign(new Error('x'), { code: 'UPSTREAM_TIMEOUT' });
    expect(defaultShouldRetry(lookalike, 1)).toStrictEqual({ retry: false });
    expect(defaultShouldRetry({ code: 'UPSTREAM_UNREACHABLE' }, 1)).toStrictEqual({ retry: false });
    expect(defaultShouldRetry(undefined, 1)).toStrictEqual({ retry: false });
    expect(defaultShouldRetry(null, 1)).toStrictEqual({ retry: false });
  });
});
