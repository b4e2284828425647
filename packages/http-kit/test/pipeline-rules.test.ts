// The pipeline's rules as the upstream and the agent see them, over a scripted fetcher: which failures are sent
// again, what a 429 does to the next call, which limiter bucket a call spends from, credentials per scope, and
// what an HTTP failure carries.
import { RateLimitedError, UpstreamHttpError } from '@obmcp/contract';
import { createMetaCollector } from '@obmcp/mcp-server/testing';
import { describe, expect, it } from 'vitest';
import type { Fetcher } from '../src/fetcher.js';
import { createLimiter, type Limiter } from '../src/limiter.js';
import { createPipeline } from '../src/pipeline/pipeline.js';
import type { AuthPlugin, ExchangeRequest, UpstreamDescription } from '../src/pipeline/types.js';
import { bearer, scripted } from './support/scripted-fetcher.js';

/** A real limiter whose learned rates and penalties are recorded. */
function recordingLimiter() {
  const inner = createLimiter({ maxWaitMs: 0 });
  const learned: Array<[string, number]> = [];
  const acquired: string[] = [];
  const limiter: Limiter = {
    ...inner,
    acquire: (key, rule, signal) => {
      acquired.push(key);
      return inner.acquire(key, rule, signal);
    },
    learn: (key, rate) => {
      learned.push([key, rate]);
      inner.learn(key, rate);
    },
  };
  return { limiter, learned, acquired };
}

function pipeline(fetcher: Fetcher, overrides: Partial<UpstreamDescription> = {}) {
  return createPipeline({
    name: 'api',
    service: 'Test API',
    fetcher,
    baseUrl: () => 'https://api.test',
    auth: bearer,
    headers: {
      rateLimit: () => undefined,
      limitPerSecond: (headers) => (headers.has('x-rate') ? Number(headers.get('x-rate')) : undefined),
      requestId: (headers) => headers.get('x-request-id') ?? undefined,
    },
    errors: (res) => ({
      summary: `failed ${res.status}`,
      details: [],
      hints: ['look'],
      requestId: 'parsed-id',
    }),
    retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 2, maxTotalMs: 5_000 },
    ...overrides,
  });
}

const call = (extra: Partial<ExchangeRequest> = {}): ExchangeRequest => ({
  operation: 'getThing',
  method: 'GET',
  path: '/thing',
  ...extra,
});

describe('which failures are sent again', () => {
  it('a read that met an outage is sent again; a write is not, unless it says it is safe to repeat', async () => {
    const read = scripted({ status: 503 });
    await expect(pipeline(read.fetcher).exchange(call())).rejects.toMatchObject({ status: 503 });
    expect(read.sent).toHaveLength(3);
    const head = scripted({ status: 503 });
    await expect(pipeline(head.fetcher).exchange(call({ method: 'HEAD' }))).rejects.toMatchObject({
      status: 503,
    });
    expect(head.sent).toHaveLength(3);
    const write = scripted({ status: 503 });
    await expect(pipeline(write.fetcher).exchange(call({ method: 'POST', body: {} }))).rejects.toMatchObject({
      status: 503,
    });
    expect(write.sent).toHaveLength(1);
    const safe = scripted({ status: 503 }, { status: 200, body: { ok: true } });
    await expect(
      pipeline(safe.fetcher).exchange(call({ method: 'POST', body: {}, idempotent: true })),
    ).resolves.toMatchObject({ body: { ok: true } });
    expect(safe.sent).toHaveLength(2);
    const unsafeRead = scripted({ status: 503 });
    await expect(pipeline(unsafeRead.fetcher).exchange(call({ idempotent: false }))).rejects.toMatchObject({
      status: 503,
    });
    expect(unsafeRead.sent).toHaveLength(1);
  });

  it('a throttled write is sent again (it was not executed)', async () => {
    const write = scripted(
      { status: 429, headers: { 'retry-after': '0' } },
      { status: 201, body: { id: 1 } },
    );
    await expect(pipeline(write.fetcher).exchange(call({ method: 'POST', body: {} }))).resolves.toMatchObject(
      {
        status: 201,
      },
    );
    expect(write.sent).toHaveLength(2);
  });
});

describe('the pre-flight limiter', () => {
  it('a 429 with Retry-After holds the bucket: the next call is refused before the wire', async () => {
    const { limiter } = recordingLimiter();
    const { fetcher, sent } = scripted({ status: 429, headers: { 'retry-after': '30' } });
    const p = pipeline(fetcher, {
      limits: { limiter, rule: () => ({ rate: 100, burst: 100 }) },
      retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1, maxTotalMs: 10 },
    });
    await expect(p.exchange(call())).rejects.toMatchObject({ status: 429 });
    expect(sent).toHaveLength(1);
    await expect(p.exchange(call())).rejects.toBeInstanceOf(RateLimitedError);
    expect(sent).toHaveLength(1);
  });

  it('the hold lasts the Retry-After seconds: a call 150 ms later is still refused and told to wait ~30 s', async () => {
    const { limiter } = recordingLimiter();
    const { fetcher, sent } = scripted({ status: 429, headers: { 'retry-after': '30' } });
    const p = pipeline(fetcher, {
      limits: { limiter, rule: () => ({ rate: 100, burst: 100 }) },
      retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1, maxTotalMs: 10 },
    });
    await expect(p.exchange(call())).rejects.toMatchObject({ status: 429 });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const refusal = await p.exchange(call()).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(RateLimitedError);
    expect((refusal as RateLimitedError).retryAfterSeconds).toBeGreaterThanOrEqual(29);
    // No second request inside the upstream's window.
    expect(sent).toHaveLength(1);
  });

  it('a 429 without Retry-After does not hold the bucket', async () => {
    const { limiter } = recordingLimiter();
    const { fetcher, sent } = scripted({ status: 429 });
    const p = pipeline(fetcher, {
      limits: { limiter, rule: () => ({ rate: 100, burst: 100 }) },
      retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1, maxTotalMs: 10 },
    });
    await expect(p.exchange(call())).rejects.toMatchObject({ status: 429 });
    await expect(p.exchange(call())).rejects.toMatchObject({ status: 429 });
    expect(sent).toHaveLength(2);
  });

  it('when the limiter refuses a retry, the agent hears what the upstream said, not the limiter', async () => {
    const { limiter } = recordingLimiter();
    const { fetcher, sent } = scripted({ status: 503, headers: { 'x-request-id': 'up-1' } });
    const p = pipeline(fetcher, { limits: { limiter, rule: () => ({ rate: 0.001, burst: 1 }) } });
    const error = await p.exchange(call()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamHttpError);
    expect(error).toMatchObject({ status: 503, requestId: 'up-1' });
    expect(sent).toHaveLength(1);
    // A first attempt the limiter refuses is the limiter's refusal.
    await expect(p.exchange(call())).rejects.toBeInstanceOf(RateLimitedError);
  });

  it('spends from <name>:<bucket or operation>@<scope or default>; limitScope false spends nothing', async () => {
    const { limiter, acquired } = recordingLimiter();
    const { fetcher } = scripted({ status: 200 });
    const rule = () => ({ rate: 100, burst: 100 });
    await pipeline(fetcher, { limits: { limiter, rule } }).exchange(call());
    await pipeline(fetcher, { limits: { limiter, rule } }).exchange(call({ limitScope: 'eu' }));
    await pipeline(fetcher, { limits: { limiter, rule, bucket: (op) => `b-${op}` } }).exchange(call());
    await pipeline(fetcher, { limits: { limiter, rule } }).exchange(call({ limitScope: false }));
    expect(acquired).toEqual(['api:getThing@default', 'api:getThing@eu', 'api:b-getThing@default']);
  });

  it('learns the rate an answer advertises for its bucket, unless told not to', async () => {
    const { limiter, learned } = recordingLimiter();
    const { fetcher } = scripted({ status: 200, headers: { 'x-rate': '2.5' } });
    const rule = () => ({ rate: 100, burst: 100 });
    await pipeline(fetcher, { limits: { limiter, rule } }).exchange(call({ limitScope: 'eu' }));
    await pipeline(fetcher, { limits: { limiter, rule, learn: false } }).exchange(call());
    await pipeline(fetcher, { limits: { limiter, rule } }).exchange(call({ limitScope: false }));
    expect(learned).toEqual([['api:getThing@eu', 2.5]]);
  });
});

describe('credentials', () => {
  it('each scope gets its own credentials; auth false sends none and never refreshes', async () => {
    let invalidated = 0;
    const auth: AuthPlugin = { ...bearer, invalidate: () => void invalidated++ };
    const { fetcher, sent } = scripted({ status: 200 });
    await pipeline(fetcher, { auth }).exchange(call());
    await pipeline(fetcher, { auth }).exchange(call({ auth: 'eu' }));
    await pipeline(fetcher, { auth }).exchange(call({ auth: false }));
    expect(sent.map((r) => r.headers?.authorization)).toEqual(['Bearer default', 'Bearer eu', undefined]);
    const rejected = scripted({ status: 401 });
    await expect(pipeline(rejected.fetcher, { auth }).exchange(call({ auth: false }))).rejects.toMatchObject({
      status: 401,
    });
    expect(rejected.sent).toHaveLength(1);
    expect(invalidated).toBe(0);
  });

  it('credentials that cannot be had (thrown at once or later) fail the call before the wire, once', async () => {
    for (const headers of [
      () => {
        throw new UpstreamHttpError(503, { summary: 'token service down' });
      },
      async () => {
        throw new UpstreamHttpError(503, { summary: 'token service down' });
      },
    ]) {
      let asked = 0;
      const auth: AuthPlugin = {
        ...bearer,
        headers: () => {
          asked++;
          return headers();
        },
      };
      const { fetcher, sent } = scripted({ status: 200 });
      await expect(pipeline(fetcher, { auth }).exchange(call())).rejects.toMatchObject({
        summary: 'token service down',
      });
      expect(sent).toHaveLength(0);
      expect(asked).toBe(1);
    }
  });
});

describe('an HTTP failure', () => {
  it("carries the parser's summary and hints, the code prefix, Retry-After and the answer's request id", async () => {
    const { fetcher } = scripted({ status: 404, headers: { 'x-request-id': 'hdr-id', 'retry-after': '7' } });
    const error = await pipeline(fetcher, { codePrefix: 'SP_API' })
      .exchange(call())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamHttpError);
    expect(error).toMatchObject({
      status: 404,
      service: 'Test API',
      prefix: 'SP_API',
      summary: 'failed 404',
      hints: ['look'],
      retryAfterSeconds: 7,
      requestId: 'hdr-id',
    });
  });

  it("without a request id header, the parser's; without either field, none", async () => {
    const { fetcher } = scripted({ status: 404 });
    await expect(pipeline(fetcher).exchange(call())).rejects.toMatchObject({ requestId: 'parsed-id' });
    const bare = pipeline(fetcher, { errors: () => ({ details: [], hints: [] }) });
    const error = (await bare.exchange(call()).catch((e: unknown) => e)) as UpstreamHttpError;
    expect(error.requestId).toBeUndefined();
    expect(error.retryAfterSeconds).toBeUndefined();
    expect(error.prefix).not.toBe('SP_API');
  });

  it("the call's _meta gets the last answer's request id whether the call failed or not", async () => {
    const failed = scripted({ status: 404, headers: { 'x-request-id': 'r-404' } });
    const meta = createMetaCollector();
    await pipeline(failed.fetcher)
      .exchange(call({ meta }))
      .catch(() => undefined);
    expect(meta.snapshot()).toMatchObject({ request_id: 'r-404' });
    const ok = scripted({ status: 200, headers: { 'x-request-id': 'r-200' } });
    const okMeta = createMetaCollector();
    await pipeline(ok.fetcher).exchange(call({ meta: okMeta }));
    expect(okMeta.snapshot()).toMatchObject({ request_id: 'r-200' });
  });
});
