// ownerLost: the failed end of a task whose replica stopped renewing its lease (the process died mid-task).
import type { CallToolResult, Task } from '@modelcontextprotocol/server';
import { buildEnvelope } from '@obmcp/contract/internal/envelope/build.js';
import { CANONICAL_CODES } from '@obmcp/contract/internal/taxonomy.js';
import type { ServerProfile } from '@obmcp/contract/internal/tool/types.js';
import type { TaskRecord } from './task-records.js';

const SECOND = 1_000;

/**
 * The record a lost task ends with: `failed`, kept for its ttl, its result the v1 envelope of the server's
 * client kind (like a dropped upstream connection: the work never finished, nothing is known about its
 * outcome), `retryable: true` with TASK_OWNER_LOST.
 */
export function ownerLostRecord(
  record: TaskRecord,
  profile: ServerProfile,
  /** How long the record went without a heartbeat before it counted as lost (two leases). */
  silentMs: number,
  now: number,
): TaskRecord {
  const tool = record.tool ?? 'unknown_tool';
  const seconds = Math.round(silentMs / SECOND);
  const envelope = buildEnvelope({
    kind: profile.clientKind,
    tool,
    code: CANONICAL_CODES.TASK_OWNER_LOST,
    summary: `The server process running this task stopped (no heartbeat for ${seconds} s): the task did not finish.`,
    retryable: true,
    details: [
      {
        path: '',
        issue: 'task owner lost',
        received_type: 'object',
        last_status: record.task.statusMessage ?? record.task.status,
      },
    ],
    hints: [
      `Call ${tool} again (as a task or inline): the work of the lost task is gone.`,
      'An upstream job it had started (e.g. a report) may still finish upstream: look it up with the matching get_* tool before starting a new one.',
    ],
  });
  const result: CallToolResult = {
    isError: true,
    content: [{ type: 'text', text: JSON.stringify(envelope) }],
  };
  const keepMs = typeof record.task.ttl === 'number' ? record.task.ttl : 0;
  const task: Task = {
    ...record.task,
    status: 'failed',
    statusMessage: `lost: the server process running it stopped (no heartbeat for ${seconds} s)`,
    lastUpdatedAt: new Date(now).toISOString(),
  };
  return { ...record, task, expiresAt: Math.max(record.expiresAt, now + keepMs), result };
}
