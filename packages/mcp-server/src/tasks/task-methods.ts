// tasks/get, tasks/result, tasks/list, tasks/cancel (2025-11-25 shape) served from one owner's task store.
import { ProtocolError, ProtocolErrorCode, type Server, type Task } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { ScopedTaskStore } from './scoped-task-store.js';
import { isTerminalStatus } from './task-records.js';

/** The `_meta` key that ties a tasks/result answer to its task (2025-11-25). */
export const RELATED_TASK_META = 'io.modelcontextprotocol/related-task';

const TASK_ID = z.looseObject({ taskId: z.string() });
const CURSOR = z.looseObject({ cursor: z.string().optional() });

const notFound = (taskId: string) =>
  new ProtocolError(
    ProtocolErrorCode.InvalidParams,
    `Task not found: ${JSON.stringify(taskId.slice(0, 80))} (unknown, expired, or created by other credentials)`,
  );

/** Waits `ms`, or rejects at once when the request is cancelled. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(done, ms);
    function done() {
      signal.removeEventListener('abort', aborted);
      resolve();
    }
    function aborted() {
      clearTimeout(timer);
      reject(signal.reason);
    }
    signal.addEventListener('abort', aborted, { once: true });
  });
}

/**
 * The v2 SDK no longer carries the 2025-11-25 task methods (SEP-2663 moved tasks to an extension); these
 * answer them as the v1 SDK did, from the same store: tasks/result blocks until the task ends.
 */
export function registerTaskMethods(server: Server, store: ScopedTaskStore, pollMs: number): void {
  server.setRequestHandler('tasks/get', { params: TASK_ID }, async ({ taskId }) => {
    const task = await store.getTask(taskId);
    if (!task) throw notFound(taskId);
    return { ...task };
  });
  server.setRequestHandler('tasks/result', { params: TASK_ID }, async ({ taskId }, ctx) => {
    for (;;) {
      const task: Task | null = await store.getTask(taskId);
      if (!task) throw notFound(taskId);
      if (isTerminalStatus(task.status)) {
        const result = await store.getTaskResult(taskId);
        return { ...result, _meta: { ...result._meta, [RELATED_TASK_META]: { taskId } } };
      }
      await pause(Math.max(50, Math.min(task.pollInterval ?? pollMs, pollMs)), ctx.mcpReq.signal);
    }
  });
  server.setRequestHandler('tasks/list', { params: CURSOR }, async ({ cursor }) => {
    const { tasks, nextCursor } = await store.listTasks(cursor);
    return { tasks, ...(nextCursor ? { nextCursor } : {}) };
  });
  server.setRequestHandler('tasks/cancel', { params: TASK_ID }, async ({ taskId }) => {
    const task = await store.getTask(taskId);
    if (!task) throw notFound(taskId);
    if (isTerminalStatus(task.status)) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Cannot cancel task in terminal status: ${task.status}`,
      );
    }
    await store.updateTaskStatus(taskId, 'cancelled', 'Client cancelled task execution.');
    const cancelled = await store.getTask(taskId);
    if (!cancelled) throw notFound(taskId);
    return { ...cancelled };
  });
}
