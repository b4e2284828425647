// A fake upstream job (QUEUED → RUNNING n% → DONE | FATAL) counted per request, and a tool that waits on it with pollJob.
import { cancelUpstreamJob, pollJob } from '../src/entries/tasks.js';
import { type ToolDefinition, UpstreamHttpError } from '@obmcp/contract';

export interface FakeJobs {
  /** Every status request the fake upstream received (epoch ms), across jobs. */
  requests: number[];
  /** Polls after which a job is DONE; Infinity: never (a job to cancel). */
  pollsToFinish: number;
  /** Upstream cancel requests the fake upstream received (a `cancellable` job's). */
  cancels: number;
}

export const fakeJobs = (pollsToFinish = 3): FakeJobs => ({ requests: [], pollsToFinish, cancels: 0 });

function statusAt(polls: number, jobs: FakeJobs, fail: boolean) {
  if (polls <= 1) return { status: 'QUEUED' };
  if (polls >= jobs.pollsToFinish) return fail ? { status: 'FATAL' } : { status: 'DONE' };
  return { status: 'RUNNING', percent: Math.round((100 * polls) / jobs.pollsToFinish) };
}

/** `run_job`: declares taskSupport; a FATAL job ends as an upstream 400 envelope. */
export function jobTool(jobs: FakeJobs, delayMs = 15): ToolDefinition {
  return {
    name: 'run_job',
    description: 'Runs a fake upstream job and waits for it (test tool).',
    taskSupport: 'optional',
    inputSchema: {
      type: 'object',
      properties: {
        fail: { type: 'boolean' },
        size: { type: 'integer', minimum: 0 },
        cancellable: { type: 'boolean' },
        resumable: { type: 'boolean' },
        resumed: { type: 'boolean' },
        reattachable: { type: 'boolean' },
      },
      examples: [{}],
    },
    handler: async (args, call) => {
      let polls = 0;
      const wait = pollJob(call, {
        poll: async () => {
          call.signal.throwIfAborted();
          jobs.requests.push(Date.now());
          polls++;
          return statusAt(polls, jobs, args.fail === true);
        },
        state: (v) => ({
          status: v.status,
          done: v.status === 'DONE' || v.status === 'FATAL',
          ...('percent' in v ? { progress: v.percent, total: 100 } : {}),
          // A resumable job names the arguments that wait on it again (a handover on shutdown).
          ...(args.resumable === true ? { resume: { resumed: true } } : {}),
          // A job its arguments cannot name: the state that re-attaches the same call to it.
          ...(args.reattachable === true ? { reattach: { jobId: 'J1' } } : {}),
        }),
        delayMs: () => delayMs,
      });
      const { value } = await wait.catch(async (error: unknown) => {
        if (args.cancellable === true) {
          await cancelUpstreamJob(call, 'job J1', async () => {
            jobs.cancels++;
            return 'job J1 cancelled upstream (cancelJob)';
          });
        }
        throw error;
      });
      if (value.status === 'FATAL') {
        throw new UpstreamHttpError(400, { summary: 'The job failed upstream (FATAL).', details: [] });
      }
      return {
        status: value.status,
        polls,
        rows: 'x'.repeat(Number(args.size ?? 0)),
        ...(args.resumed === true ? { resumed: true } : {}),
        ...(call.reattach === undefined ? {} : { reattached: call.reattach }),
      };
    },
  };
}
