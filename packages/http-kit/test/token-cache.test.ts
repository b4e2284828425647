// TokenCache: dedupe of concurrent refreshes, refresh-early, failures not cached, invalidate, bounded size.
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

  it('many distinct keys (one per report document): the size stays at maxEntries, least recently used out', async () => {
    const cache = new TokenCache<string>({ refreshEarlyMs: 0, maxEntries: 50 });
    let fetches = 0;
    const fetch = (v: string) => async () => {
      fetches += 1;
      return { value: v, expiresAt: Date.now() + 3_600_000 };
    };
    await cache.get('generic', fetch('G'));
    for (let i = 0; i < 1_000; i++) {
      await cache.get(`/reports/2021-06-30/documents/doc-${i}`, fetch(`D${i}`));
      // the generic key stays in use (a hit, then a peek): it is never the least recently used one
      expect(await cache.get('generic', fetch('X'))).toBe('G');
      expect(cache.peek('generic')).toBe('G');
      expect(cache.size).toBeLessThanOrEqual(50);
    }
    expect(cache.size).toBe(50);
    expect(fetches).toBe(1_001);
    // the newest documents are still cached, the oldest were forgotten and fetch again
    expect(cache.peek('/reports/2021-06-30/documents/doc-999')).toBe('D999');
    expect(cache.peek('/reports/2021-06-30/documents/doc-0')).toBeUndefined();
    expect(await cache.get('/reports/2021-06-30/documents/doc-0', fetch('again'))).toBe('again');
    expect(fetches).toBe(1_002);
  });

  it('expired entries are gone once a new key arrives (far below the bound)', async () => {
    let now = 0;
    const cache = new TokenCache<string>({ refreshEarlyMs: 60_000, now: () => now });
    for (let i = 0; i < 20; i++)
      await cache.get(`doc-${i}`, async () => ({ value: `D${i}`, expiresAt: now + 3_600_000 }));
    await cache.get('long-lived', async () => ({ value: 'L', expiresAt: now + 10 * 3_600_000 }));
    expect(cache.size).toBe(21);
    now = 3_600_000; // every document token has expired; the long-lived one has not
    expect(cache.size).toBe(21); // nothing runs until a new key arrives
    await cache.get('doc-new', async () => ({ value: 'N', expiresAt: now + 3_600_000 }));
    expect(cache.size).toBe(2);
    expect(cache.peek('long-lived')).toBe('L');
    expect(cache.peek('doc-new')).toBe('N');
  });

  it('a failed first fetch leaves no entry behind', async () => {
    const cache = new TokenCache<string>({ refreshEarlyMs: 0 });
    await expect(
      cache.get('refused', async () => {
        throw new Error('403');
      }),
    ).rejects.toThrow('403');
    expect(cache.size).toBe(0);
  });

  it('a key forgotten while its fetch is in flight still answers its waiters, and is not stored', async () => {
    const cache = new TokenCache<string>({ refreshEarlyMs: 0, maxEntries: 1 });
    const gate = deferred<{ value: string; expiresAt: number }>();
    const first = cache.get('a', () => gate.promise);
    await cache.get('b', async () => ({ value: 'B', expiresAt: Date.now() + 3_600_000 }));
    gate.resolve({ value: 'A', expiresAt: Date.now() + 3_600_000 });
    expect(await first).toBe('A');
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('b')).toBe('B');
    expect(cache.size).toBe(1);
  });
});
