// Runs queued sandbox jobs after a host promise settles; errors escaping a job end the run.
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime } from 'quickjs-emscripten';
import { type Classified, classifyThrown } from './classify-thrown.js';
import type { RunState } from './run-state.js';

export interface JobDeps {
  ctx: QuickJSContext;
  rt: QuickJSRuntime;
  state: RunState;
  code: string;
  memoryExhausted: () => boolean;
  limits: { timeoutMs: number; memoryLimitBytes: number; maxStackBytes: number };
}

/** Runs queued sandbox jobs; an error escaping a job (uncatchable interrupt, OOM) ends the run. */
export function pumpJobs(deps: JobDeps): void {
  if (deps.state.finished || deps.state.limitation) return;
  const result = deps.rt.executePendingJobs();
  if (!result.error) return;
  const outcome = classifyHandle(deps, result.error);
  result.error.dispose();
  deps.state.fail(
    outcome.status === 'limitation'
      ? outcome.limitation
      : {
          kind: 'sandbox_crash',
          issue: `${outcome.error.name}: ${outcome.error.message} (escaped a pending job)`,
        },
  );
}

/** Dumps a thrown sandbox value (never throwing) and classifies it. */
export function classifyHandle(deps: Omit<JobDeps, 'rt' | 'state'>, error: QuickJSHandle): Classified {
  let thrown: unknown;
  try {
    thrown = deps.ctx.dump(error);
  } catch {
    // Left undefined: a value the engine cannot read is classified as thrown nothing.
  }
  return classifyThrown({
    thrown,
    code: deps.code,
    memoryExhausted: deps.memoryExhausted(),
    limits: deps.limits,
  });
}
