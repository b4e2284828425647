// Token buckets keyed by caller and operation: "rate" tokens a second, at most "burst" held (Amazon's usage-plan model).
export interface BucketRule {
  /** Tokens added per second. */
  rate: number;
  /** Bucket size: requests that may go at once after a quiet period. */
  burst: number;
}

export type Take = { ok: true } | { ok: false; waitSeconds: number };

export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  /**
   * Takes one token from `key`'s bucket (full when first seen); when empty, how long until the next. `now`
   * is the request's arrival: requests may be taken slightly out of arrival order (a first request waits
   * for its spec file), so time never runs backwards in a bucket.
   */
  take(key: string, rule: BucketRule, now = Date.now()): Take {
    const bucket = this.buckets.get(key) ?? { tokens: rule.burst, at: now };
    const elapsed = Math.max(0, now - bucket.at);
    bucket.tokens = Math.min(rule.burst, bucket.tokens + (elapsed / 1000) * rule.rate);
    bucket.at = Math.max(bucket.at, now);
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, waitSeconds: (1 - bucket.tokens) / rule.rate };
  }

  clear(): void {
    this.buckets.clear();
  }
}
