// readResponseMeta and MetaTrail: the rate the limiter learns from an answer, and the `_meta` a call reports after its attempts.
import { createMetaCollector } from '@obmcp/mcp-server/testing';
import { describe, expect, it } from 'vitest';
import { MetaTrail, readResponseMeta } from '../src/pipeline/response-meta.js';
import type { HeaderParser } from '../src/pipeline/types.js';

/** A parser that reads `x-rate` as limit_per_second (a number, or text) and `x-id` as the request id. */
const parser: HeaderParser = {
  rateLimit: (headers) => {
    const raw = headers.get('x-rate');
    if (raw === null) return undefined;
    const n = Number(raw);
    return { limit_per_second: (Number.isNaN(n) ? raw : n) as number };
  },
  requestId: (headers) => headers.get('x-id') ?? undefined,
};

describe('readResponseMeta: the rate the limiter learns', () => {
  it('a positive advertised rate is learned; zero, a negative, text or none is not', () => {
    expect(readResponseMeta(new Headers({ 'x-rate': '0.5' }), parser).limitPerSecond).toBe(0.5);
    for (const rate of ['0', '-1', 'fast'])
      expect(readResponseMeta(new Headers({ 'x-rate': rate }), parser).limitPerSecond).toBeUndefined();
    expect(readResponseMeta(new Headers(), parser).limitPerSecond).toBeUndefined();
  });

  it("a parser's own reading wins, and the answer's Retry-After and request id are read", () => {
    const own = { ...parser, limitPerSecond: () => 7 };
    const meta = readResponseMeta(new Headers({ 'x-rate': '0.5', 'retry-after': '3', 'x-id': 'r-1' }), own);
    expect(meta).toEqual({
      rateLimit: { limit_per_second: 0.5 },
      limitPerSecond: 7,
      retryAfterSeconds: 3,
      requestId: 'r-1',
    });
  });
});

describe('MetaTrail: `_meta` after the attempts', () => {
  const answer = (headers: Record<string, string>) => new Headers(headers);

  it('a call with no answer at all reports nothing and does not throw', () => {
    const into = createMetaCollector();
    new MetaTrail().applyTo(into, true);
    expect(into.snapshot()).toEqual({});
  });

  it('Retry-After only when the call failed on an answer that was itself a failure', () => {
    const headers = answer({ 'retry-after': '4', 'x-id': 'r-2' });
    const run = (failed: boolean, ok: boolean) => {
      const trail = new MetaTrail();
      trail.record(headers, ok, readResponseMeta(headers, parser));
      const into = createMetaCollector();
      trail.applyTo(into, failed);
      return into.snapshot();
    };
    expect(run(true, false)).toEqual({ request_id: 'r-2', retry_after_seconds: 4 });
    expect(run(false, false)).toEqual({ request_id: 'r-2' });
    expect(run(true, true)).toEqual({ request_id: 'r-2' });
  });
});
