// The redirect rule's edges, as functions: host patterns, password-only userinfo, a downgrade judged from the hop, configured hosts.
import { describe, expect, it } from 'vitest';
import { hostsOfUrls, RedirectHosts, redirectRefusal } from '../src/redirect-scope.js';

describe('RedirectHosts', () => {
  it('an exact name allows only itself, not a host ending with it', () => {
    const hosts = new RedirectHosts(['api.example.com']);
    expect(hosts.allows('api.example.com')).toBe(true);
    expect(hosts.allows('xapi.example.com')).toBe(false);
    expect(hosts.allows('sub.api.example.com')).toBe(false);
  });

  it('each of several suffix patterns allows its subdomains', () => {
    const hosts = new RedirectHosts(['*.one.test', '*.two.test']);
    expect(hosts.allows('a.one.test')).toBe(true);
    expect(hosts.allows('b.two.test')).toBe(true);
    expect(hosts.allows('three.test')).toBe(false);
  });

  it('patterns and hosts are compared trimmed, lower-case and without a trailing dot', () => {
    const hosts = new RedirectHosts(['  API.Example.COM.  ', ' *.CDN.test ']);
    expect(hosts.allows('api.example.com')).toBe(true);
    expect(hosts.allows(' Api.Example.Com. ')).toBe(true);
    expect(hosts.allows('x.cdn.test')).toBe(true);
    expect(hosts.allows('apiexample.com')).toBe(false);
  });

  it('names are folded to lower case only: a look-alike that matches after upper-casing is not declared', () => {
    const hosts = new RedirectHosts(['api.example.com', '*.cdn.test']);
    // U+0131 (dotless ı) upper-cases to I and U+017F (long ſ) to S: neither is the declared ASCII name.
    expect(hosts.allows('apı.example.com')).toBe(false);
    expect(hosts.allows('x.cdn.teſt')).toBe(false);
    expect(hosts.allows('API.EXAMPLE.COM')).toBe(true);
  });

  it('an empty or blank pattern allows nothing', () => {
    const hosts = new RedirectHosts(['', '   ']);
    expect(hosts.allows('')).toBe(false);
    expect(hosts.allows('api.example.com')).toBe(false);
  });
});

describe('redirectRefusal', () => {
  const hosts = new RedirectHosts(['cdn.test']);
  const asked = new URL('https://api.example.com/a');

  it('a Location with only a password is refused too', () => {
    expect(redirectRefusal(asked, asked, new URL('https://:pw@cdn.test/x'), hosts)).toBe(
      'credentials_in_location',
    );
    expect(redirectRefusal(asked, asked, new URL('https://user@cdn.test/x'), hosts)).toBe(
      'credentials_in_location',
    );
  });

  it('the downgrade rule looks at the hop that redirected: http → http to a declared host is followed', () => {
    const plainHop = new URL('http://api.example.com/b');
    expect(redirectRefusal(asked, plainHop, new URL('http://cdn.test/x'), hosts)).toBeUndefined();
    expect(redirectRefusal(asked, asked, new URL('http://cdn.test/x'), hosts)).toBe('insecure_downgrade');
  });

  it('the asked host on another scheme or port is followed, another host is judged by the list', () => {
    expect(redirectRefusal(asked, asked, new URL('https://api.example.com:8443/x'), hosts)).toBeUndefined();
    expect(redirectRefusal(asked, asked, new URL('http://API.example.com./x'), hosts)).toBeUndefined();
    expect(redirectRefusal(asked, asked, new URL('https://cdn.test/x'), hosts)).toBeUndefined();
    expect(redirectRefusal(asked, asked, new URL('https://other.test/x'), hosts)).toBe('undeclared_host');
  });
});

describe('hostsOfUrls', () => {
  it('takes the hostname of each configured URL, skipping unset and unreadable ones', () => {
    expect(
      hostsOfUrls([undefined, 'https://u:p@Proxy.Example:8443/sp', 'not a url', 'http://[::1]:9000/']),
    ).toEqual(['proxy.example', '[::1]']);
    expect(hostsOfUrls([])).toEqual([]);
  });
});
