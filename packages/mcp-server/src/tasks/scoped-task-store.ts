// ScopedTaskStore: the SDK's TaskStore for one owner over shared records — bounds, ownership, protocol errors.
import { randomUUID } from 'node:crypto';
import {
  ProtocolError,
  ProtocolErrorCode,
  type Request,
  type RequestId,
  type Result,
  type Task,
} from '@modelcontextprotocol/server';
import { sleep } from '../server/sleep.js';
import {
  isTerminalStatus,
  type TaskHandover,
  type TaskRecord,
  type TaskRecords,
  UnknownCursorError,
} from './task-records.js';
import { leaseHoldMs, type TaskSettings } from './task-settings.js';

const PAGE_SIZE = 50;

/** What a task-augmented request asks of its task (2025-11-25 `params.task`). */
export interface CreateTaskOptions {
  ttl?: number | null;
  pollInterval?: number;
}

/** How long tasks/cancel waits for the upstream cancel's outcome (the API's cancel request included). */
const CANCEL_OUTCOME_WAIT_MS = 10_000;
const CANCEL_OUTCOME_POLL_MS = 50;

const notFound = (taskId: string): ProtocolError =>
  new ProtocolError(
    ProtocolErrorCode.InvalidParams,
    `Task not found: ${JSON.stringify(taskId.slice(0, 80))} (unknown, expired, or created by other credentials)`,
  );

/** How a task whose lease lapsed ends (the record it is replaced with; built from the server's profile). */
export type LostTaskEnd = (record: TaskRecord, now: number) => TaskRecord;

/** Runs handed-over tasks in this process (the TaskRunner); absent: a handed-over task is never claimed here. */
export interface TaskResumer {
  /** False while this process is shutting down itself. */
  accepting(): boolean;
  /** Starts the tool again on its upstream job (the record is claimed: its lease is this process's). */
  resume(record: TaskRecord, handover: TaskHandover): void;
}

/** Without a server profile (tests of the store alone): failed, with no result. */
function failedWithoutResult(record: TaskRecord, now: number): TaskRecord {
  return {
    ...record,
    task: { ...record.task, status: 'failed', lastUpdatedAt: new Date(now).toISOString() },
  };
}

/**
 * Every method answers for `owner` only: a task of another owner is "not found", exactly like an unknown
 * id, so its existence is not revealed (the owner is the scope).
 * tasks/get and tasks/result (which polls getTask) end a task whose running replica's lease lapsed.
 */
export class ScopedTaskStore {
  constructor(
    private readonly records: TaskRecords,
    private readonly owner: string,
    private readonly settings: TaskSettings,
    private readonly now: () => number = Date.now,
    private readonly lost: LostTaskEnd = failedWithoutResult,
    private readonly resumer?: TaskResumer,
  ) {}

  /** The requested ttl, or -32602 naming the range (the spec lets a receiver refuse or override it). */
  private ttlOf(requested: CreateTaskOptions['ttl']): number {
    if (requested === undefined || requested === null) return this.settings.defaultTtlMs;
    const { minTtlMs, maxTtlMs } = this.settings;
    if (!Number.isInteger(requested) || requested < minTtlMs || requested > maxTtlMs) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `task.ttl must be a whole number of milliseconds from ${minTtlMs} to ${maxTtlMs} (got ${String(requested)})`,
      );
    }
    return requested;
  }

  private async owned(taskId: string): Promise<TaskRecord | undefined> {
    const record = await this.records.read(taskId);
    return record?.owner === this.owner ? record : undefined;
  }

  /**
   * The owned record as stored, without the lease rule: what the process running the task reads (its own
   * lease may look lapsed right after a store stall; it is renewing it, not lost).
   */
  async peek(taskId: string): Promise<TaskRecord | undefined> {
    return this.owned(taskId);
  }

  /** The owned record as a client sees it: a running task whose lease lapsed is ended `failed` first. */
  private async current(taskId: string): Promise<TaskRecord | undefined> {
    const record = await this.owned(taskId);
    return record === undefined ? undefined : this.settled(record);
  }

  /**
   * The lease rule, for every read a client makes (get, result, list): a running task whose lease lapsed
   * is ended `failed` (TASK_OWNER_LOST) before it is shown; undefined when it expired meanwhile.
   */
  private async settled(record: TaskRecord): Promise<TaskRecord | undefined> {
    const { taskId } = record.task;
    // Fast paths: without them endOrphan (atomic, it re-checks the lease and the status) answers the same.
    // Stryker disable next-line ConditionalExpression: the fast path's removal changes no answer (equivalent), see README
    if (isTerminalStatus(record.task.status)) return record;
    // Stryker disable next-line ConditionalExpression: the fast path's removal changes no answer (equivalent), see README
    if (await this.records.leaseHeld(taskId)) return record;
    if (record.handover !== undefined) return this.claimed(record, record.handover);
    // Ended here ('ok'), renewed meanwhile ('held'), ended or expired meanwhile: what is there now is the answer.
    await this.records.endOrphan(this.lost(record, this.now()));
    return this.owned(taskId);
  }

  /**
   * A task handed over by a replica that shut down: this process claims it (atomically; one claimer wins)
   * and resumes its upstream job. A process that cannot resume it leaves it for another replica.
   */
  private async claimed(record: TaskRecord, handover: TaskHandover): Promise<TaskRecord | undefined> {
    if (this.resumer === undefined || !this.resumer.accepting()) return record;
    const claimed: TaskRecord = { ...record };
    delete claimed.handover;
    if (!(await this.records.claimHandover(claimed, leaseHoldMs(this.settings)))) {
      return this.owned(record.task.taskId);
    }
    this.resumer.resume(claimed, handover);
    return claimed;
  }

  /** The SDK's entry (its request names the tool); TaskRunner calls `open` with the tool itself. */
  async createTask(options: CreateTaskOptions, _requestId?: RequestId, request?: Request): Promise<Task> {
    const name = request?.params?.name;
    return this.open(typeof name === 'string' ? name : undefined, options);
  }

  /** A new `working` task of `tool`, leased to this process for `settings.leaseMs`. */
  async open(tool: string | undefined, options: CreateTaskOptions): Promise<Task> {
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
    const record: TaskRecord = { task, owner: this.owner, expiresAt: this.now() + ttl };
    if (tool !== undefined) record.tool = tool;
    const stored = await this.records.insert(record, leaseHoldMs(this.settings));
    if (!stored) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidRequest,
        `Too many live tasks (${this.settings.maxTasks}): wait for some to end or expire, or call the tool without a task`,
      );
    }
    return task;
  }

  /** The owned record (its result included) as a client sees it (the lease rule applied); null when unknown. */
  async getRecord(taskId: string): Promise<TaskRecord | null> {
    return (await this.current(taskId)) ?? null;
  }

  async getTask(taskId: string): Promise<Task | null> {
    return (await this.current(taskId))?.task ?? null;
  }

  /** Ends a task with its result (kept for ttl from now); a task that already ended keeps its first end. */
  async storeTaskResult(taskId: string, status: 'completed' | 'failed', result: Result): Promise<void> {
    await this.end(taskId, status, undefined, result);
  }

  /** storeTaskResult with the statusMessage a client sees next to the status (a shutdown's end says why). */
  async finish(
    taskId: string,
    status: 'completed' | 'failed',
    result: Result,
    statusMessage?: string,
  ): Promise<void> {
    await this.end(taskId, status, statusMessage, result);
  }

  async getTaskResult(taskId: string): Promise<Result> {
    const record = await this.current(taskId);
    if (record === undefined) throw notFound(taskId);
    if (record.result !== undefined) return record.result;
    const why =
      record.task.status === 'cancelled' ? 'was cancelled before it finished' : `is ${record.task.status}`;
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Task ${taskId} ${why}: it has no result`);
  }

  async updateTaskStatus(taskId: string, status: Task['status'], statusMessage?: string): Promise<void> {
    if (isTerminalStatus(status)) {
      await this.end(taskId, status, statusMessage);
      if (status === 'cancelled') {
        await this.records.announceCancel(taskId);
        await this.cancelOutcome(taskId, statusMessage);
      }
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

  /**
   * Waits (bounded) for the process running a cancelled task to say what its cancel did upstream (a
   * new statusMessage), so the tasks/cancel answer carries it. A task whose runner is gone is not waited for.
   */
  private async cancelOutcome(taskId: string, initial: string | undefined): Promise<void> {
    if (!(await this.records.leaseHeld(taskId))) return;
    // Real time, whatever clock the records keep: this waits on another process.
    const end = Date.now() + CANCEL_OUTCOME_WAIT_MS;
    // Stryker disable next-line EqualityOperator: one millisecond more of waiting (equivalent), see README
    while (Date.now() < end) {
      const record = await this.owned(taskId);
      if (record === undefined || record.task.statusMessage !== initial) return;
      await sleep(CANCEL_OUTCOME_POLL_MS);
    }
  }

  /** Parks a running task in `input_required` with these requests (2026-07-28 Tasks extension). */
  async askInput(taskId: string, requests: Record<string, unknown>): Promise<void> {
    const record = await this.owned(taskId);
    if (record === undefined) throw notFound(taskId);
    const task: Task = {
      ...record.task,
      status: 'input_required',
      lastUpdatedAt: new Date(this.now()).toISOString(),
    };
    task.statusMessage = `waiting for input: ${Object.keys(requests).join(', ')}`;
    const next: TaskRecord = { ...record, task, inputRequests: { ...requests } };
    delete next.inputResponses;
    const outcome = await this.records.replace(next);
    if (outcome === 'missing') throw notFound(taskId);
    if (outcome === 'terminal') throw ended(taskId, 'input_required');
  }

  /**
   * tasks/update: the answers to pending requests are kept (a key that is not pending is ignored) and
   * leave `inputRequests`; the task stays `input_required` until every request is answered.
   */
  async answerInput(taskId: string, responses: Record<string, unknown>): Promise<void> {
    const record = await this.current(taskId);
    if (record === undefined) throw notFound(taskId);
    if (record.task.status !== 'input_required' || record.inputRequests === undefined) return;
    const pending = { ...record.inputRequests };
    const answers = { ...record.inputResponses };
    for (const [key, answer] of Object.entries(responses)) {
      if (!(key in pending)) continue;
      answers[key] = answer;
      delete pending[key];
    }
    const task: Task = { ...record.task, lastUpdatedAt: new Date(this.now()).toISOString() };
    await this.records.replace({ ...record, task, inputRequests: pending, inputResponses: answers });
  }

  /** The answers once every request is answered (the task back to `working`); undefined while some wait. */
  async takeInput(taskId: string): Promise<Record<string, unknown> | undefined> {
    const record = await this.owned(taskId);
    if (record === undefined) throw notFound(taskId);
    if (isTerminalStatus(record.task.status)) throw ended(taskId, 'working');
    if (record.inputRequests === undefined || Object.keys(record.inputRequests).length > 0) return undefined;
    const answers = record.inputResponses ?? {};
    const task: Task = {
      ...record.task,
      status: 'working',
      lastUpdatedAt: new Date(this.now()).toISOString(),
    };
    task.statusMessage = 'input received';
    const next: TaskRecord = { ...record, task };
    delete next.inputRequests;
    delete next.inputResponses;
    const outcome = await this.records.replace(next);
    if (outcome !== 'ok') throw ended(taskId, 'working');
    return answers;
  }

  async listTasks(cursor?: string): Promise<{ tasks: Task[]; nextCursor?: string }> {
    try {
      const page = await this.records.list(this.owner, cursor, PAGE_SIZE);
      // Like tasks/get: a task whose replica died is listed `failed`, never as a `working` ghost.
      const settled = await Promise.all(page.records.map((r) => this.settled(r)));
      return {
        tasks: settled.flatMap((r) => (r === undefined ? [] : [r.task])),
        ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
      };
    } catch (error) {
      if (error instanceof UnknownCursorError)
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, error.message);
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
    const keepMs = task.ttl ?? this.settings.defaultTtlMs;
    const next: TaskRecord = {
      ...record,
      task,
      expiresAt: Math.max(record.expiresAt, now + keepMs),
    };
    delete next.result;
    if (result !== undefined) next.result = result;
    const outcome = await this.records.replace(next);
    if (outcome === 'missing') throw notFound(taskId);
    if (outcome === 'terminal') throw ended(taskId, status);
  }
}

function ended(taskId: string, status: Task['status']): ProtocolError {
  return new ProtocolError(
    ProtocolErrorCode.InvalidParams,
    `Task ${taskId} has already ended: it cannot become ${status}`,
  );
}
