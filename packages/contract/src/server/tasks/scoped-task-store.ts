// ScopedTaskStore: the SDK's TaskStore for one owner over shared records — bounds, ownership, protocol errors.
import { randomUUID } from 'node:crypto';
import type { CreateTaskOptions, TaskStore } from '@modelcontextprotocol/sdk/experimental/tasks';
import { ErrorCode, McpError, type Result, type Task } from '@modelcontextprotocol/sdk/types.js';
import { isTerminalStatus, type TaskRecord, type TaskRecords, UnknownCursorError } from './task-records.js';
import type { TaskSettings } from './task-settings.js';

const PAGE_SIZE = 50;

const notFound = (taskId: string): McpError =>
  new McpError(
    ErrorCode.InvalidParams,
    `Task not found: ${JSON.stringify(taskId.slice(0, 80))} (unknown, expired, or created by other credentials)`,
  );

/**
 * Every method answers for `owner` only: a task of another owner is "not found", exactly like an unknown
 * id, so its existence is not revealed. The SDK's sessionId arguments are ignored (the owner is the scope).
 */
export class ScopedTaskStore implements TaskStore {
  constructor(
    private readonly records: TaskRecords,
    private readonly owner: string,
    private readonly settings: TaskSettings,
    private readonly now: () => number = Date.now,
  ) {}

  /** The requested ttl, or -32602 naming the range (the spec lets a receiver refuse or override it). */
  private ttlOf(requested: CreateTaskOptions['ttl']): number {
    if (requested === undefined || requested === null) return this.settings.defaultTtlMs;
    const { minTtlMs, maxTtlMs } = this.settings;
    if (!Number.isInteger(requested) || requested < minTtlMs || requested > maxTtlMs) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `task.ttl must be a whole number of milliseconds from ${minTtlMs} to ${maxTtlMs} (got ${String(requested)})`,
      );
    }
    return requested;
  }

  private async owned(taskId: string): Promise<TaskRecord | undefined> {
    const record = await this.records.read(taskId);
    return record?.owner === this.owner ? record : undefined;
  }

  async createTask(options: CreateTaskOptions): Promise<Task> {
    const ttl = this.ttlOf(options.ttl);
    const at = new Date(this.now()).toISOString();
    const task: Task = {
      taskId: randomUUID(),
      status: 'working',
      ttl,
      createdAt: at,
      lastUpdatedAt: at,
      pollInterval: options.pollInterval ?? this.settings.pollIntervalMs,
    };
    const stored = await this.records.insert({ task, owner: this.owner, expiresAt: this.now() + ttl });
    if (!stored) {
      throw new McpError(
        ErrorCode.InvalidRequest,
        `Too many live tasks (${this.settings.maxTasks}): wait for some to end or expire, or call the tool without a task`,
      );
    }
    return task;
  }

  async getTask(taskId: string): Promise<Task | null> {
    return (await this.owned(taskId))?.task ?? null;
  }

  /** Ends a task with its result (kept for ttl from now); a task that already ended keeps its first end. */
  async storeTaskResult(taskId: string, status: 'completed' | 'failed', result: Result): Promise<void> {
    await this.end(taskId, status, undefined, result);
  }

  async getTaskResult(taskId: string): Promise<Result> {
    const record = await this.owned(taskId);
    if (record === undefined) throw notFound(taskId);
    if (record.result !== undefined) return record.result;
    const why =
      record.task.status === 'cancelled' ? 'was cancelled before it finished' : `is ${record.task.status}`;
    throw new McpError(ErrorCode.InvalidParams, `Task ${taskId} ${why}: it has no result`);
  }

  async updateTaskStatus(taskId: string, status: Task['status'], statusMessage?: string): Promise<void> {
    if (isTerminalStatus(status)) {
      await this.end(taskId, status, statusMessage);
      if (status === 'cancelled') await this.records.announceCancel(taskId);
      return;
    }
    const record = await this.owned(taskId);
    if (record === undefined) throw notFound(taskId);
    const task: Task = { ...record.task, status, lastUpdatedAt: new Date(this.now()).toISOString() };
    if (statusMessage !== undefined) task.statusMessage = statusMessage;
    const outcome = await this.records.replace({ ...record, task });
    if (outcome === 'missing') throw notFound(taskId);
    if (outcome === 'terminal') throw ended(taskId, status);
  }

  async listTasks(cursor?: string): Promise<{ tasks: Task[]; nextCursor?: string }> {
    try {
      const page = await this.records.list(this.owner, cursor, PAGE_SIZE);
      return {
        tasks: page.records.map((r) => r.task),
        ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
      };
    } catch (error) {
      if (error instanceof UnknownCursorError) throw new McpError(ErrorCode.InvalidParams, error.message);
      throw error;
    }
  }

  private async end(
    taskId: string,
    status: Task['status'],
    statusMessage: string | undefined,
    result?: Result,
  ): Promise<void> {
    const record = await this.owned(taskId);
    if (record === undefined) throw notFound(taskId);
    const now = this.now();
    const task: Task = { ...record.task, status, lastUpdatedAt: new Date(now).toISOString() };
    if (statusMessage !== undefined) task.statusMessage = statusMessage;
    // "Never loses its result before its TTL": an ended task is kept for its ttl from the end.
    const keepMs = typeof task.ttl === 'number' ? task.ttl : this.settings.defaultTtlMs;
    const next: TaskRecord = {
      task,
      owner: record.owner,
      expiresAt: Math.max(record.expiresAt, now + keepMs),
    };
    if (result !== undefined) next.result = result;
    const outcome = await this.records.replace(next);
    if (outcome === 'missing') throw notFound(taskId);
    if (outcome === 'terminal') throw ended(taskId, status);
  }
}

function ended(taskId: string, status: Task['status']): McpError {
  return new McpError(
    ErrorCode.InvalidParams,
    `Task ${taskId} has already ended: it cannot become ${status}`,
  );
}
