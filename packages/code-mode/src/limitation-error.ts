// Turns a sandbox Limitation into the contract's SandboxLimitationError with recovery hints.
import { boundText, type Detail, SandboxLimitationError } from '@obmcp/contract';
import type { ResolvedLimits } from './options.js';
import type { Limitation } from './sandbox/types.js';

export const LIMITATION_SUMMARY = 'Code mode sandbox hit a known runtime limitation.';
const IO_HINT =
  'In execute, call_tool(name, args) is the only I/O; fetch, require, process, import and timers are not available.';
const DIRECT_HINT = 'If needed, call the tool directly outside execute.';

export function limitationError(
  limitation: Limitation,
  limits: ResolvedLimits,
  logs: string[],
  calls: number,
): SandboxLimitationError {
  const detail: Detail = {
    path: '',
    issue: boundText(limitation.issue, 300),
    received_type: 'QuickJSRuntimeError',
    limit_kind: limitation.kind,
    calls,
  };
  if (limitation.limit !== undefined) detail['limit'] = limitation.limit;
  if (limitation.capability) detail['capability'] = limitation.capability;
  if (logs.length > 0) detail['logs_tail'] = logs.slice(-5).map((line) => boundText(line, 200));
  return new SandboxLimitationError({
    summary: LIMITATION_SUMMARY,
    details: [detail],
    hints: [...hintsFor(limitation, limits), DIRECT_HINT],
  });
}

function hintsFor(limitation: Limitation, limits: ResolvedLimits): string[] {
  const kib = (n: number) => `${Math.round(n / 1024)} KiB`;
  const mib = (n: number) => `${Math.round(n / (1024 * 1024))} MiB`;
  switch (limitation.kind) {
    case 'timeout':
      return [
        `Keep scripts under timeout_ms (default ${limits.defaultTimeoutMs} ms, at most ${limits.maxTimeoutMs} ms); avoid busy loops.`,
        'Page with smaller requests, or split the work across several execute calls.',
      ];
    case 'memory':
      return [
        `Keep sandbox data under ${mib(limits.memoryLimitBytes)}: request smaller pages and keep only the fields you need.`,
      ];
    case 'stack':
      return ['Avoid deep recursion in execute; use loops instead.'];
    case 'result_size':
      return [
        `Return at most ${kib(limits.maxResultBytes)} of JSON: filter, summarise or page the data before returning it.`,
      ];
    case 'result_depth':
      return [
        `Return values nested at most ${limitation.limit ?? 'a few hundred'} levels deep: flatten deep structures (arrays of rows, not chains).`,
      ];
    case 'non_json_result':
      return [
        'Return plain JSON values (objects, arrays, strings, numbers, booleans, null) as the final output.',
      ];
    case 'calls':
      return [
        `Use at most ${limits.maxCalls} call_tool calls per execute; split larger jobs across several execute calls.`,
      ];
    case 'call_args_size':
      return [`Keep call_tool args under ${kib(limits.maxCallArgsBytes)} of JSON.`];
    case 'call_value_size':
      return [
        `A tool result over ${mib(limits.maxCallValueBytes)} cannot enter the sandbox; request a smaller page.`,
      ];
    case 'blocked_capability':
      return [IO_HINT, 'Use plain JavaScript (JSON, Math, Date, Array, String, RegExp) for data handling.'];
    case 'unsupported_syntax':
      return [
        'execute runs an async function body: no import/export statements; use await and return.',
        IO_HINT,
      ];
    case 'code_size':
      return [`Keep code under ${limits.maxCodeChars} characters.`];
    case 'nested_execute':
      return ['Call the other tools with call_tool; execute cannot call itself.'];
    case 'cancelled':
      return ['The request was cancelled before the script finished; run it again if still needed.'];
    default:
      return ['Simplify the script: plain JavaScript plus call_tool, returning plain JSON values.'];
  }
}
