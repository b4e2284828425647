// MemoryTaskRecords: the task records of one process (no OBMCP_REDIS_URL), bounded in count, expired lazily.
import {
  isTerminalStatus,
  type OrphanOutcome,
  type ReplaceOutcome,
  type TaskPage,
  type TaskRecord,
  type TaskRecords,
  UnknownCursorError,
} from './task-records.js';

export class MemoryTaskRecords implements TaskRecords {
  readonly kind = 'memory' as const;
  private readonly records = new Map<string, TaskRecord>();
  private readonly listeners: ((taskId: string) => void)[] = [];
  /** Lease end (epoch ms) per task: in one process, held as long as the process runs its tasks. */
  private readonly leases = new Map<string, number>();

  constructor(
    private readonly maxTasks: number,
    private readonly now: () => number = Date.now,
  ) {}

  private live(taskId: string): TaskRecord | undefined {
    const record = this.records.get(taskId);
    if (record !== undefined && record.expiresAt <= this.now()) {
      this.records.delete(taskId);
      return undefined;
    }
    return record;
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, record] of this.records) if (record.expiresAt <= now) this.records.delete(id);
    // Stryker disable next-line ConditionalExpression,EqualityOperator: lapsed leases only take memory (equivalent), see README
    for (const [id, until] of this.leases) if (until <= now) this.leases.delete(id);
  }

  async insert(record: TaskRecord, leaseMs: number): Promise<boolean> {
    // Stryker disable next-line ConditionalExpression: sweeping on every insert answers the same, slower (equivalent), see README
    if (this.records.size >= this.maxTasks) this.sweep();
    if (this.records.size >= this.maxTasks) return false;
    this.records.set(record.task.taskId, structuredClone(record));
    this.leases.set(record.task.taskId, this.now() + leaseMs);
    return true;
  }

  async renewLeases(taskIds: readonly string[], leaseMs: number): Promise<void> {
    const until = this.now() + leaseMs;
    for (const id of taskIds) if (this.records.has(id)) this.leases.set(id, until);
  }

  /** Synchronous, so a check and the write it guards run with no other call in between (one claimer wins). */
  private held(taskId: string): boolean {
    return (this.leases.get(taskId) ?? 0) > this.now();
  }

  async leaseHeld(taskId: string): Promise<boolean> {
    return this.held(taskId);
  }

  async endOrphan(ended: TaskRecord): Promise<OrphanOutcome> {
    if (this.held(ended.task.taskId)) return 'held';
    return this.replace(ended);
  }

  async read(taskId: string): Promise<TaskRecord | undefined> {
    return structuredClone(this.live(taskId));
  }

  async replace(record: TaskRecord): Promise<ReplaceOutcome> {
    const stored = this.live(record.task.taskId);
    if (stored === undefined) return 'missing';
    if (isTerminalStatus(stored.task.status)) return 'terminal';
    this.records.set(record.task.taskId, structuredClone(record));
    return 'ok';
  }

  async handOver(record: TaskRecord): Promise<ReplaceOutcome> {
    const outcome = await this.replace(record);
    // Stryker disable next-line ConditionalExpression: a task that ended or vanished has no lease that matters (equivalent), see README
    if (outcome === 'ok') this.leases.delete(record.task.taskId);
    return outcome;
  }

  async claimHandover(claimed: TaskRecord, leaseMs: number): Promise<boolean> {
    const { taskId } = claimed.task;
    const stored = this.live(taskId);
    if (stored?.handover === undefined || isTerminalStatus(stored.task.status)) return false;
    if (this.held(taskId)) return false;
    this.records.set(taskId, structuredClone(claimed));
    this.leases.set(taskId, this.now() + leaseMs);
    return true;
  }

  async annotateCancelled(taskId: string, statusMessage: string): Promise<boolean> {
    const stored = this.live(taskId);
    if (stored === undefined || stored.task.status !== 'cancelled') return false;
    stored.task = { ...stored.task, statusMessage };
    return true;
  }

  async list(owner: string, cursor: string | undefined, pageSize: number): Promise<TaskPage> {
    this.sweep();
    const owned = [...this.records.values()].filter((r) => r.owner === owner);
    let start = 0;
    if (cursor !== undefined) {
      start = owned.findIndex((r) => r.task.taskId === cursor) + 1;
      if (start === 0) throw new UnknownCursorError(cursor);
    }
    const records = owned.slice(start, start + pageSize).map((r) => structuredClone(r));
    const next = start + pageSize < owned.length ? owned[start + pageSize - 1] : undefined;
    return next === undefined ? { records } : { records, nextCursor: next.task.taskId };
  }

  async announceCancel(taskId: string): Promise<void> {
    for (const listener of this.listeners) listener(taskId);
  }

  onCancel(listener: (taskId: string) => void): void {
    this.listeners.push(listener);
  }

  async close(): Promise<void> {
    this.records.clear();
    this.leases.clear();
  }
}
