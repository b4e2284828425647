// Heterogeneous Openbridge error bodies → details[]: JSON:API errors, bare arrays, flat objects, HTML, text, secrets.
import { describe, expect, it } from 'vitest';
import { detailsFromBody } from '../src/error-body.js';

describe('detailsFromBody', () => {
  const upstream = (issue: string, upstream_code?: string) => ({
    path: '',
    issue,
    received_type: 'upstream_error',
    ...(upstream_code ? { upstream_code } : {}),
  });

  it('JSON:API errors[]', () => {
    const body = '{"errors":[{"status":"429","title":"Too Many Requests","detail":"Rate limit exceeded."}]}';
    expect(detailsFromBody(body, 'application/json', [])).toEqual([upstream('Rate limit exceeded.', '429')]);
  });
  it('bare array of {message, code}', () => {
    const body =
      '[{"message":"An error occurred when testing the account mapping","code":"BUCKET_NOT_FOUND"}]';
    expect(detailsFromBody(body, 'application/json', [])).toEqual([
      upstream('An error occurred when testing the account mapping', 'BUCKET_NOT_FOUND'),
    ]);
  });
  it('flat {detail}, {message}, {error}', () => {
    expect(detailsFromBody('{"detail":"Not found."}', 'application/json', [])).toEqual([
      upstream('Not found.'),
    ]);
    expect(detailsFromBody('{"message":"Unauthorized"}', 'application/json', [])).toEqual([
      upstream('Unauthorized'),
    ]);
    expect(detailsFromBody('{"error":"bad identity","code":"X"}', 'application/json', [])).toEqual([
      upstream('bad identity', 'X'),
    ]);
  });
  it('HTML, plain text, empty, secrets', () => {
    expect(detailsFromBody('<html><body>502</body></html>', 'text/html', [])[0]?.issue).toBe(
      'Upstream returned an HTML error page.',
    );
    expect(detailsFromBody('upstream broke', 'text/plain', [])).toEqual([upstream('upstream broke')]);
    expect(detailsFromBody('', null, [])).toEqual([]);
    const leaked = detailsFromBody(
      '{"detail":"bad Bearer eyJhbGciOi.eyJ4Ijox.sig and key:s3cr3t-value"}',
      null,
      ['key:s3cr3t-value'],
    );
    expect(leaked[0]?.issue).toBe('bad [redacted] and [redacted]');
  });
  it('bounds the text and the number of entries', () => {
    const many = JSON.stringify({ errors: Array.from({ length: 30 }, () => ({ detail: 'x'.repeat(1000) })) });
    const details = detailsFromBody(many, 'application/json', []);
    expect(details).toHaveLength(10);
    expect(details[0]?.issue.length).toBeLessThanOrEqual(300);
  });
});

describe('detailsFromBody: each shape and its edges', () => {
  const issue = (text: string, type: string | null = 'application/json') =>
    detailsFromBody(text, type, []).map((d) => d.issue);

  it('a numeric code or status, a pointer, and string items', () => {
    expect(
      detailsFromBody('{"errors":[{"detail":"bad","status":422,"source":{"pointer":"/data/x"}}]}', null, []),
    ).toEqual([
      {
        path: '',
        issue: 'bad',
        received_type: 'upstream_error',
        upstream_code: '422',
        upstream_pointer: '/data/x',
      },
    ]);
    expect(detailsFromBody('["plain words"]', null, [])).toEqual([
      { path: '', issue: 'plain words', received_type: 'upstream_error' },
    ]);
    expect(
      detailsFromBody('{"errors":[{"detail":"x","source":{"pointer":7}}]}', null, [])[0],
    ).not.toHaveProperty('upstream_pointer');
  });

  it('a message with an error names the error as the code; an error alone is the message', () => {
    expect(detailsFromBody('{"message":"m","error":"E_CODE"}', null, [])[0]).toMatchObject({
      issue: 'm',
      upstream_code: 'E_CODE',
    });
    expect(detailsFromBody('{"error":"only"}', null, [])[0]).not.toHaveProperty('upstream_code');
    expect(issue('{"error_description":"desc"}')).toEqual(['desc']);
    expect(issue('{"title":"t"}')).toEqual(['t']);
    expect(issue('{"msg":"short"}')).toEqual(['short']);
  });

  it('blank, non-text and non-object items say nothing', () => {
    expect(issue('{"detail":"   ","message":""}')).toEqual([]);
    expect(issue('[null, 3, ["x"], {"detail":false}]')).toEqual([]);
    expect(issue('{"errors":"not a list","detail":"top"}')).toEqual(['top']);
  });

  it('text that only looks like JSON, leading blanks, and HTML by content type or by its start', () => {
    expect(issue('{not json')).toEqual(['{not json']);
    expect(issue('  \n{"detail":"spaced"}')).toEqual(['spaced']);
    expect(issue('x [1]', 'text/plain')).toEqual(['x [1]']);
    expect(issue('oops', 'text/html; charset=utf-8')).toEqual(['Upstream returned an HTML error page.']);
    expect(issue('<!DOCTYPE html><p>x</p>', 'text/plain')).toEqual(['Upstream returned an HTML error page.']);
    expect(issue('a <html> inside', null)).toEqual(['a <html> inside']);
    // JSON that is neither an object nor an array is text, described as it came.
    expect(issue('404', 'text/plain')).toEqual(['404']);
    expect(issue('"a [b]"', 'application/json')).toEqual(['"a [b]"']);
    expect(detailsFromBody('<html>', null, [])[0]).toEqual({
      path: '',
      issue: 'Upstream returned an HTML error page.',
      received_type: 'upstream_error',
    });
  });

  it('secrets are redacted only when given', () => {
    const secret = 'key-id:secret-value';
    expect(issue(`{"detail":"key ${secret}"}`)).toEqual([`key ${secret}`]);
    expect(detailsFromBody(`{"detail":"key ${secret}"}`, null, [secret])[0]?.issue).toBe('key [redacted]');
    expect(detailsFromBody(`key ${secret}`, 'text/plain', [secret])[0]?.issue).toBe('key [redacted]');
  });
});
