// The MCP task bounds (OBMCP_TASK_*), read once per process: lifetimes, result size, store size, poll hint.
import type { EnvDocs } from '../config/env-docs.js';
import { type Env, type EnvReader, envReaderOf } from '../config/env-reader.js';

export interface TaskSettings {
  /** A task's lifetime when the client asks for none (ms). */
  defaultTtlMs: number;
  /** The shortest and longest `ttl` a client may ask for (ms); outside: -32602 Invalid params. */
  minTtlMs: number;
  maxTtlMs: number;
  /** A stored result's largest JSON size; a larger one is replaced by a failed task's envelope. */
  maxResultBytes: number;
  /** Live tasks one store keeps (memory: per process; Redis: per owner); beyond: creation is refused. */
  maxTasks: number;
  /** The `pollInterval` suggested to clients (ms). */
  pollIntervalMs: number;
  /**
   * The lease of the process running a task (ms): it renews it every third of this. A lease not renewed
   * for one lease is only suspect (a store stall delays renewals too); after two (LEASE_GRACE) the task
   * ends `failed` with TASK_OWNER_LOST at the next tasks/get, tasks/list or tasks/result.
   */
  leaseMs: number;
  /**
   * On shutdown (SIGTERM): how long running tasks may still finish (ms); those still running then end
   * `failed` with TASK_INTERRUPTED. New tasks are refused from the signal on.
   */
  drainMs: number;
}

/** Leases without renewal before a running task counts as lost (one is suspect, not proof). */
export const LEASE_GRACE = 2;

/** How long a lease key lives after its last renewal (ms): the lease times LEASE_GRACE. */
export const leaseHoldMs = (settings: Pick<TaskSettings, 'leaseMs'>): number =>
  settings.leaseMs * LEASE_GRACE;

export const TASK_ENV = {
  defaultTtlMs: 'OBMCP_TASK_TTL_MS',
  maxTtlMs: 'OBMCP_TASK_MAX_TTL_MS',
  maxResultBytes: 'OBMCP_TASK_MAX_RESULT_BYTES',
  maxTasks: 'OBMCP_TASK_MAX_TASKS',
  pollIntervalMs: 'OBMCP_TASK_POLL_INTERVAL_MS',
  leaseMs: 'OBMCP_TASK_LEASE_MS',
  drainMs: 'OBMCP_TASK_DRAIN_MS',
} as const;

/** What each task variable means (`--help` prints these with the defaults read below). */
export const TASK_ENV_DOCS: EnvDocs = {
  [TASK_ENV.defaultTtlMs]: "a task's lifetime when the client asks for none, in ms",
  [TASK_ENV.maxTtlMs]: 'the longest task lifetime a client may ask for, in ms',
  [TASK_ENV.maxResultBytes]: "a stored task result's largest JSON size (a larger one becomes a failed task)",
  [TASK_ENV.maxTasks]: 'live tasks one store keeps (memory: per process; Redis: per caller)',
  [TASK_ENV.pollIntervalMs]: 'the poll interval suggested to clients, in ms',
  [TASK_ENV.drainMs]:
    'on SIGTERM, how long running tasks may still finish, in ms (then they end failed, TASK_INTERRUPTED, retryable)',
  [TASK_ENV.leaseMs]:
    'the heartbeat lease of a running task, in ms (renewed every third of it; a task whose replica sent no heartbeat for two leases ends failed, TASK_OWNER_LOST)',
};

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Strict like every other setting: a bad value is a ConfigError naming the variable. */
export function readTaskSettings(env: Env | EnvReader = process.env): TaskSettings {
  const read = envReaderOf(env);
  const maxTtlMs = read.int(TASK_ENV.maxTtlMs, { min: MINUTE, max: 7 * DAY }, DAY);
  return {
    minTtlMs: 1_000,
    maxTtlMs,
    defaultTtlMs: read.int(
      TASK_ENV.defaultTtlMs,
      { min: 1_000, max: maxTtlMs },
      Math.min(60 * MINUTE, maxTtlMs),
    ),
    maxResultBytes: read.int(TASK_ENV.maxResultBytes, { min: 1_024, max: 64 * 1024 * 1024 }, 8 * 1024 * 1024),
    maxTasks: read.int(TASK_ENV.maxTasks, { min: 1, max: 1_000_000 }, 1_000),
    pollIntervalMs: read.int(TASK_ENV.pollIntervalMs, { min: 100, max: 10 * MINUTE }, 2_000),
    leaseMs: read.int(TASK_ENV.leaseMs, { min: 1_000, max: 10 * MINUTE }, 30_000),
    drainMs: read.int(TASK_ENV.drainMs, { min: 0, max: 60 * MINUTE }, 10_000),
  };
}
