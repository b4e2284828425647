// decodeSuccess: what a 2xx answer becomes for a tool (parsed JSON, nothing, bytes), and the refusal of a 2xx that is not JSON.
import { UpstreamTransportError } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import { decodeSuccess } from '../src/pipeline/decode.js';
import { buildResponse } from '../src/response.js';

const info = { method: 'GET', host: 'api.example.com', timeoutMs: 30_000 };
const answer = (body: string, status: number, contentType?: string) => {
  const headers = contentType === undefined ? undefined : { 'content-type': contentType };
  const res = new Response(null, { status, headers });
  return buildResponse(res, new TextEncoder().encode(body), info, 'https://api.example.com/x');
};

describe('decodeSuccess', () => {
  it('parses a JSON body; an empty body or a 204 is nothing', () => {
    expect(decodeSuccess(answer('{"a":1}', 200, 'application/json'), 'Test API', 'json')).toEqual({ a: 1 });
    expect(decodeSuccess(answer('', 200, 'application/json'), 'Test API', 'json')).toBeUndefined();
    expect(decodeSuccess(answer('{"a":1}', 204, 'application/json'), 'Test API', 'json')).toBeUndefined();
  });

  it('hands back the bytes as they came when the operation reads bytes, JSON or not', () => {
    const res = answer('<b>not json</b>', 200, 'text/html');
    expect(decodeSuccess(res, 'Test API', 'bytes')).toBe(res.bytes);
  });

  it('refuses a 2xx that is not JSON, naming the bare content type, as a transient upstream fault', () => {
    let thrown: unknown;
    try {
      decodeSuccess(answer('<html>maintenance</html>', 200, 'text/html; charset=utf-8'), 'Test API', 'json');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UpstreamTransportError);
    const error = thrown as UpstreamTransportError;
    expect(error.code).toBe('UPSTREAM_INVALID_RESPONSE');
    expect(error.summary).toBe('Test API answered HTTP 200 with text/html instead of JSON.');
    expect(error.details).toEqual([
      {
        path: '',
        issue: 'expected a JSON body, got content-type text/html',
        received_type: 'upstream_response',
        upstream_host: 'api.example.com',
      },
    ]);
    expect(error.hints).toEqual(['Transient gateway response; retry after a short wait.']);
  });

  it('names the media type trimmed, before its parameters, at most 60 characters', () => {
    expect(() => decodeSuccess(answer('hi', 200, 'text/html ; charset=utf-8'), 'Test API', 'json')).toThrow(
      expect.objectContaining({ summary: 'Test API answered HTTP 200 with text/html instead of JSON.' }),
    );
    const long = `text/${'x'.repeat(80)}`;
    expect(() => decodeSuccess(answer('hi', 200, long), 'Test API', 'json')).toThrow(
      expect.objectContaining({
        summary: `Test API answered HTTP 200 with ${long.slice(0, 60)} instead of JSON.`,
      }),
    );
  });

  it('a body without a content type is named none', () => {
    expect(() => decodeSuccess(answer('hello', 200), 'Test API', 'json')).toThrow(
      expect.objectContaining({ summary: 'Test API answered HTTP 200 with none instead of JSON.' }),
    );
  });
});
