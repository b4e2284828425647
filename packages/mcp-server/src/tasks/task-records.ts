// Where task state lives: one record per task (the protocol's Task, its owner, its result), behind one interface.
import type { Result, Task } from '@modelcontextprotocol/server';

/** One task as stored: JSON-serialisable, so any backend (memory, Redis) keeps it as is. */
export interface TaskRecord {
  task: Task;
  /** Who created it (a hash of the caller's credentials, never the secret): no one else finds it. */
  owner: string;
  /** The tool the task runs (named in the envelope of a task whose replica was lost). */
  tool?: string;
  /** Epoch ms after which the record is gone (creation + ttl; reset to end + ttl when it ends). */
  expiresAt: number;
  /** The CallToolResult, once the task ended with one. */
  result?: Result;
  /**
   * Set by a server that shut down while running the task (drain): the arguments that resume its upstream
   * job with the same tool. The lease is released with it; the first replica that reads the task claims it.
   */
  handover?: TaskHandover;
  /** While `input_required` (2026-07-28 Tasks extension): the requests still unanswered, by id. */
  inputRequests?: Record<string, unknown>;
  /** The answers tasks/update delivered so far, by id (handed to the run once every request is answered). */
  inputResponses?: Record<string, unknown>;
}

/** What a replica that claims a handed-over task needs to wait on the same upstream job. */
export interface TaskHandover {
  /** The tool's arguments (with its `resume` ones merged in). */
  arguments: Record<string, unknown>;
  /** The tool's `reattach` state, given back to it as `call.reattach`. */
  reattach?: Record<string, unknown>;
}

export type ReplaceOutcome = 'ok' | 'terminal' | 'missing';

/** endOrphan's answer: a replace outcome, or 'held' (the running process's lease is alive: nothing changed). */
export type OrphanOutcome = ReplaceOutcome | 'held';

export interface TaskPage {
  records: TaskRecord[];
  /** The cursor of the next page (opaque to clients). */
  nextCursor?: string;
}

/**
 * The storage behind the task store. Every replica that shares a backend sees the same tasks; replace is
 * atomic against a task that already ended (a cancel and a completion racing: the first one wins).
 */
export interface TaskRecords {
  readonly kind: 'memory' | 'redis';
  /**
   * Adds a new task with a lease of `leaseMs` held by the process that runs it; false when the store is
   * full (its bound reached).
   */
  insert(record: TaskRecord, leaseMs: number): Promise<boolean>;
  /** The live record, or undefined when unknown or expired. */
  read(taskId: string): Promise<TaskRecord | undefined>;
  /** Replaces a live record that has not ended yet (result included, when given). */
  replace(record: TaskRecord): Promise<ReplaceOutcome>;
  /**
   * The heartbeat of the process running these tasks: each lease held for `leaseMs` more. A lease lives
   * next to its record (Redis: its own key with a TTL, so Redis's clock decides, not a replica's).
   */
  renewLeases(taskIds: readonly string[], leaseMs: number): Promise<void>;
  /** True while the lease of the process running the task lives (a cheap look before endOrphan). */
  leaseHeld(taskId: string): Promise<boolean>;
  /**
   * Ends a task whose running process is gone: `ended` replaces the record only when the task has not
   * ended and its lease has lapsed, atomically ('held' when the lease is alive).
   */
  endOrphan(ended: TaskRecord): Promise<OrphanOutcome>;
  /** One page of an owner's live tasks, oldest first; a cursor this store did not issue throws. */
  list(owner: string, cursor: string | undefined, pageSize: number): Promise<TaskPage>;
  /**
   * Sets the statusMessage of a task that was cancelled (what happened to its upstream job, written by
   * the process that ran it); false when the task is not `cancelled` (or gone).
   */
  annotateCancelled(taskId: string, statusMessage: string): Promise<boolean>;
  /**
   * Hands a running task over (`record` carries `handover`): replaces it if it has not ended and releases
   * its lease, so another process may claim it. 'ok', 'terminal' or 'missing'.
   */
  handOver(record: TaskRecord): Promise<ReplaceOutcome>;
  /**
   * Claims a handed-over task for this process: atomically, only while its lease is free and it still
   * carries `handover`; stores `claimed` (the record without it) and takes the lease for `leaseMs`.
   */
  claimHandover(claimed: TaskRecord, leaseMs: number): Promise<boolean>;
  /** Tells every process sharing the backend that a task was cancelled (the one running it stops). */
  announceCancel(taskId: string): Promise<void>;
  onCancel(listener: (taskId: string) => void): void;
  close(): Promise<void>;
}

export const TERMINAL_STATUSES: readonly Task['status'][] = ['completed', 'failed', 'cancelled'];

export const isTerminalStatus = (status: Task['status']): boolean => TERMINAL_STATUSES.includes(status);

/** Thrown by list for a cursor that names no task of this owner (the wiring answers -32602). */
export class UnknownCursorError extends Error {
  constructor(cursor: string) {
    super(
      `Unknown cursor ${JSON.stringify(cursor.slice(0, 80))}: pass a nextCursor from a previous tasks/list`,
    );
    this.name = 'UnknownCursorError';
  }
}
