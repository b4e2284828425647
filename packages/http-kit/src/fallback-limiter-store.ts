// FallbackLimiterStore: a shared (Redis) store that degrades to local buckets when it fails — never a failed take.
import type { Logger } from '@obmcp/contract';
import type { LimiterStore, LimitRule, TakeResult } from './limiter-store.js';
import { MemoryLimiterStore } from './memory-limiter-store.js';
import type { SharedLimiterStore } from './redis-limiter-store.js';

export interface FallbackLimiterStoreOptions {
  primary: SharedLimiterStore;
  logger: Logger;
  /** Resolves when the primary may be tried again (e.g. the Redis client reconnected). */
  onRecovered: (listener: () => void) => void;
  /** True while the primary's connection is up (skips a doomed round-trip while it is down). */
  isUp: () => boolean;
  fallback?: LimiterStore;
  /** Label for log lines (never the URL: it may hold a password). */
  name?: string;
  /**
   * While degraded but the connection is up (a command timed out, the socket did not drop), the
   * primary is tried again this long after the last failure (default 1 s); no 'ready' event would
   * ever end that degradation otherwise.
   */
  probeAfterMs?: number;
  now?: () => number;
}

export class FallbackLimiterStore implements SharedLimiterStore {
  private readonly fallback: LimiterStore;
  private degraded = false;
  private warned = false;
  private failedAt = 0;

  constructor(private readonly options: FallbackLimiterStoreOptions) {
    this.fallback = options.fallback ?? new MemoryLimiterStore();
    options.onRecovered(() => this.restored());
  }

  private restored(): void {
    if (!this.degraded) return;
    this.degraded = false;
    this.options.logger.info('shared rate limiter restored', { store: this.options.name ?? 'redis' });
  }

  private clock(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** Degraded, but the connection looks up and the last failure is old enough to try the primary again. */
  private mayProbe(): boolean {
    return this.options.isUp() && this.clock() - this.failedAt >= (this.options.probeAfterMs ?? 1_000);
  }

  /** True while takes go to the local fallback. */
  get isDegraded(): boolean {
    return this.degraded;
  }

  private failed(error: unknown): void {
    this.failedAt = this.clock();
    if (this.degraded) return;
    this.degraded = true;
    const fields = { store: this.options.name ?? 'redis' };
    if (this.warned) {
      this.options.logger.info('shared rate limiter unavailable again; limiting locally', fields);
      return;
    }
    this.warned = true;
    this.options.logger.warn(
      'shared rate limiter unavailable; falling back to local (per-process) limiting',
      {
        ...fields,
        error: error instanceof Error ? error.message : String(error),
      },
    );
  }

  private async attempt<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    if (this.degraded ? this.mayProbe() : this.options.isUp()) {
      try {
        const value = await shared();
        this.restored();
        return value;
      } catch (error) {
        this.failed(error);
      }
    } else if (!this.degraded) {
      this.failed(new Error('connection is down'));
    }
    return local();
  }

  take(key: string, rule: LimitRule, now: number, maxWaitSeconds?: number): Promise<TakeResult> {
    return this.attempt(
      () => this.options.primary.take(key, rule, now, maxWaitSeconds),
      () => this.fallback.take(key, rule, now, maxWaitSeconds),
    );
  }

  async penalize(key: string, untilEpochMs: number): Promise<void> {
    // Both: the local bucket then already knows the deadline if the shared store goes away.
    await this.fallback.penalize(key, untilEpochMs);
    await this.attempt(
      () => this.options.primary.penalize(key, untilEpochMs),
      async () => undefined,
    );
  }

  learn(key: string, rate: number): Promise<void> {
    return this.attempt(
      () => this.options.primary.learn(key, rate),
      async () => undefined,
    );
  }
}
