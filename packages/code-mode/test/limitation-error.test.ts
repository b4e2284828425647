// What execute's limitation envelope tells an agent for each limit: the detail (kind, limit, capability, calls,
// the tail of the logs) and the recovery hints, with the configured numbers.
import { SandboxLimitationError } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import { LIMITATION_SUMMARY, limitationError } from '../src/limitation-error.js';
import { resolveLimits } from '../src/options.js';
import type { LimitKind, Limitation } from '../src/sandbox/types.js';

const MiB = 1024 * 1024;
// Distinct numbers, so a hint naming the wrong limit shows.
const limits = resolveLimits({
  defaultTimeoutMs: 2000,
  maxTimeoutMs: 9000,
  memoryLimitBytes: 48 * MiB,
  maxResultBytes: 100 * 1024,
  maxCalls: 7,
  maxCallArgsBytes: 20 * 1024,
  maxCallValueBytes: 3 * MiB,
  maxCodeChars: 1234,
});
const DIRECT = 'If needed, call the tool directly outside execute.';
const IO =
  'In execute, call_tool(name, args) is the only I/O; fetch, require, process, import and timers are not available.';

const hints = (kind: LimitKind, extra: Partial<Limitation> = {}) =>
  limitationError({ kind, issue: 'x', ...extra }, limits, [], 0).hints;

describe('limitationError hints', () => {
  it.each<[LimitKind, string[]]>([
    [
      'timeout',
      [
        'Keep scripts under timeout_ms (default 2000 ms, at most 9000 ms); avoid busy loops.',
        'Page with smaller requests, or split the work across several execute calls.',
      ],
    ],
    ['memory', ['Keep sandbox data under 48 MiB: request smaller pages and keep only the fields you need.']],
    ['stack', ['Avoid deep recursion in execute; use loops instead.']],
    [
      'result_size',
      ['Return at most 100 KiB of JSON: filter, summarise or page the data before returning it.'],
    ],
    [
      'non_json_result',
      ['Return plain JSON values (objects, arrays, strings, numbers, booleans, null) as the final output.'],
    ],
    ['calls', ['Use at most 7 call_tool calls per execute; split larger jobs across several execute calls.']],
    ['call_args_size', ['Keep call_tool args under 20 KiB of JSON.']],
    ['call_value_size', ['A tool result over 3 MiB cannot enter the sandbox; request a smaller page.']],
    [
      'blocked_capability',
      [IO, 'Use plain JavaScript (JSON, Math, Date, Array, String, RegExp) for data handling.'],
    ],
    [
      'unsupported_syntax',
      ['execute runs an async function body: no import/export statements; use await and return.', IO],
    ],
    ['code_size', ['Keep code under 1234 characters.']],
    ['nested_execute', ['Call the other tools with call_tool; execute cannot call itself.']],
    ['cancelled', ['The request was cancelled before the script finished; run it again if still needed.']],
    ['engine_limit', ['Simplify the script: plain JavaScript plus call_tool, returning plain JSON values.']],
    ['sandbox_crash', ['Simplify the script: plain JavaScript plus call_tool, returning plain JSON values.']],
  ])('%s', (kind, expected) => {
    expect(hints(kind)).toEqual([...expected, DIRECT]);
  });

  it('result_depth names the limit it was given, or a few hundred', () => {
    expect(hints('result_depth', { limit: 64 })).toEqual([
      'Return values nested at most 64 levels deep: flatten deep structures (arrays of rows, not chains).',
      DIRECT,
    ]);
    expect(hints('result_depth')[0]).toBe(
      'Return values nested at most a few hundred levels deep: flatten deep structures (arrays of rows, not chains).',
    );
  });

  it('sizes round to the nearest KiB and MiB', () => {
    const odd = resolveLimits({ maxCallArgsBytes: 1536 + 1, memoryLimitBytes: Math.round(2.4 * MiB) });
    expect(limitationError({ kind: 'call_args_size', issue: 'x' }, odd, [], 0).hints[0]).toBe(
      'Keep call_tool args under 2 KiB of JSON.',
    );
    expect(limitationError({ kind: 'memory', issue: 'x' }, odd, [], 0).hints[0]).toBe(
      'Keep sandbox data under 2 MiB: request smaller pages and keep only the fields you need.',
    );
  });
});

describe('limitationError detail', () => {
  it('the summary, and a detail with the issue, kind and calls; no limit, capability or logs unless given', () => {
    const error = limitationError({ kind: 'stack', issue: 'RangeError: stack overflow' }, limits, [], 3);
    expect(error).toBeInstanceOf(SandboxLimitationError);
    expect(error.summary).toBe(LIMITATION_SUMMARY);
    expect(LIMITATION_SUMMARY).toBe('Code mode sandbox hit a known runtime limitation.');
    expect(error.details).toStrictEqual([
      {
        path: '',
        issue: 'RangeError: stack overflow',
        received_type: 'QuickJSRuntimeError',
        limit_kind: 'stack',
        calls: 3,
      },
    ]);
  });

  it('a limit of 0 and a blocked capability are named', () => {
    const error = limitationError(
      { kind: 'blocked_capability', issue: 'ReferenceError: fetch', limit: 0, capability: 'fetch' },
      limits,
      [],
      0,
    );
    expect(error.details[0]).toStrictEqual({
      path: '',
      issue: 'ReferenceError: fetch',
      received_type: 'QuickJSRuntimeError',
      limit_kind: 'blocked_capability',
      calls: 0,
      limit: 0,
      capability: 'fetch',
    });
  });

  it('the last five log lines, each bounded to 200 characters; the issue bounded to 300', () => {
    const logs = ['l1', 'l2', 'l3', 'l4', 'l5', 'l6', 'y'.repeat(201)];
    const error = limitationError({ kind: 'timeout', issue: 'i'.repeat(301) }, limits, logs, 1);
    const detail = error.details[0] as unknown as Record<string, unknown>;
    expect(detail['logs_tail']).toEqual(['l3', 'l4', 'l5', 'l6', `${'y'.repeat(199)}…`]);
    expect(detail['issue']).toBe(`${'i'.repeat(299)}…`);
    const one = limitationError({ kind: 'timeout', issue: 'x' }, limits, ['only'], 1);
    expect((one.details[0] as unknown as Record<string, unknown>)['logs_tail']).toEqual(['only']);
  });
});
