// requestIdFrom: the id reaches `_meta` as one clean line, redacted and bounded; a plain id is unchanged.
import { describe, expect, it } from 'vitest';
import { noRateLimitHeaders, requestIdFrom } from '../src/pipeline/header-parsers.js';

const read = requestIdFrom(['x-amzn-requestid', 'x-request-id']);
const headers = (init: Record<string, string>): Headers => new Headers(init);

describe('requestIdFrom', () => {
  it('takes a UUID-like id unchanged, from the first header that has one', () => {
    const id = 'b92f3059-76d6-42b2-a855-30609555cd85';
    expect(read(headers({ 'x-amzn-requestid': id }))).toBe(id);
    expect(read(headers({ 'x-amzn-requestid': '  ', 'x-request-id': 'ABC123' }))).toBe('ABC123');
    // Headers strips only HTTP whitespace; a value of other blanks (a proxy's no-break space) is no id either.
    expect(read(headers({ 'x-amzn-requestid': '\u00a0\u00a0', 'x-request-id': 'ABC123' }))).toBe('ABC123');
    expect(read(headers({}))).toBeUndefined();
  });

  it('redacts credentials an upstream echoes into the id header', () => {
    expect(read(headers({ 'x-amzn-requestid': 'Atza|IwEBIsecret-token' }))).toBe('[redacted]');
    expect(read(headers({ 'x-amzn-requestid': 'req Bearer abc.def' }))).toBe('req [redacted]');
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    expect(read(headers({ 'x-amzn-requestid': jwt }))).toBe('[redacted]');
  });

  it('bounds a long or odd id to one clean line of at most 128 characters', () => {
    const long = read(headers({ 'x-amzn-requestid': 'a'.repeat(129) }));
    expect(long).toHaveLength(128);
    expect(long?.endsWith('…')).toBe(true);
    expect(read(headers({ 'x-amzn-requestid': 'id\u0007with\u0085controls' }))).toBe('idwithcontrols');
  });
});

describe('noRateLimitHeaders', () => {
  it('reads no quota even when quota-like headers are sent, and still reads the request id', () => {
    const parser = noRateLimitHeaders(['x-request-id']);
    const sent = headers({
      'x-ratelimit-limit': '10',
      'x-ratelimit-remaining': '9',
      'x-ratelimit-reset': '1',
      'x-request-id': 'req-42',
    });
    expect(parser.rateLimit(sent)).toBeUndefined();
    expect(parser.requestId(sent)).toBe('req-42');
    expect(parser.requestId(headers({}))).toBeUndefined();
  });
});
