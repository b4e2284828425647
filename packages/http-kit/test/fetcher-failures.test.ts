// Fetcher failure mapping under msw: timeout, network error, caller abort, no secrets in errors.
import { UpstreamTransportError } from '@obmcp/contract';
import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetcher } from '../src/index.js';

const BASE = 'https://upstream.test';
const CANARY = 'Atza|CANARY-TOKEN-1234567890';
const server = setupServer(
  http.get(`${BASE}/hang`, async () => {
    await delay('infinite');
    return HttpResponse.json({});
  }),
  http.post(`${BASE}/hang`, async () => {
    await delay('infinite');
    return HttpResponse.json({});
  }),
  http.get(`${BASE}/slow-body`, () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"partial":'));
      },
    });
    return new HttpResponse(stream, { headers: { 'content-type': 'application/json' } });
  }),
  http.get(`${BASE}/error`, () => HttpResponse.error()),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const fetcher = createFetcher({ timeoutMs: 200 });
afterAll(() => fetcher.close());

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
}

async function transport(promise: Promise<unknown>): Promise<UpstreamTransportError> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(UpstreamTransportError);
  return error as UpstreamTransportError;
}

describe('fetcher failure mapping', () => {
  it("delay('infinite') → UPSTREAM_TIMEOUT after the configured timeoutMs", async () => {
    // When the timer fires is proven on a fake clock (exchange-signal.test.ts); here, that a hanging upstream
    // ends in UPSTREAM_TIMEOUT for the fetcher's own 200 ms (a fetcher that hung would fail the test's timeout).
    const error = await transport(fetcher.send({ method: 'GET', url: `${BASE}/hang` }));
    expect(error.code).toBe('UPSTREAM_TIMEOUT');
    expect(error.summary).toBe('Upstream upstream.test did not answer within 200 ms.');
    expect(error.details).toEqual([
      {
        path: '',
        issue: 'no complete response within 200 ms',
        received_type: 'upstream_transport',
        upstream_host: 'upstream.test',
        method: 'GET',
      },
    ]);
  });

  it('a body that stops mid-way → UPSTREAM_TIMEOUT (the deadline covers reading the body)', async () => {
    const error = await transport(fetcher.send({ method: 'GET', url: `${BASE}/slow-body`, timeoutMs: 150 }));
    expect(error.code).toBe('UPSTREAM_TIMEOUT');
  });

  it('never puts request headers, query or body into the error', async () => {
    const error = await transport(
      fetcher.send({
        method: 'POST',
        url: `${BASE}/hang?token=${encodeURIComponent(CANARY)}`,
        headers: { authorization: `Bearer ${CANARY}`, 'x-amz-access-token': CANARY },
        body: JSON.stringify({ refresh_token: CANARY }),
      }),
    );
    const visible = JSON.stringify({ s: error.summary, d: error.details, h: error.hints, m: error.message });
    expect(visible).not.toContain('CANARY');
    expect(visible).not.toContain('hang');
  });

  it('HttpResponse.error() → UPSTREAM_UNREACHABLE', async () => {
    const error = await transport(fetcher.send({ method: 'GET', url: `${BASE}/error` }));
    expect(error.code).toBe('UPSTREAM_UNREACHABLE');
    expect(error.details[0]?.received_type).toBe('upstream_transport');
  });

  it("the caller's own abort is rethrown as the AbortError, not a transport error", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const slow = createFetcher({ timeoutMs: 5_000 });
    const error = await rejection(
      slow.send({ method: 'GET', url: `${BASE}/hang`, signal: controller.signal }),
    );
    expect(error).not.toBeInstanceOf(UpstreamTransportError);
    expect((error as Error).name).toBe('AbortError');
    await slow.close();
  });

  it('an already-aborted caller signal rejects at once with its reason', async () => {
    const reason = new Error('tool cancelled');
    const error = await rejection(
      fetcher.send({ method: 'GET', url: `${BASE}/hang`, signal: AbortSignal.abort(reason) }),
    );
    expect(error).toBe(reason);
  });
});
