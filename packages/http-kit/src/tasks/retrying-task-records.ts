// RetryingTaskRecords: TaskRecords whose every call rides out a short store outage (bounded retries, see storeRetry).
import type {
  OrphanOutcome,
  ReplaceOutcome,
  TaskPage,
  TaskRecord,
  TaskRecords,
} from '@obmcp/mcp-server/tasks';
import { type StoreRetryOptions, storeRetry } from './store-retry.js';

/**
 * Every call is safe to repeat: insert and replace write the same JSON again (a replace that landed
 * before its answer was lost reads 'terminal' the second time, and the caller re-reads the record),
 * renewLeases sets the same TTLs, endOrphan is replace behind the lease check, a cancel announced twice
 * aborts an aborted run. A failure that outlasts the budget is thrown as it came.
 */
export class RetryingTaskRecords implements TaskRecords {
  readonly kind: TaskRecords['kind'];

  constructor(
    private readonly inner: TaskRecords,
    private readonly options: StoreRetryOptions = {},
  ) {
    this.kind = inner.kind;
  }

  private retry<T>(call: () => Promise<T>): Promise<T> {
    return storeRetry(call, this.options);
  }

  insert(record: TaskRecord, leaseMs: number): Promise<boolean> {
    return this.retry(() => this.inner.insert(record, leaseMs));
  }
  read(taskId: string): Promise<TaskRecord | undefined> {
    return this.retry(() => this.inner.read(taskId));
  }
  replace(record: TaskRecord): Promise<ReplaceOutcome> {
    return this.retry(() => this.inner.replace(record));
  }
  renewLeases(taskIds: readonly string[], leaseMs: number): Promise<void> {
    return this.retry(() => this.inner.renewLeases(taskIds, leaseMs));
  }
  leaseHeld(taskId: string): Promise<boolean> {
    return this.retry(() => this.inner.leaseHeld(taskId));
  }
  endOrphan(ended: TaskRecord): Promise<OrphanOutcome> {
    return this.retry(() => this.inner.endOrphan(ended));
  }
  handOver(record: TaskRecord): Promise<ReplaceOutcome> {
    return this.retry(() => this.inner.handOver(record));
  }
  claimHandover(claimed: TaskRecord, leaseMs: number): Promise<boolean> {
    return this.retry(() => this.inner.claimHandover(claimed, leaseMs));
  }
  annotateCancelled(taskId: string, statusMessage: string): Promise<boolean> {
    return this.retry(() => this.inner.annotateCancelled(taskId, statusMessage));
  }
  list(owner: string, cursor: string | undefined, pageSize: number): Promise<TaskPage> {
    return this.retry(() => this.inner.list(owner, cursor, pageSize));
  }
  announceCancel(taskId: string): Promise<void> {
    return this.retry(() => this.inner.announceCancel(taskId));
  }
  onCancel(listener: (taskId: string) => void): void {
    this.inner.onCancel(listener);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}
