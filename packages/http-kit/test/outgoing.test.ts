// outgoing(): the URL, headers and body an upstream receives for one exchange request, forwarded extra fields included.
import { describe, expect, it } from 'vitest';
import { outgoing } from '../src/pipeline/outgoing.js';
import type { ExchangeRequest } from '../src/pipeline/types.js';

const BASE = 'https://api.example.com';
const req = (extra: Partial<ExchangeRequest> = {}): ExchangeRequest => ({
  operation: 'op',
  method: 'POST',
  path: '/v1/things',
  ...extra,
});

describe('outgoing: URL', () => {
  it('joins the path to the base URL; an absolute http(s) URL (any case) is used as it is', () => {
    expect(outgoing(req(), BASE).url).toBe('https://api.example.com/v1/things');
    expect(outgoing(req({ path: 'https://files.example.com/doc' }), BASE).url).toBe(
      'https://files.example.com/doc',
    );
    expect(outgoing(req({ path: 'http://files.example.com/doc' }), BASE).url).toBe(
      'http://files.example.com/doc',
    );
    expect(outgoing(req({ path: 'HTTPS://files.example.com/doc' }), BASE).url).toBe(
      'HTTPS://files.example.com/doc',
    );
    expect(outgoing(req({ path: '/go?to=https://x.example' }), BASE).url).toBe(
      'https://api.example.com/go?to=https://x.example',
    );
  });
});

describe('outgoing: headers', () => {
  it('asks for JSON by default, for the named type when given, for nothing when accept is false', () => {
    expect(outgoing(req({ method: 'GET' }), BASE).headers).toEqual({ accept: 'application/json' });
    expect(outgoing(req({ method: 'GET', accept: 'text/csv' }), BASE).headers).toEqual({
      accept: 'text/csv',
    });
    expect(outgoing(req({ method: 'GET', accept: false }), BASE).headers).toEqual({});
  });

  it('labels a body: JSON by default, a form as a form, the named type, and never overrides a given content-type', () => {
    expect(outgoing(req({ body: { a: 1 } }), BASE).headers['content-type']).toBe('application/json');
    expect(outgoing(req({ body: new URLSearchParams({ a: '1' }) }), BASE).headers['content-type']).toBe(
      'application/x-www-form-urlencoded',
    );
    expect(outgoing(req({ body: 'x', contentType: 'text/csv' }), BASE).headers['content-type']).toBe(
      'text/csv',
    );
    expect(
      outgoing(req({ body: 'x', headers: { 'content-type': 'application/vnd.x+json' } }), BASE).headers[
        'content-type'
      ],
    ).toBe('application/vnd.x+json');
    expect(outgoing(req({ body: undefined }), BASE).headers).not.toHaveProperty('content-type');
  });
});

describe('outgoing: body', () => {
  it('sends a string or bytes as they are, a form encoded, anything else as JSON', () => {
    const bytes = new Uint8Array([1, 2, 3]);
    expect(outgoing(req({ body: 'raw text' }), BASE).body).toBe('raw text');
    expect(outgoing(req({ body: bytes }), BASE).body).toBe(bytes);
    expect(outgoing(req({ body: new URLSearchParams({ a: '1', b: 'x y' }) }), BASE).body).toBe('a=1&b=x+y');
    expect(outgoing(req({ body: { a: [1, 2] } }), BASE).body).toBe('{"a":[1,2]}');
    expect(outgoing(req({ body: [1, 2] }), BASE).body).toBe('[1,2]');
    expect(outgoing(req(), BASE).body).toBeUndefined();
  });

  it('merges forwarded fields into an object body (declared fields win), or sends them alone', () => {
    const extraBody = { name: 'forwarded', brandNew: true };
    expect(outgoing(req({ body: { name: 'declared' }, extraBody }), BASE).body).toBe(
      '{"name":"declared","brandNew":true}',
    );
    expect(outgoing(req({ extraBody }), BASE).body).toBe('{"name":"forwarded","brandNew":true}');
    expect(outgoing(req({ extraBody: {} }), BASE).body).toBeUndefined();
  });

  it('never merges forwarded fields into a body that is not a plain object', () => {
    const extraBody = { brandNew: true };
    const bytes = new Uint8Array([1, 2, 3]);
    expect(outgoing(req({ body: [1, 2], extraBody }), BASE).body).toBe('[1,2]');
    expect(outgoing(req({ body: bytes, extraBody }), BASE).body).toBe(bytes);
    expect(outgoing(req({ body: 'raw', extraBody }), BASE).body).toBe('raw');
    expect(outgoing(req({ body: null, extraBody }), BASE).body).toBe('null');
  });
});
