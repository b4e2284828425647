// The per-call _meta collector: keeps only valid telemetry (the parsers it is fed are tested in @obmcp/contract).
import { describe, expect, test } from 'vitest';
import { createMetaCollector } from '../src/entries/testing.js';

describe('createMetaCollector', () => {
  test('keeps only valid telemetry; a fresh collector per call is empty', () => {
    const meta = createMetaCollector();
    meta.setRateLimit(undefined);
    meta.setRateLimit({});
    meta.setRetryAfter(-1);
    meta.setRetryAfter(Number.NaN);
    meta.setRequestId('');
    expect(meta.snapshot()).toEqual({});
    meta.setRateLimit({ remaining: 1 });
    meta.setRetryAfter(2);
    meta.setRequestId('r'.repeat(500));
    for (let i = 0; i < 20; i++)
      meta.addWarning({ kind: 'upstream_warning', summary: `${i}`, details: [], hints: [] });
    const snap = meta.snapshot();
    expect(snap).toMatchObject({ rate_limit: { remaining: 1 }, retry_after_seconds: 2 });
    expect(snap.warnings).toHaveLength(10);
    expect(String(snap.request_id)).toHaveLength(128);
    expect(createMetaCollector().snapshot()).toEqual({});
  });
});
