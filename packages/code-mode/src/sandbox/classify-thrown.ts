// Decides whether a value thrown out of the script is the script's own error (data) or a sandbox limitation.
import { boundText } from '@obmcp/contract';
import { BLOCKED_GLOBALS } from './blocked-names.js';
import { scriptLine } from './script-source.js';
import type { Limitation, ScriptErrorInfo } from './types.js';
import { wallTimeLimitation } from './wall-time.js';

export type Classified =
  | { status: 'script_error'; error: ScriptErrorInfo }
  | { status: 'limitation'; limitation: Limitation };

export interface ClassifyInput {
  /** `ctx.dump()` of the thrown value. */
  thrown: unknown;
  code: string;
  /** The module's memory is at (or next to) its hard maximum. */
  memoryExhausted: boolean;
  limits: { timeoutMs: number; memoryLimitBytes: number; maxStackBytes: number };
}

interface ErrorLike {
  name: string;
  message: string;
  stack?: unknown;
  lineNumber?: unknown;
}

export function classifyThrown(input: ClassifyInput): Classified {
  const { thrown, limits } = input;
  if (!isErrorLike(thrown)) {
    if (input.memoryExhausted && (thrown === null || thrown === undefined))
      return limit('memory', 'InternalError: out of memory', limits.memoryLimitBytes);
    const shown = boundText(safeJson(thrown), 200);
    return {
      status: 'script_error',
      error: { name: 'Error', message: `script threw a non-Error value: ${shown}`, line: null },
    };
  }
  const issue = `${thrown.name}: ${thrown.message}`;
  if (thrown.name === 'InternalError') {
    if (thrown.message === 'interrupted')
      return { status: 'limitation', limitation: wallTimeLimitation(limits.timeoutMs) };
    if (/out of memory/i.test(thrown.message)) return limit('memory', issue, limits.memoryLimitBytes);
    if (/stack overflow/i.test(thrown.message)) return limit('stack', issue, limits.maxStackBytes);
    return limit('engine_limit', issue);
  }
  if (input.memoryExhausted && /memory/i.test(thrown.message))
    return limit('memory', issue, limits.memoryLimitBytes);
  const line = errorLine(thrown, input.code);
  if (thrown.name === 'ReferenceError') {
    const missing = /^'([\w$]+)' is not defined$/.exec(thrown.message)?.[1];
    if (missing && BLOCKED_GLOBALS.has(missing))
      return { status: 'limitation', limitation: { kind: 'blocked_capability', issue, capability: missing } };
    if (/could not load module/.test(thrown.message))
      return {
        status: 'limitation',
        limitation: { kind: 'blocked_capability', issue, capability: 'import()' },
      };
  }
  if (thrown.name === 'SyntaxError' && line !== null) {
    // scriptLine clamps into the agent's lines, so the line is always there.
    const text = input.code.split('\n')[line - 1] as string;
    if (/^\s*(import|export)\b/.test(text) || /\bimport\.meta\b/.test(text))
      return {
        status: 'limitation',
        limitation: {
          kind: 'unsupported_syntax',
          issue: `${issue} (line ${line}: import/export statements)`,
        },
      };
  }
  return {
    status: 'script_error',
    error: { name: boundText(thrown.name, 60), message: boundText(thrown.message, 500), line },
  };
}

function limit(kind: Limitation['kind'], issue: string, value?: number): Classified {
  return {
    status: 'limitation',
    limitation: { kind, issue, ...(value === undefined ? {} : { limit: value }) },
  };
}

function isErrorLike(value: unknown): value is ErrorLike {
  // dump's objects are host objects; a thrown primitive or null is never error-like.
  if (!(value instanceof Object)) return false;
  const v = value as Record<string, unknown>;
  return typeof v['name'] === 'string' && typeof v['message'] === 'string';
}

/** SyntaxErrors carry `lineNumber`; runtime errors have `script.js:L:C` frames in `stack`. */
function errorLine(error: ErrorLike, code: string): number | null {
  if (typeof error.lineNumber === 'number') return scriptLine(error.lineNumber, code);
  const frame = typeof error.stack === 'string' ? /script\.js:(\d+)/.exec(error.stack) : null;
  return frame?.[1] ? scriptLine(Number(frame[1]), code) : null;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
