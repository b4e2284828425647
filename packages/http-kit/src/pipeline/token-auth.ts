// tokenAuth: an AuthPlugin over TokenCache — one token per scope, refreshed early, concurrent refreshes shared.
import { type CachedToken, TokenCache } from '../token-cache.js';
import type { UpstreamResponse } from '../types.js';
import type { AuthPlugin } from './types.js';

export interface TokenAuthOptions<T> {
  /** Treat a token as expired this long before its expiry (default 5 min). */
  refreshEarlyMs?: number;
  /** Most scopes kept (TokenCache's bound, default 1000); expired ones are forgotten. */
  maxEntries?: number;
  /** Exchanges the long-lived credential of `scope` for a token (LWA refresh grant, Openbridge JWT …). */
  fetchToken(scope: string, signal?: AbortSignal): Promise<CachedToken<T>>;
  /** The request headers that carry the token. */
  toHeaders(token: T, scope: string): Record<string, string>;
  /** The upstream's expired/revoked-token answer. */
  isExpired(res: UpstreamResponse): boolean;
  now?: () => number;
}

export interface TokenAuth<T> extends AuthPlugin {
  /** The current token of `scope` (cached or fetched), for callers that need more than headers. */
  token(scope: string, signal?: AbortSignal): Promise<T>;
}

export function tokenAuth<T>(options: TokenAuthOptions<T>): TokenAuth<T> {
  // An undefined maxEntries or clock is the cache's own default.
  const cache = new TokenCache<T>({
    refreshEarlyMs: options.refreshEarlyMs ?? 5 * 60_000,
    maxEntries: options.maxEntries,
    now: options.now,
  });
  const token = (scope: string, signal?: AbortSignal): Promise<T> =>
    cache.get(scope, () => options.fetchToken(scope, signal));
  return {
    token,
    headers(scope, signal) {
      const fresh = cache.peek(scope);
      if (fresh !== undefined) return options.toHeaders(fresh, scope);
      return token(scope, signal).then((value) => options.toHeaders(value, scope));
    },
    invalidate: (scope) => cache.invalidate(scope),
    isExpired: options.isExpired,
  };
}
