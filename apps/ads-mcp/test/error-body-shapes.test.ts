// parseErrorBody on every body shape and edge: which field is the code and which the message, the bounds,
// arrays and SP v3 errors[], requestId, secrets, and the fallback detail for bodies with nothing to read.
import { describe, expect, it } from 'vitest';
import { parseErrorBody } from '../src/http/error-body.js';

const JSON_TYPE = 'application/json';
const parse = (body: unknown, secrets: string[] = []) =>
  parseErrorBody(JSON.stringify(body), JSON_TYPE, secrets);
const first = (body: unknown) => parse(body).details[0];

describe('which field is the code', () => {
  it('code first, then errorType, then error (unless error is the message), then status', () => {
    expect(parse({ code: 'C', errorType: 'T', error: 'E', status: 'S', message: 'm' }).code).toBe('C');
    expect(parse({ errorType: 'T', error: 'E', status: 'S', message: 'm' }).code).toBe('T');
    expect(parse({ error: 'E', status: 'S', message: 'm' }).code).toBe('E');
    expect(parse({ status: 'S', message: 'm' }).code).toBe('S');
    expect(parse({ status: 429, message: 'm' }).code).toBe('429');
    expect(parse({ message: 'm' }).code).toBeUndefined();
  });

  it('blank strings and non-finite numbers are no value', () => {
    expect(parse({ code: '  ', status: 'S', message: 'm' }).code).toBe('S');
    expect(parse({ code: Number.NaN, status: 'S', message: 'm' })).toMatchObject({ code: 'S' });
    expect(parse({ code: true, status: 'S', message: 'm' }).code).toBe('S');
    expect(parse({ code: 0, message: 'm' }).code).toBe('0');
    expect(parseErrorBody('{"code":1e999,"message":"m"}', JSON_TYPE, []).code).toBeUndefined();
  });
});

describe('which field is the message', () => {
  it('details, detail, message, error_description, then error (as a message), then title', () => {
    const all = { details: 'D1', detail: 'D2', message: 'M', error_description: 'ED', title: 'T', code: 'c' };
    expect(first(all)?.issue).toBe('D1');
    expect(first({ ...all, details: undefined })?.issue).toBe('D2');
    expect(first({ ...all, details: undefined, detail: undefined })?.issue).toBe('M');
    expect(first({ code: 'c', error_description: 'ED', title: 'T' })?.issue).toBe('ED');
    expect(first({ code: 'c', error: 'E', title: 'T' })?.issue).toBe('E');
    expect(first({ code: 'c', title: 'T' })?.issue).toBe('T');
  });

  it('an LWA body {error, error_description} and an error without code: error is the code', () => {
    expect(parse({ error: 'invalid_grant', error_description: 'bad token', code: 'x' })).toMatchObject({
      code: 'x',
      message: 'bad token',
    });
    const bare = parse({ error: 'invalid_client', title: 'Client' });
    expect(bare).toMatchObject({ code: 'invalid_client', message: 'Client' });
  });

  it('an error_description, even blank, marks the LWA shape: error is never the message then', () => {
    expect(parse({ code: 'x', error: 'invalid_grant', error_description: '' })).toMatchObject({
      code: 'x',
      message: 'x',
    });
    expect(parse({ code: 'x', error: 'invalid_grant', error_description: null }).message).toBe('x');
  });

  it('without a message the code is the issue; with neither, the body has nothing to read', () => {
    expect(first({ code: 'ONLY_CODE' })).toStrictEqual({
      path: '',
      issue: 'ONLY_CODE',
      received_type: 'upstream_error',
      upstream_code: 'ONLY_CODE',
    });
    expect(first({ message: 'only message' })).toStrictEqual({
      path: '',
      issue: 'only message',
      received_type: 'upstream_error',
    });
    expect(parse({ other: 1 })).toStrictEqual({
      details: [
        { path: '', issue: 'upstream error body had no code or message', received_type: 'upstream_error' },
      ],
    });
  });
});

describe('lists of errors', () => {
  it('a top-level array gives one detail per object item (others skipped), at most 10', () => {
    const items = Array.from({ length: 12 }, (_, i) => ({ code: `C${i}`, message: `m${i}` }));
    const parsed = parse(['skip', null, ...items]);
    expect(parsed.details).toHaveLength(10);
    expect(parsed.details.map((d) => d.upstream_code)).toEqual(items.slice(0, 10).map((i) => i.code));
    expect(parsed).toMatchObject({ code: 'C0', message: 'm0' });
    expect(parsed.requestId).toBeUndefined();
  });

  it('errors[] without a top-level message lists only the items; a message-less top code is not an item', () => {
    const parsed = parse({ code: 'TOP', errors: [{ code: 'A', message: 'a' }, { message: 'b' }] });
    expect(parsed.details.map((d) => d.issue)).toEqual(['a', 'b']);
    expect(parsed.code).toBe('A');
    const blank = parse({ code: 'TOP', message: ' ', errors: [{ code: 'A', message: 'a' }] });
    expect(blank.details.map((d) => d.issue)).toEqual(['a']);
  });
});

describe('bounds, redaction and requestId', () => {
  it('bounds the issue to 300, the code to 64 and the requestId to 100 characters, and redacts secrets', () => {
    const parsed = parse(
      { code: 'C'.repeat(100), message: `token s3cr3t-value ${'x'.repeat(400)}`, requestId: 'r'.repeat(150) },
      ['s3cr3t-value'],
    );
    const detail = parsed.details[0];
    expect(detail?.issue).toHaveLength(300);
    expect(detail?.issue).not.toContain('s3cr3t-value');
    expect(detail?.upstream_code).toHaveLength(64);
    expect(parsed.code).toHaveLength(100);
    expect(parsed.message).toBe(detail?.issue);
    expect(parsed.requestId).toHaveLength(100);
  });

  it('reads a string requestId from an object body only', () => {
    expect(parse({ message: 'm', requestId: 'req-1' }).requestId).toBe('req-1');
    expect(parse({ message: 'm', requestId: ' ' }).requestId).toBeUndefined();
    expect(parse([{ message: 'm', requestId: 'req-1' }]).requestId).toBeUndefined();
  });

  it('a mutation error with neither reason nor message still gives a detail', () => {
    expect(first({ errorValue: {} })).toStrictEqual({
      path: '',
      issue: 'upstream error',
      received_type: 'upstream_error',
    });
  });

  it('bounds a mutation error type (64) and location (200)', () => {
    const parsed = parse({
      errorType: 'E'.repeat(80),
      errorValue: { kind: { reason: 'R', message: 'bad', cause: { location: `$.${'a'.repeat(250)}` } } },
    });
    const detail = parsed.details[0];
    expect(detail?.error_type).toHaveLength(64);
    expect(detail?.location).toHaveLength(200);
    expect(detail?.path).toBe('a'.repeat(250));
  });
});

describe('bodies with nothing to read', () => {
  it('names the content type (without parameters) when the body is not JSON', () => {
    const issue = (text: string, type: string | null) => parseErrorBody(text, type, []).details[0]?.issue;
    expect(issue('<html>oops</html>', 'text/html; charset=utf-8')).toBe(
      'upstream error body was not JSON (content-type text/html)',
    );
    expect(issue('', JSON_TYPE)).toBe('upstream error body was not JSON (content-type application/json)');
    expect(issue('   ', null)).toBe('upstream error body was not JSON (content-type none)');
    expect(issue('x', '; charset=utf-8')).toBe('upstream error body was not JSON (content-type none)');
    expect(issue('x', ' text/plain ; charset=utf-8')).toBe(
      'upstream error body was not JSON (content-type text/plain)',
    );
    expect(parseErrorBody('x', null, [])).toStrictEqual({
      details: [
        {
          path: '',
          issue: 'upstream error body was not JSON (content-type none)',
          received_type: 'upstream_error',
        },
      ],
    });
  });

  it('JSON scalars and empty objects have nothing to read', () => {
    for (const text of ['42', '"text"', 'null', '{}', '[]'])
      expect(parseErrorBody(text, JSON_TYPE, []).details[0]?.issue, text).toBe(
        'upstream error body had no code or message',
      );
  });
});
