// TokenCache: per-key credential cache that refreshes early, dedupes concurrent refreshes and stays bounded.

export interface CachedToken<T> {
  value: T;
  /** Epoch ms after which the value must not be used. */
  expiresAt: number;
}

export interface TokenCacheOptions {
  /** Treat a value as expired this long before its expiresAt. */
  refreshEarlyMs: number;
  /** Most keys kept (default 1000): beyond it the least recently used key is forgotten. */
  maxEntries?: number;
  /** Clock in epoch ms; default Date.now. */
  now?: () => number;
}

export const DEFAULT_MAX_TOKEN_ENTRIES = 1000;

interface Entry<T> {
  token?: CachedToken<T>;
  inflight?: Promise<T>;
}

/**
 * Keys live in a Map in least-recently-used order (a hit moves its key to the end). A key that is new
 * (about to cost a token exchange anyway) first sweeps out every expired or failed entry, then the
 * oldest keys beyond `maxEntries`. A forgotten key's in-flight refresh still answers its own waiters.
 */
export class TokenCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly refreshEarlyMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: TokenCacheOptions) {
    this.refreshEarlyMs = options.refreshEarlyMs;
    this.maxEntries = Math.max(1, options.maxEntries ?? DEFAULT_MAX_TOKEN_ENTRIES);
    this.now = options.now ?? Date.now;
  }

  /** Keys held now (expired ones included until the next new key sweeps them). */
  get size(): number {
    return this.entries.size;
  }

  /** The cached value while fresh, without a promise (the path of every call); undefined otherwise. */
  peek(key: string): T | undefined {
    const entry = this.entries.get(key);
    const token = entry?.token;
    if (!entry || !token || this.now() >= token.expiresAt - this.refreshEarlyMs) return undefined;
    this.touch(key, entry);
    return token.value;
  }

  /** Cached value while fresh; otherwise one shared fetch per key. Failures are not cached. */
  get(key: string, fetch: () => Promise<CachedToken<T>>): Promise<T> {
    let entry = this.entries.get(key);
    if (entry) this.touch(key, entry);
    else {
      this.makeRoom();
      entry = {};
      this.entries.set(key, entry);
    }
    if (entry.token && this.now() < entry.token.expiresAt - this.refreshEarlyMs) {
      return Promise.resolve(entry.token.value);
    }
    if (entry.inflight) return entry.inflight;
    const owner = entry;
    const inflight = Promise.resolve()
      .then(fetch)
      .then((token) => {
        // An entry invalidated or forgotten meanwhile is no longer in the map: its token is not stored.
        if (this.entries.get(key) === owner) owner.token = token;
        return token.value;
      });
    const settle = (): void => {
      if (owner.inflight !== inflight) return;
      owner.inflight = undefined;
      // A failed first fetch leaves nothing worth keeping.
      if (!owner.token && this.entries.get(key) === owner) this.entries.delete(key);
    };
    inflight.then(settle, settle);
    owner.inflight = inflight;
    return inflight;
  }

  /** Drops the cached value (and forgets any in-flight refresh), e.g. after a 403 "token expired". */
  invalidate(key: string): void {
    this.entries.delete(key);
  }

  /** Drops every key. */
  clear(): void {
    this.entries.clear();
  }

  private touch(key: string, entry: Entry<T>): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  /** Before a new key: forget expired and failed entries, then the least recently used beyond the bound. */
  private makeRoom(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (!entry.inflight && (!entry.token || entry.token.expiresAt <= now)) this.entries.delete(key);
    }
    for (const key of this.entries.keys()) {
      if (this.entries.size < this.maxEntries) break;
      this.entries.delete(key);
    }
  }
}
