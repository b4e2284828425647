// Shapes that cross the sandbox boundary: execute's results and the internal run outcome.
import type { Json, Logger, ToolHost } from '@obmcp/contract';

/** The one thing the sandbox needs from the host: call a tool through the full pipeline. */
export type ToolCaller = Pick<ToolHost, 'call'>;

/** execute's result when the script returned (or its promise resolved). */
export interface ExecuteResult {
  result: Json;
  logs: string[];
  calls: number;
}

/** What the agent learns about a script that threw: data, not an envelope. */
export interface ScriptErrorInfo {
  name: string;
  message: string;
  /** 1-based line in the submitted code, when QuickJS reported one. */
  line: number | null;
}

/** execute's result when the script itself failed (throw, ReferenceError, TypeError, SyntaxError). */
export interface ScriptErrorResult {
  error: ScriptErrorInfo;
  logs: string[];
  calls: number;
}

/** Which sandbox limit or restriction was hit. */
export type LimitKind =
  | 'timeout'
  | 'memory'
  | 'stack'
  | 'result_size'
  | 'result_depth'
  | 'non_json_result'
  | 'calls'
  | 'call_args_size'
  | 'call_value_size'
  | 'blocked_capability'
  | 'unsupported_syntax'
  | 'code_size'
  | 'nested_execute'
  | 'cancelled'
  | 'engine_limit'
  | 'sandbox_crash';

export interface Limitation {
  kind: LimitKind;
  /** `<ErrorName>: <message>` as the sandbox saw it (bounded later). */
  issue: string;
  /** The configured bound, when the kind has one. */
  limit?: number;
  /** The blocked global name, for blocked_capability. */
  capability?: string;
}

export type RunOutcome =
  | { status: 'ok'; value: Json; logs: string[]; calls: number }
  | { status: 'script_error'; error: ScriptErrorInfo; logs: string[]; calls: number }
  | { status: 'limitation'; limitation: Limitation; logs: string[]; calls: number };

/** One execute run as the tool hands it to a sandbox runner (the code is already within maxCodeChars). */
export interface SandboxRunRequest {
  code: string;
  timeoutMs: number;
  host: ToolCaller;
  signal: AbortSignal;
  log: Logger;
}

/**
 * Where a script runs: the product's runner is a pool of worker threads (worker/run-in-thread.ts);
 * tests also run the same sandbox (runScript) on the calling thread.
 */
export type SandboxRunner = (request: SandboxRunRequest) => Promise<RunOutcome>;
