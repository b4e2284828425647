// A KvStore in Redis (ioredis): the deployment's shared store, so every replica sees every grant and credential.
import { Redis } from 'ioredis';
import type { KvStore } from './kv-store.js';

/** Keys live under `prefix` (one per server, so the three servers' grants never meet). */
export class RedisStore implements KvStore {
  private readonly redis: Redis;

  constructor(
    urlOrClient: string | Redis,
    private readonly prefix: string,
  ) {
    this.redis =
      typeof urlOrClient === 'string'
        ? new Redis(urlOrClient, { lazyConnect: true, maxRetriesPerRequest: 2 })
        : urlOrClient;
  }

  private key(key: string): string {
    return `${this.prefix}${key}`;
  }

  async set(key: string, value: string, ttlSeconds?: number): Promise<void> {
    if (ttlSeconds === undefined) await this.redis.set(this.key(key), value);
    else await this.redis.set(this.key(key), value, 'EX', Math.max(1, Math.ceil(ttlSeconds)));
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.redis.get(this.key(key))) ?? undefined;
  }

  async take(key: string): Promise<string | undefined> {
    // GETDEL (Redis >= 6.2) is one atomic command: two replicas redeeming one code cannot both win.
    return (await this.redis.getdel(this.key(key))) ?? undefined;
  }

  async del(key: string): Promise<void> {
    await this.redis.del(this.key(key));
  }

  async addMember(key: string, member: string): Promise<void> {
    await this.redis.sadd(this.key(key), member);
  }

  async members(key: string): Promise<string[]> {
    return this.redis.smembers(this.key(key));
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
