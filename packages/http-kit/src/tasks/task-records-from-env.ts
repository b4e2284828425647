// taskRecordsFromEnv: task state in this process's memory by default; in Redis (every replica) with OBMCP_REDIS_URL.
import { createRequire } from 'node:module';
import type { Logger } from '@obmcp/contract';
import { MemoryTaskRecords, readTaskSettings, type TaskRecords } from '@obmcp/mcp-server/tasks';
import { LIMITER_ENV } from '../limiter-store-from-env.js';
import { storeClientOptions } from '../redis-client-options.js';
import { RedisTaskRecords } from './redis-task-records.js';
import { RetryingTaskRecords } from './retrying-task-records.js';

const require = createRequire(import.meta.url);

/**
 * Keys go under OBMCP_REDIS_KEY_PREFIX + `task:` (default `obmcp:task:`). Unlike the limiter (which falls
 * back to local buckets), a task store cannot guess: every store call retries a stall or a dropped
 * connection for up to 15 s (storeRetry), then fails; running tasks keep polling their upstream job
 * meanwhile and store their result once Redis answers. Tasks already stored are not lost.
 */
export function taskRecordsFromEnv(env: Record<string, string | undefined>, logger: Logger): TaskRecords {
  const settings = readTaskSettings(env);
  const url = env[LIMITER_ENV.redisUrl]?.trim();
  if (!url) return new MemoryTaskRecords(settings.maxTasks);
  const { Redis } = require('ioredis') as typeof import('ioredis');
  const connect = () => new Redis(url, storeClientOptions(env));
  const client = connect();
  const subscriber = connect();
  for (const c of [client, subscriber]) {
    c.on('error', (error: Error) => logger.debug('task store redis error', { error: error.message }));
  }
  const base = env[LIMITER_ENV.keyPrefix]?.trim();
  const keyPrefix = `${base || 'obmcp:'}task:`;
  logger.info('task store', { kind: 'redis', key_prefix: keyPrefix });
  const records = new RedisTaskRecords(client, subscriber, {
    keyPrefix,
    maxTasksPerOwner: settings.maxTasks,
  });
  // A Redis stall or restart of a few seconds is ridden out, not turned into failed tasks.
  return new RetryingTaskRecords(records, {
    onRetry: (error, attempt) => {
      if (attempt === 1) {
        // storeRetry retries Errors only (isTransientStoreError).
        logger.warn('task store unreachable: retrying', { error: (error as Error).message });
      }
    },
  });
}
