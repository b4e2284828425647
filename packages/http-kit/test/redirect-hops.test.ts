// One redirect hop's rules (method, body, which headers survive) and the hop loop's bounds, without a network.
import { describe, expect, it } from 'vitest';
import { RedirectHosts } from '../src/redirect-scope.js';
import {
  followRedirects,
  type Hop,
  nextHop,
  RedirectRefusedError,
  TooManyRedirectsError,
} from '../src/redirects.js';

const BODY_HEADERS = {
  'content-type': 'application/json',
  'content-length': '2',
  'content-encoding': 'identity',
  'content-language': 'en',
};
const SAFE_HEADERS = {
  accept: 'application/json',
  'accept-encoding': 'gzip',
  'accept-language': 'en-US',
  'user-agent': 'obmcp-test',
};

function hop(method: string, headers: Record<string, string> = {}, url = 'https://api.test/a'): Hop {
  return {
    url: new URL(url),
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : '{}',
  };
}
const redirect = (status: number, location?: string, extra: Record<string, string> = {}) =>
  new Response(null, { status, headers: { ...(location === undefined ? {} : { location }), ...extra } });

describe('nextHop: which responses redirect', () => {
  it.each([301, 302, 303, 307, 308])('%i with a Location is a redirect', (status) => {
    expect(nextHop(hop('GET'), redirect(status, '/b'))?.url.href).toBe('https://api.test/b');
  });

  it.each([200, 300, 304, 404])('%i is final even with a Location', (status) => {
    expect(nextHop(hop('GET'), new Response(null, { status, headers: { location: '/b' } }))).toBeUndefined();
  });

  it('a redirect status without a Location is final', () => {
    expect(nextHop(hop('GET'), redirect(302))).toBeUndefined();
  });

  it('an unreadable Location is refused with its status and no target host', () => {
    const error = (() => {
      try {
        nextHop(hop('GET'), redirect(307, 'http://[bad'));
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(RedirectRefusedError);
    expect(error).toMatchObject({
      name: 'RedirectRefusedError',
      message: 'redirect refused (malformed_location)',
      reason: 'malformed_location',
      status: 307,
      targetHost: '',
    });
  });
});

describe('nextHop: method and body', () => {
  it.each([
    [303, 'POST', 'GET'],
    [303, 'PUT', 'GET'],
    [303, 'GET', 'GET'],
    [301, 'POST', 'GET'],
    [302, 'POST', 'GET'],
  ])('%i after %s → %s without the body or its headers', (status, method, after) => {
    const next = nextHop(hop(method, { ...BODY_HEADERS, 'x-trace': 't' }), redirect(status, '/b'));
    expect(next).toMatchObject({ method: after, body: undefined });
    // Same origin: everything but the body's own headers stays.
    expect(next?.headers).toEqual({ 'x-trace': 't' });
  });

  it.each([
    [303, 'HEAD'],
    [301, 'PUT'],
    [302, 'DELETE'],
    [307, 'POST'],
    [308, 'POST'],
    [301, 'HEAD'],
  ])('%i after %s keeps the method, the body and its headers', (status, method) => {
    const before = hop(method, { ...BODY_HEADERS });
    const next = nextHop(before, redirect(status, '/b'));
    expect(next).toMatchObject({ method, body: before.body });
    expect(next?.headers).toEqual(BODY_HEADERS);
  });
});

describe('nextHop: headers across origins', () => {
  const all = { ...SAFE_HEADERS, authorization: 'Bearer x', 'x-api-key': 'k', 'x-trace': 't' };

  it.each([
    ['another host', 'https://cdn.test/b'],
    ['another port', 'https://api.test:8443/b'],
    ['https → http on the same host', 'http://api.test/b'],
  ])('%s keeps exactly accept, accept-encoding, accept-language and user-agent', (_, to) => {
    expect(nextHop(hop('GET', all), redirect(302, to))?.headers).toEqual(SAFE_HEADERS);
  });

  it('the same origin (default port written out) keeps every header', () => {
    expect(nextHop(hop('GET', all), redirect(302, 'https://api.test:443/b'))?.headers).toEqual(all);
  });
});

describe('followRedirects: the hop loop', () => {
  const hosts = new RedirectHosts(['cdn.test']);
  /** A fake upstream answering each request with the next scripted response; records what was sent. */
  function upstream(...responses: Response[]) {
    const sent: string[] = [];
    const send = async (h: Hop) => {
      sent.push(`${h.method} ${h.url.href}`);
      const next = responses.shift();
      if (next === undefined) throw new Error('no scripted response left');
      return next;
    };
    return { sent, send };
  }

  it('follows exactly maxRedirects hops and returns the last URL', async () => {
    const { sent, send } = upstream(redirect(302, '/1'), redirect(302, '/2'), new Response('ok'));
    const { response, url } = await followRedirects(hop('GET'), 2, hosts, send);
    expect(await response.text()).toBe('ok');
    expect(url.href).toBe('https://api.test/2');
    expect(sent).toEqual(['GET https://api.test/a', 'GET https://api.test/1', 'GET https://api.test/2']);
  });

  it('one hop more than maxRedirects throws before sending it', async () => {
    const { sent, send } = upstream(redirect(302, '/1'), redirect(302, '/2'), redirect(302, '/3'));
    const error = await followRedirects(hop('GET'), 2, hosts, send).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooManyRedirectsError);
    expect(error).toMatchObject({
      name: 'TooManyRedirectsError',
      message: 'more than 2 redirects',
      maxRedirects: 2,
    });
    expect(sent).toHaveLength(3);
  });

  it('maxRedirects 0 follows nothing', async () => {
    const { sent, send } = upstream(redirect(302, '/1'));
    await expect(followRedirects(hop('GET'), 0, hosts, send)).rejects.toBeInstanceOf(TooManyRedirectsError);
    expect(sent).toHaveLength(1);
  });

  it('a refused hop throws with its reason, status and target host, and is never sent', async () => {
    const { sent, send } = upstream(redirect(308, 'https://evil.test/steal?sig=1'));
    const error = await followRedirects(hop('GET'), 5, hosts, send).catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'RedirectRefusedError',
      reason: 'undeclared_host',
      status: 308,
      targetHost: 'evil.test',
    });
    expect(sent).toEqual(['GET https://api.test/a']);
  });

  it('a final answer keeps its status, status text and headers; no Warning is invented', async () => {
    const final = new Response('gone', { status: 404, statusText: 'Not Found', headers: { 'x-id': '7' } });
    const { send } = upstream(redirect(302, 'https://cdn.test/b'), final);
    const { response } = await followRedirects(hop('GET'), 5, hosts, send);
    // No hop sent a Warning: the answer is the upstream's own Response, not a copy (url, type, redirected kept).
    expect(response).toBe(final);
    expect(response.status).toBe(404);
    expect(response.headers.get('warning')).toBeNull();
    expect(response.headers.get('x-id')).toBe('7');
  });

  it("every hop's Warning reaches the final answer, which keeps its status, status text and body", async () => {
    const { send } = upstream(
      redirect(302, '/1', { warning: '199 - "first"' }),
      redirect(307, '/2', { warning: '199 - "second"' }),
      new Response('body', { status: 203, statusText: 'Partial', headers: { warning: '299 - "own"' } }),
    );
    const { response } = await followRedirects(hop('GET'), 5, hosts, send);
    expect(response.status).toBe(203);
    expect(response.statusText).toBe('Partial');
    expect(response.headers.get('warning')).toBe('299 - "own", 199 - "first", 199 - "second"');
    expect(await response.text()).toBe('body');
  });
});
