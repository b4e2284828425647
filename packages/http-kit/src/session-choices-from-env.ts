// sessionChoicesFromEnv: with OBMCP_REDIS_URL, plain HTTP keeps the deployment's switches (region, active identity or profile) in Redis, so every replica answers with them.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Logger } from '@obmcp/contract';
import type { SessionChoiceStore } from '@obmcp/mcp-server/hosted';
import type { Redis } from 'ioredis';
import { LIMITER_ENV } from './limiter-store-from-env.js';
import { storeClientOptions } from './redis-client-options.js';

const require = createRequire(import.meta.url);

/** A switch lasts this long after its last use (30 days, as long as a hosted login's refresh token). */
export const SESSION_CHOICES_TTL_SECONDS = 30 * 24 * 3600;

/** A MULTI's replies, one [error, result] per command. */
type Replies = [Error | null, unknown][];

/** One Redis hash per key; each read or write renews its lifetime. */
export class RedisSessionChoiceStore implements SessionChoiceStore {
  constructor(
    private readonly redis: Redis,
    private readonly ttlSeconds: number = SESSION_CHOICES_TTL_SECONDS,
  ) {}

  // exec() answers null only for a transaction a WATCHed key aborted; these watch none.
  async load(key: string): Promise<Record<string, string>> {
    const [[error, fields]] = (await this.redis.multi().hgetall(key).expire(key, this.ttlSeconds).exec()) as [
      Replies[number],
    ];
    if (error) throw error;
    return fields as Record<string, string>;
  }

  async save(key: string, name: string, value: string | undefined): Promise<void> {
    const multi = this.redis.multi();
    if (value === undefined) multi.hdel(key, name);
    else multi.hset(key, name, value);
    const replies = (await multi.expire(key, this.ttlSeconds).exec()) as Replies;
    const failed = replies.find(([error]) => error !== null);
    if (failed) throw failed[0];
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}

/**
 * The deployment's switches for plain HTTP, or undefined without OBMCP_REDIS_URL (each process keeps its
 * own, as over stdio). The key names the server and the bearer token's digest: deployments sharing one
 * Redis with different tokens never share switches, and the token itself is not in Redis.
 */
export function sessionChoicesFromEnv(
  env: Record<string, string | undefined>,
  server: string,
  bearerToken: string | undefined,
  logger: Logger,
): { store: RedisSessionChoiceStore; key: string } | undefined {
  const url = env[LIMITER_ENV.redisUrl]?.trim();
  if (!url) return undefined;
  const { Redis } = require('ioredis') as typeof import('ioredis');
  const client = new Redis(url, storeClientOptions(env));
  client.on('error', (error: Error) => logger.debug('session store redis error', { error: error.message }));
  const base = env[LIMITER_ENV.keyPrefix]?.trim() || 'obmcp:';
  const who =
    bearerToken === undefined
      ? 'open'
      : createHash('sha256').update(bearerToken).digest('base64url').slice(0, 22);
  return { store: new RedisSessionChoiceStore(client), key: `${base}session:${server}:${who}` };
}
