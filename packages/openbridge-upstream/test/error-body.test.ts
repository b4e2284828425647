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
    expect(detailsFromBody(body, 'application/json')).toEqual([upstream('Rate limit exceeded.', '429')]);
  });
  it('bare array of {message, code}', () => {
    const body =
      '[{"message":"An error occurred when testing the account mapping","code":"BUCKET_NOT_FOUND"}]';
    expect(detailsFromBody(body, 'application/json')).toEqual([
      upstream('An error occurred when testing the account mapping', 'BUCKET_NOT_FOUND'),
    ]);
  });
  it('flat {detail}, {message}, {error}', () => {
    expect(detailsFromBody('{"detail":"Not found."}', 'application/json')).toEqual([upstream('Not found.')]);
    expect(detailsFromBody('{"message":"Unauthorized"}', 'application/json')).toEqual([
      upstream('Unauthorized'),
    ]);
    expect(detailsFromBody('{"error":"bad identity","code":"X"}', 'application/json')).toEqual([
      upstream('bad identity', 'X'),
    ]);
  });
  it('HTML, plain text, empty, secrets', () => {
    expect(detailsFromBody('<html><body>502</body></html>', 'text/html')[0]?.issue).toBe(
      'Upstream returned an HTML error page.',
    );
    expect(detailsFromBody('upstream broke', 'text/plain')).toEqual([upstream('upstream broke')]);
    expect(detailsFromBody('', null)).toEqual([]);
    const leaked = detailsFromBody(
      '{"detail":"bad Bearer eyJhbGciOi.eyJ4Ijox.sig and key:s3cr3t-value"}',
      null,
      ['key:s3cr3t-value'],
    );
    expect(leaked[0]?.issue).toBe('bad [redacted] and [redacted]');
  });
  it('bounds the text and the number of entries', () => {
    const many = JSON.stringify({ errors: Array.from({ length: 30 }, () => ({ detail: 'x'.repeat(1000) })) });
    const details = detailsFromBody(many, 'application/json');
    expect(details).toHaveLength(10);
    expect(details[0]?.issue.length).toBeLessThanOrEqual(300);
  });
});
