// RedisTaskRecords: task state and results every replica shares (TTL-bounded keys under the configured prefix).
import { createHash } from 'node:crypto';
import {
  type OrphanOutcome,
  type ReplaceOutcome,
  type TaskPage,
  type TaskRecord,
  type TaskRecords,
  UnknownCursorError,
} from '@obmcp/mcp-server/tasks';
import type { Redis } from 'ioredis';
import {
  ANNOTATE_CANCELLED_SCRIPT,
  CLAIM_HANDOVER_SCRIPT,
  HAND_OVER_SCRIPT,
  END_ORPHAN_SCRIPT,
  INSERT_SCRIPT,
  REPLACE_SCRIPT,
} from './redis-task-scripts.js';

export interface RedisTaskRecordsOptions {
  /** Prefix of every key and of the cancel channel (default `obmcp:task:`). */
  keyPrefix?: string;
  /** Live tasks one owner may hold. */
  maxTasksPerOwner: number;
  now?: () => number;
}

type Scripted = Redis & {
  obmcpTaskInsert(k1: string, k2: string, k3: string, ...args: (string | number)[]): Promise<number>;
  obmcpTaskReplace(k1: string, k2: string, k3: string, ...args: (string | number)[]): Promise<ReplaceOutcome>;
  obmcpTaskEndOrphan(
    k1: string,
    k2: string,
    k3: string,
    k4: string,
    ...args: (string | number)[]
  ): Promise<OrphanOutcome>;
  obmcpTaskAnnotateCancelled(k1: string, json: string): Promise<number>;
  obmcpTaskHandOver(
    k1: string,
    k2: string,
    k3: string,
    k4: string,
    json: string,
    keepMs: number,
  ): Promise<ReplaceOutcome>;
  obmcpTaskClaimHandover(k1: string, k2: string, json: string, leaseMs: number): Promise<number>;
};

/** Defines the scripts on `client` (again on a client another store shares: the same scripts, redefined). */
function scripted(client: Redis): Scripted {
  client.defineCommand('obmcpTaskInsert', { numberOfKeys: 3, lua: INSERT_SCRIPT });
  client.defineCommand('obmcpTaskReplace', { numberOfKeys: 3, lua: REPLACE_SCRIPT });
  client.defineCommand('obmcpTaskEndOrphan', { numberOfKeys: 4, lua: END_ORPHAN_SCRIPT });
  client.defineCommand('obmcpTaskAnnotateCancelled', { numberOfKeys: 1, lua: ANNOTATE_CANCELLED_SCRIPT });
  client.defineCommand('obmcpTaskHandOver', { numberOfKeys: 4, lua: HAND_OVER_SCRIPT });
  client.defineCommand('obmcpTaskClaimHandover', { numberOfKeys: 2, lua: CLAIM_HANDOVER_SCRIPT });
  return client as Scripted;
}

/** Task ids are random UUIDs; a client-supplied id is hashed into the key so it can never escape the prefix. */
const idKey = (taskId: string): string =>
  /^[0-9a-f-]{36}$/.test(taskId)
    ? taskId
    : `x${createHash('sha256').update(taskId).digest('hex').slice(0, 32)}`;

export class RedisTaskRecords implements TaskRecords {
  readonly kind = 'redis' as const;
  private readonly redis: Scripted;
  private readonly prefix: string;
  private readonly now: () => number;
  private readonly listeners: ((taskId: string) => void)[] = [];
  private subscribed: Promise<unknown> | undefined;

  /** `subscriber` is a second connection (a subscribed one can run nothing else): it hears cancels. */
  constructor(
    client: Redis,
    private readonly subscriber: Redis,
    private readonly options: RedisTaskRecordsOptions,
  ) {
    this.redis = scripted(client);
    this.prefix = options.keyPrefix ?? 'obmcp:task:';
    this.now = options.now ?? Date.now;
  }

  private recordKey = (taskId: string) => `${this.prefix}${idKey(taskId)}`;
  private resultKey = (taskId: string) => `${this.prefix}${idKey(taskId)}:result`;
  private ownerKey = (owner: string) => `${this.prefix}owner:${owner}`;
  /** Lives while the replica running the task renews it (a key with a TTL: Redis's clock decides). */
  private leaseKey = (taskId: string) => `${this.prefix}${idKey(taskId)}:lease`;
  private get channel(): string {
    return `${this.prefix}cancelled`;
  }

  async insert(record: TaskRecord, leaseMs: number): Promise<boolean> {
    const { result: _none, ...meta } = record;
    const keepMs = record.expiresAt - this.now();
    if (keepMs <= 0) return false;
    const stored = await this.redis.obmcpTaskInsert(
      this.recordKey(record.task.taskId),
      this.ownerKey(record.owner),
      this.leaseKey(record.task.taskId),
      JSON.stringify(meta),
      keepMs,
      record.expiresAt,
      this.now(),
      this.options.maxTasksPerOwner,
      record.task.taskId,
      Math.max(1, Math.round(leaseMs)),
    );
    return stored === 1;
  }

  async renewLeases(taskIds: readonly string[], leaseMs: number): Promise<void> {
    if (taskIds.length === 0) return;
    const batch = this.redis.multi();
    for (const id of taskIds) batch.set(this.leaseKey(id), '1', 'PX', Math.max(1, Math.round(leaseMs)));
    await batch.exec();
  }

  async leaseHeld(taskId: string): Promise<boolean> {
    return (await this.redis.exists(this.leaseKey(taskId))) === 1;
  }

  async endOrphan(ended: TaskRecord): Promise<OrphanOutcome> {
    const { result, ...meta } = ended;
    const keepMs = ended.expiresAt - this.now();
    if (keepMs <= 0) return 'missing';
    const { taskId } = ended.task;
    return this.redis.obmcpTaskEndOrphan(
      this.recordKey(taskId),
      this.resultKey(taskId),
      this.ownerKey(ended.owner),
      this.leaseKey(taskId),
      JSON.stringify(meta),
      keepMs,
      result === undefined ? '' : JSON.stringify(result),
      ended.expiresAt,
      taskId,
    );
  }

  async read(taskId: string): Promise<TaskRecord | undefined> {
    const [meta, result] = await this.redis.mget(this.recordKey(taskId), this.resultKey(taskId));
    if (typeof meta !== 'string') return undefined;
    const record = JSON.parse(meta) as TaskRecord;
    if (record.task.taskId !== taskId) return undefined;
    if (typeof result === 'string') record.result = JSON.parse(result) as TaskRecord['result'];
    return record;
  }

  async replace(record: TaskRecord): Promise<ReplaceOutcome> {
    const { result, ...meta } = record;
    const keepMs = record.expiresAt - this.now();
    if (keepMs <= 0) return 'missing';
    const { taskId } = record.task;
    return this.redis.obmcpTaskReplace(
      this.recordKey(taskId),
      this.resultKey(taskId),
      this.ownerKey(record.owner),
      JSON.stringify(meta),
      keepMs,
      result === undefined ? '' : JSON.stringify(result),
      record.expiresAt,
      taskId,
    );
  }

  async handOver(record: TaskRecord): Promise<ReplaceOutcome> {
    const { result: _none, ...meta } = record;
    const keepMs = record.expiresAt - this.now();
    if (keepMs <= 0) return 'missing';
    const { taskId } = record.task;
    return this.redis.obmcpTaskHandOver(
      this.recordKey(taskId),
      this.resultKey(taskId),
      this.ownerKey(record.owner),
      this.leaseKey(taskId),
      JSON.stringify(meta),
      keepMs,
    );
  }

  async claimHandover(claimed: TaskRecord, leaseMs: number): Promise<boolean> {
    const { result: _none, handover: _h, ...meta } = claimed;
    const { taskId } = claimed.task;
    const taken = await this.redis.obmcpTaskClaimHandover(
      this.recordKey(taskId),
      this.leaseKey(taskId),
      JSON.stringify(meta),
      Math.max(1, Math.round(leaseMs)),
    );
    return taken === 1;
  }

  async annotateCancelled(taskId: string, statusMessage: string): Promise<boolean> {
    const raw = await this.redis.get(this.recordKey(taskId));
    if (raw === null) return false;
    const record = JSON.parse(raw) as TaskRecord;
    // The script writes only a record that is still `cancelled`.
    if (record.task.taskId !== taskId) return false;
    record.task = { ...record.task, statusMessage };
    return (
      (await this.redis.obmcpTaskAnnotateCancelled(this.recordKey(taskId), JSON.stringify(record))) === 1
    );
  }

  async list(owner: string, cursor: string | undefined, pageSize: number): Promise<TaskPage> {
    const key = this.ownerKey(owner);
    await this.redis.zremrangebyscore(key, '-inf', this.now());
    const ids = await this.redis.zrange(key, 0, -1);
    const start = cursor === undefined ? 0 : ids.indexOf(cursor) + 1;
    if (cursor !== undefined && start === 0) throw new UnknownCursorError(cursor);
    const page = ids.slice(start, start + pageSize);
    const metas = page.length === 0 ? [] : await this.redis.mget(page.map(this.recordKey));
    const records = metas.flatMap((m) => (typeof m === 'string' ? [JSON.parse(m) as TaskRecord] : []));
    // More remain only after a full page: its last id is the next page's cursor.
    return start + pageSize < ids.length
      ? { records, nextCursor: page[pageSize - 1] as string }
      : { records };
  }

  async announceCancel(taskId: string): Promise<void> {
    await this.redis.publish(this.channel, taskId);
  }

  onCancel(listener: (taskId: string) => void): void {
    this.listeners.push(listener);
    if (this.subscribed) return;
    this.subscriber.on('message', (channel: string, taskId: string) => {
      if (channel !== this.channel) return;
      for (const l of this.listeners) l(taskId);
    });
    this.subscribed = this.subscriber.subscribe(this.channel).catch(() => undefined);
  }

  /** Resolves once the cancel channel is subscribed (tests; servers need not wait). */
  async ready(): Promise<void> {
    await this.subscribed;
  }

  async close(): Promise<void> {
    await Promise.all([
      this.redis.quit().catch(() => this.redis.disconnect()),
      this.subscriber.quit().catch(() => this.subscriber.disconnect()),
    ]);
  }
}
