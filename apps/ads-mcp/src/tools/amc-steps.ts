// The AMC tools' own handlers as steps of the one-call AMC tools (run_amc_query, get_amc_query_results).
import type { CallContext, ToolDefinition } from '@obmcp/contract';

export type AmcStep = (args: Record<string, unknown>, call: CallContext) => Promise<Record<string, unknown>>;

/** Each step is that tool's handler: one request builder (and one AMC scope resolution) per operation. */
export function amcStep(amc: readonly ToolDefinition[], name: string, user: string): AmcStep {
  const tool = amc.find((t) => t.name === name);
  if (!tool) throw new Error(`${user} needs ${name}`);
  return async (args, call) => (await tool.handler(args as never, call)) as Record<string, unknown>;
}

/** Terminal statuses of a WorkflowExecution (AMCWorkflow.json). */
export const AMC_ENDED: ReadonlySet<string> = new Set(['SUCCEEDED', 'FAILED', 'CANCELLED', 'REJECTED']);

export interface AmcExecution {
  workflowExecutionId?: string;
  status?: string;
}

/** The `workflowExecution` of a create/get answer. */
export function executionOf(answer: Record<string, unknown>): AmcExecution {
  return (answer.workflowExecution ?? {}) as AmcExecution;
}
