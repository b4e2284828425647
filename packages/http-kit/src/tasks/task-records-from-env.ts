// taskRecordsFromEnv: task state in this process's memory by default; in Redis (every replica) with OBMCP_REDIS_URL.
import { createRequire } from 'node:module';
import type { Logger } from '@obmcp/contract';
import { MemoryTaskRecords, readTaskSettings, type TaskRecords } from '@obmcp/mcp-server/tasks';
import { LIMITER_ENV } from '../limiter-store-from-env.js';
import { RedisTaskRecords } from './redis-task-records.js';

const require = createRequire(import.meta.url);

/**
 * Keys go under OBMCP_REDIS_KEY_PREFIX + `task:` (default `obmcp:task:`). Unlike the limiter (which falls
 * back to local buckets), a task store cannot guess: while Redis is down, task requests fail with an
 * error after the command timeout and work again when it is back; tasks already stored are not lost.
 */
export function taskRecordsFromEnv(env: Record<string, string | undefined>, logger: Logger): TaskRecords {
  const settings = readTaskSettings(env);
  const url = env[LIMITER_ENV.redisUrl]?.trim();
  if (!url) return new MemoryTaskRecords(settings.maxTasks);
  const { Redis } = require('ioredis') as typeof import('ioredis');
  const timeout = Math.max(2_000, Number(env[LIMITER_ENV.commandTimeoutMs] ?? '') || 0);
  const connect = () =>
    new Redis(url, {
      commandTimeout: timeout,
      maxRetriesPerRequest: 1,
      retryStrategy: (times) => Math.min(times * 100, 5_000),
    });
  const client = connect();
  const subscriber = connect();
  for (const c of [client, subscriber]) {
    c.on('error', (error: Error) => logger.debug('task store redis error', { error: error.message }));
  }
  const base = env[LIMITER_ENV.keyPrefix]?.trim();
  const keyPrefix = `${base || 'obmcp:'}task:`;
  logger.info('task store', { kind: 'redis', key_prefix: keyPrefix });
  return new RedisTaskRecords(client, subscriber, { keyPrefix, maxTasksPerOwner: settings.maxTasks });
}
