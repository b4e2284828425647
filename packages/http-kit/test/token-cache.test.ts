// TokenCache: dedupe of concurrent refreshes, refresh-early, failures not cached, invalidate.
import { describe, expect, it } from 'vitest';
import { TokenCache } from '../src/index.js';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('TokenCache', () => {
  it('10 concurrent gets → 1 fetch, all get the same value', async () => {
    const cache = new TokenCache<string>({ refreshEarlyMs: 0 });
    const gate = deferred<{ value: string; expiresAt: number }>();
    let fetches = 0;
    const fetch = () => {
      fetches += 1;
      return gate.promise;
    };
    const gets = Array.from({ length: 10 }, () => cache.get('lwa', fetch));
    gate.resolve({ value: 'tok-1', expiresAt: Date.now() + 3_600_000 });
    expect(await Promise.all(gets)).toEqual(Array(10).fill('tok-1'));
    expect(await cache.get('lwa', fetch)).toBe('tok-1');
    expect(fetches).toBe(1);
  });

  it('refreshes refreshEarlyMs before expiresAt', async () => {
    let now = 0;
    const cache = new TokenCache<string>({ refreshEarlyMs: 60_000, now: () => now });
    let n = 0;
    const fetch = async () => ({ value: `tok-${++n}`, expiresAt: now + 3_600_000 });
    expect(await cache.get('k', fetch)).toBe('tok-1');
    now = 3_600_000 - 60_001;
    expect(await cache.get('k', fetch)).toBe('tok-1');
    now = 3_600_000 - 60_000;
    expect(await cache.get('k', fetch)).toBe('tok-2');
  });

  it('peek gives the cached value while it is fresh, without a promise, and never fetches', async () => {
    let now = 0;
    const cache = new TokenCache<string>({ refreshEarlyMs: 60_000, now: () => now });
    expect(cache.peek('k')).toBeUndefined();
    await cache.get('k', async () => ({ value: 'tok-1', expiresAt: 3_600_000 }));
    expect(cache.peek('k')).toBe('tok-1');
    now = 3_600_000 - 60_000; // inside the refresh-early window: get() would refresh
    expect(cache.peek('k')).toBeUndefined();
    now = 0;
    cache.invalidate('k');
    expect(cache.peek('k')).toBeUndefined();
  });

  it('keys are cached separately', async () => {
    const cache = new TokenCache<string>({ refreshEarlyMs: 0 });
    const fetchFor = (v: string) => async () => ({ value: v, expiresAt: Number.POSITIVE_INFINITY });
    expect(await cache.get('a', fetchFor('A'))).toBe('A');
    expect(await cache.get('b', fetchFor('B'))).toBe('B');
    expect(await cache.get('a', fetchFor('X'))).toBe('A');
  });

  it('does not cache failures: every waiter sees the error, the next get fetches again', async () => {
    const cache = new TokenCache<string>({ refreshEarlyMs: 0 });
    const boom = new Error('invalid_grant');
    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw boom;
    };
    const results = await Promise.allSettled([cache.get('k', failing), cache.get('k', failing)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toBe(1);
    expect(await cache.get('k', async () => ({ value: 'ok', expiresAt: Date.now() + 1_000 }))).toBe('ok');
  });

  it('a synchronously throwing fetch is a rejection, not a crash', async () => {
    const cache = new TokenCache<string>({ refreshEarlyMs: 0 });
    const fetch = (): Promise<{ value: string; expiresAt: number }> => {
      throw new Error('sync');
    };
    await expect(cache.get('k', fetch)).rejects.toThrow('sync');
  });

  it('invalidate forces exactly one refresh', async () => {
    const cache = new TokenCache<string>({ refreshEarlyMs: 0 });
    let n = 0;
    const fetch = async () => ({ value: `tok-${++n}`, expiresAt: Date.now() + 3_600_000 });
    expect(await cache.get('k', fetch)).toBe('tok-1');
    cache.invalidate('k');
    const after = await Promise.all([cache.get('k', fetch), cache.get('k', fetch)]);
    expect(after).toEqual(['tok-2', 'tok-2']);
    expect(await cache.get('k', fetch)).toBe('tok-2');
    cache.invalidate('unknown'); // no-op
  });

  it('a refresh in flight during invalidate is not stored', async () => {
    const cache = new TokenCache<string>({ refreshEarlyMs: 0 });
    const gate = deferred<{ value: string; expiresAt: number }>();
    const stale = cache.get('k', () => gate.promise);
    cache.invalidate('k');
    gate.resolve({ value: 'stale', expiresAt: Date.now() + 3_600_000 });
    expect(await stale).toBe('stale');
    expect(await cache.get('k', async () => ({ value: 'fresh', expiresAt: Date.now() + 3_600_000 }))).toBe(
      'fresh',
    );
  });
});
