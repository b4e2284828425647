// Plain HTTP's session choices in Redis: one hash per server and bearer token (never the token itself), renewed while used.
import { createHash } from 'node:crypto';
import { HAS_REDIS, type RedisProcess, startRedis } from '@obmcp/test-kit';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RedisSessionChoiceStore,
  SESSION_CHOICES_TTL_SECONDS,
  sessionChoicesFromEnv,
} from '../src/session-choices-from-env.js';

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

describe.skipIf(!HAS_REDIS)('RedisSessionChoiceStore and its key (real redis-server)', () => {
  let redis: RedisProcess;
  let raw: Redis;
  const opened: { close(): Promise<void> }[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    raw = new Redis(redis.url);
  });
  afterAll(async () => {
    for (const store of opened) await store.close().catch(() => undefined);
    await raw?.quit();
    await redis?.kill();
  });

  const open = (env: Record<string, string>, token: string | undefined = TOKEN, logger = log) => {
    const shared = sessionChoicesFromEnv({ OBMCP_REDIS_URL: redis.url, ...env }, 'sp-mcp', token, logger);
    if (shared === undefined) throw new Error('expected a store');
    opened.push(shared.store);
    return shared;
  };

  it("the key: the prefix (obmcp: when unset or blank), the server, the token's SHA-256 in 22 base64url characters", () => {
    const digest = createHash('sha256').update(TOKEN).digest('base64url').slice(0, 22);
    expect(open({}).key).toBe(`obmcp:session:sp-mcp:${digest}`);
    expect(open({ OBMCP_REDIS_KEY_PREFIX: '   ' }).key).toBe(`obmcp:session:sp-mcp:${digest}`);
    expect(open({ OBMCP_REDIS_KEY_PREFIX: ' tenant-a: ' }).key).toBe(`tenant-a:session:sp-mcp:${digest}`);
    // A URL with spaces around it is the URL; only spaces is none.
    const padded = sessionChoicesFromEnv({ OBMCP_REDIS_URL: `  ${redis.url}  ` }, 'sp-mcp', TOKEN, log);
    expect(padded?.key).toBe(`obmcp:session:sp-mcp:${digest}`);
    if (padded) opened.push(padded.store);
    expect(sessionChoicesFromEnv({ OBMCP_REDIS_URL: '   ' }, 'sp-mcp', TOKEN, log)).toBeUndefined();
  });

  it('switches saved, cleared and read back; an unset one is not stored as a value', async () => {
    const { store, key } = open({ OBMCP_REDIS_KEY_PREFIX: 'rw:' });
    expect(await store.load(key)).toEqual({});
    await store.save(key, 'region', 'fe');
    await store.save(key, 'profile', '123');
    expect(await store.load(key)).toEqual({ region: 'fe', profile: '123' });
    await store.save(key, 'profile', undefined);
    expect(await store.load(key)).toEqual({ region: 'fe' });
    expect(await raw.hgetall(key)).toEqual({ region: 'fe' });
  });

  it('a store given its own lifetime renews the key to it on every read and write', async () => {
    const store = new RedisSessionChoiceStore(new Redis(redis.url), 120);
    opened.push(store);
    await store.save('life:key', 'region', 'eu');
    expect(await raw.ttl('life:key')).toBeGreaterThan(100);
    expect(await raw.ttl('life:key')).toBeLessThanOrEqual(120);
    await raw.expire('life:key', 5);
    await store.load('life:key');
    expect(await raw.ttl('life:key')).toBeGreaterThan(100);
    await raw.expire('life:key', 5);
    await store.save('life:key', 'region', undefined);
    await store.save('life:key', 'profile', '1');
    expect(await raw.ttl('life:key')).toBeGreaterThan(100);
  });

  it('a key Redis cannot read as switches fails the read and the write (never an empty answer)', async () => {
    const { store } = open({});
    await raw.set('not-a-hash', 'text');
    await expect(store.load('not-a-hash')).rejects.toThrow(/WRONGTYPE/);
    await expect(store.save('not-a-hash', 'region', 'eu')).rejects.toThrow(/WRONGTYPE/);
    await expect(store.save('not-a-hash', 'region', undefined)).rejects.toThrow(/WRONGTYPE/);
  });

  it('close ends its connection; a connection error is a debug line', async () => {
    const connections = async () =>
      String(await raw.client('LIST'))
        .trim()
        .split('\n').length;
    const before = await connections();
    const { store, key } = open({});
    await store.load(key);
    expect(await connections()).toBe(before + 1);
    await store.close();
    while ((await connections()) > before) await new Promise((r) => setTimeout(r, 20));
    expect(await connections()).toBe(before);

    const lines: { msg: string; fields: Record<string, unknown> }[] = [];
    const capture = {
      ...log,
      debug: (msg: string, fields: Record<string, unknown>) => lines.push({ msg, fields }),
    };
    const down = sessionChoicesFromEnv({ OBMCP_REDIS_URL: 'redis://127.0.0.1:1' }, 'sp-mcp', TOKEN, capture);
    while (lines.length === 0) await new Promise((r) => setTimeout(r, 10));
    await down?.store.close().catch(() => undefined);
    expect(lines[0]?.msg).toBe('session store redis error');
    expect(String(lines[0]?.fields.error)).toMatch(/ECONNREFUSED/);
  });
});
