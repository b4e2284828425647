// Fetcher's own redirect following under msw: bounded loop, final URL, credentials dropped cross-origin.
import { UpstreamTransportError } from '@obmcp/contract';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetcher } from '../src/index.js';

const BASE = 'https://upstream.test';
const OTHER = 'https://cdn.other.test';
const CANARY = 'Atza|CANARY-TOKEN-1234567890';
const server = setupServer(
  http.get(`${BASE}/hop`, () => new HttpResponse(null, { status: 302, headers: { location: '/final?x=1' } })),
  http.get(`${BASE}/final`, ({ request }) =>
    HttpResponse.json({ auth: request.headers.get('authorization') }),
  ),
  http.post(
    `${BASE}/see-other`,
    () => new HttpResponse(null, { status: 303, headers: { location: `${OTHER}/land` } }),
  ),
  http.get(`${OTHER}/land`, ({ request }) =>
    HttpResponse.json({
      auth: request.headers.get('authorization'),
      amz: request.headers.get('x-amz-access-token'),
      accept: request.headers.get('accept'),
    }),
  ),
  http.get(
    `${BASE}/download`,
    () =>
      new HttpResponse(null, {
        status: 307,
        headers: { location: `${OTHER}/file`, warning: '199 - "cached response"' },
      }),
  ),
  http.get(`${OTHER}/file`, () => HttpResponse.json([])),
  http.get(
    `${BASE}/loop`,
    () => new HttpResponse(null, { status: 302, headers: { location: `${BASE}/loop?again=1` } }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const fetcher = createFetcher({ timeoutMs: 1_000, redirectHosts: ['cdn.other.test'] });
afterAll(() => fetcher.close());

async function transport(promise: Promise<unknown>): Promise<UpstreamTransportError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamTransportError);
  return error as UpstreamTransportError;
}

describe('fetcher redirects', () => {
  it("keeps a redirect hop's Warning on the final answer (a download's 307 to a file host)", async () => {
    const res = await fetcher.send({ method: 'GET', url: `${BASE}/download` });
    expect(res.status).toBe(200);
    expect(res.url).toBe(`${OTHER}/file`);
    expect(res.headers.get('warning')).toBe('199 - "cached response"');
  });

  it('redirect loop → UPSTREAM_UNREACHABLE without hanging', async () => {
    const fast = createFetcher({ timeoutMs: 5_000 });
    const error = await transport(fast.send({ method: 'GET', url: `${BASE}/loop` }));
    // The redirect limit ended it, not the 5 s deadline (that would be UPSTREAM_TIMEOUT).
    expect(error.code).toBe('UPSTREAM_UNREACHABLE');
    await fast.close();
  });

  it('follows a same-origin redirect keeping headers, and reports the final URL', async () => {
    const res = await fetcher.send({
      method: 'GET',
      url: `${BASE}/hop`,
      headers: { authorization: 'Bearer t' },
    });
    expect(res.url).toBe(`${BASE}/final?x=1`);
    expect(res.json()).toEqual({ auth: 'Bearer t' });
  });

  it('a cross-origin redirect turns POST into GET and drops credentials', async () => {
    const res = await fetcher.send({
      method: 'POST',
      url: `${BASE}/see-other`,
      headers: {
        authorization: `Bearer ${CANARY}`,
        'x-amz-access-token': CANARY,
        accept: 'application/json',
      },
      body: '{}',
    });
    expect(res.json()).toEqual({ auth: null, amz: null, accept: 'application/json' });
  });
});
