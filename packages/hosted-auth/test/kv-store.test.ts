// The auth store's contract, kept alike by memory (one process) and Redis (replicas, a redis-server this test starts).
import { HAS_REDIS, type RedisProcess, startRedis } from '@obmcp/test-kit';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { KvStore } from '../src/store/kv-store.js';
import { MemoryStore } from '../src/store/memory-store.js';
import { RedisStore } from '../src/store/redis-store.js';

/** What every store does, whatever keeps it. */
function contract(make: () => KvStore): void {
  let store: KvStore;
  beforeEach(() => {
    store = make();
  });

  it('set replaces, get reads, del removes (a value, a set and a hash alike)', async () => {
    expect(await store.get('k')).toBeUndefined();
    await store.set('k', 'v1');
    await store.set('k', 'v2');
    expect(await store.get('k')).toBe('v2');
    await store.del('k');
    expect(await store.get('k')).toBeUndefined();
    await store.addMember('s', 'a');
    await store.setField('h', 'f', '1');
    await store.del('s');
    await store.del('h');
    expect(await store.members('s')).toEqual([]);
    expect(await store.fields('h')).toEqual({});
  });

  it('take reads once: of two concurrent takes only one gets the value', async () => {
    await store.set('code', 'grant-1', 60);
    const [a, b] = await Promise.all([store.take('code'), store.take('code')]);
    expect([a, b].sort()).toEqual(['grant-1', undefined].sort());
    expect(await store.get('code')).toBeUndefined();
    expect(await store.take('missing')).toBeUndefined();
  });

  it('sets hold each member once', async () => {
    await store.addMember('s', 'g1');
    await store.addMember('s', 'g2');
    await store.addMember('s', 'g1');
    expect((await store.members('s')).sort()).toEqual(['g1', 'g2']);
    expect(await store.members('other')).toEqual([]);
  });

  it('hash fields are set, replaced and removed one at a time', async () => {
    await store.setField('h', 'region', 'eu', 60);
    await store.setField('h', 'profile', '123', 60);
    await store.setField('h', 'region', 'fe', 60);
    expect(await store.fields('h', 60)).toEqual({ region: 'fe', profile: '123' });
    await store.setField('h', 'region', undefined, 60);
    expect(await store.fields('h')).toEqual({ profile: '123' });
    await store.setField('h', 'profile', undefined);
    expect(await store.fields('h', 60)).toEqual({});
    expect(await store.fields('none', 60)).toEqual({});
  });

  it('expire answers whether there was a key', async () => {
    expect(await store.expire('missing', 60)).toBe(false);
    expect(await store.get('missing')).toBeUndefined();
    await store.set('k', 'v');
    expect(await store.expire('k', 60)).toBe(true);
    expect(await store.get('k')).toBe('v');
  });
}

describe('MemoryStore', () => {
  const clock = { now: 1_000_000 };
  contract(() => new MemoryStore(() => clock.now));

  it('values vanish at their lifetime; keep keeps the old one; none lives forever', async () => {
    const store = new MemoryStore(() => clock.now);
    await store.set('short', 'v', 10);
    await store.set('forever', 'v');
    clock.now += 9_999;
    expect(await store.get('short')).toBe('v');
    await store.set('short', 'v2', 'keep');
    await store.set('fresh', 'v', 'keep');
    clock.now += 1;
    expect(await store.get('short')).toBeUndefined();
    expect(await store.take('short')).toBeUndefined();
    clock.now += 100 * 365 * 24 * 3600 * 1000;
    expect(await store.get('forever')).toBe('v');
    expect(await store.get('fresh')).toBe('v');
  });

  it('expire gives a key a new lifetime from now', async () => {
    const store = new MemoryStore(() => clock.now);
    await store.set('k', 'v', 10);
    clock.now += 9_000;
    expect(await store.expire('k', 10)).toBe(true);
    clock.now += 9_000;
    expect(await store.get('k')).toBe('v');
    clock.now += 1_000;
    expect(await store.get('k')).toBeUndefined();
    expect(await store.expire('k', 10)).toBe(false);
  });

  it('a hash lives from its last write or its last read with a lifetime', async () => {
    const store = new MemoryStore(() => clock.now);
    await store.setField('h', 'a', '1', 10);
    clock.now += 9_000;
    expect(await store.fields('h')).toEqual({ a: '1' });
    clock.now += 1_000;
    expect(await store.fields('h')).toEqual({});
    // A lapsed hash is not revived by a new field: only the new field is there.
    await store.setField('h2', 'a', '1', 10);
    clock.now += 10_000;
    await store.setField('h2', 'b', '2', 10);
    expect(await store.fields('h2')).toEqual({ b: '2' });
    clock.now += 9_000;
    expect(await store.fields('h2', 10)).toEqual({ b: '2' });
    clock.now += 9_000;
    expect(await store.fields('h2')).toEqual({ b: '2' });
    clock.now += 1_000;
    expect(await store.fields('h2')).toEqual({});
  });

  it('forgets what has lapsed or emptied, instead of holding it in memory', async () => {
    const store = new MemoryStore(() => clock.now);
    const held = store as unknown as { values: Map<string, unknown>; hashes: Map<string, unknown> };
    await store.set('v', '1', 10);
    await store.setField('h', 'a', '1', 10);
    await store.setField('e', 'a', '1', 10);
    await store.setField('e', 'a', undefined, 10);
    expect(await store.expire('missing', 10)).toBe(false);
    expect([...held.hashes.keys()]).toEqual(['h']);
    expect([...held.values.keys()]).toEqual(['v']);
    clock.now += 10_000;
    expect(await store.get('v')).toBeUndefined();
    expect(await store.fields('h')).toEqual({});
    expect(held.values.size).toBe(0);
    expect(held.hashes.size).toBe(0);
  });

  it('without a clock it reads the real one', async () => {
    const store = new MemoryStore();
    await store.set('k', 'v', 60);
    expect(await store.get('k')).toBe('v');
    await store.set('gone', 'v', -1);
    expect(await store.get('gone')).toBeUndefined();
  });
});

describe.skipIf(!HAS_REDIS)('RedisStore', () => {
  let redis: RedisProcess;
  let raw: Redis;
  const stores: RedisStore[] = [];
  let round = 0;
  const prefix = () => `obmcp:test${round}:auth:`;

  beforeAll(async () => {
    redis = await startRedis();
    raw = new Redis(redis.url);
  });
  afterAll(async () => {
    for (const store of stores) await store.close();
    raw?.disconnect();
    await redis?.kill();
  });

  const make = (): RedisStore => {
    round++;
    const store = new RedisStore(redis.url, prefix());
    stores.push(store);
    return store;
  };
  contract(make);

  it('keeps every key under its prefix, so two servers never meet', async () => {
    const a = new RedisStore(raw.duplicate(), 'obmcp:sp:auth:');
    const b = new RedisStore(raw.duplicate(), 'obmcp:ads:auth:');
    stores.push(a, b);
    await a.set('grant:1', 'sp');
    await a.addMember('subject-grants:x', 'g');
    await a.setField('session:x', 'region', 'eu');
    expect(await raw.get('obmcp:sp:auth:grant:1')).toBe('sp');
    expect(await raw.smembers('obmcp:sp:auth:subject-grants:x')).toEqual(['g']);
    expect(await raw.hgetall('obmcp:sp:auth:session:x')).toEqual({ region: 'eu' });
    expect(await b.get('grant:1')).toBeUndefined();
    expect(await b.members('subject-grants:x')).toEqual([]);
    expect(await b.fields('session:x')).toEqual({});
  });

  it('lifetimes: whole seconds, at least one; keep keeps it; none is none', async () => {
    const store = make();
    const ttl = (key: string) => raw.ttl(`${prefix()}${key}`);
    await store.set('a', 'v', 0.2);
    expect(await ttl('a')).toBe(1);
    await store.set('b', 'v', 90.1);
    expect(await ttl('b')).toBe(91);
    await store.set('b', 'v2', 'keep');
    expect(await ttl('b')).toBe(91);
    expect(await store.get('b')).toBe('v2');
    await store.set('c', 'v');
    expect(await ttl('c')).toBe(-1);
    await store.set('b', 'v3');
    expect(await ttl('b')).toBe(-1);
    expect(await store.expire('c', 0.4)).toBe(true);
    expect(await ttl('c')).toBe(1);
    await store.set('d', 'v', 30);
    expect(await store.expire('d', 120.5)).toBe(true);
    expect(await ttl('d')).toBe(121);
  });

  it('a hash’s lifetime is renewed by a write or a read with a lifetime, and only then', async () => {
    const store = make();
    const ttl = (key: string) => raw.ttl(`${prefix()}${key}`);
    await store.setField('h', 'region', 'eu', 0.5);
    expect(await ttl('h')).toBe(1);
    await store.setField('h', 'profile', '1', 50.5);
    expect(await ttl('h')).toBe(51);
    expect(await store.fields('h', 300.2)).toEqual({ region: 'eu', profile: '1' });
    expect(await ttl('h')).toBe(301);
    expect(await store.fields('h')).toEqual({ region: 'eu', profile: '1' });
    expect(await ttl('h')).toBe(301);
    await store.setField('h', 'region', undefined);
    expect(await ttl('h')).toBe(301);
    expect(await store.fields('h', 0.1)).toEqual({ profile: '1' });
    expect(await ttl('h')).toBe(1);
    await store.setField('n', 'a', '1');
    expect(await ttl('n')).toBe(-1);
  });

  it('a command that fails inside a transaction fails the call', async () => {
    const store = make();
    await store.set('s', 'a string, not a hash');
    await expect(store.setField('s', 'f', 'v', 60)).rejects.toThrow(/WRONGTYPE/);
    await expect(store.setField('s', 'f', undefined)).rejects.toThrow(/WRONGTYPE/);
    await expect(store.fields('s', 60)).rejects.toThrow(/WRONGTYPE/);
    await expect(store.fields('s')).rejects.toThrow(/WRONGTYPE/);
  });

  it('connects on first use, not when made', async () => {
    const clients = async () => (String(await raw.client('LIST')).match(/^id=/gm) ?? []).length;
    const before = await clients();
    const store = new RedisStore(redis.url, 'lazy:');
    stores.push(store);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await clients()).toBe(before);
    await store.get('k');
    expect(await clients()).toBe(before + 1);
  });

  it('gives up on a dead server within a few retries instead of waiting', async () => {
    const dead = new RedisStore('redis://127.0.0.1:1', 'x:');
    const started = Date.now();
    await expect(dead.get('k')).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2500);
    await dead.close().catch(() => {});
  });
});
