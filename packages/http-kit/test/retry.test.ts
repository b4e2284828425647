// withRetry: attempts cap, jitter, Retry-After, total budget, abort, what is not retried.
import { UpstreamHttpError, UpstreamTransportError } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import { defaultShouldRetry } from '../src/should-retry.js';
import { type RetryPolicy, withRetry } from '../src/retry.js';

/** A fake clock: sleep() advances it and records every wait. */
function harness(overrides: Partial<RetryPolicy> = {}) {
  let clock = 1_000_000;
  const waits: number[] = [];
  const policy: RetryPolicy = {
    maxAttempts: 4,
    baseDelayMs: 100,
    maxDelayMs: 1_000,
    maxTotalMs: 60_000,
    shouldRetry: defaultShouldRetry,
    random: () => 0.5,
    now: () => clock,
    sleep: async (ms) => {
      waits.push(ms);
      clock += ms;
    },
    ...overrides,
  };
  return { policy, waits, advance: (ms: number) => (clock += ms) };
}

const http = (status: number, retryAfterSeconds?: number) =>
  new UpstreamHttpError(status, retryAfterSeconds === undefined ? {} : { retryAfterSeconds });

describe('withRetry', () => {
  it('returns the first success and passes the attempt number', async () => {
    const { policy, waits } = harness();
    const seen: number[] = [];
    const value = await withRetry(async (n) => {
      seen.push(n);
      if (n < 3) throw http(503);
      return 'ok';
    }, policy);
    expect(value).toBe('ok');
    expect(seen).toEqual([1, 2, 3]);
    expect(waits).toEqual([50, 100]); // 0.5 × 100, 0.5 × 200
  });

  it('an attempt that throws synchronously is retried like a rejection (the first one too)', async () => {
    const { policy } = harness();
    const seen: number[] = [];
    const value = await withRetry((n) => {
      seen.push(n);
      if (n === 1) throw http(503);
      return Promise.resolve(`ok-${n}`);
    }, policy);
    expect(value).toBe('ok-2');
    expect(seen).toEqual([1, 2]);
  });

  it('a first success costs no policy work: shouldRetry, sleep and random are never asked', async () => {
    const untouched = () => {
      throw new Error('not needed for a first success');
    };
    const { policy } = harness({ shouldRetry: untouched, sleep: untouched, random: untouched });
    expect(await withRetry(async () => 'ok', policy)).toBe('ok');
  });

  it('caps attempts and throws the last error', async () => {
    const { policy, waits } = harness({ maxAttempts: 3 });
    let calls = 0;
    const last = http(500);
    await expect(
      withRetry(async () => {
        calls += 1;
        throw calls === 3 ? last : http(500);
      }, policy),
    ).rejects.toBe(last);
    expect(calls).toBe(3);
    expect(waits).toHaveLength(2);
  });

  it('uses full jitter: random() × min(maxDelayMs, base × 2^(n-1))', async () => {
    const randoms = [0, 0.99, 0.25, 0.5, 0.5];
    const { policy, waits } = harness({ maxAttempts: 6, random: () => randoms.shift() ?? 0 });
    await expect(withRetry(() => Promise.reject(http(502)), policy)).rejects.toBeInstanceOf(
      UpstreamHttpError,
    );
    expect(waits).toEqual([0, 198, 100, 400, 500]); // ceilings 100, 200, 400, 800, 1000 (capped)
  });

  it('honours retryAfterSeconds instead of the backoff', async () => {
    const { policy, waits } = harness({ maxDelayMs: 10 });
    let calls = 0;
    const value = await withRetry(async () => {
      calls += 1;
      if (calls === 1) throw http(429, 2.5);
      return calls;
    }, policy);
    expect(value).toBe(2);
    expect(waits).toEqual([2_500]);
  });

  it('a Retry-After of 0 is honoured as no wait at all (not replaced by the backoff)', async () => {
    const { policy, waits } = harness({ shouldRetry: () => ({ retry: true, retryAfterSeconds: 0 }) });
    let calls = 0;
    await withRetry(async () => {
      calls += 1;
      if (calls === 1) throw http(429);
      return calls;
    }, policy);
    expect(waits).toEqual([0]);
  });

  it('a negative, infinite or NaN Retry-After is ignored: the jittered backoff applies', async () => {
    for (const retryAfterSeconds of [-3, Number.POSITIVE_INFINITY, Number.NaN]) {
      const { policy, waits } = harness({ shouldRetry: () => ({ retry: true, retryAfterSeconds }) });
      let calls = 0;
      const value = await withRetry(async () => {
        calls += 1;
        if (calls === 1) throw http(429);
        return calls;
      }, policy);
      expect(value).toBe(2);
      expect(waits).toEqual([50]); // 0.5 × 100
    }
  });

  it('a wait that ends exactly at maxTotalMs is still made', async () => {
    const { policy, waits } = harness({ maxTotalMs: 2_000 });
    let calls = 0;
    const value = await withRetry(async () => {
      calls += 1;
      if (calls === 1) throw http(429, 2);
      return calls;
    }, policy);
    expect(value).toBe(2);
    expect(waits).toEqual([2_000]);
  });

  it('stops (throws the last error) when a Retry-After wait would exceed maxTotalMs', async () => {
    const { policy, waits } = harness({ maxTotalMs: 5_000 });
    const error = http(429, 30);
    await expect(withRetry(() => Promise.reject(error), policy)).rejects.toBe(error);
    expect(waits).toEqual([]);
  });

  it('counts time spent in attempts against maxTotalMs', async () => {
    const h = harness({ maxAttempts: 10, maxTotalMs: 1_000, random: () => 1 });
    let calls = 0;
    await expect(
      withRetry(async () => {
        calls += 1;
        h.advance(400);
        throw new UpstreamTransportError('UPSTREAM_TIMEOUT');
      }, h.policy),
    ).rejects.toBeInstanceOf(UpstreamTransportError);
    expect(calls).toBe(2); // 400 + 100 wait + 400 = 900; the next wait (200) would end at 1100
  });

  it('does not retry 400/404, INVALID_RESPONSE or unknown errors', async () => {
    for (const error of [
      http(400),
      http(404),
      new UpstreamTransportError('UPSTREAM_INVALID_RESPONSE'),
      new Error('x'),
    ]) {
      const { policy } = harness();
      let calls = 0;
      await expect(
        withRetry(async () => {
          calls += 1;
          throw error;
        }, policy),
      ).rejects.toBe(error);
      expect(calls).toBe(1);
    }
  });

  it('really sleeps with the default sleep and stops when the signal aborts', async () => {
    const controller = new AbortController();
    let calls = 0;
    setTimeout(() => controller.abort(new Error('cancelled')), 50);
    await expect(
      withRetry(
        async () => {
          calls += 1;
          throw http(503);
        },
        {
          maxAttempts: 5,
          baseDelayMs: 10_000,
          maxDelayMs: 10_000,
          maxTotalMs: 60_000,
          random: () => 1,
          shouldRetry: defaultShouldRetry,
          signal: controller.signal,
        },
      ),
    ).rejects.toThrow('cancelled');
    // Interrupted: a 10 s sleep that ran out would have made a second attempt.
    expect(calls).toBe(1);
  });
});
