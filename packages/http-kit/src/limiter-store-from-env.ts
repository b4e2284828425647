// limiterStoreFromEnv: memory by default; Redis (shared by every replica) when OBMCP_REDIS_URL is set.
import { createRequire } from 'node:module';
import { type EnvReader, envReaderOf } from '@obmcp/mcp-server/config';
import type { Logger } from '@obmcp/contract';
import { FallbackLimiterStore } from './fallback-limiter-store.js';
import { ARRIVAL_MARGIN_MS } from './limiter.js';
import type { LimiterStore } from './limiter-store.js';
import { MemoryLimiterStore } from './memory-limiter-store.js';
import { limiterClientOptions } from './redis-client-options.js';
import { RedisLimiterStore } from './redis-limiter-store.js';

const require = createRequire(import.meta.url);

/** ioredis takes ~0.1 s to load: only servers configured with a Redis URL pay for it (a sync CJS require). */
function loadRedis(): typeof import('ioredis').Redis {
  return (require('ioredis') as typeof import('ioredis')).Redis;
}

import { LIMITER_ENV } from './env-docs.js';

export { LIMITER_ENV, LIMITER_ENV_DOCS } from './env-docs.js';

export interface LimiterSettings {
  redisUrl?: string;
  keyPrefix: string;
  commandTimeoutMs: number;
  /** The limiter's arrival margin (ARRIVAL_MARGIN_MS unless set). */
  arrivalMarginMs: number;
}

/** The limiter's variables, through the server's env reader (strict: a bad timeout names the variable). */
export function readLimiterSettings(env: Record<string, string | undefined> | EnvReader): LimiterSettings {
  const read = envReaderOf(env);
  const redisUrl = read.text(LIMITER_ENV.redisUrl);
  return {
    ...(redisUrl !== undefined ? { redisUrl } : {}),
    keyPrefix: read.textOr(LIMITER_ENV.keyPrefix, 'obmcp:rl:'),
    commandTimeoutMs: read.int(LIMITER_ENV.commandTimeoutMs, { min: 1, max: 60_000 }, 500),
    arrivalMarginMs: read.int(LIMITER_ENV.arrivalMarginMs, { min: 0, max: 60_000 }, ARRIVAL_MARGIN_MS),
  };
}

export interface ManagedLimiterStore extends LimiterStore {
  readonly kind: 'memory' | 'redis';
  /** Shares an upstream-advertised rate with every replica (no-op for memory). */
  learn(key: string, rate: number): Promise<void>;
  /** Closes the Redis connection (no-op for memory). */
  close(): Promise<void>;
}

/** Host and port of a Redis URL for logs; never the password. */
function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.hostname}:${parsed.port || '6379'}`;
  } catch {
    return 'invalid URL';
  }
}

export function limiterStoreFromEnv(
  env: Record<string, string | undefined> | EnvReader,
  logger: Logger,
): ManagedLimiterStore {
  const settings = readLimiterSettings(env);
  const url = settings.redisUrl;
  if (!url) {
    const memory = new MemoryLimiterStore();
    return {
      kind: 'memory',
      take: (...args) => memory.take(...args),
      takeNow: (...args) => memory.takeNow(...args),
      penalize: (key, until) => memory.penalize(key, until),
      learn: async () => undefined,
      close: async () => undefined,
    };
  }
  const timeout = settings.commandTimeoutMs;
  const Redis = loadRedis();
  const options = limiterClientOptions(timeout);
  const client = new Redis(url, options);
  const where = describeUrl(url);
  client.on('error', (error: Error) =>
    logger.debug('redis connection error', { redis: where, error: error.message }),
  );
  const shared = new RedisLimiterStore(client, { keyPrefix: settings.keyPrefix });
  const store = new FallbackLimiterStore({
    primary: shared,
    logger,
    name: `redis ${where}`,
    isUp: () => client.status === 'ready',
    onRecovered: (listener) => client.on('ready', listener),
  });
  logger.info('rate limiter store', { kind: 'redis', redis: where });
  // The first take waits for the initial connection (at most one connection attempt), so a normal start logs no
  // fallback. The bound's timer is AbortSignal.timeout's: it never keeps the process alive.
  const ready = new Promise<void>((resolve) => {
    client.once('ready', () => resolve());
    AbortSignal.timeout(options.connectTimeout as number).addEventListener('abort', () => resolve());
  });
  return {
    kind: 'redis',
    take: async (...args) => {
      await ready;
      return store.take(...args);
    },
    penalize: async (key, until) => {
      await ready;
      return store.penalize(key, until);
    },
    learn: async (key, rate) => {
      await ready;
      return store.learn(key, rate);
    },
    // Pending takes do not outlive a closing process: no QUIT handshake to wait for.
    close: async () => client.disconnect(),
  };
}
