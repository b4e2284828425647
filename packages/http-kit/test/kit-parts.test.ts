// Small parts every server uses: the User-Agent it sends, the limiter its start builds from env, and which task-store
// failures are tried again (and told to the log).
import { describe, expect, it } from 'vitest';
import { serverLimiter } from '../src/server-limiter.js';
import { isTransientStoreError, storeRetry } from '../src/tasks/store-retry.js';
import { userAgent } from '../src/user-agent.js';

describe('userAgent', () => {
  it('drops only a trailing -mcp from the app name', () => {
    expect(userAgent('sp-mcp', '0.2.0')).toBe('obmcp-sp/0.2.0 (Language=TypeScript)');
    expect(userAgent('ads-mcp-next', '1.0.0')).toBe('obmcp-ads-mcp-next/1.0.0 (Language=TypeScript)');
  });
});

describe('serverLimiter', () => {
  it('reads the arrival margin from the env it is given, refusing a bad one by name', () => {
    expect(() => serverLimiter(1_000, { env: { OBMCP_LIMITER_ARRIVAL_MARGIN_MS: 'soon' } })).toThrow(
      /OBMCP_LIMITER_ARRIVAL_MARGIN_MS/,
    );
    expect(serverLimiter(1_000, { env: {} })).toBeDefined();
  });
});

describe('storeRetry', () => {
  const replyError = (message: string) => Object.assign(new Error(message), { name: 'ReplyError' });

  it('something thrown that is not an Error is final', async () => {
    expect(isTransientStoreError('boom')).toBe(false);
    expect(isTransientStoreError({ name: 'Error', message: 'x' })).toBe(false);
    let calls = 0;
    await expect(
      storeRetry(async () => {
        calls++;
        throw 'boom';
      }),
    ).rejects.toBe('boom');
    expect(calls).toBe(1);
  });

  it('a transient failure is tried again and told to onRetry; a script error is final and not told', async () => {
    const told: Array<[string, number]> = [];
    let calls = 0;
    const result = await storeRetry(
      async () => {
        calls++;
        if (calls < 3) throw replyError('LOADING Redis is loading the dataset in memory');
        return 'done';
      },
      {
        baseDelayMs: 1,
        maxDelayMs: 1,
        onRetry: (error, attempt) => told.push([(error as Error).message, attempt]),
      },
    );
    expect(result).toBe('done');
    expect(told).toEqual([
      ['LOADING Redis is loading the dataset in memory', 1],
      ['LOADING Redis is loading the dataset in memory', 2],
    ]);
    const final: unknown[] = [];
    await expect(
      storeRetry(
        async () => {
          throw replyError('ERR Error running script');
        },
        { baseDelayMs: 1, maxDelayMs: 1, onRetry: (error) => final.push(error) },
      ),
    ).rejects.toThrow('ERR Error running script');
    expect(final).toEqual([]);
  });
});
