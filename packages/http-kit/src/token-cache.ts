// TokenCache: per-key credential cache that refreshes early and dedupes concurrent refreshes.

export interface CachedToken<T> {
  value: T;
  /** Epoch ms after which the value must not be used. */
  expiresAt: number;
}

export interface TokenCacheOptions {
  /** Treat a value as expired this long before its expiresAt. */
  refreshEarlyMs: number;
  /** Clock in epoch ms; default Date.now. */
  now?: () => number;
}

interface Entry<T> {
  token?: CachedToken<T>;
  inflight?: Promise<T>;
  generation: number;
}

export class TokenCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly refreshEarlyMs: number;
  private readonly now: () => number;

  constructor(options: TokenCacheOptions) {
    this.refreshEarlyMs = options.refreshEarlyMs;
    this.now = options.now ?? Date.now;
  }

  /** The cached value while fresh, without a promise (the path of every call); undefined otherwise. */
  peek(key: string): T | undefined {
    const token = this.entries.get(key)?.token;
    return token && this.now() < token.expiresAt - this.refreshEarlyMs ? token.value : undefined;
  }

  /** Cached value while fresh; otherwise one shared fetch per key. Failures are not cached. */
  get(key: string, fetch: () => Promise<CachedToken<T>>): Promise<T> {
    const entry = this.entries.get(key) ?? { generation: 0 };
    this.entries.set(key, entry);
    if (entry.token && this.now() < entry.token.expiresAt - this.refreshEarlyMs) {
      return Promise.resolve(entry.token.value);
    }
    if (entry.inflight) return entry.inflight;
    const generation = entry.generation;
    const inflight = Promise.resolve()
      .then(fetch)
      .then((token) => {
        if (entry.generation === generation) entry.token = token;
        return token.value;
      });
    const settle = (): void => {
      if (entry.inflight === inflight) entry.inflight = undefined;
    };
    inflight.then(settle, settle);
    entry.inflight = inflight;
    return inflight;
  }

  /** Drops the cached value (and forgets any in-flight refresh), e.g. after a 403 "token expired". */
  invalidate(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    entry.generation += 1;
    entry.token = undefined;
    entry.inflight = undefined;
  }

  /** Drops every key. */
  clear(): void {
    for (const key of [...this.entries.keys()]) this.invalidate(key);
    this.entries.clear();
  }
}
