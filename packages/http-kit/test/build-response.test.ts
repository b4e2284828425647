// buildResponse: which statuses count as success, and the refusal of a body that is not the JSON it claims.
import { describe, expect, it } from 'vitest';
import { buildResponse } from '../src/response.js';

const info = { method: 'GET', host: 'api.example.com', timeoutMs: 30_000 };
const wrap = (body: string, status: number, contentType?: string) => {
  const bytes = new TextEncoder().encode(body);
  const headers = contentType === undefined ? undefined : { 'content-type': contentType };
  return buildResponse(new Response(body, { status, headers }), bytes, info, 'https://api.example.com/x');
};
const issueOf = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    return (error as { details: { issue: string }[] }).details[0]?.issue;
  }
  return undefined;
};

describe('buildResponse', () => {
  it('2xx is success, 300 and up is not', () => {
    expect(wrap('{}', 200).ok).toBe(true);
    expect(wrap('{}', 299).ok).toBe(true);
    expect(wrap('{}', 300).ok).toBe(false);
    expect(wrap('{}', 404).ok).toBe(false);
  });

  it('reads UTF-8 text and parses JSON once', () => {
    const res = wrap('{"name":"café"}', 200, 'application/json');
    expect(res.text()).toBe('{"name":"café"}');
    expect(res.json()).toEqual({ name: 'café' });
    expect(res.json()).toBe(res.json());
  });

  it('a body that is not JSON names the status, the bare content type and the size, never the body', () => {
    expect(issueOf(() => wrap('<html>secret</html>', 502, 'text/html; charset=utf-8').json())).toBe(
      'response body is not valid JSON (HTTP 502, content-type text/html, 19 bytes)',
    );
    expect(issueOf(() => wrap('nope', 200).json())).toBe(
      'response body is not valid JSON (HTTP 200, content-type text/plain, 4 bytes)',
    );
    expect(issueOf(() => wrap('nope', 200, 'text/x"<b>').json())).toBe(
      'response body is not valid JSON (HTTP 200, content-type text/xb, 4 bytes)',
    );
    expect(issueOf(() => wrap('nope', 200, '"";').json())).toBe(
      'response body is not valid JSON (HTTP 200, content-type none, 4 bytes)',
    );
  });

  it('a body without a content type names none; a long content type is cut at 80 characters', () => {
    const bare = buildResponse(
      new Response(null, { status: 200 }),
      new TextEncoder().encode('nope'),
      info,
      'https://api.example.com/x',
    );
    expect(issueOf(() => bare.json())).toBe(
      'response body is not valid JSON (HTTP 200, content-type none, 4 bytes)',
    );
    const long = `application/${'x'.repeat(100)}`;
    expect(issueOf(() => wrap('nope', 200, long).json())).toBe(
      `response body is not valid JSON (HTTP 200, content-type ${long.slice(0, 80)}, 4 bytes)`,
    );
  });
});
