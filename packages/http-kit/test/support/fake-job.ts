// The Redis task tests' fake upstream job: a run_job tool that polls a counter until the test says finish.
import type { ServerProfile, ToolDefinition } from '@obmcp/contract';
import { pollJob } from '@obmcp/mcp-server/tasks';

export const JOB_PROFILE: ServerProfile = {
  name: 'tasks-redis',
  version: '0.0.0',
  httpKind: 'sp_api_http',
  clientKind: 'sp_api_client',
  httpCodePrefix: 'SP_API',
  errorKinds: ['mcp_input_validation', 'tool_not_found', 'sp_api_http', 'sp_api_client', 'internal_error'],
};

/** The upstream job's state: every status request counted; RUNNING until `finish` (or a `quick: true` call). */
export interface FakeUpstream {
  requests: number;
  finish: boolean;
}

/** A fresh upstream and the tool that waits on it (task-capable, 100 ms between polls). */
export function fakeJob(): { upstream: FakeUpstream; jobTool: ToolDefinition } {
  const upstream: FakeUpstream = { requests: 0, finish: false };
  const jobTool: ToolDefinition = {
    name: 'run_job',
    description: 'Waits on a fake upstream job (test tool).',
    taskSupport: 'optional',
    inputSchema: { type: 'object', properties: { quick: { type: 'boolean' } }, examples: [{}] },
    handler: async (args, call) => {
      const { value } = await pollJob(call, {
        poll: async () => {
          upstream.requests++;
          return args.quick === true || upstream.finish ? 'DONE' : 'RUNNING';
        },
        state: (status) => ({ status, done: status === 'DONE' }),
        delayMs: () => 100,
      });
      return { status: value };
    },
  };
  return { upstream, jobTool };
}

/** Resolves once `check` holds, polling every 50 ms; throws naming `what` after `ms`. */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  ms = 30_000,
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
