// createLimiter: pre-flight token buckets per key; waits briefly or refuses with RateLimitedError.
import type { SharedLimiterStore } from './redis-limiter-store.js';
import { RateLimitedError } from '@obmcp/contract';
import type { LimiterStore, LimitRule } from './limiter-store.js';
import { MemoryLimiterStore } from './memory-limiter-store.js';
import { sleep } from './sleep.js';

export interface LimiterOptions {
  /** Default: a new MemoryLimiterStore. */
  store?: LimiterStore;
  /** Clock in epoch ms; default Date.now. */
  now?: () => number;
  /** Longest wait acquire() accepts before refusing. */
  maxWaitMs: number;
  /** Takes an accepted wait (default: an abortable timer). Tests inject one to see the waits without taking them. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** How old a token must be before a request uses it (default ARRIVAL_MARGIN_MS); see there. */
  arrivalMarginMs?: number;
}

/**
 * A request goes out no sooner than this long after its token accrued. The upstream's bucket counts
 * arrivals and starts when the first request arrives, so it runs behind ours by that request's transit;
 * when the first request after an idle spell travels slower (a new connection, a first code path, a
 * loaded machine) than a later one, the later one, sent on a token that accrued just now, can arrive
 * before the upstream's bucket has that token (a 429 at the documented bound, seen by `pnpm bench:jobs`).
 * This holds for a request that waited for its token and for one that found a token that had just
 * accrued; the tokens older than the margin (a full bucket's burst) go at once. The margin does not
 * accumulate: the next token's time is unchanged. Zero 429s hold while transit times differ by less
 * than the margin (OBMCP_LIMITER_ARRIVAL_MARGIN_MS).
 */
export const ARRIVAL_MARGIN_MS = 100;

export interface Limiter {
  /**
   * Takes one token for `key` (rule: default rate/burst; a learned rate overrides rule.rate).
   * Waits when the token comes within maxWaitMs, else throws RateLimitedError.
   * Keys appear in the error summary: use operation/account names, never secrets.
   */
  acquire(key: string, rule: LimitRule, signal?: AbortSignal): Promise<void>;
  /** Records an upstream-advertised rate (e.g. x-amzn-RateLimit-Limit) for key; ignored unless > 0. */
  learn(key: string, rate: number): void;
  /** The rule acquire() would use for key. */
  ruleFor(key: string, rule: LimitRule): LimitRule;
  /** Blocks key until untilEpochMs (e.g. now + Retry-After). */
  penalize(key: string, untilEpochMs: number): Promise<void>;
}

function roundUpTenth(seconds: number): number {
  return Math.max(0.1, Math.ceil(seconds * 10 - 1e-9) / 10);
}

export function createLimiter(options: LimiterOptions): Limiter {
  const store = options.store ?? new MemoryLimiterStore();
  const now = options.now ?? Date.now;
  const wait = options.sleep ?? sleep;
  const margin = Math.max(0, options.arrivalMarginMs ?? ARRIVAL_MARGIN_MS);
  const learned = new Map<string, number>();
  /** When each key's bucket was last taken from full (this process's view). */
  const fullSince = new Map<string, number>();

  const ruleFor = (key: string, rule: LimitRule): LimitRule => {
    const rate = learned.get(key);
    return rate === undefined ? rule : { rate, burst: rule.burst };
  };

  return {
    ruleFor,
    async acquire(key, rule, signal): Promise<void> {
      signal?.throwIfAborted();
      const effective = ruleFor(key, rule);
      const maxWaitSeconds = Math.max(0, options.maxWaitMs) / 1000;
      // An in-process store answers at once: no promise on the path of every call.
      const taken = store.takeNow
        ? store.takeNow(key, effective, now(), maxWaitSeconds)
        : await store.take(key, effective, now(), maxWaitSeconds);
      if (taken.allowed) {
        // Tokens the bucket held when it was last taken from full are as old as the upstream's (its bucket
        // was full too, from that request's arrival on): they go at once. A token that accrued since goes
        // once it is `margin` old; the one taken accrued (tokens left / rate) ago (ahead, when reserved).
        const at = now();
        if (taken.tokens >= effective.burst - 1) fullSince.set(key, at);
        const sinceFullMs = at - (fullSince.get(key) ?? Number.NEGATIVE_INFINITY);
        const tokenAgeMs = effective.rate > 0 ? (taken.tokens / effective.rate) * 1000 : 0;
        const waitMs = Math.max(
          taken.waitSeconds > 0 ? taken.waitSeconds * 1000 + margin : 0,
          tokenAgeMs >= Math.min(sinceFullMs, margin) ? 0 : margin - tokenAgeMs,
        );
        if (waitMs > 0) await wait(waitMs, signal);
        return;
      }
      const retryAfterSeconds = roundUpTenth(taken.waitSeconds);
      throw new RateLimitedError({
        retryAfterSeconds,
        summary: `Pre-flight rate limiter: ${key} allows ${effective.rate} request(s)/s (burst ${effective.burst}); next slot in ${retryAfterSeconds} s.`,
        hints: [`Wait at least ${retryAfterSeconds} seconds before calling this operation again.`],
      });
    },
    learn(key, rate): void {
      if (!Number.isFinite(rate) || rate <= 0) return;
      learned.set(key, rate);
      // A shared store (Redis) tells every replica; a failure there never fails the call.
      const shared = store as Partial<SharedLimiterStore>;
      if (typeof shared.learn === 'function') void shared.learn(key, rate).catch(() => undefined);
    },
    penalize(key, untilEpochMs): Promise<void> {
      return store.penalize(key, untilEpochMs);
    },
  };
}
