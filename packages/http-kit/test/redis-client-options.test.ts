// What each Redis client of a server is configured with: how long a command may take, whether it queues, how it
// reconnects (the limiter fails fast to its local buckets; the task and session stores wait through a reconnect).
import { describe, expect, it } from 'vitest';
import { limiterClientOptions, reconnectDelay, storeClientOptions } from '../src/redis-client-options.js';

describe('Redis client options', () => {
  it('reconnects forever: 0.1 s, 0.2 s … then every 5 s', () => {
    expect([1, 2, 3, 49, 50, 51, 1_000].map(reconnectDelay)).toEqual([
      100, 200, 300, 4_900, 5_000, 5_000, 5_000,
    ]);
  });

  it('the limiter: no offline queue, no retry of a command, its timeout, a connect bound of four (at least 1 s)', () => {
    expect(limiterClientOptions(500)).toEqual({
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: 500,
      connectTimeout: 2_000,
      retryStrategy: reconnectDelay,
      lazyConnect: false,
    });
    expect(limiterClientOptions(100).connectTimeout).toBe(1_000);
    expect(limiterClientOptions(251).connectTimeout).toBe(1_004);
  });

  it('the task and session stores: one reconnect per command, at least 2 s or OBMCP_REDIS_TIMEOUT_MS', () => {
    expect(storeClientOptions({})).toEqual({
      commandTimeout: 2_000,
      maxRetriesPerRequest: 1,
      retryStrategy: reconnectDelay,
    });
    expect(storeClientOptions({ OBMCP_REDIS_TIMEOUT_MS: '500' }).commandTimeout).toBe(2_000);
    expect(storeClientOptions({ OBMCP_REDIS_TIMEOUT_MS: '2001' }).commandTimeout).toBe(2_001);
    expect(storeClientOptions({ OBMCP_REDIS_TIMEOUT_MS: 'soon' }).commandTimeout).toBe(2_000);
  });
});
