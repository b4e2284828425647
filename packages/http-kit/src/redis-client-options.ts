// The ioredis settings of the three Redis clients a server opens (limiter, task records, session switches).
import type { RedisOptions } from 'ioredis';
import { LIMITER_ENV } from './env-docs.js';

/** The wait before reconnect attempt `times`: 0.1 s, 0.2 s … capped at 5 s, forever (never gives up). */
export function reconnectDelay(times: number): number {
  return Math.min(times * 100, 5_000);
}

/**
 * The limiter's client: fails fast instead of queueing (a take that cannot reach Redis goes local at once), a
 * command bounded by OBMCP_REDIS_TIMEOUT_MS, a connection attempt by four of them (at least 1 s).
 */
export function limiterClientOptions(commandTimeoutMs: number): RedisOptions {
  return {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: commandTimeoutMs,
    connectTimeout: Math.max(1_000, commandTimeoutMs * 4),
    retryStrategy: reconnectDelay,
    lazyConnect: false,
  };
}

/**
 * The task records' and session switches' clients: a command waits through one reconnect (the task store's
 * storeRetry decides what follows) and at least 2 s, or OBMCP_REDIS_TIMEOUT_MS when longer: unlike a limiter
 * take, these have no local answer to fall back to.
 */
export function storeClientOptions(env: Record<string, string | undefined>): RedisOptions {
  return {
    commandTimeout: Math.max(2_000, Number(env[LIMITER_ENV.commandTimeoutMs]) || 0),
    maxRetriesPerRequest: 1,
    retryStrategy: reconnectDelay,
  };
}
