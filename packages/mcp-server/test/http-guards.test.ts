// The HTTP guards as a caller meets them: which bearer headers pass, which Host/Origin values are served, who owns a task.
import { describe, expect, it } from 'vitest';
import { bearerChecker } from '../src/http/bearer-auth.js';
import { isLoopbackHost } from '../src/http/exposure.js';
import { checkHostHeaders, defaultAllowedHosts } from '../src/http/host-check.js';
import { taskOwner } from '../src/http/task-owner.js';

const TOKEN = 'canary-guard-token-7d1e0c4b9a';

describe('bearer token check (RFC 6750)', () => {
  // Built in each test: a checker built while the file loads would hide a broken digest from the mutation run.
  const check = (header: string | undefined) => bearerChecker(TOKEN)(header);
  it('accepts the token after one or more spaces or tabs, any scheme case, trailing blanks ignored', () => {
    for (const header of [
      `Bearer ${TOKEN}`,
      `bearer ${TOKEN}`,
      `BEARER\t${TOKEN}`,
      `Bearer   ${TOKEN}`,
      `Bearer ${TOKEN}  `,
      `Bearer ${TOKEN}\t`,
    ])
      expect([header, check(header)]).toEqual([header, { ok: true }]);
  });

  it('a missing or malformed header gets the bare challenge', () => {
    for (const header of [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      `Basic ${TOKEN}`,
      `xBearer ${TOKEN}`,
      `${TOKEN}`,
    ])
      expect([header, check(header)]).toEqual([header, { ok: false, challenge: 'Bearer realm="mcp"' }]);
  });

  it('a wrong token gets invalid_token, including the right token with something around it', () => {
    for (const header of [
      'Bearer wrong-token',
      `Bearer ${TOKEN}x`,
      `Bearer x${TOKEN}`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN.toUpperCase()}`,
    ])
      expect([header, check(header)]).toEqual([
        header,
        { ok: false, challenge: 'Bearer realm="mcp", error="invalid_token"' },
      ]);
    expect(check(`Bearer ${TOKEN} extra`).ok).toBe(false);
  });
});

describe('loopback addresses, every spelling', () => {
  it('surrounding blanks and brackets are read, nothing else', () => {
    for (const host of [
      ' 127.0.0.1 ',
      '[::1]',
      '0000:0000:0000:0000:0000:0000:0000:0001',
      '0:0:0:0:0:0:0:1',
      '::0001',
    ])
      expect([host, isLoopbackHost(host)]).toEqual([host, true]);
    for (const host of [
      'x[::1]',
      '[::1]x',
      '::1f',
      '::10',
      'ff::1',
      'ff:0:0:0:0:0:0:1',
      '1::1',
      '::2:1',
      '::1%lo',
      'fe80::1%eth0',
    ])
      expect([host, isLoopbackHost(host)]).toEqual([host, false]);
  });
});

describe('Host and Origin checks (DNS rebinding)', () => {
  const policy = { allowedHosts: defaultAllowedHosts(3000) };
  it('serves the loopback names on the bound port, in any case', () => {
    for (const host of ['localhost:3000', 'LOCALHOST:3000', '127.0.0.1:3000', '[::1]:3000'])
      expect([host, checkHostHeaders(host, undefined, policy)]).toEqual([host, undefined]);
  });

  it('refuses other hosts, other ports, userinfo, paths and a missing Host', () => {
    for (const host of [
      undefined,
      '',
      'evil.example:3000',
      'localhost:3001',
      'localhost',
      'user@localhost:3000',
      'user:pw@localhost:3000',
      'localhost:3000/x',
      'localhost:3000?x',
      'localhost:3000#x',
      'localhost.evil.example:3000',
    ])
      expect([host, checkHostHeaders(host, undefined, policy)]).toEqual([host, 'Host header not allowed']);
  });

  it('a Host that is no host at all is refused, not thrown on', () => {
    for (const host of ['exa mple:3000', '[::1:3000', 'localhost:99999', '%%'])
      expect([host, checkHostHeaders(host, undefined, policy)]).toEqual([host, 'Host header not allowed']);
  });

  it('an unreadable entry in the allowed list allows nothing; the others still apply', () => {
    const odd = { allowedHosts: ['exa mple', 'localhost:3000'] };
    expect(checkHostHeaders('evil.example:3000', undefined, odd)).toBe('Host header not allowed');
    expect(checkHostHeaders('localhost:3000', undefined, odd)).toBeUndefined();
  });

  it('a bracketed IPv6 entry without a port allows that address on any port', () => {
    const v6 = { allowedHosts: ['[::1]'] };
    expect(checkHostHeaders('[::1]:3000', undefined, v6)).toBeUndefined();
    expect(checkHostHeaders('[::2]:3000', undefined, v6)).toBe('Host header not allowed');
  });

  it('an entry without a port allows that name on any port; port 80 is the default', () => {
    const named = { allowedHosts: ['mcp.example.com'] };
    expect(checkHostHeaders('mcp.example.com:8443', undefined, named)).toBeUndefined();
    expect(checkHostHeaders('mcp.example.com', undefined, named)).toBeUndefined();
    const port80 = { allowedHosts: ['mcp.example.com:80'] };
    expect(checkHostHeaders('mcp.example.com', undefined, port80)).toBeUndefined();
    expect(checkHostHeaders('mcp.example.com:8080', undefined, port80)).toBe('Host header not allowed');
    expect(checkHostHeaders('other.example.com', undefined, { allowedHosts: ['*'] })).toBeUndefined();
  });

  it('an Origin must name an allowed host (by default the allowed hosts themselves)', () => {
    expect(checkHostHeaders('localhost:3000', 'http://localhost:3000', policy)).toBeUndefined();
    for (const origin of ['http://evil.example', 'http://localhost:3001', 'null', 'not a url'])
      expect([origin, checkHostHeaders('localhost:3000', origin, policy)]).toEqual([
        origin,
        'Origin not allowed',
      ]);
  });

  it('an explicit origin list is matched exactly, case-folded, or * for any', () => {
    const listed = { ...policy, allowedOrigins: ['https://app.example.com'] };
    expect(checkHostHeaders('localhost:3000', 'https://app.example.com', listed)).toBeUndefined();
    expect(checkHostHeaders('localhost:3000', 'HTTPS://APP.EXAMPLE.COM', listed)).toBeUndefined();
    expect(checkHostHeaders('localhost:3000', 'https://app.example.com.evil', listed)).toBe(
      'Origin not allowed',
    );
    expect(checkHostHeaders('localhost:3000', 'http://localhost:3000', listed)).toBe('Origin not allowed');
    // Any host allowed still needs an Origin that is a URL.
    expect(checkHostHeaders('x.example', 'not a url', { allowedHosts: ['*'] })).toBe('Origin not allowed');
    const any = { ...policy, allowedOrigins: ['*'] };
    expect(checkHostHeaders('localhost:3000', 'https://anything.example', any)).toBeUndefined();
  });
});

describe('task owner of an HTTP caller', () => {
  it('the same credentials own the same tasks; other credentials another owner; none are anonymous', () => {
    const alice = taskOwner(`Bearer ${TOKEN}`);
    expect(alice).toMatch(/^auth:[0-9a-f]{32}$/);
    expect(taskOwner(`Bearer ${TOKEN}`)).toBe(alice);
    expect(taskOwner(`  Bearer ${TOKEN}  `)).toBe(alice);
    expect(taskOwner('Bearer someone-else')).not.toBe(alice);
    for (const none of [undefined, '', '   ']) expect(taskOwner(none)).toBe('anonymous');
  });

  it('the owner never carries the secret', () => {
    expect(taskOwner(`Bearer ${TOKEN}`)).not.toContain(TOKEN);
    expect(taskOwner(`Bearer ${TOKEN}`)).not.toContain(TOKEN.slice(0, 8));
  });

  it('is a keyed digest of the presented header: known answer', async () => {
    const { createHash } = await import('node:crypto');
    const expected = createHash('sha256').update(`obmcp-task-owner\nBearer ${TOKEN}`, 'utf8').digest('hex');
    expect(taskOwner(`Bearer ${TOKEN}`)).toBe(`auth:${expected.slice(0, 32)}`);
  });
});
