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
    for (const [id, until] of this.leases) if (until <= now) this.leases.delete(id);
  }

  async insert(record: TaskRecord, leaseMs: number): Promise<boolean> {
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

  async leaseHeld(taskId: string): Promise<boolean> {
    return (this.leases.get(taskId) ?? 0) > this.now();
  }

  async endOrphan(ended: TaskRecord): Promise<OrphanOutcome> {
    if (await this.leaseHeld(ended.task.taskId)) return 'held';
    return this.replace(ended);
  }

  async read(taskId: string): Promise<TaskRecord | undefined> {
    const record = this.live(taskId);
    return record === undefined ? undefined : structuredClone(record);
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
    if (outcome === 'ok') this.leases.delete(record.task.taskId);
    return outcome;
  }

  async claimHandover(claimed: TaskRecord, leaseMs: number): Promise<boolean> {
    const { taskId } = claimed.task;
    const stored = this.live(taskId);
    if (stored?.handover === undefined || isTerminalStatus(stored.task.status)) return false;
    if (await this.leaseHeld(taskId)) return false;
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
    const ids = [...this.records.values()].filter((r) => r.owner === owner).map((r) => r.task.taskId);
    const start = cursor === undefined ? 0 : ids.indexOf(cursor) + 1;
    if (cursor !== undefined && start === 0) throw new UnknownCursorError(cursor);
    const page = ids.slice(start, start + pageSize);
    const records = page.flatMap((id) => {
      const record = this.records.get(id);
      return record === undefined ? [] : [structuredClone(record)];
    });
    const last = page.at(-1);
    return start + pageSize < ids.length && last !== undefined ? { records, nextCursor: last } : { records };
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
