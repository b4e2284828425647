// createFetcher's options and a request's own settings as the upstream sees them: user-agent, header names,
// methods, the redirect bound and scope, and the default body cap.
import { UpstreamTransportError } from '@obmcp/contract';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetcher } from '../src/index.js';

const BASE = 'https://options.test';
const MiB = 1024 * 1024;
const server = setupServer(
  http.all(`${BASE}/echo`, ({ request }) =>
    HttpResponse.json({
      method: request.method,
      ua: request.headers.get('user-agent'),
      custom: request.headers.get('x-custom'),
    }),
  ),
  // /hops/N redirects N more times, then answers.
  http.get(`${BASE}/hops/:n`, ({ params }) => {
    const n = Number(params['n']);
    if (n === 0) return HttpResponse.json({ arrived: true });
    return new HttpResponse(null, { status: 302, headers: { location: `${BASE}/hops/${n - 1}` } });
  }),
  http.get(
    `${BASE}/elsewhere`,
    () => new HttpResponse(null, { status: 302, headers: { location: 'https://elsewhere.test/x' } }),
  ),
  http.get('https://elsewhere.test/x', () => HttpResponse.json({ elsewhere: true })),
  http.get(`${BASE}/bytes/:n`, ({ params }) => new HttpResponse(new Uint8Array(Number(params['n'])))),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const plain = createFetcher({ timeoutMs: 5_000 });
const branded = createFetcher({ timeoutMs: 5_000, userAgent: 'obmcp-test/2', maxRedirects: 1 });
const scoped = createFetcher({ timeoutMs: 5_000, redirectHosts: ['elsewhere.test'] });
afterAll(() => Promise.all([plain.close(), branded.close(), scoped.close()]));

async function transport(promise: Promise<unknown>): Promise<UpstreamTransportError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamTransportError);
  return error as UpstreamTransportError;
}

describe('createFetcher options', () => {
  it("sends the fetcher's user-agent unless the request names its own, in any spelling", async () => {
    expect((await branded.send({ method: 'GET', url: `${BASE}/echo` })).json()).toMatchObject({
      ua: 'obmcp-test/2',
    });
    const own = await branded.send({
      method: 'GET',
      url: `${BASE}/echo`,
      headers: { 'User-Agent': 'caller/1', 'X-Custom': 'kept' },
    });
    expect(own.json()).toMatchObject({ ua: 'caller/1', custom: 'kept' });
    const unbranded = (await plain.send({ method: 'GET', url: `${BASE}/echo` })).json() as { ua: unknown };
    expect(unbranded.ua).not.toBe('undefined');
    expect(String(unbranded.ua)).not.toContain('obmcp');
  });

  it('sends the method in upper case, and refuses a body on GET or HEAD in any spelling', async () => {
    expect((await plain.send({ method: 'post', url: `${BASE}/echo`, body: 'x' })).json()).toMatchObject({
      method: 'POST',
    });
    for (const method of ['get', 'HEAD', 'head'])
      await expect(plain.send({ method, url: `${BASE}/echo`, body: 'x' }), method).rejects.toThrow(
        `http-kit: a ${method.toUpperCase()} request cannot have a body`,
      );
  });

  it('follows 10 redirects by default and refuses the 11th; maxRedirects lowers the bound', async () => {
    expect((await plain.send({ method: 'GET', url: `${BASE}/hops/10` })).json()).toEqual({ arrived: true });
    expect((await transport(plain.send({ method: 'GET', url: `${BASE}/hops/11` }))).code).toBe(
      'UPSTREAM_UNREACHABLE',
    );
    expect((await branded.send({ method: 'GET', url: `${BASE}/hops/1` })).json()).toEqual({ arrived: true });
    expect((await transport(branded.send({ method: 'GET', url: `${BASE}/hops/2` }))).code).toBe(
      'UPSTREAM_UNREACHABLE',
    );
  });

  it('a redirect to another host is refused unless redirectHosts lists it', async () => {
    await expect(plain.send({ method: 'GET', url: `${BASE}/elsewhere` })).rejects.toMatchObject({
      code: 'UPSTREAM_REDIRECT_REFUSED',
      details: [expect.objectContaining({ reason: 'undeclared_host' })],
    });
    const followed = await scoped.send({ method: 'GET', url: `${BASE}/elsewhere` });
    expect(followed.json()).toEqual({ elsewhere: true });
    expect(followed.url).toBe('https://elsewhere.test/x');
  });

  it('caps a body at 10 MiB unless the fetcher or the request says otherwise', async () => {
    expect((await plain.send({ method: 'GET', url: `${BASE}/bytes/${10 * MiB}` })).bytes.byteLength).toBe(
      10 * MiB,
    );
    const over = await transport(plain.send({ method: 'GET', url: `${BASE}/bytes/${10 * MiB + 1}` }));
    expect(over.details[0]?.issue).toBe(`response body exceeds ${10 * MiB} bytes`);
  });

  it('many requests with one long-lived caller signal leave no listener behind (no MaxListenersExceededWarning)', async () => {
    const signal = new AbortController().signal;
    const seen: string[] = [];
    const onWarning = (warning: Error) => seen.push(warning.name);
    process.on('warning', onWarning);
    try {
      for (let i = 0; i < 15; i++) await plain.send({ method: 'GET', url: `${BASE}/echo`, signal });
      await new Promise((r) => setTimeout(r, 20));
    } finally {
      process.off('warning', onWarning);
    }
    expect(seen).not.toContain('MaxListenersExceededWarning');
  });

  it('a request after the caller gave up never reaches the upstream', async () => {
    const reason = new Error('tool cancelled');
    await expect(
      plain.send({ method: 'GET', url: `${BASE}/echo`, signal: AbortSignal.abort(reason) }),
    ).rejects.toBe(reason);
  });
});
