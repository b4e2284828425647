// What reaches the wire and the limiter from one exchange, as the upstream, an operator and the agent notice it:
// the request's own cap, timeout and cancellation, a cancellation during the wait between attempts, the log lines,
// which answers hold or teach the limiter, and a credential plug-in that throws something other than an Error.
import { type Logger, RateLimitedError, UpstreamHttpError } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import type { Fetcher } from '../src/fetcher.js';
import { createLimiter, type Limiter } from '../src/limiter.js';
import { credentialFailure } from '../src/pipeline/credential-exchange.js';
import { createPipeline } from '../src/pipeline/pipeline.js';
import type { ExchangeRequest, UpstreamDescription } from '../src/pipeline/types.js';
import { bearer, scripted } from './support/scripted-fetcher.js';

function recordingLimiter() {
  const inner = createLimiter({ maxWaitMs: 0 });
  const learned: Array<[string, number]> = [];
  const penalized: string[] = [];
  const limiter: Limiter = {
    ...inner,
    learn: (key, rate) => {
      learned.push([key, rate]);
      inner.learn(key, rate);
    },
    penalize: (key, until) => {
      penalized.push(key);
      return inner.penalize(key, until);
    },
  };
  return { limiter, learned, penalized };
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
      requestId: () => undefined,
    },
    errors: (res) => ({ summary: `failed ${res.status}`, details: [], hints: [] }),
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
const rule = () => ({ rate: 100, burst: 100 });

describe('what the request carries to the fetcher', () => {
  it("the call's body cap, timeout and signal; none of them when the call sets none", async () => {
    const { fetcher, sent } = scripted({ status: 200 });
    const controller = new AbortController();
    await pipeline(fetcher).exchange(
      call({ method: 'POST', body: { a: 1 }, maxBodyBytes: 1234, timeoutMs: 567, signal: controller.signal }),
    );
    expect(sent[0]).toMatchObject({ maxBodyBytes: 1234, timeoutMs: 567, signal: controller.signal });
    expect(sent[0]?.body).toBeDefined();
    await pipeline(fetcher).exchange(call());
    expect(sent[1]?.maxBodyBytes).toBeUndefined();
    expect(sent[1]?.timeoutMs).toBeUndefined();
    expect(sent[1]?.signal).toBeUndefined();
    expect(sent[1]?.body).toBeUndefined();
  });

  it('a cancellation during the wait between attempts ends the call at once, with nothing more sent', async () => {
    const { fetcher, sent } = scripted({ status: 503 });
    const controller = new AbortController();
    const slow = pipeline(fetcher, {
      retry: {
        maxAttempts: 3,
        baseDelayMs: 60_000,
        maxDelayMs: 60_000,
        maxTotalMs: 120_000,
        sleep: undefined,
      },
    });
    const started = Date.now();
    const pending = slow.exchange(call({ signal: controller.signal }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort(new Error('cancelled by the client'));
    await expect(pending).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(sent).toHaveLength(1);
  }, 10_000);
});

describe('log lines', () => {
  it('each answer at debug, and the one refresh of a rejected token at info', async () => {
    const lines: Array<[string, string, unknown]> = [];
    const log: Logger = {
      debug: (message, fields) => void lines.push(['debug', message, fields]),
      info: (message, fields) => void lines.push(['info', message, fields]),
      warn: () => undefined,
      error: () => undefined,
      child: () => log,
    };
    const { fetcher } = scripted({ status: 401 }, { status: 200 });
    await pipeline(fetcher, { log }).exchange(call());
    expect(lines).toEqual([
      ['debug', 'upstream response', { operation: 'getThing', status: 401 }],
      ['info', 'access token rejected upstream; refreshing once', { operation: 'getThing' }],
      ['debug', 'upstream response', { operation: 'getThing', status: 200 }],
    ]);
  });
});

describe('what the limiter learns and holds', () => {
  it('an answer advertising no rate teaches nothing', async () => {
    const { limiter, learned } = recordingLimiter();
    const { fetcher } = scripted({ status: 200 });
    await pipeline(fetcher, { limits: { limiter, rule } }).exchange(call());
    expect(learned).toEqual([]);
  });

  it('only a 429 holds the bucket: a 503 with Retry-After leaves the next call to the wire', async () => {
    const { limiter, penalized } = recordingLimiter();
    const { fetcher, sent } = scripted({ status: 503, headers: { 'retry-after': '30' } });
    const p = pipeline(fetcher, {
      limits: { limiter, rule },
      retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1, maxTotalMs: 10 },
    });
    await expect(p.exchange(call())).rejects.toMatchObject({ status: 503 });
    await expect(p.exchange(call())).rejects.toMatchObject({ status: 503 });
    expect(sent).toHaveLength(2);
    expect(penalized).toEqual([]);
  });

  it('a 429 on a call that spends from no bucket holds nothing and is reported as it came', async () => {
    const { limiter, penalized } = recordingLimiter();
    const { fetcher, sent } = scripted({ status: 429, headers: { 'retry-after': '30' } });
    const p = pipeline(fetcher, {
      limits: { limiter, rule },
      retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1, maxTotalMs: 10 },
    });
    await expect(p.exchange(call({ limitScope: false }))).rejects.toMatchObject({ status: 429 });
    expect(penalized).toEqual([]);
    // The bucket the call did not spend from is still open.
    await expect(p.exchange(call())).rejects.toMatchObject({ status: 429 });
    expect(sent).toHaveLength(2);
    await expect(p.exchange(call())).rejects.toBeInstanceOf(RateLimitedError);
  });

  it('without limits the call goes straight to the wire', async () => {
    const { fetcher, sent } = scripted({ status: 200, headers: { 'x-rate': '5' } });
    await expect(pipeline(fetcher).exchange(call())).resolves.toMatchObject({ status: 200 });
    expect(sent).toHaveLength(1);
  });
});

describe('a credential plug-in that throws something other than an Error', () => {
  it.each([['no token'], [null], [42]])('fails the call with exactly %j, before the wire', async (thrown) => {
    for (const headers of [
      () => {
        throw thrown;
      },
      async () => {
        throw thrown;
      },
    ]) {
      const { fetcher, sent } = scripted({ status: 200 });
      const error = await pipeline(fetcher, { auth: { ...bearer, headers } })
        .exchange(call())
        .then(
          () => 'resolved',
          (e: unknown) => e,
        );
      expect(error).toBe(thrown);
      expect(sent).toHaveLength(0);
    }
  });
});

describe('credentialFailure: fields it does not have stay absent', () => {
  it('an outage without summary, prefix, service, Retry-After or request id', () => {
    const failure = credentialFailure(new UpstreamHttpError(503, { details: [], hints: [] }));
    expect(failure).toBeInstanceOf(UpstreamHttpError);
    expect(failure).toMatchObject({
      summary: undefined,
      retryAfterSeconds: undefined,
      requestId: undefined,
      prefix: undefined,
      service: undefined,
    });
    expect((failure as UpstreamHttpError).details[0]?.issue).toMatch(/^The token service answered HTTP 503/);
  });
});
