// LimiterStore: the narrow, atomic token-bucket interface (memory now, Redis + Lua later).

/** A token bucket: `rate` tokens per second refill continuously, up to `burst` tokens. */
export interface LimitRule {
  rate: number;
  burst: number;
}

export interface TakeResult {
  /** True when a token was taken (or reserved, see maxWaitSeconds). */
  allowed: boolean;
  /** Seconds until the token is (or would be) available; 0 when available now. */
  waitSeconds: number;
  /** Tokens left after this take; negative while reservations are queued. */
  tokens: number;
}

/**
 * Every method is one atomic step on one key, so a Redis store can implement each as a
 * single Lua script. `now` is epoch ms, passed in so stores need no clock of their own.
 */
export interface LimiterStore {
  /**
   * Refills the bucket to `now`, then takes one token. If none is available but it will be
   * within maxWaitSeconds (default 0), the token is reserved: allowed=true and waitSeconds
   * says how long the caller must wait before using it. Otherwise nothing is taken.
   */
  take(key: string, rule: LimitRule, now: number, maxWaitSeconds?: number): Promise<TakeResult>;
  /** The same take without a promise, for stores that keep their buckets in this process. */
  takeNow?(key: string, rule: LimitRule, now: number, maxWaitSeconds?: number): TakeResult;
  /** No token is available for `key` before untilEpochMs (an upstream Retry-After deadline). */
  penalize(key: string, untilEpochMs: number): Promise<void>;
}
