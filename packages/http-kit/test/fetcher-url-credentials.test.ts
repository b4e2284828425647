// A base URL with a proxy's user:password: the request still reaches that host, the userinfo goes out as Basic credentials.
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFetcher } from '../src/index.js';

const PASSWORD = 'canary-proxy-pw-5e1d';
const PROXY = `https://obmcp:${PASSWORD}@proxy.test/sp`;
const basic = (userinfo: string) => `Basic ${Buffer.from(userinfo).toString('base64')}`;

const seen: Array<{ url: string; authorization: string | null; proxy: string | null }> = [];
const server = setupServer(
  http.get('https://proxy.test/sp/orders', ({ request }) => {
    seen.push({
      url: request.url,
      authorization: request.headers.get('authorization'),
      proxy: request.headers.get('proxy-authorization'),
    });
    return HttpResponse.json({ ok: true });
  }),
  http.get('https://proxy.test/sp/moved', () =>
    HttpResponse.text('', { status: 307, headers: { location: 'https://elsewhere.test/file' } }),
  ),
  http.get('https://unreachable.test/x', () => HttpResponse.error()),
  http.get('https://elsewhere.test/file', ({ request }) =>
    HttpResponse.json({
      authorization: request.headers.get('authorization'),
      proxy: request.headers.get('proxy-authorization'),
    }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
});
afterAll(() => server.close());

const fetcher = createFetcher({ timeoutMs: 1_000, redirectHosts: ['elsewhere.test'] });
afterAll(() => fetcher.close());

describe('userinfo in a request URL', () => {
  it('goes to the host without userinfo in the URL, as Authorization: Basic when the request has none', async () => {
    const res = await fetcher.send({ method: 'GET', url: `${PROXY}/orders` });
    expect(res.status).toBe(200);
    expect(res.url).toBe('https://proxy.test/sp/orders');
    expect(seen).toEqual([
      { url: 'https://proxy.test/sp/orders', authorization: basic(`obmcp:${PASSWORD}`), proxy: null },
    ]);
  });

  it("as Proxy-Authorization when the request carries the upstream's own Authorization", async () => {
    await fetcher.send({
      method: 'GET',
      url: `${PROXY}/orders`,
      headers: { Authorization: 'Bearer upstream-token' },
    });
    expect(seen[0]).toMatchObject({
      authorization: 'Bearer upstream-token',
      proxy: basic(`obmcp:${PASSWORD}`),
    });
  });

  it('percent-encoded userinfo is decoded; a URL without userinfo sends neither header', async () => {
    await fetcher.send({ method: 'GET', url: 'https://us%40r:p%3Ass@proxy.test/sp/orders' });
    await fetcher.send({ method: 'GET', url: 'https://proxy.test/sp/orders' });
    expect(seen.map((s) => s.authorization)).toEqual([basic('us@r:p:ss'), null]);
  });

  it('the credentials do not follow a redirect to another host', async () => {
    const res = await fetcher.send({ method: 'GET', url: `${PROXY}/moved` });
    expect(res.json()).toEqual({ authorization: null, proxy: null });
  });

  it('a transport failure names the host, never the password', async () => {
    const error = await fetcher
      .send({ method: 'GET', url: `https://obmcp:${PASSWORD}@unreachable.test/x` })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain(PASSWORD);
  });
});

describe('splitUrlCredentials', () => {
  it('takes a bare user (a proxy token) out of the URL too (mutation H5)', async () => {
    const { splitUrlCredentials } = await import('../src/url-credentials.js');
    const out = splitUrlCredentials(new URL('https://token@proxy.test/sp'), {});
    expect(out.url.href).toBe('https://proxy.test/sp');
    expect(out.credentials).toEqual({ name: 'authorization', value: basic('token:') });
  });
});
