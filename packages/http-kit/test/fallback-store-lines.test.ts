// The shared limiter store's fallback as an operator reads it (one warn, then info lines naming the store, never a
// line per take) and as replicas share it (penalties and learned rates reach the shared store; when down, the
// shared store is tried again only once the connection is back and the last failure is old enough).
import { captureLogger } from '@obmcp/test-kit';
import { describe, expect, it } from 'vitest';
import { FallbackLimiterStore } from '../src/fallback-limiter-store.js';
import type { SharedLimiterStore } from '../src/redis-limiter-store.js';

const rule = { rate: 100, burst: 100 };

function harness(name?: string) {
  let up = true;
  let failing = false;
  let now = 0;
  let recover: () => void = () => undefined;
  const calls: string[] = [];
  const primary: SharedLimiterStore = {
    take: async (key) => {
      calls.push(`take ${key}`);
      if (failing) throw new Error('command timed out');
      return { allowed: true, waitSeconds: 0, tokens: 1 };
    },
    penalize: async (key, until) => {
      calls.push(`penalize ${key} ${until}`);
      if (failing) throw new Error('command timed out');
    },
    learn: async (key, rate) => {
      calls.push(`learn ${key} ${rate}`);
      if (failing) throw new Error('command timed out');
    },
  };
  const logger = captureLogger();
  const store = new FallbackLimiterStore({
    primary,
    logger,
    ...(name === undefined ? {} : { name }),
    isUp: () => up,
    onRecovered: (listener) => {
      recover = listener;
    },
    now: () => now,
  });
  return {
    store,
    calls,
    lines: logger.lines,
    set: (o: { up?: boolean; failing?: boolean; now?: number }) => {
      up = o.up ?? up;
      failing = o.failing ?? failing;
      now = o.now ?? now;
    },
    recover: () => recover(),
  };
}

describe('FallbackLimiterStore log lines', () => {
  it('warns once naming the store, says "restored", then "unavailable again" at info', async () => {
    const h = harness();
    h.set({ failing: true });
    await h.store.take('k', rule, 0);
    await h.store.take('k', rule, 0);
    expect(h.lines).toEqual([
      {
        level: 'warn',
        msg: 'shared rate limiter unavailable; falling back to local (per-process) limiting',
        fields: { store: 'redis', error: 'command timed out' },
      },
    ]);
    h.set({ failing: false });
    h.recover();
    h.recover();
    expect(h.lines.slice(1)).toEqual([
      { level: 'info', msg: 'shared rate limiter restored', fields: { store: 'redis' } },
    ]);
    h.set({ failing: true });
    await h.store.take('k', rule, 0);
    await h.store.take('k', rule, 0);
    expect(h.lines.slice(2)).toEqual([
      {
        level: 'info',
        msg: 'shared rate limiter unavailable again; limiting locally',
        fields: { store: 'redis' },
      },
    ]);
    expect(h.store.isDegraded).toBe(true);
    // A probe that fails while degraded (1 s later) writes no new line.
    h.set({ now: 1_500 });
    await h.store.take('k', rule, 1_500);
    expect(h.calls.filter((c) => c === 'take k')).toHaveLength(3);
    expect(h.lines).toHaveLength(3);
  });

  it('names the store it was given; a dropped connection says so', async () => {
    const h = harness('redis 127.0.0.1:6379');
    h.set({ up: false });
    await h.store.take('k', rule, 0);
    expect(h.calls).toEqual([]);
    expect(h.lines).toEqual([
      {
        level: 'warn',
        msg: 'shared rate limiter unavailable; falling back to local (per-process) limiting',
        fields: { store: 'redis 127.0.0.1:6379', error: 'connection is down' },
      },
    ]);
    h.set({ up: true, failing: false });
    h.recover();
    expect(h.lines[1]).toEqual({
      level: 'info',
      msg: 'shared rate limiter restored',
      fields: { store: 'redis 127.0.0.1:6379' },
    });
  });
});

describe('FallbackLimiterStore sharing', () => {
  it('penalties and learned rates reach the shared store', async () => {
    const h = harness();
    await h.store.penalize('k', 5_000);
    await h.store.learn('k', 2.5);
    expect(h.calls).toEqual(['penalize k 5000', 'learn k 2.5']);
  });

  it('a penalty still holds the local bucket when the shared store fails', async () => {
    const h = harness();
    h.set({ failing: true });
    await h.store.penalize('k', 60_000);
    await expect(h.store.learn('k', 1)).resolves.toBeUndefined();
    const take = await h.store.take('k', rule, 1_000);
    expect(take.allowed).toBe(false);
  });

  it('while the connection stays down the shared store is not asked; once up, after the probe delay', async () => {
    const h = harness();
    h.set({ up: false, now: 0 });
    await h.store.take('k', rule, 0);
    // Still down 5 s later: no new failure time is recorded.
    h.set({ now: 5_000 });
    await h.store.take('k', rule, 5_000);
    expect(h.calls).toEqual([]);
    // Up again (no ready event yet) 5.5 s after the first failure: probed, and restored.
    h.set({ up: true, now: 5_500 });
    await h.store.take('k', rule, 5_500);
    expect(h.calls).toEqual(['take k']);
    expect(h.store.isDegraded).toBe(false);
  });
});
