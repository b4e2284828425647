// Fetcher against msw handlers for a fake host: success, JSON sniffing, invalid bodies, size cap.
import { UpstreamTransportError } from '@obmcp/contract';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFetcher } from '../src/index.js';

const BASE = 'https://upstream.test';
const server = setupServer(
  http.get(`${BASE}/ok`, ({ request }) =>
    HttpResponse.json(
      { hello: 'world', ua: request.headers.get('user-agent') },
      { headers: { 'x-req': 'r1' } },
    ),
  ),
  http.get(
    `${BASE}/vnd`,
    () =>
      new HttpResponse('{"v":1}', {
        headers: { 'content-type': 'application/vnd.openbridge.v1+json; charset=utf-8' },
      }),
  ),
  http.get(
    `${BASE}/truncated`,
    () => new HttpResponse('{"orders":[{"id":', { headers: { 'content-type': 'application/json' } }),
  ),
  http.get(`${BASE}/html`, () => HttpResponse.html('<html><body>Service Unavailable</body></html>')),
  http.get(`${BASE}/status/:code`, ({ params }) =>
    HttpResponse.json({ errors: [{ code: 'X' }] }, { status: Number(params['code']) }),
  ),
  http.get(`${BASE}/big`, () => new HttpResponse(new Uint8Array(64 * 1024).fill(97))),
  http.get(`${BASE}/big-stream`, () => {
    const chunk = new Uint8Array(16 * 1024).fill(98);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1;
        if (sent > 1000) controller.close();
        else controller.enqueue(chunk);
      },
    });
    return new HttpResponse(stream, { headers: { 'content-type': 'text/plain' } });
  }),
  http.post(`${BASE}/echo`, async ({ request }) =>
    HttpResponse.json({ type: request.headers.get('content-type'), body: await request.text() }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const fetcher = createFetcher({ timeoutMs: 1_000, maxBodyBytes: 32 * 1024, userAgent: 'http-kit-test/1' });
afterAll(() => fetcher.close());

async function failure(promise: Promise<unknown>): Promise<UpstreamTransportError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamTransportError);
  return error as UpstreamTransportError;
}

describe('createFetcher().send', () => {
  it('returns status, headers, bytes and parsed JSON', async () => {
    const res = await fetcher.send({ method: 'get', url: `${BASE}/ok` });
    expect(res.status).toBe(200);
    expect(res.ok).toBe(true);
    expect(res.isJson).toBe(true);
    expect(res.headers.get('x-req')).toBe('r1');
    expect(res.url).toBe(`${BASE}/ok`);
    expect(res.json()).toEqual({ hello: 'world', ua: 'http-kit-test/1' });
    expect(res.text()).toContain('"hello"');
    expect(res.bytes.byteLength).toBeGreaterThan(0);
  });

  it('recognises application/vnd.*+json as JSON', async () => {
    const res = await fetcher.send({ method: 'GET', url: new URL(`${BASE}/vnd`) });
    expect(res.isJson).toBe(true);
    expect(res.json()).toEqual({ v: 1 });
  });

  it('resolves non-2xx statuses instead of throwing', async () => {
    const res = await fetcher.send({ method: 'GET', url: `${BASE}/status/503` });
    expect(res.status).toBe(503);
    expect(res.ok).toBe(false);
    expect(res.json()).toEqual({ errors: [{ code: 'X' }] });
  });

  it('truncated JSON → UPSTREAM_INVALID_RESPONSE from json()', async () => {
    const res = await fetcher.send({ method: 'GET', url: `${BASE}/truncated` });
    expect(res.isJson).toBe(true);
    const error = await failure(Promise.resolve().then(() => res.json()));
    expect(error.code).toBe('UPSTREAM_INVALID_RESPONSE');
    expect(error.details[0]?.issue).toMatch(/not valid JSON .*application\/json/);
    expect(JSON.stringify(error.details)).not.toContain('orders');
  });

  it('HTML 200 → isJson false and json() → UPSTREAM_INVALID_RESPONSE', async () => {
    const res = await fetcher.send({ method: 'GET', url: `${BASE}/html` });
    expect(res.isJson).toBe(false);
    expect(res.text()).toContain('Service Unavailable');
    const error = await failure(Promise.resolve().then(() => res.json()));
    expect(error.code).toBe('UPSTREAM_INVALID_RESPONSE');
    expect(error.details[0]?.issue).toContain('text/html');
  });

  it('oversized body (content-length) → UPSTREAM_INVALID_RESPONSE', async () => {
    const error = await failure(fetcher.send({ method: 'GET', url: `${BASE}/big` }));
    expect(error.code).toBe('UPSTREAM_INVALID_RESPONSE');
    expect(error.details[0]?.issue).toBe('response body exceeds 32768 bytes');
  });

  it('oversized streamed body → UPSTREAM_INVALID_RESPONSE; per-request cap overrides', async () => {
    const error = await failure(
      fetcher.send({ method: 'GET', url: `${BASE}/big-stream`, maxBodyBytes: 100_000 }),
    );
    expect(error.details[0]?.issue).toBe('response body exceeds 100000 bytes');
    const ok = await fetcher.send({ method: 'GET', url: `${BASE}/big-stream`, maxBodyBytes: 20_000_000 });
    expect(ok.bytes.byteLength).toBe(1000 * 16 * 1024);
  });

  it('sends string and form bodies', async () => {
    const form = await fetcher.send({
      method: 'POST',
      url: `${BASE}/echo`,
      body: new URLSearchParams({ grant_type: 'refresh_token', a: 'b c' }),
    });
    expect(form.json()).toEqual({
      type: 'application/x-www-form-urlencoded;charset=UTF-8',
      body: 'grant_type=refresh_token&a=b+c',
    });
    const raw = await fetcher.send({
      method: 'POST',
      url: `${BASE}/echo`,
      headers: { 'content-type': 'application/json' },
      body: '{"x":1}',
    });
    expect(raw.json()).toEqual({ type: 'application/json', body: '{"x":1}' });
  });

  it('rejects a GET with a body as a programming error', async () => {
    await expect(fetcher.send({ method: 'GET', url: `${BASE}/ok`, body: 'x' })).rejects.toThrow(TypeError);
  });
});
