// A KvStore in Redis (ioredis): the deployment's shared store, so every replica sees every grant and credential.
import { type ChainableCommander, Redis } from 'ioredis';
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

  async set(key: string, value: string, ttlSeconds?: number | 'keep'): Promise<void> {
    if (ttlSeconds === undefined) await this.redis.set(this.key(key), value);
    else if (ttlSeconds === 'keep') await this.redis.set(this.key(key), value, 'KEEPTTL');
    else await this.redis.set(this.key(key), value, 'EX', Math.max(1, Math.ceil(ttlSeconds)));
  }

  async expire(key: string, ttlSeconds: number): Promise<boolean> {
    return (await this.redis.expire(this.key(key), Math.max(1, Math.ceil(ttlSeconds)))) === 1;
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

  async setField(key: string, field: string, value: string | undefined, ttlSeconds?: number): Promise<void> {
    const multi = this.redis.multi();
    if (value === undefined) multi.hdel(this.key(key), field);
    else multi.hset(this.key(key), field, value);
    if (ttlSeconds !== undefined) multi.expire(this.key(key), Math.max(1, Math.ceil(ttlSeconds)));
    await execOrThrow(multi);
  }

  async fields(key: string, ttlSeconds?: number): Promise<Record<string, string>> {
    if (ttlSeconds === undefined) return this.redis.hgetall(this.key(key));
    const results = await execOrThrow(
      this.redis
        .multi()
        .hgetall(this.key(key))
        .expire(this.key(key), Math.max(1, Math.ceil(ttlSeconds))),
    );
    return results[0] as Record<string, string>;
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}

/** A MULTI's replies; a command that failed inside it fails the whole call. */
async function execOrThrow(multi: ChainableCommander): Promise<unknown[]> {
  // exec() answers null only for a WATCHed key that changed; these transactions WATCH nothing.
  const replies = (await multi.exec()) as [Error | null, unknown][];
  const failed = replies.find(([error]) => error !== null);
  if (failed !== undefined) throw failed[0];
  return replies.map(([, value]) => value);
}
