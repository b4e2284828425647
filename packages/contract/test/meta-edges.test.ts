// The edges of the _meta parsers: every spacing and form an upstream may send, and what must not be read as a date or a split.
import { describe, expect, test } from 'vitest';
import { buildRateLimit } from '../src/meta/rate-limit.js';
import { parseRetryAfter } from '../src/meta/retry-after.js';
import { parseWarningHeaders } from '../src/meta/warning.js';

const now = Date.parse('2026-04-25T17:42:30Z');

describe('Retry-After', () => {
  test('delta-seconds of several digits, with decimals of several digits', () => {
    expect(parseRetryAfter('12', now)).toBe(12);
    expect(parseRetryAfter('120.25', now)).toBe(120.25);
  });

  test('HTTP-dates with runs of spaces between their parts (RFC 9110 allows any whitespace)', () => {
    expect(parseRetryAfter('Sat,  25  Apr  2026  17:42:33  GMT', now)).toBe(3);
    expect(parseRetryAfter('Saturday,  25-Apr-26  17:42:40  GMT', now)).toBe(10);
    expect(parseRetryAfter('Sat  Apr  25  17:43:30  2026', now)).toBe(60);
    expect(parseRetryAfter('  Sat, 25 Apr 2026 17:42:33 GMT  ', now)).toBe(3);
    expect(parseRetryAfter('\tSat Apr 25 17:43:30 2026\t', now)).toBe(60);
  });

  test('text around a date is not a date (Date.parse alone would read it)', () => {
    for (const raw of [
      'in Sat, 25 Apr 2026 17:42:33 GMT',
      'Sat, 25 Apr 2026 17:42:33 GMT+0100',
      'at Saturday, 25-Apr-26 17:42:40 GMT',
      'Saturday, 25-Apr-26 17:42:40 GMT+2',
      'x Sat Apr 25 17:43:30 2026',
      'Sat Apr 25 17:43:30 2026 GMT+0200',
    ])
      expect(parseRetryAfter(raw, now), raw).toBeUndefined();
  });

  test('rounded to a tenth of a second', () => {
    expect(parseRetryAfter('Sat, 25 Apr 2026 17:42:33 GMT', now - 1234)).toBe(4.2);
  });
});

describe('Warning headers', () => {
  test('a comma splits only where the next warning-value starts (a three-digit code)', () => {
    expect(parseWarningHeaders(['199 - "a", note 299 z']).map((w) => w.summary)).toEqual([
      '199 - "a", note 299 z',
    ]);
    expect(parseWarningHeaders(['199 - "a",199 - "b"']).map((w) => w.summary)).toEqual([
      '199 - "a"',
      '199 - "b"',
    ]);
    expect(parseWarningHeaders(['199 - "a",   299 - "b"']).map((w) => w.summary)).toEqual([
      '199 - "a"',
      '299 - "b"',
    ]);
  });

  test('a comma inside quoted text never splits, even before a code; an escaped quote does not end the text', () => {
    expect(parseWarningHeaders(['199 - "stale, 299 and more"']).map((w) => w.summary)).toEqual([
      '199 - "stale, 299 and more"',
    ]);
    const escaped = '199 - "he said \\"x, 299 y\\" ok", 299 - "second"';
    expect(parseWarningHeaders([escaped]).map((w) => w.summary)).toEqual([
      '199 - "he said \\"x, 299 y\\" ok"',
      '299 - "second"',
    ]);
  });

  test('empty values are not warnings', () => {
    expect(parseWarningHeaders(['   '])).toEqual([]);
    expect(parseWarningHeaders(['', '199 - "a"']).map((w) => w.summary)).toEqual(['199 - "a"']);
    expect(parseWarningHeaders([', 199 - "a"']).map((w) => w.summary)).toEqual(['199 - "a"']);
  });
});

describe('rate limit', () => {
  test('blank values are absent, not zero', () => {
    expect(buildRateLimit({ limit: '', remaining: ' ' })).toBeUndefined();
    expect(buildRateLimit({ limit: '', remaining: '3' })).toEqual({ remaining: 3 });
  });

  test('raw text values are trimmed and cut at 64 characters; so is the reset', () => {
    const long = `  ${'r'.repeat(100)}  `;
    expect(buildRateLimit({ remaining: long, reset: long })).toEqual({
      remaining: 'r'.repeat(64),
      reset_at: 'r'.repeat(64),
    });
    expect(buildRateLimit({ limit: ' soon ' })).toEqual({ limit_per_second: 'soon' });
  });
});
