// Unit tests: transport selection, HTTP option parsing, Host/Origin policy, bearer comparison.
import { describe, expect, it } from 'vitest';
import { bearerChecker } from '../src/http/bearer-auth.js';
import { checkHostHeaders, defaultAllowedHosts } from '../src/http/host-check.js';
import { readHttpOptions, wantsHttp } from '../src/http/http-options.js';

describe('transport selection and options', () => {
  it('is stdio unless --http or OBMCP_HTTP_PORT', () => {
    expect(wantsHttp([], {})).toBe(false);
    expect(wantsHttp(['--http'], {})).toBe(true);
    expect(wantsHttp([], { OBMCP_HTTP_PORT: '8080' })).toBe(true);
    expect(wantsHttp([], { OBMCP_HTTP_PORT: '' })).toBe(false);
  });

  it('defaults to 127.0.0.1:3000, 1 MiB, flags over env', () => {
    expect(readHttpOptions(['--http'], {})).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      maxBodyBytes: 1048576,
    });
    const env = {
      OBMCP_HTTP_PORT: '9000',
      OBMCP_HTTP_HOST: '0.0.0.0',
      OBMCP_HTTP_ALLOW_UNAUTHENTICATED: 'true',
    };
    expect(readHttpOptions([], env)).toMatchObject({ host: '0.0.0.0', port: 9000 });
    expect(readHttpOptions(['--port', '0', '--host=::1'], env)).toMatchObject({ host: '::1', port: 0 });
    expect(() => readHttpOptions(['--port', '70000'], {})).toThrow(/not a TCP port/);
    expect(() => readHttpOptions(['--port'], {})).toThrow(/needs a value/);
  });

  it('reads allowed hosts and the bearer token', () => {
    const opts = readHttpOptions([], {
      OBMCP_HTTP_ALLOWED_HOSTS: 'MCP.example.com, 10.0.0.5:8080',
      OBMCP_HTTP_BEARER_TOKEN: '0123456789abcdef',
    });
    expect(opts.allowedHosts).toEqual(['mcp.example.com', '10.0.0.5:8080']);
    expect(opts.bearerToken).toBe('0123456789abcdef');
  });
});

describe('host policy', () => {
  const policy = { allowedHosts: defaultAllowedHosts(3000) };
  it('accepts loopback on the bound port only', () => {
    expect(checkHostHeaders('localhost:3000', undefined, policy)).toBeUndefined();
    expect(checkHostHeaders('127.0.0.1:3000', 'http://127.0.0.1:3000', policy)).toBeUndefined();
    expect(checkHostHeaders('[::1]:3000', undefined, policy)).toBeUndefined();
    expect(checkHostHeaders('localhost:3001', undefined, policy)).toBeDefined();
    expect(checkHostHeaders(undefined, undefined, policy)).toBeDefined();
    expect(checkHostHeaders('localhost:3000', 'http://evil.com', policy)).toBe('Origin not allowed');
    expect(checkHostHeaders('user@localhost:3000', undefined, policy)).toBeDefined();
  });
  it('bare names match any port; * disables the check', () => {
    expect(
      checkHostHeaders('mcp.example.com', undefined, { allowedHosts: ['mcp.example.com'] }),
    ).toBeUndefined();
    expect(
      checkHostHeaders('mcp.example.com:443', undefined, { allowedHosts: ['mcp.example.com'] }),
    ).toBeUndefined();
    expect(checkHostHeaders('anything', undefined, { allowedHosts: ['*'] })).toBeUndefined();
  });
});

describe('bearer checker', () => {
  const check = bearerChecker('0123456789abcdef');
  it('accepts the exact token only', () => {
    expect(check('Bearer 0123456789abcdef')).toEqual({ ok: true });
    expect(check('bearer 0123456789abcdef')).toEqual({ ok: true });
    expect(check(undefined)).toMatchObject({ ok: false, challenge: 'Bearer realm="mcp"' });
    expect(check('Bearer 0123456789abcdeF')).toMatchObject({
      ok: false,
      challenge: expect.stringContaining('invalid_token'),
    });
    expect(check('Bearer 0123456789abcdef extra')).toMatchObject({ ok: false });
  });
});
