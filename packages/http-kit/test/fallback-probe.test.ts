// A command timeout on a live connection degrades the shared store only until the next probe, not for ever.
import { captureLogger } from '@obmcp/test-kit';
import { describe, expect, it } from 'vitest';
import { FallbackLimiterStore } from '../src/fallback-limiter-store.js';
import type { LimitRule, TakeResult } from '../src/limiter-store.js';
import type { SharedLimiterStore } from '../src/redis-limiter-store.js';

class FlakyPrimary implements SharedLimiterStore {
  calls = 0;
  failNext = 0;
  async take(_key: string, _rule: LimitRule): Promise<TakeResult> {
    this.calls += 1;
    if (this.failNext > 0) {
      this.failNext -= 1;
      throw new Error('Command timed out');
    }
    return { allowed: true, waitSeconds: 0, tokens: 42 };
  }
  async penalize(): Promise<void> {}
  async learn(): Promise<void> {}
}

describe('FallbackLimiterStore probing', () => {
  it('goes local after a timeout, tries the primary again after probeAfterMs, and logs the recovery', async () => {
    let now = 1_000_000;
    const logger = captureLogger();
    const primary = new FlakyPrimary();
    const store = new FallbackLimiterStore({
      primary,
      logger,
      isUp: () => true,
      onRecovered: () => undefined,
      probeAfterMs: 1_000,
      now: () => now,
    });
    const rule = { rate: 1, burst: 5 };
    primary.failNext = 1;
    await store.take('k', rule, now);
    expect(store.isDegraded).toBe(true);
    // Within the probe interval: local only, the primary is not asked.
    const local = await store.take('k', rule, now);
    expect(local.tokens).not.toBe(42);
    expect(primary.calls).toBe(1);
    now += 1_000;
    const shared = await store.take('k', rule, now);
    expect(shared.tokens).toBe(42);
    expect(store.isDegraded).toBe(false);
    expect(logger.lines.map((l) => l.msg)).toEqual([
      'shared rate limiter unavailable; falling back to local (per-process) limiting',
      'shared rate limiter restored',
    ]);
  });

  it('a failed probe keeps it local and restarts the interval', async () => {
    let now = 0;
    const primary = new FlakyPrimary();
    const store = new FallbackLimiterStore({
      primary,
      logger: captureLogger(),
      isUp: () => true,
      onRecovered: () => undefined,
      now: () => now,
    });
    primary.failNext = 2;
    await store.take('k', { rate: 1, burst: 5 }, now);
    now += 1_000;
    await store.take('k', { rate: 1, burst: 5 }, now);
    expect(primary.calls).toBe(2);
    expect(store.isDegraded).toBe(true);
    now += 999;
    await store.take('k', { rate: 1, burst: 5 }, now);
    expect(primary.calls).toBe(2);
  });

  it('does not probe while the connection is down', async () => {
    let now = 0;
    let up = true;
    const primary = new FlakyPrimary();
    const store = new FallbackLimiterStore({
      primary,
      logger: captureLogger(),
      isUp: () => up,
      onRecovered: () => undefined,
      now: () => now,
    });
    primary.failNext = 1;
    await store.take('k', { rate: 1, burst: 5 }, now);
    up = false;
    now += 10_000;
    await store.take('k', { rate: 1, burst: 5 }, now);
    expect(primary.calls).toBe(1);
  });
});
