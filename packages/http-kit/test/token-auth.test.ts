// tokenAuth: one token exchange per scope, reused until 5 minutes (by default) before it expires, and a new one after invalidate.
import { describe, expect, it } from 'vitest';
import { tokenAuth } from '../src/pipeline/token-auth.js';

const MINUTE = 60_000;

function setup(options: { refreshEarlyMs?: number; maxEntries?: number } = {}) {
  let now = 0;
  const exchanges: string[] = [];
  const auth = tokenAuth<string>({
    ...options,
    now: () => now,
    fetchToken: async (scope) => {
      exchanges.push(scope);
      return { value: `${scope}-token-${exchanges.length}`, expiresAt: now + 60 * MINUTE };
    },
    toHeaders: (token, scope) => ({ authorization: `Bearer ${token}`, 'x-scope': scope }),
    isExpired: (res) => res.status === 401,
  });
  return { auth, exchanges, advance: (ms: number) => (now += ms) };
}

describe('tokenAuth', () => {
  it('exchanges once per scope and sends the cached token after that', async () => {
    const { auth, exchanges } = setup();
    expect(await auth.headers('seller-a')).toEqual({
      authorization: 'Bearer seller-a-token-1',
      'x-scope': 'seller-a',
    });
    expect(await auth.headers('seller-a')).toEqual({
      authorization: 'Bearer seller-a-token-1',
      'x-scope': 'seller-a',
    });
    expect(await auth.token('seller-b')).toBe('seller-b-token-2');
    expect(exchanges).toEqual(['seller-a', 'seller-b']);
  });

  it('refreshes 5 minutes before expiry by default, or as configured', async () => {
    const byDefault = setup();
    await byDefault.auth.headers('s');
    byDefault.advance(54 * MINUTE);
    await byDefault.auth.headers('s');
    expect(byDefault.exchanges).toHaveLength(1);
    byDefault.advance(1 * MINUTE);
    await byDefault.auth.headers('s');
    expect(byDefault.exchanges).toHaveLength(2);

    const early = setup({ refreshEarlyMs: 30 * MINUTE });
    await early.auth.headers('s');
    early.advance(30 * MINUTE);
    await early.auth.headers('s');
    expect(early.exchanges).toHaveLength(2);
  });

  it('after invalidate (an expired-token answer) the next call exchanges again', async () => {
    const { auth, exchanges } = setup();
    await auth.headers('s');
    expect(auth.isExpired({ status: 401 } as never)).toBe(true);
    auth.invalidate('s');
    expect(await auth.headers('s')).toEqual({ authorization: 'Bearer s-token-2', 'x-scope': 's' });
    expect(exchanges).toEqual(['s', 's']);
  });

  it('keeps at most maxEntries scopes: the least recently used one exchanges again', async () => {
    const { auth, exchanges } = setup({ maxEntries: 1 });
    await auth.headers('a');
    await auth.headers('b');
    await auth.headers('a');
    expect(exchanges).toEqual(['a', 'b', 'a']);
  });
});
