// Plain HTTP's session choices in Redis: one hash per server and bearer token (never the token itself), renewed while used.
import { HAS_REDIS, type RedisProcess, startRedis } from '@obmcp/test-kit';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CHOICES_TTL_SECONDS, sessionChoicesFromEnv } from '../src/session-choices-from-env.js';

const log = { debug() {}, info() {}, warn() {}, error() {}, child: () => log };
const TOKEN = 'a-bearer-token-of-the-deployment';

describe('sessionChoicesFromEnv without Redis', () => {
  it('is undefined: each process keeps its own switches', () => {
    expect(sessionChoicesFromEnv({}, 'sp-mcp', TOKEN, log)).toBeUndefined();
  });
});

describe.skipIf(!HAS_REDIS)('sessionChoicesFromEnv with Redis', () => {
  let redis: RedisProcess;
  let raw: Redis;
  const opened: { close(): Promise<void> }[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    raw = new Redis(redis.url);
  });
  afterAll(async () => {
    for (const store of opened) await store.close();
    await raw?.quit();
    await redis?.kill();
  });

  const open = (server: string, token: string | undefined) => {
    const shared = sessionChoicesFromEnv({ OBMCP_REDIS_URL: redis.url }, server, token, log);
    if (shared === undefined) throw new Error('expected a store');
    opened.push(shared.store);
    return shared;
  };

  it('two replicas of one deployment share one key; another server or token has its own', async () => {
    const a = open('sp-mcp', TOKEN);
    const b = open('sp-mcp', TOKEN);
    expect(b.key).toBe(a.key);
    expect(a.key.startsWith('obmcp:session:sp-mcp:')).toBe(true);
    expect(a.key).not.toContain(TOKEN);
    expect(open('ads-mcp', TOKEN).key).not.toBe(a.key);
    expect(open('sp-mcp', 'another-bearer-token-entirely').key).not.toBe(a.key);
    expect(open('sp-mcp', undefined).key).toBe('obmcp:session:sp-mcp:open');

    await a.store.save(a.key, 'region', 'eu');
    expect(await b.store.load(b.key)).toEqual({ region: 'eu' });
    const ttl = await raw.ttl(a.key);
    expect(ttl).toBeGreaterThan(SESSION_CHOICES_TTL_SECONDS - 60);
    await raw.expire(a.key, 100);
    await b.store.load(b.key);
    expect(await raw.ttl(a.key)).toBeGreaterThan(SESSION_CHOICES_TTL_SECONDS - 60);
    await b.store.save(b.key, 'region', undefined);
    expect(await a.store.load(a.key)).toEqual({});
  });
});
