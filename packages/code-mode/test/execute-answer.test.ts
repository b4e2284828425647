// execute as an agent sees it, around a recording runner: the request a sandbox gets (code, wall time, host,
// signal, log), the answer for each outcome, the code-size limit and the published schema.
import { type JsonObject, type Logger, SandboxLimitationError } from '@obmcp/contract';
import { buildEnvelope } from '@obmcp/contract/envelope';
import { createMetaCollector, silentLogger } from '@obmcp/mcp-server/testing';
import { describe, expect, it } from 'vitest';
import { EXECUTE_UNKNOWN_HINTS } from '../src/execute-annotations.js';
import { LIMITATION_SUMMARY } from '../src/limitation-error.js';
import { resolveLimits } from '../src/options.js';
import type { RunOutcome, SandboxRunRequest } from '../src/sandbox/types.js';
import { executeSchema, executeTool } from '../src/tools/execute.tool.js';
import { FakeHost, rejection } from './fake-host.js';

const limits = resolveLimits({ defaultTimeoutMs: 1500, maxTimeoutMs: 4000, maxCodeChars: 40 });
const ok: RunOutcome = { status: 'ok', value: { n: 1 }, logs: ['a'], calls: 2 };

/** execute on a runner that records each request and answers `outcome`. */
function recording(outcome: RunOutcome = ok) {
  const requests: SandboxRunRequest[] = [];
  const tool = executeTool(limits, async (request) => {
    requests.push(request);
    return outcome;
  });
  const host = new FakeHost();
  const signal = new AbortController().signal;
  const log: Logger = { ...silentLogger };
  const call = (args: JsonObject) =>
    Promise.resolve().then(() =>
      tool.handler(args, {
        tool: 'execute',
        signal,
        meta: createMetaCollector(),
        log,
        host,
        normalized: [],
      }),
    );
  return { requests, call, host, signal, log, tool };
}

describe('execute hands the sandbox the run', () => {
  it('the code as sent, the default wall time when timeout_ms is absent, the call signal and log', async () => {
    const r = recording();
    await r.call({ code: 'return 1' });
    expect(r.requests).toHaveLength(1);
    const [request] = r.requests;
    expect(request?.code).toBe('return 1');
    expect(request?.timeoutMs).toBe(1500);
    expect(request?.signal).toBe(r.signal);
    expect(request?.log).toBe(r.log);
  });

  it('timeout_ms as asked, up to maxTimeoutMs; above it the maximum', async () => {
    const r = recording();
    await r.call({ code: 'return 1', timeout_ms: 100 });
    await r.call({ code: 'return 1', timeout_ms: 3999 });
    await r.call({ code: 'return 1', timeout_ms: 4000 });
    await r.call({ code: 'return 1', timeout_ms: 4001 });
    expect(r.requests.map((q) => q.timeoutMs)).toEqual([100, 3999, 4000, 4000]);
  });

  it('calls go to the host, and an unknown tool is pointed to search_tools, not tools/list', async () => {
    const r = recording();
    await r.call({ code: 'return 1' });
    const host = r.requests[0]?.host;
    const echoed = await host?.call('echo', { text: 'hi' });
    expect(echoed).toEqual({ ok: true, value: { echoed: { text: 'hi' } } });
    expect(r.host.seen).toEqual([{ name: 'echo', args: { text: 'hi' } }]);
    const missing = await host?.call('no_such_tool', {});
    expect(missing?.ok).toBe(false);
    if (missing?.ok !== false) throw new Error('expected an envelope');
    expect(missing.envelope.error_kind).toBe('tool_not_found');
    expect(missing.envelope.hints.at(-1)).toBe(
      'Tool names are case-sensitive; call search_tools (outside this script) to find the available names, then get_tool_schema for their arguments.',
    );
  });

  it('the search hint replaces only the tools/list hint; other envelopes and values pass unchanged', async () => {
    const r = recording();
    await r.call({ code: 'return 1' });
    const envelope = buildEnvelope({
      kind: 'tool_not_found',
      tool: 'x',
      code: 'TOOL_NOT_FOUND',
      summary: 'No tool x.',
      retryable: false,
      hints: ['Keep this.', 'Call tools/list to see the tools.'],
    });
    const invalid = buildEnvelope({
      kind: 'mcp_input_validation',
      tool: 'x',
      code: 'SCHEMA_REQUIRED',
      summary: 'Missing a.',
      retryable: false,
      hints: ['Call tools/list to see the tools.'],
    });
    const answers = [
      { ok: false as const, envelope },
      { ok: false as const, envelope: invalid },
    ];
    const scripted = executeTool(limits, async (request) => {
      const first = await request.host.call('x', {});
      const second = await request.host.call('y', {});
      return { status: 'ok', value: [first, second] as never, logs: [], calls: 2 };
    });
    const host = {
      ...new FakeHost(),
      call: async () => answers.shift() ?? { ok: true as const, value: null },
    };
    const out = (await scripted.handler(
      { code: 'x' },
      {
        tool: 'execute',
        signal: new AbortController().signal,
        meta: createMetaCollector(),
        log: silentLogger,
        host: host as never,
        normalized: [],
      },
    )) as { result: Array<{ envelope: { hints: string[] } }> };
    expect(out.result[0]?.envelope.hints).toEqual([
      'Keep this.',
      'Tool names are case-sensitive; call search_tools (outside this script) to find the available names, then get_tool_schema for their arguments.',
    ]);
    expect(out.result[1]?.envelope).toEqual(invalid);
  });
});

describe('execute answers', () => {
  it('a returned value: { result, logs, calls }, nothing else', async () => {
    expect(await recording().call({ code: 'return 1' })).toEqual({ result: { n: 1 }, logs: ['a'], calls: 2 });
  });

  it('a script error: { error, logs, calls }, nothing else', async () => {
    const error = { name: 'TypeError', message: 'x is not a function', line: 3 };
    const r = recording({ status: 'script_error', error, logs: ['b'], calls: 4 });
    expect(await r.call({ code: 'x()' })).toEqual({ error, logs: ['b'], calls: 4 });
  });

  it('a limitation: the sandbox limitation error with its kind, limit, calls, logs and hints', async () => {
    const r = recording({
      status: 'limitation',
      limitation: { kind: 'calls', issue: 'RangeError: too many calls', limit: 50 },
      logs: ['one', 'two'],
      calls: 50,
    });
    const error = (await rejection(r.call({ code: 'loop()' }))) as SandboxLimitationError;
    expect(error).toBeInstanceOf(SandboxLimitationError);
    expect(error.summary).toBe(LIMITATION_SUMMARY);
    expect(error.details).toEqual([
      {
        path: '',
        issue: 'RangeError: too many calls',
        received_type: 'QuickJSRuntimeError',
        limit_kind: 'calls',
        calls: 50,
        limit: 50,
        logs_tail: ['one', 'two'],
      },
    ]);
    expect(error.hints).toEqual([
      'Use at most 50 call_tool calls per execute; split larger jobs across several execute calls.',
      'If needed, call the tool directly outside execute.',
    ]);
  });

  it('code of exactly maxCodeChars runs; one character more never reaches the sandbox', async () => {
    const r = recording();
    await r.call({ code: 'x'.repeat(40) });
    expect(r.requests).toHaveLength(1);
    const error = (await rejection(r.call({ code: 'x'.repeat(41) }))) as SandboxLimitationError;
    expect(r.requests).toHaveLength(1);
    expect(error).toBeInstanceOf(SandboxLimitationError);
    expect(error.details).toEqual([
      {
        path: '',
        issue: 'RangeError: code is 41 characters',
        received_type: 'QuickJSRuntimeError',
        limit_kind: 'code_size',
        calls: 0,
        limit: 40,
      },
    ]);
    expect(error.hints).toEqual([
      'Keep code under 40 characters.',
      'If needed, call the tool directly outside execute.',
    ]);
  });
});

describe('execute as listed', () => {
  it('its name, title, description and the hints before the callable tools are known', () => {
    const { tool } = recording();
    expect(tool.name).toBe('execute');
    expect(tool.title).toBe('Run a Code Mode script');
    expect(tool.annotations).toBe(EXECUTE_UNKNOWN_HINTS);
    expect(tool.description).toBe(`Run JavaScript in a sandbox that can call this server's tools.
The code is an async function body: \`await call_tool(name, args)\` and \`return\` a JSON value.
A failed call returns its error envelope (\`r?._envelope_version === 1\`; branch on r.error_kind)
so the script can fix its args and retry. console.log goes to logs.
No network, fs, process, require, import or timers.
Returns { result, logs, calls }, or { error: { name, message, line }, logs, calls } if the script throws.
Find tools and their arguments: search_tools, get_tool_schema.`);
  });

  it('its schema carries the configured code and wall-time bounds', () => {
    expect(recording().tool.inputSchema).toEqual(executeSchema(limits));
    expect(executeSchema(limits)).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        code: {
          type: 'string',
          minLength: 1,
          maxLength: 40,
          description: 'Async JavaScript function body (see the tool description).',
        },
        timeout_ms: {
          type: 'integer',
          minimum: 100,
          maximum: 4000,
          description: 'Wall-time limit in ms (default 1500).',
        },
      },
      required: ['code'],
      additionalProperties: false,
      examples: [{ code: "const r = await call_tool('get_envelope_contract', {});\nreturn r;" }],
    });
  });
});
