// toCallToolResult: one serialisation on the happy path, a safe copy for what JSON cannot carry.
import { describe, expect, it } from 'vitest';
import type { Envelope } from '@obmcp/contract/internal/envelope/types.js';
import { toCallToolResult } from '../src/server/result.js';

const UNSERIALISABLE = { _envelope_version: 1, error_kind: 'internal_error' } as unknown as Envelope;
const ok = (value: unknown, meta: Record<string, unknown> = {}) =>
  toCallToolResult({ outcome: { ok: true, value }, meta }, () => UNSERIALISABLE);
const text = (r: ReturnType<typeof ok>) => (r.content[0] as { text: string }).text;

describe('toCallToolResult', () => {
  it('text and structuredContent carry the same object, `_meta` merged', () => {
    const r = ok({ a: 1, _meta: { request_id: 'r1' } }, { rate_limit: { limit_per_second: 2 } });
    const expected = { a: 1, _meta: { request_id: 'r1', rate_limit: { limit_per_second: 2 } } };
    expect(JSON.parse(text(r))).toEqual(expected);
    expect(r.structuredContent).toEqual(expected);
  });

  it('what the transport serialises from structuredContent equals the text', () => {
    const r = ok({ when: new Date(0), gone: undefined, n: 1 });
    expect(JSON.stringify(r.structuredContent)).toBe(text(r));
  });

  it('a bigint becomes a string in both, without throwing', () => {
    const r = ok({ big: 12345678901234567890n });
    expect(JSON.parse(text(r))).toEqual({ big: '12345678901234567890' });
    expect(r.structuredContent).toEqual({ big: '12345678901234567890' });
    expect(() => JSON.stringify(r)).not.toThrow();
  });

  it('a cyclic value (object or not) becomes the envelope of onUnserialisable, text only', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    for (const value of [cyclic, [cyclic]]) {
      const r = ok(value);
      expect(r.isError).toBe(true);
      expect(JSON.parse(text(r))).toEqual(UNSERIALISABLE);
      expect(r.structuredContent).toBeUndefined();
      expect(() => JSON.stringify(r)).not.toThrow();
    }
  });

  it('failures carry the envelope in text only', () => {
    const envelope = { _envelope_version: 1 } as never;
    const r = toCallToolResult({ outcome: { ok: false, envelope }, meta: {} }, () => UNSERIALISABLE);
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toBeUndefined();
  });
});
