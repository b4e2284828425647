// The parts every app's createServer shares: the User-Agent format and the limiter made from config, env and store.
import { RateLimitedError } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import { serverLimiter, userAgent } from '../src/index.js';
import { MemoryLimiterStore } from '../src/memory-limiter-store.js';

describe('userAgent', () => {
  it('is obmcp-<app>/<version> (Language=TypeScript) for every app', () => {
    expect(userAgent('sp-mcp', '0.2.0')).toBe('obmcp-sp/0.2.0 (Language=TypeScript)');
    expect(userAgent('ads-mcp', '1.0.0')).toBe('obmcp-ads/1.0.0 (Language=TypeScript)');
    expect(userAgent('openbridge-mcp', '0.2.0')).toBe('obmcp-openbridge/0.2.0 (Language=TypeScript)');
  });
});

describe('serverLimiter', () => {
  const rule = { rate: 0.001, burst: 1 };

  it('refuses at once past maxWaitMs 0, and two limiters on the start store share its buckets', async () => {
    const limiterStore = new MemoryLimiterStore();
    const first = serverLimiter(0, { env: {}, limiterStore });
    const second = serverLimiter(0, { env: {}, limiterStore });
    await first.acquire('getOrders', rule);
    await expect(second.acquire('getOrders', rule)).rejects.toBeInstanceOf(RateLimitedError);
  });

  it('without a store, each limiter has its own buckets', async () => {
    await serverLimiter(0, { env: {} }).acquire('getOrders', rule);
    await expect(serverLimiter(0, { env: {} }).acquire('getOrders', rule)).resolves.toBeUndefined();
  });
});
