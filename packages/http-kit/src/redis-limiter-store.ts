// RedisLimiterStore: the token buckets, learned rates and Retry-After deadlines shared by all replicas.
import type { Redis } from 'ioredis';
import type { LimiterStore, LimitRule, TakeResult } from './limiter-store.js';
import { LEARN_SCRIPT, PENALIZE_SCRIPT, TAKE_SCRIPT } from './redis-limiter-scripts.js';

export interface RedisLimiterStoreOptions {
  /** Prefix of every bucket key (default `obmcp:rl:`). */
  keyPrefix?: string;
  /** 'server' (default): Redis TIME is the clock, so replicas with skewed clocks agree; 'caller': `now`. */
  clock?: 'server' | 'caller';
  /** Idle buckets expire after this long (default 1 h); a learned rate lives as long as its bucket. */
  ttlMs?: number;
}

/** A LimiterStore whose learned rates are shared too (the memory store keeps them in the Limiter). */
export interface SharedLimiterStore extends LimiterStore {
  /** Records an upstream-advertised rate (x-amzn-RateLimit-Limit) for key on every replica. */
  learn(key: string, rate: number): Promise<void>;
}

type Scripted = Redis & {
  obmcpTake(key: string, ...args: (string | number)[]): Promise<[number, string, string]>;
  obmcpPenalize(key: string, ...args: (string | number)[]): Promise<number>;
  obmcpLearn(key: string, ...args: (string | number)[]): Promise<number>;
};

/** Defines the scripts on `client` (again on a client another store shares: the same scripts, redefined). */
function scripted(client: Redis): Scripted {
  // defineCommand sends EVALSHA and falls back to EVAL once after a NOSCRIPT (Redis restart/flush).
  client.defineCommand('obmcpTake', { numberOfKeys: 1, lua: TAKE_SCRIPT });
  client.defineCommand('obmcpPenalize', { numberOfKeys: 1, lua: PENALIZE_SCRIPT });
  client.defineCommand('obmcpLearn', { numberOfKeys: 1, lua: LEARN_SCRIPT });
  return client as Scripted;
}

export class RedisLimiterStore implements SharedLimiterStore {
  private readonly redis: Scripted;
  private readonly prefix: string;
  private readonly clock: 'server' | 'caller';
  private readonly ttlMs: number;

  constructor(client: Redis, options: RedisLimiterStoreOptions = {}) {
    this.redis = scripted(client);
    this.prefix = options.keyPrefix ?? 'obmcp:rl:';
    this.clock = options.clock ?? 'server';
    this.ttlMs = options.ttlMs ?? 3_600_000;
  }

  async take(key: string, rule: LimitRule, now: number, maxWaitSeconds = 0): Promise<TakeResult> {
    const clock = this.clock === 'server' ? 'server' : String(now);
    const [allowed, wait, tokens] = await this.redis.obmcpTake(
      this.prefix + key,
      String(rule.rate),
      String(rule.burst),
      clock,
      // TAKE_SCRIPT reads a negative wait as none.
      String(maxWaitSeconds),
      String(this.ttlMs),
    );
    return { allowed: Number(allowed) === 1, waitSeconds: Number(wait), tokens: Number(tokens) };
  }

  async penalize(key: string, untilEpochMs: number): Promise<void> {
    await this.redis.obmcpPenalize(this.prefix + key, String(untilEpochMs), String(this.ttlMs));
  }

  async learn(key: string, rate: number): Promise<void> {
    if (!Number.isFinite(rate) || rate <= 0) return;
    await this.redis.obmcpLearn(this.prefix + key, String(rate), String(this.ttlMs));
  }
}
