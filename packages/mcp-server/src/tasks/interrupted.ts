// interruptedResult: the failed end of a task its server stopped (SIGTERM) before it finished, after the drain bound.
import type { CallToolResult } from '@modelcontextprotocol/server';
import { buildEnvelope } from '@obmcp/contract/internal/envelope/build.js';
import { CANONICAL_CODES } from '@obmcp/contract/internal/taxonomy.js';
import type { ServerProfile } from '@obmcp/contract/internal/tool/types.js';

export interface Interruption {
  tool: string;
  /** The signal or reason of the shutdown (e.g. SIGTERM). */
  why: string;
  /** How long the server let the task run on after the signal (ms). */
  drainMs: number;
  /** The task's last status message (the upstream job's status), if any. */
  lastStatus?: string;
}

/** The statusMessage of an interrupted task. */
export const interruptedMessage = ({ why, drainMs }: Interruption): string =>
  `interrupted: the server shut down (${why}) and the task did not finish within ${Math.round(drainMs / 1_000)} s`;

/**
 * `failed` with the v1 envelope of the server's client kind, TASK_INTERRUPTED, `retryable: true`: the
 * server is going away on purpose (a deploy, a scale-in), nothing is wrong with the call.
 */
export function interruptedResult(profile: ServerProfile, interruption: Interruption): CallToolResult {
  const { tool, why, drainMs, lastStatus } = interruption;
  const envelope = buildEnvelope({
    kind: profile.clientKind,
    tool,
    code: CANONICAL_CODES.TASK_INTERRUPTED,
    summary: `The server shut down (${why}) while this task ran; it waited ${Math.round(drainMs / 1_000)} s for it, then ended it unfinished.`,
    retryable: true,
    details: [
      {
        path: '',
        issue: 'task interrupted by server shutdown',
        received_type: 'object',
        last_status: lastStatus ?? 'working',
      },
    ],
    hints: [
      `Call ${tool} again (as a task or inline): another replica, or this server once restarted, runs it.`,
      'An upstream job it had started (e.g. a report) may still finish upstream: look it up with the matching get_* tool before starting a new one.',
    ],
  });
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(envelope) }] };
}
