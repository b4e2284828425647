// The task methods, per era: the Tasks extension's on 2026-07-28, the 2025-11-25 ones for legacy clients.
import { ProtocolError, ProtocolErrorCode, type Server, type Task } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { sleep } from '../server/sleep.js';
import type { ScopedTaskStore } from './scoped-task-store.js';
import { isTerminalStatus } from './task-records.js';
import { declaresTasks, detailedTask, isModernVersion, missingTasksExtension } from './tasks-extension.js';

/** The `_meta` key that ties a tasks/result answer to its task (2025-11-25). */
export const RELATED_TASK_META = 'io.modelcontextprotocol/related-task';

const TASK_ID = z.looseObject({ taskId: z.string() });
const UPDATE = z.looseObject({
  taskId: z.string(),
  inputResponses: z.record(z.string(), z.unknown()).optional(),
});
const CURSOR = z.looseObject({ cursor: z.string().optional() });

const notFound = (taskId: string) =>
  new ProtocolError(
    ProtocolErrorCode.InvalidParams,
    `Task not found: ${JSON.stringify(taskId.slice(0, 80))} (unknown, expired, or created by other credentials)`,
  );

interface Ctx {
  mcpReq: {
    envelope?: Record<string, unknown> | undefined;
    signal: AbortSignal;
    inputResponses?: Record<string, unknown> | undefined;
  };
}

/**
 * The v2 SDK carries no task runtime (SEP-2663 moved tasks to an extension); these answer from one owner's
 * store, per era of the Server serving the request:
 * - 2026-07-28 (the extension): tasks/get (DetailedTask, the result inlined), tasks/update (ack),
 *   tasks/cancel (empty ack, idempotent), each -32021 unless the request's `_meta` declares the extension;
 *   tasks/result and tasks/list are -32601 (the extension has neither: the SDK refuses them).
 * - 2025-11-25 and earlier: tasks/get, tasks/result (blocks until the task ends), tasks/list, tasks/cancel
 *   as the v1 SDK served them; tasks/update does not exist there (-32601).
 */
export function registerTaskMethods(server: Server, store: ScopedTaskStore, pollMs: number): void {
  const modern = () => isModernVersion(server.getNegotiatedProtocolVersion());
  /** The extension's gate: a modern request must declare it in its own `_meta`. */
  const gate = (method: string, ctx: Ctx) => {
    if (!declaresTasks(ctx.mcpReq.envelope)) throw missingTasksExtension(method);
  };
  server.setRequestHandler('tasks/get', { params: TASK_ID }, async ({ taskId }, ctx) => {
    if (modern()) {
      gate('tasks/get', ctx);
      const record = await store.getRecord(taskId);
      if (!record) throw notFound(taskId);
      return detailedTask(record);
    }
    const task = await store.getTask(taskId);
    if (!task) throw notFound(taskId);
    return { ...task };
  });
  server.setRequestHandler('tasks/update', { params: UPDATE }, async ({ taskId }, ctx) => {
    const inputResponses = ctx.mcpReq.inputResponses as Record<string, unknown> | undefined;
    if (!modern())
      throw new ProtocolError(ProtocolErrorCode.MethodNotFound, 'Method not found: tasks/update');
    gate('tasks/update', ctx);
    // Answers to the pending requests of an input_required task are kept (the run picks them up once all
    // are in); any other answer, or one for a task that waits for none, is acknowledged and ignored.
    await store.answerInput(taskId, inputResponses ?? {});
    // The ack: the SDK's 2026-07-28 codec writes resultType "complete" on it (as on every plain result).
    return {};
  });
  // tasks/result and tasks/list are 2025-11-25 methods only: on 2026-07-28 the SDK answers -32601 before any handler.
  server.setRequestHandler('tasks/result', { params: TASK_ID }, async ({ taskId }, ctx) => {
    for (;;) {
      const task: Task | null = await store.getTask(taskId);
      if (!task) throw notFound(taskId);
      if (isTerminalStatus(task.status)) {
        const result = await store.getTaskResult(taskId);
        return { ...result, _meta: { ...result._meta, [RELATED_TASK_META]: { taskId } } };
      }
      await sleep(Math.max(50, Math.min(task.pollInterval ?? pollMs, pollMs)), ctx.mcpReq.signal);
    }
  });
  server.setRequestHandler('tasks/list', { params: CURSOR }, async ({ cursor }) => {
    const { tasks, nextCursor } = await store.listTasks(cursor);
    return { tasks, ...(nextCursor ? { nextCursor } : {}) };
  });
  server.setRequestHandler('tasks/cancel', { params: TASK_ID }, async ({ taskId }, ctx) => {
    if (modern()) gate('tasks/cancel', ctx);
    const task = await store.getTask(taskId);
    if (!task) throw notFound(taskId);
    if (isTerminalStatus(task.status)) {
      // The extension: cancelling an ended task is the same empty ack (idempotent).
      if (modern()) return {};
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Cannot cancel task in terminal status: ${task.status}`,
      );
    }
    try {
      await store.updateTaskStatus(taskId, 'cancelled', 'Client cancelled task execution.');
    } catch (error) {
      // It ended meanwhile (the first end wins): on the extension that is the same ack.
      if (!(modern() && error instanceof ProtocolError && (await store.getTask(taskId)))) throw error;
    }
    // The extension's ack carries no task fields: the cancelled status (and what the cancel did upstream,
    // in its statusMessage) is read with the next tasks/get.
    if (modern()) return {};
    const cancelled = await store.getTask(taskId);
    if (!cancelled) throw notFound(taskId);
    return { ...cancelled };
  });
}
