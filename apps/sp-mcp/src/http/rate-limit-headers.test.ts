// Unit: SP header parser — fractional limit as a number, absent stays absent, Retry-After, Warning, request id.
import { describe, expect, it } from 'vitest';
import { readResponseMeta } from './rate-limit-headers.js';

describe('readResponseMeta', () => {
  it('parses x-amzn-RateLimit-Limit as a fractional number (never parseInt)', () => {
    const m = readResponseMeta(
      new Headers({ 'x-amzn-RateLimit-Limit': '0.0167', 'x-amzn-RequestId': 'abc-123' }),
    );
    expect(m.rateLimit).toEqual({ limit_per_second: 0.0167 });
    expect(m.limitPerSecond).toBe(0.0167);
    expect(m.requestId).toBe('abc-123');
    expect(m.retryAfterSeconds).toBeUndefined();
    expect(m.warnings).toEqual([]);
  });
  it('emits nothing when no rate header is present', () => {
    const m = readResponseMeta(new Headers({ 'content-type': 'application/json' }));
    expect(m.rateLimit).toBeUndefined();
    expect(m.limitPerSecond).toBeUndefined();
    expect(m.requestId).toBeUndefined();
  });
  it('passes remaining/reset only when present; a non-numeric limit stays a raw string', () => {
    const m = readResponseMeta(
      new Headers({
        'x-amzn-ratelimit-limit': 'n/a',
        'x-amzn-ratelimit-remaining': '3',
        'x-amzn-ratelimit-reset': '2026-04-25T17:42:33Z',
      }),
    );
    expect(m.rateLimit).toEqual({ limit_per_second: 'n/a', remaining: 3, reset_at: '2026-04-25T17:42:33Z' });
    expect(m.limitPerSecond).toBeUndefined();
  });
  it('reads Retry-After (seconds and HTTP-date) and Warning headers', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(readResponseMeta(new Headers({ 'retry-after': '1.5' }), now).retryAfterSeconds).toBe(1.5);
    expect(
      readResponseMeta(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:03 GMT' }), now)
        .retryAfterSeconds,
    ).toBe(3);
    const w = readResponseMeta(new Headers({ warning: '199 - "cached response"' }));
    expect(w.warnings).toEqual([
      { kind: 'upstream_warning', summary: '199 - "cached response"', details: [], hints: [] },
    ]);
  });
});
