// In-process LimiterStore: continuous token-bucket refill, reservations, Retry-After penalties.
import type { LimiterStore, LimitRule, TakeResult } from './limiter-store.js';

interface Bucket {
  tokens: number;
  updatedAt: number;
  blockedUntil: number;
}

export class MemoryLimiterStore implements LimiterStore {
  private readonly buckets = new Map<string, Bucket>();

  async take(key: string, rule: LimitRule, now: number, maxWaitSeconds = 0): Promise<TakeResult> {
    return this.takeNow(key, rule, now, maxWaitSeconds);
  }

  takeNow(key: string, rule: LimitRule, now: number, maxWaitSeconds = 0): TakeResult {
    // A rate of 0 or less refills nothing (the smallest positive rate: a wait of Infinity).
    const rate = Math.max(rule.rate, Number.MIN_VALUE);
    const burst = Math.max(1, rule.burst);
    const bucket = this.buckets.get(key) ?? { tokens: burst, updatedAt: now, blockedUntil: 0 };
    const elapsed = Math.max(0, now - bucket.updatedAt) / 1000;
    bucket.tokens = Math.min(burst, bucket.tokens + elapsed * rate);
    bucket.updatedAt = Math.max(bucket.updatedAt, now);
    this.buckets.set(key, bucket);
    const refillWait = Math.max(0, (1 - bucket.tokens) / rate);
    const penaltyWait = Math.max(0, bucket.blockedUntil - now) / 1000;
    const waitSeconds = Math.max(refillWait, penaltyWait);
    if (waitSeconds > Math.max(0, maxWaitSeconds)) {
      return { allowed: false, waitSeconds, tokens: bucket.tokens };
    }
    bucket.tokens -= 1;
    return { allowed: true, waitSeconds, tokens: bucket.tokens };
  }

  async penalize(key: string, untilEpochMs: number): Promise<void> {
    const bucket = this.buckets.get(key);
    if (bucket) {
      bucket.blockedUntil = Math.max(bucket.blockedUntil, untilEpochMs);
    } else {
      this.buckets.set(key, { tokens: Number.POSITIVE_INFINITY, updatedAt: 0, blockedUntil: untilEpochMs });
    }
  }
}
