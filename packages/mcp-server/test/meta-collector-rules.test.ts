// The per-call `_meta` collector's edges: a zero Retry-After, extra keys, the warning cap, the id bound, last value wins.
import { describe, expect, it } from 'vitest';
import { createMetaCollector } from '../src/server/meta-collector.js';

const warning = (summary: string) => ({ kind: 'upstream_warning', summary, details: [], hints: [] });

describe('the _meta collector', () => {
  it('Retry-After 0 means retry now and is kept; negative, NaN, Infinity and undefined are not', () => {
    const meta = createMetaCollector();
    meta.setRetryAfter(0);
    expect(meta.snapshot()).toEqual({ retry_after_seconds: 0 });
    for (const bad of [-0.5, Number.NaN, Number.POSITIVE_INFINITY, undefined]) meta.setRetryAfter(bad);
    expect(meta.snapshot()).toEqual({ retry_after_seconds: 0 });
    meta.setRetryAfter(2.5);
    expect(meta.snapshot()).toEqual({ retry_after_seconds: 2.5 });
  });

  it('the last rate limit and request id win; an empty one never erases the last', () => {
    const meta = createMetaCollector();
    meta.setRateLimit({ remaining: 5 });
    meta.setRateLimit({ remaining: 4, limit_per_second: 2 });
    meta.setRateLimit({});
    meta.setRateLimit(undefined);
    meta.setRequestId('first');
    meta.setRequestId('second');
    meta.setRequestId(undefined);
    meta.setRequestId('');
    expect(meta.snapshot()).toEqual({
      rate_limit: { remaining: 4, limit_per_second: 2 },
      request_id: 'second',
    });
  });

  it('a request id is cut at 128 characters, exactly', () => {
    const meta = createMetaCollector();
    meta.setRequestId('x'.repeat(128));
    expect(meta.snapshot().request_id).toBe('x'.repeat(128));
    meta.setRequestId(`${'y'.repeat(128)}z`);
    expect(meta.snapshot().request_id).toBe('y'.repeat(128));
  });

  it('keeps the first ten warnings in order, the eleventh is dropped', () => {
    const meta = createMetaCollector();
    for (let i = 1; i <= 11; i++) meta.addWarning(warning(`w${i}`));
    const warnings = meta.snapshot().warnings as Array<{ summary: string }>;
    expect(warnings.map((w) => w.summary)).toEqual([
      'w1',
      'w2',
      'w3',
      'w4',
      'w5',
      'w6',
      'w7',
      'w8',
      'w9',
      'w10',
    ]);
  });

  it('extra keys are kept; the typed fields are what a tool set through them', () => {
    const meta = createMetaCollector();
    meta.set('schema_branches', ['a', 'b']);
    meta.set('request_id', 'from set');
    expect(meta.snapshot()).toEqual({ schema_branches: ['a', 'b'], request_id: 'from set' });
    meta.setRequestId('typed');
    expect(meta.snapshot()).toEqual({ schema_branches: ['a', 'b'], request_id: 'typed' });
  });

  it('a snapshot is a copy: changing it changes nothing collected', () => {
    const meta = createMetaCollector();
    meta.addWarning(warning('w'));
    const first = meta.snapshot();
    (first.warnings as unknown[]).push('intruder');
    first.extra = 1;
    expect(meta.snapshot()).toEqual({ warnings: [warning('w')] });
  });
});
