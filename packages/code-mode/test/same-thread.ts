// Code Mode with its sandbox on the calling thread: the runScript the worker runs, seen by coverage and Stryker.
import type { ToolDefinition } from '@obmcp/contract';
import { codeModeToolsOn } from '../src/code-mode-tools.js';
import { type CodeModeOptions, type ResolvedLimits, resolveLimits } from '../src/options.js';
import { ModulePool } from '../src/sandbox/module-pool.js';
import { runScript } from '../src/sandbox/run-script.js';
import type { SandboxRunner } from '../src/sandbox/types.js';

/**
 * runScript on this thread, one QuickJS module per concurrent run. A worker thread has its own
 * globals, so code running there is invisible to coverage and to Stryker's active mutant: the
 * sandbox's limits (calls, logs, marshalling, results) are tested here. What only a thread does —
 * ending a busy loop by termination, cancellation, the run queue, the heap cap — stays with
 * codeModeTools (worker-thread.test.ts, contract-server.test.ts, thread-parity.test.ts).
 */
export function sameThreadRunner(limits: ResolvedLimits): SandboxRunner {
  const modules = new ModulePool(limits.memoryLimitBytes, () => {});
  return async ({ code, timeoutMs, host, log }) =>
    (await runScript(modules, limits, { code, timeoutMs, host, log })).outcome;
}

/** codeModeTools(options), with execute on the calling thread. */
export function sameThreadCodeModeTools(options?: CodeModeOptions): ToolDefinition[] {
  const limits = resolveLimits(options);
  return codeModeToolsOn(sameThreadRunner(limits), limits);
}
