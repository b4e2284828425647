// TaskRunner: runs a task-augmented tools/call in the background; status, progress and cancel go through the store.
import {
  type CallToolRequest,
  type CallToolResult,
  type CreateTaskResult,
  ProtocolErrorCode,
  ProtocolError,
  type ProgressToken,
  type Task,
} from '@modelcontextprotocol/server';
import { buildEnvelope } from '@obmcp/contract/internal/envelope/build.js';
import { envelopeFromThrown } from '@obmcp/contract/internal/envelope/classify.js';
import type { ContractHost } from '../server/host.js';
import type { Logger } from '@obmcp/contract/internal/tool/logger.js';
import { toCallToolResult } from '../server/result.js';
import { sleep } from '../server/sleep.js';
import type { ProgressUpdate, ServerProfile } from '@obmcp/contract/internal/tool/types.js';
import { interruptedMessage, interruptedResult } from './interrupted.js';
import { ownerLostRecord } from './owner-lost.js';
import { TaskCancelledError } from './upstream-cancel.js';
import { progressNotifier, type SendNotification, updateText } from './progress-notifier.js';
import { ScopedTaskStore, type TaskResumer } from './scoped-task-store.js';
import { isTerminalStatus, type TaskHandover, type TaskRecord, type TaskRecords } from './task-records.js';
import { leaseHoldMs, type TaskSettings } from './task-settings.js';

/** A tools/call's name and arguments: what a task runs (a resumed one has no request of its own). */
type CallParams = CallToolRequest['params'];

export interface TaskRunnerDeps {
  records: TaskRecords;
  settings: TaskSettings;
  host: ContractHost;
  profile: ServerProfile;
  log: Logger;
}

/** How a task reaches the client that created it (stdio: the open connection; HTTP: gone after the reply). */
export interface TaskChannel {
  send: SendNotification;
  progressToken?: ProgressToken;
}

export { TaskCancelledError };

/** Why a task's wait stopped on shutdown (its end, TASK_INTERRUPTED, is already stored). */
export class TaskInterruptedError extends Error {
  constructor(taskId: string, why: string) {
    super(`task ${taskId} interrupted: server shutting down (${why})`);
    this.name = 'AbortError';
  }
}

/**
 * What drain did: tasks that finished within the bound, those handed over to another replica (their
 * upstream job resumes there), and those it ended TASK_INTERRUPTED.
 */
export interface DrainOutcome {
  finished: number;
  handedOver: number;
  interrupted: number;
}

/** One task this process runs. */
interface RunningTask {
  controller: AbortController;
  store: ScopedTaskStore;
  tool: string;
  /** Settles when the run stopped (its end stored, or not). */
  done: Promise<void>;
  /** The last status message stored (the upstream job's status). */
  lastStatus?: string;
  /** How often a blocking tasks/result looks at this task. */
  pollIntervalMs: number;
  /** The call's arguments. */
  args: Record<string, unknown>;
  /** Created through the 2026-07-28 Tasks extension: its tool may ask for input (tasks/update answers). */
  interactive: boolean;
  /** The answers its tool's gatherInput collected before the task was created. */
  gathered?: Record<string, unknown>;
  /** The arguments that resume its upstream job (its tool said so): what a drain hands over. */
  resume?: Record<string, unknown>;
  /** The state that re-attaches its tool to the upstream job (its tool said so): handed over with it. */
  reattach?: Record<string, unknown>;
}

/** Why a task's wait stopped on shutdown when it was handed over (another replica resumes it). */
export class TaskHandedOverError extends Error {
  constructor(taskId: string) {
    super(`task ${taskId} handed over: server shutting down`);
    this.name = 'AbortError';
  }
}

/** The longest a drain waits for blocked tasks/result calls to see the ends it made. */
const MAX_ANSWER_WAIT_MS = 5_000;

export class TaskRunner {
  /** Tasks this process is running: a cancel (here or announced by another replica) aborts one at once. */
  private readonly running = new Map<string, RunningTask>();
  /** Set by drain (SIGTERM): no new task is taken. */
  private draining: string | undefined;
  /** Renews the leases of the running tasks every third of the lease, while there are any. */
  private heartbeat: NodeJS.Timeout | undefined;
  /** A renewal still in flight (a store stall): the next beat waits for it instead of piling up. */
  private beating = false;

  constructor(private readonly deps: TaskRunnerDeps) {
    deps.records.onCancel((taskId) => this.abort(taskId));
  }

  private beat(): void {
    // Only the heartbeat calls this, and it runs only while a task does: `ids` is never empty.
    if (this.beating) return;
    const ids = [...this.running.keys()];
    this.beating = true;
    this.deps.records
      .renewLeases(ids, leaseHoldMs(this.deps.settings))
      .catch((error: unknown) => {
        // A store outage: the next beat tries again. A lease is held for two leases (LEASE_GRACE), so a
        // stall shorter than that loses no task.
        this.deps.log.warn('task lease renewal failed', { error: errorText(error), tasks: ids.length });
      })
      .finally(() => {
        this.beating = false;
      });
  }

  private track(taskId: string, running: RunningTask): void {
    this.running.set(taskId, running);
    this.heartbeat ??= setInterval(
      () => this.beat(),
      Math.max(100, Math.floor(this.deps.settings.leaseMs / 3)),
    ).unref();
  }

  private untrack(taskId: string): void {
    this.running.delete(taskId);
    if (this.running.size === 0) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
  }

  get records(): TaskRecords {
    return this.deps.records;
  }

  /** The protocol's TaskStore as seen by one owner (the SDK's tasks/get, result, list, cancel use it). */
  storeFor(owner: string): ScopedTaskStore {
    const { profile, settings } = this.deps;
    return new ScopedTaskStore(
      this.deps.records,
      owner,
      settings,
      Date.now,
      (record, now) => ownerLostRecord(record, profile, leaseHoldMs(settings), now),
      this.resumer,
    );
  }

  /** Claims and runs tasks handed over by replicas that shut down (Redis only: memory dies with its process). */
  private readonly resumer: TaskResumer = {
    accepting: () => this.draining === undefined,
    resume: (record, handover) => this.resume(record, handover),
  };

  private resume(record: TaskRecord, handover: TaskHandover): void {
    const { taskId } = record.task;
    // Stryker disable next-line StringLiteral: a handed-over record always names its tool (opened with it); the fallback is unreachable, see README
    const tool = record.tool ?? '';
    const params: CallParams = { name: tool, arguments: handover.arguments };
    const store = this.storeFor(record.owner);
    const running: RunningTask = {
      controller: new AbortController(),
      store,
      tool,
      args: handover.arguments,
      // Its client's channel is gone with the replica that created it: a resumed task cannot ask for input.
      interactive: false,
      done: Promise.resolve(),
      pollIntervalMs: record.task.pollInterval ?? this.deps.settings.pollIntervalMs,
      reattach: handover.reattach,
    };
    this.track(taskId, running);
    this.deps.log.info('task resumed', { task_id: taskId, tool });
    const channel: TaskChannel = { send: async () => undefined };
    running.done = this.run(store, record.task, params, running, channel).finally(() => this.untrack(taskId));
  }

  /** A result larger than the store's bound is kept as a failed task's envelope saying so. */
  private bounded(tool: string, result: CallToolResult): CallToolResult {
    const bytes = Buffer.byteLength(JSON.stringify(result));
    const max = this.deps.settings.maxResultBytes;
    if (bytes <= max) return result;
    const envelope = buildEnvelope({
      kind: 'internal_error',
      tool,
      code: 'INTERNAL_ERROR',
      summary: `The task's result (${bytes} bytes) exceeds the task store's bound (${max} bytes).`,
      retryable: false,
      details: [
        { path: '', issue: 'result too large to keep', received_type: 'object', limit: max, actual: bytes },
      ],
      hints: [
        'Ask for less (maxChars, maxRows, a narrower range), or call the tool without a task to receive the result inline.',
      ],
    });
    return { isError: true, content: [{ type: 'text', text: JSON.stringify(envelope) }] };
  }

  private abort(taskId: string, reason: Error = new TaskCancelledError(taskId)): void {
    // Aborting an aborted signal changes nothing (its first reason stays).
    this.running.get(taskId)?.controller.abort(reason);
  }

  /** Tasks this process runs right now. */
  runningCount(): number {
    return this.running.size;
  }

  /**
   * Shutdown (SIGTERM): refuses new tasks from now on, lets the running ones finish for up to `boundMs`
   * (their leases renewed meanwhile), then ends each one still running `failed` with TASK_INTERRUPTED
   * (retryable) and stops its wait — honestly, before the process exits, instead of leaving it for the
   * lease to expire. Resolves when every run has stopped.
   */
  async drain(why: string, boundMs = this.deps.settings.drainMs): Promise<DrainOutcome> {
    this.draining ??= why;
    const all = [...this.running.values()];
    if (all.length === 0) return { finished: 0, handedOver: 0, interrupted: 0 };
    const { log, profile } = this.deps;
    log.info('tasks draining', { why, running: all.length, bound_ms: boundMs });
    // The bound's timer does not hold the process (it may outlive a drain whose tasks all finished).
    await Promise.race([
      Promise.all(all.map((r) => r.done)),
      new Promise<void>((resolve) => setTimeout(resolve, boundMs).unref()),
    ]);
    const left = [...this.running.entries()];
    let handedOver = 0;
    for (const [taskId, running] of left) {
      if (await this.handOver(taskId, running, why)) {
        handedOver++;
        continue;
      }
      const interruption = {
        tool: running.tool,
        why,
        drainMs: boundMs,
        ...(running.lastStatus === undefined ? {} : { lastStatus: running.lastStatus }),
      };
      // The end first (the first end wins: a task finishing right now keeps its own), then the wait stops.
      await this.storeEnd(
        running.store,
        taskId,
        'failed',
        interruptedResult(profile, interruption),
        interruptedMessage(interruption),
      ).catch((error: unknown) => {
        if (!(error instanceof ProtocolError)) {
          log.warn('interrupted task not stored', { task_id: taskId, error: errorText(error) });
        }
      });
      this.abort(taskId, new TaskInterruptedError(taskId, why));
    }
    await Promise.all(left.map(([, r]) => r.done));
    const outcome = {
      finished: all.length - left.length,
      handedOver,
      interrupted: left.length - handedOver,
    };
    log.info('tasks drained', { why, ...outcome });
    // A blocking tasks/result sees an end at its next look at the store (every pollInterval): give it
    // that long to answer before the process goes (capped, like every shutdown step).
    const lookMs = Math.min(MAX_ANSWER_WAIT_MS, Math.max(...all.map((r) => r.pollIntervalMs)) + 250);
    await sleep(lookMs);
    return outcome;
  }

  /**
   * A task-augmented tools/call: refuses a tool that does not declare taskSupport (-32601, as the spec
   * says), creates the task, starts the call detached from the request and answers CreateTaskResult.
   */
  async start(
    request: CallToolRequest,
    owner: string,
    channel: TaskChannel,
    options: { interactive?: boolean; gathered?: Record<string, unknown> } = {},
  ): Promise<CreateTaskResult> {
    const { name } = request.params;
    // Only a listed tool is refused here; an internal or unknown name gets the same tool_not_found as its task.
    const listed = this.deps.host.listed().find((t) => t.name === name);
    if (listed !== undefined && listed.execution === undefined) {
      throw new ProtocolError(
        ProtocolErrorCode.MethodNotFound,
        `Tool ${name} does not support task-augmented calls (its execution.taskSupport is not set): call it without params.task`,
      );
    }
    if (this.draining !== undefined) {
      throw new ProtocolError(
        ProtocolErrorCode.InternalError,
        `Server is shutting down (${this.draining}): it takes no new task. Call ${name} again: another replica, or this server once restarted, runs it.`,
      );
    }
    const store = this.storeFor(owner);
    const task = await store.open(name, { ttl: request.params.task?.ttl });
    const controller = new AbortController();
    const running: RunningTask = {
      controller,
      store,
      tool: name,
      args: request.params.arguments ?? {},
      interactive: options.interactive === true,
      gathered: options.gathered,
      done: Promise.resolve(),
      // The store gives every task this process opens the server's poll interval.
      pollIntervalMs: this.deps.settings.pollIntervalMs,
    };
    this.track(task.taskId, running);
    running.done = this.run(store, task, request.params, running, channel).finally(() =>
      this.untrack(task.taskId),
    );
    return { task };
  }

  private async run(
    store: ScopedTaskStore,
    task: Task,
    params: CallParams,
    running: RunningTask,
    channel: TaskChannel,
  ): Promise<void> {
    const { host, log, profile } = this.deps;
    const { taskId } = task;
    const { controller } = running;
    const notifyStatus = async () => {
      const current = await store.peek(taskId).catch(() => undefined);
      // Stryker disable next-line ConditionalExpression: undefined only when the record expired between the write just made and this read (unreachable in a test), see README
      if (current)
        await channel
          .send({ method: 'notifications/tasks/status', params: current.task })
          .catch(() => undefined);
    };
    const progress = progressNotifier(channel.progressToken, channel.send);
    let lastText: string | undefined;
    const reporter = async (update: ProgressUpdate): Promise<void> => {
      // The store is the truth between upstream polls: a cancel through any replica stops this one here,
      // and so does an end another replica wrote (this run was taken for lost). The runner reads the record
      // as stored (peek): the lease rule is for readers, not for the process renewing the lease.
      const current = await store.peek(taskId).then(
        (record) => ({ record }),
        (error: unknown) => ({ error }),
      );
      if ('error' in current) {
        // A store outage that outlasted its retries: the job is fine, the cancel check waits for the next poll.
        log.warn('task store unreachable: polling on', { task_id: taskId, error: errorText(current.error) });
      } else if (current.record === undefined || isTerminalStatus(current.record.task.status)) {
        this.abort(taskId);
      }
      if (controller.signal.aborted) throw controller.signal.reason;
      if (update.resume !== undefined) {
        running.resume = { ...(params.arguments ?? {}), ...update.resume };
      }
      if (update.reattach !== undefined) running.reattach = { ...update.reattach };
      const text = updateText(update);
      if (text !== lastText && !('error' in current)) {
        const updated = await store.updateTaskStatus(taskId, 'working', text).then(
          () => true,
          (error: unknown) => {
            log.warn('task status not stored', { task_id: taskId, error: errorText(error) });
            return false;
          },
        );
        if (updated) {
          lastText = text;
          running.lastStatus = text;
          await notifyStatus();
        }
      }
      await progress.report(update);
    };
    try {
      const outcome = await host.invoke(params.name, params.arguments ?? {}, {
        signal: controller.signal,
        listedOnly: true,
        progress: reporter,
        // A resumed task: its tool waits on the job its first run started. (Unset: the handler has none.)
        reattach: running.reattach,
        gathered: running.gathered,
        ...(running.interactive
          ? { askInput: (requests) => this.askInput(store, taskId, requests, controller) }
          : {}),
      });
      if (controller.signal.aborted) {
        await this.noteCancel(taskId, controller.signal.reason);
        return;
      }
      const tool = params.name;
      const result = this.bounded(
        tool,
        toCallToolResult(outcome, (error) => envelopeFromThrown(error, { profile, tool, log })),
      );
      await this.storeEnd(store, taskId, result.isError ? 'failed' : 'completed', result);
      await notifyStatus();
    } catch (error) {
      if (controller.signal.reason instanceof TaskCancelledError) {
        await this.noteCancel(taskId, controller.signal.reason);
        return;
      }
      if (controller.signal.reason instanceof TaskHandedOverError) return;
      // A cancel racing the end (the first end wins) or a store outage: the task keeps what the store has.
      const current = await store.peek(taskId).catch(() => undefined);
      if (current && !isTerminalStatus(current.task.status)) {
        log.warn('task did not store its result', { task_id: taskId, error: errorText(error) });
      }
    }
  }

  /**
   * Hands a running task over on shutdown, when its tool named the arguments that resume its upstream job
   * and the store is shared (Redis): the record keeps `working` with `handover`, the lease is released, and
   * the first replica that reads the task claims it and waits on the same job. False: not possible here.
   */
  private async handOver(taskId: string, running: RunningTask, why: string): Promise<boolean> {
    if (this.deps.records.kind !== 'redis') return false;
    if (running.resume === undefined && running.reattach === undefined) return false;
    const record = await running.store.peek(taskId).catch(() => undefined);
    if (record === undefined || isTerminalStatus(record.task.status)) return false;
    const last = record.task.statusMessage ?? 'working';
    const task = {
      ...record.task,
      statusMessage: `${last}; handed over to another replica (this one shut down: ${why})`,
      lastUpdatedAt: new Date().toISOString(),
    };
    try {
      if ((await this.deps.records.handOver({ ...record, task, handover: handoverOf(running) })) !== 'ok') {
        return false;
      }
    } catch {
      return false;
    }
    this.abort(taskId, new TaskHandedOverError(taskId));
    this.deps.log.info('task handed over', { task_id: taskId, tool: running.tool });
    return true;
  }

  /**
   * A task's request for input: `input_required` with the requests until tasks/update (any replica) has
   * answered them all, read back from the store every poll interval; a cancel (or an end written
   * elsewhere) stops the wait.
   */
  private async askInput(
    store: ScopedTaskStore,
    taskId: string,
    requests: Readonly<Record<string, unknown>>,
    controller: AbortController,
  ): Promise<Record<string, unknown>> {
    await store.askInput(taskId, { ...requests });
    const pollMs = Math.max(50, Math.min(this.deps.settings.pollIntervalMs, 250));
    for (;;) {
      // Stryker disable next-line ConditionalExpression: an ended task's input is refused by the store, which stops the wait the same way (equivalent), see README
      if (controller.signal.aborted) throw controller.signal.reason;
      const answers = await store.takeInput(taskId).catch((error: unknown) => {
        this.abort(taskId);
        throw error;
      });
      if (answers !== undefined) return answers;
      await sleep(pollMs);
    }
  }

  /** Says what a cancel did upstream, as the cancelled task's statusMessage (tasks/cancel waits for it). */
  private async noteCancel(taskId: string, reason: unknown): Promise<void> {
    // Stryker disable next-line ConditionalExpression: the store annotates only a cancelled task (equivalent), see README
    if (!(reason instanceof TaskCancelledError)) return;
    const upstream =
      reason.upstream ??
      'no upstream cancel was sent (this tool has none: a job it started may still run upstream)';
    await this.deps.records
      .annotateCancelled(taskId, `cancelled by the client; ${upstream}`)
      .catch((error: unknown) =>
        this.deps.log.warn('cancel outcome not stored', { task_id: taskId, error: errorText(error) }),
      );
  }

  /**
   * Stores a task's end. The result is the work of the whole task: a store outage is waited out (the
   * lease is renewed meanwhile, as the task is still tracked) for up to two leases; a protocol answer
   * (the task ended elsewhere, or expired) is final.
   */
  private async storeEnd(
    store: ScopedTaskStore,
    taskId: string,
    status: 'completed' | 'failed',
    result: CallToolResult,
    statusMessage?: string,
  ): Promise<void> {
    const deadline = Date.now() + leaseHoldMs(this.deps.settings);
    for (let wait = 100; ; wait = Math.min(wait * 2, 2_000)) {
      try {
        await store.finish(taskId, status, result, statusMessage);
        return;
      } catch (error) {
        if (error instanceof ProtocolError || Date.now() + wait > deadline) throw error;
        this.deps.log.warn('task result not stored yet: retrying', {
          task_id: taskId,
          error: errorText(error),
        });
        await sleep(wait);
      }
    }
  }
}

/** What a drain hands over: the resume arguments (else the call's own) and the reattach state. */
function handoverOf(running: RunningTask): TaskHandover {
  return { arguments: running.resume ?? running.args, reattach: running.reattach };
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));
