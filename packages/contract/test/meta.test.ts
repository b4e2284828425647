// _meta helpers: Retry-After (RFC 9110), Warning headers (RFC 7234), the rate-limit builder.
import { describe, expect, test } from 'vitest';
import { buildRateLimit } from '../src/meta/rate-limit.js';
import { parseRetryAfter } from '../src/meta/retry-after.js';
import { parseWarningHeaders } from '../src/meta/warning.js';

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-04-25T17:42:30Z');

  test.each([
    ['2', 2],
    ['1.5', 1.5],
    ['  3 ', 3],
    ['0', 0],
  ])('delta-seconds %j → %d', (raw, seconds) => {
    expect(parseRetryAfter(raw, now)).toBe(seconds);
  });

  test('HTTP-date in the future → seconds from now (all three RFC 9110 forms)', () => {
    expect(parseRetryAfter('Sat, 25 Apr 2026 17:42:33 GMT', now)).toBe(3);
    expect(parseRetryAfter('Saturday, 25-Apr-26 17:42:40 GMT', now)).toBe(10);
    expect(parseRetryAfter('Sat Apr 25 17:43:30 2026', now)).toBe(60);
  });

  test('HTTP-date in the past → 0', () => {
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', now)).toBe(0);
  });

  test.each([
    'garbage',
    '',
    '   ',
    '-1',
    '-0.5',
    '1e3',
    'Infinity',
    'retry in 5',
    '5 seconds',
    null,
    undefined,
  ])('%j → undefined', (raw) => {
    expect(parseRetryAfter(raw, now)).toBeUndefined();
  });
});

describe('parseWarningHeaders', () => {
  const entry = (summary: string) => ({ kind: 'upstream_warning', summary, details: [], hints: [] });

  test('a single warning', () => {
    expect(parseWarningHeaders(new Headers({ Warning: '199 - "cached response"' }))).toEqual([
      entry('199 - "cached response"'),
    ]);
  });

  test('several comma-separated values; commas inside quotes do not split', () => {
    const field =
      '110 - "Response is stale, revalidate", 199 api.example.com "a, b, c" "Sat, 25 Apr 2026 17:42:33 GMT"';
    expect(parseWarningHeaders([field])).toEqual([
      entry('110 - "Response is stale, revalidate"'),
      entry('199 api.example.com "a, b, c" "Sat, 25 Apr 2026 17:42:33 GMT"'),
    ]);
  });

  test('repeated header lines (Headers joins them) and raw arrays', () => {
    const headers = new Headers();
    headers.append('Warning', '199 - "one"');
    headers.append('Warning', '299 - "two"');
    expect(parseWarningHeaders(headers).map((w) => w.summary)).toEqual(['199 - "one"', '299 - "two"']);
    expect(parseWarningHeaders(['199 - "a"', '199 - "b"'])).toHaveLength(2);
  });

  test('bounded: at most 10 entries, each summary at most 200 characters, one line', () => {
    const many = Array.from({ length: 30 }, (_, i) => `199 - "w${i}"`).join(', ');
    expect(parseWarningHeaders([many])).toHaveLength(10);
    const [long] = parseWarningHeaders([`199 - "${'x'.repeat(1000)}\r\ninjected"`]);
    expect(long?.summary.length).toBeLessThanOrEqual(200);
    expect(long?.summary).not.toMatch(/[\r\n]/);
  });

  test('absent → empty', () => {
    expect(parseWarningHeaders(new Headers())).toEqual([]);
    expect(parseWarningHeaders(null)).toEqual([]);
    expect(parseWarningHeaders(undefined)).toEqual([]);
  });
});

describe('buildRateLimit', () => {
  test('numbers when numeric, raw strings otherwise, reset raw', () => {
    expect(buildRateLimit({ limit: '0.0167', remaining: '0', reset: '2026-04-25T17:42:34Z' })).toEqual({
      limit_per_second: 0.0167,
      remaining: 0,
      reset_at: '2026-04-25T17:42:34Z',
    });
    expect(buildRateLimit({ limit: ' 10 ', remaining: 'unknown', reset: '1714074153' })).toEqual({
      limit_per_second: 10,
      remaining: 'unknown',
      reset_at: '1714074153',
    });
  });

  test('absent values stay absent: never null keys, never invented numbers', () => {
    expect(buildRateLimit({})).toBeUndefined();
    expect(buildRateLimit({ limit: null, remaining: undefined, reset: '  ' })).toBeUndefined();
    const only = buildRateLimit({ remaining: '7', limit: null });
    expect(only).toEqual({ remaining: 7 });
    expect(Object.keys(only ?? {})).toEqual(['remaining']);
    expect(Object.values(buildRateLimit({ limit: '', remaining: '3', reset: '' }) ?? {})).not.toContain(null);
  });
});
