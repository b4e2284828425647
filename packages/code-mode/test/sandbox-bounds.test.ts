// The sandbox's bounds at their edges, on the calling thread: option validation, call_tool's argument and value
// rules, the console's line/character bounds, and the result's size in characters and UTF-8 bytes.
import { type CallOutcome, type Logger, SandboxLimitationError } from '@obmcp/contract';
import { silentLogger } from '@obmcp/mcp-server/testing';
import { describe, expect, it } from 'vitest';
import { type CodeModeOptions, DEFAULT_LIMITS, resolveLimits } from '../src/options.js';
import { LogSink } from '../src/sandbox/log-sink.js';
import { ModulePool } from '../src/sandbox/module-pool.js';
import { runScript } from '../src/sandbox/run-script.js';
import { FakeHost, rejection, runner } from './fake-host.js';
import { sameThreadCodeModeTools } from './same-thread.js';

/** FakeHost plus tools whose values the sandbox must refuse or pass through as they are. */
class BoundsHost extends FakeHost {
  override async call(name: string, args: unknown, options?: { signal?: AbortSignal }): Promise<CallOutcome> {
    if (name === 'bigint') return { ok: true, value: { n: 1n } as never };
    if (name === 'nothing') return { ok: true, value: undefined as never };
    if (name === 'wide') return { ok: true, value: 'é'.repeat(Number((args as { n: number }).n)) };
    if (name === 'function') return { ok: true, value: (() => 1) as never };
    if (name === 'deep') {
      let value: unknown = 1;
      for (let i = 0; i < 20_000; i++) value = [value];
      return { ok: true, value: value as never };
    }
    if (name === 'watch') {
      this.signals.push(options?.signal);
      return new Promise((resolve) => setTimeout(() => resolve({ ok: true, value: 'late' }), 30));
    }
    return super.call(name, args, options);
  }
  readonly signals: Array<AbortSignal | undefined> = [];
}

/** A logger that keeps every warn line. */
function warnings(): { log: Logger; lines: Array<[string, unknown]> } {
  const lines: Array<[string, unknown]> = [];
  const log: Logger = { ...silentLogger, warn: (msg, fields) => lines.push([msg, fields]), child: () => log };
  return { log, lines };
}

const settle = () => new Promise((r) => setTimeout(r, 80));

function sandbox(options: CodeModeOptions = {}) {
  const host = new BoundsHost();
  const run = runner(sameThreadCodeModeTools({ defaultTimeoutMs: 5000, ...options }), host);
  const execute = (code: string) => run('execute', { code }) as Promise<Record<string, unknown>>;
  const limited = async (code: string) => {
    const error = await rejection(execute(code));
    expect(error).toBeInstanceOf(SandboxLimitationError);
    return (error as SandboxLimitationError).details[0] as Record<string, unknown>;
  };
  return { host, execute, limited };
}

describe('resolveLimits', () => {
  it('has the documented defaults', () => {
    const MiB = 1024 * 1024;
    const expected = {
      defaultTimeoutMs: 10_000,
      maxTimeoutMs: 30_000,
      memoryLimitBytes: 32 * MiB,
      maxStackBytes: 256 * 1024,
      maxResultBytes: 256 * 1024,
      maxCalls: 50,
      maxCallArgsBytes: 256 * 1024,
      maxCallValueBytes: 4 * MiB,
      maxLogLines: 100,
      maxLogLineChars: 1000,
      maxLogChars: 16_000,
      maxCodeChars: 20_000,
      maxConcurrentRuns: 4,
    };
    expect(DEFAULT_LIMITS).toStrictEqual(expected);
    expect(resolveLimits()).toStrictEqual(expected);
    expect(resolveLimits({ maxCalls: undefined })).toStrictEqual(expected);
  });

  it('takes each option that is a positive integer, and refuses anything else by name', () => {
    expect(resolveLimits({ maxCalls: 1, maxLogLines: 7 })).toMatchObject({
      maxCalls: 1,
      maxLogLines: 7,
      maxLogChars: 16_000,
    });
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => resolveLimits({ maxCalls: bad }), String(bad)).toThrow(
        new Error('code-mode option maxCalls must be a positive integer'),
      );
    expect(() => resolveLimits({ memoryLimitBytes: 0 })).toThrow('code-mode option memoryLimitBytes must be');
  });

  it('clamps the default timeout to the maximum only when it is larger', () => {
    expect(resolveLimits({ defaultTimeoutMs: 6000, maxTimeoutMs: 5000 })).toMatchObject({
      defaultTimeoutMs: 5000,
      maxTimeoutMs: 5000,
    });
    expect(resolveLimits({ defaultTimeoutMs: 4000, maxTimeoutMs: 5000 }).defaultTimeoutMs).toBe(4000);
  });
});

describe('call_tool arguments', () => {
  it('refuses a name that is not a string with a catchable TypeError (no call counted)', async () => {
    const { execute, host } = sandbox();
    const out = await execute(
      'const seen = []; for (const n of [1, undefined]) { try { await call_tool(n, {}); } catch (e) { seen.push([e.name, e.message]); } } try { await call_tool(); } catch (e) { seen.push(e.name); } return seen;',
    );
    expect(out).toStrictEqual({
      result: [
        ['TypeError', 'call_tool(name, args): name must be a string'],
        ['TypeError', 'call_tool(name, args): name must be a string'],
        'TypeError',
      ],
      logs: [],
      calls: 0,
    });
    expect(host.seen).toEqual([]);
  });

  it('sends {} without args, and JSON null for args JSON cannot hold as a value', async () => {
    const { execute, host } = sandbox();
    await execute(
      "await call_tool('echo'); await call_tool('echo', undefined); await call_tool('echo', () => 1); return 0;",
    );
    expect(host.seen.map((s) => s.args)).toEqual([{}, {}, null]);
  });

  it('refuses args that are not plain JSON, or nest too deep, with a catchable TypeError', async () => {
    const { execute, host } = sandbox();
    const deep = (n: number) => `let o = 1; for (let i = 0; i < ${n}; i++) o = [o];`;
    const out = await execute(
      `const tries = [() => ({ n: 1n }), () => { ${deep(1000)} return o; }, () => { ${deep(1001)} return o; }];
       const seen = [];
       for (const t of tries) { try { await call_tool('echo', t()); seen.push('sent'); } catch (e) { seen.push(e.name + ': ' + e.message); } }
       return seen;`,
    );
    expect(out.result).toEqual([
      expect.stringMatching(/^TypeError: call_tool\('echo'\) args must be plain JSON: TypeError: /),
      'sent',
      "TypeError: call_tool('echo') args nest 1001 levels deep (at most 1000)",
    ]);
    expect(host.seen).toHaveLength(1);
  });

  it('ends the run when args are over maxCallArgsBytes (characters or UTF-8 bytes), not at the bound', async () => {
    const { execute, limited } = sandbox({ maxCallArgsBytes: 100 });
    // {"t":"…"} is 8 characters around the text.
    expect(await execute("await call_tool('echo', { t: 'x'.repeat(92) }); return 'ok';")).toMatchObject({
      result: 'ok',
    });
    expect(await limited("await call_tool('echo', { t: 'x'.repeat(93) });")).toMatchObject({
      limit_kind: 'call_args_size',
      limit: 100,
      issue: "call_tool('echo') args are too large (101 characters)",
    });
    expect(await limited("await call_tool('echo', { t: 'é'.repeat(50) });")).toMatchObject({
      limit_kind: 'call_args_size',
      issue: "call_tool('echo') args are too large (108 bytes)",
    });
  });

  it('stops at maxCalls: the issue names the bound, and a caught refusal does not continue the run', async () => {
    const { limited, host } = sandbox({ maxCalls: 3 });
    const detail = await limited(
      "for (let i = 0; i < 5; i++) { try { await call_tool('echo', { i }); } catch (e) {} } return 'no';",
    );
    expect(detail).toMatchObject({
      limit_kind: 'calls',
      limit: 3,
      calls: 3,
      issue: 'more than 3 call_tool calls in one run',
    });
    expect(host.seen).toHaveLength(3);
  });

  it('refuses execute from inside execute, naming the call', async () => {
    const { limited, host } = sandbox();
    expect(await limited("await call_tool('execute', { code: 'return 1' });")).toMatchObject({
      limit_kind: 'nested_execute',
      issue: "call_tool('execute') is not allowed inside execute",
      calls: 0,
    });
    expect(host.seen).toEqual([]);
  });
});

describe('call_tool values', () => {
  it('passes undefined through, and rejects a value JSON cannot hold (catchable, the run goes on)', async () => {
    const { execute } = sandbox();
    const out = await execute(
      "const v = await call_tool('nothing', {}); let e2; try { await call_tool('bigint', {}); } catch (e) { e2 = e.name + ': ' + e.message; } return [v === undefined, e2];",
    );
    expect(out).toMatchObject({
      result: [
        true,
        expect.stringMatching(
          /^ToolCallError: call_tool\('bigint'\) returned a value the sandbox cannot take \(.*BigInt.*\)$/,
        ),
      ],
      calls: 2,
    });
  });

  it('ends the run when a value is over maxCallValueBytes in UTF-8 bytes', async () => {
    const { execute, limited } = sandbox({ maxCallValueBytes: 100 });
    // "é"×n is 2n + 2 bytes of JSON.
    expect(await execute("return (await call_tool('wide', { n: 49 })).length;")).toMatchObject({
      result: 49,
    });
    expect(await limited("return await call_tool('wide', { n: 50 });")).toMatchObject({
      limit_kind: 'call_value_size',
      limit: 100,
      issue: "call_tool('wide') returned a value the sandbox cannot take (102 bytes)",
    });
  });

  it('a host failure without an envelope is a generic ToolCallError', async () => {
    const { execute } = sandbox();
    expect(
      await execute("try { await call_tool('explode', {}); } catch (e) { return [e.name, e.message]; }"),
    ).toMatchObject({
      result: [
        'ToolCallError',
        "call_tool('explode') failed without an envelope (internal error; details are in the server log)",
      ],
    });
  });
});

describe('console bounds', () => {
  it('prefixes warn, error and debug; log and info are plain', async () => {
    const { execute } = sandbox();
    const out = await execute(
      "console.log('l'); console.info('i'); console.warn('w'); console.error('e'); console.debug('d'); return 0;",
    );
    expect(out.logs).toEqual(['l', 'i', '[warn] w', '[error] e', '[debug] d']);
  });

  it('keeps exactly maxLogLines lines, then counts the rest in one line', async () => {
    const { execute } = sandbox({ maxLogLines: 3 });
    expect((await execute("for (let i = 0; i < 3; i++) console.log('l' + i); return 0;")).logs).toEqual([
      'l0',
      'l1',
      'l2',
    ]);
    expect((await execute("for (let i = 0; i < 5; i++) console.log('l' + i); return 0;")).logs).toEqual([
      'l0',
      'l1',
      'l2',
      '[2 more console line(s) dropped: log limit reached]',
    ]);
  });

  it('cuts a line at maxLogLineChars and the log at maxLogChars (a last line keeps at least 16 characters)', async () => {
    const { execute } = sandbox({ maxLogLineChars: 20, maxLogChars: 50 });
    const out = await execute(
      "console.log('a'.repeat(30)); console.log('b'.repeat(30)); console.log('c'.repeat(30)); console.log('d'); return 0;",
    );
    expect(out.logs).toEqual([
      `${'a'.repeat(19)}…`,
      `${'b'.repeat(19)}…`,
      `${'c'.repeat(15)}…`,
      '[1 more console line(s) dropped: log limit reached]',
    ]);
    const exact = await execute(
      "console.log('a'.repeat(20)); console.log('b'.repeat(20)); console.log('c'.repeat(10)); return 0;",
    );
    expect(exact.logs).toEqual(['a'.repeat(20), 'b'.repeat(20), 'c'.repeat(10)]);
  });
});

describe('result size', () => {
  it('allows a result of exactly maxResultBytes and refuses one more, in characters and in UTF-8 bytes', async () => {
    const { execute, limited } = sandbox({ maxResultBytes: 100 });
    expect(await execute("return 'x'.repeat(98);")).toMatchObject({ result: 'x'.repeat(98) });
    expect(await limited("return 'x'.repeat(99);")).toMatchObject({
      limit_kind: 'result_size',
      limit: 100,
      issue: 'RangeError: result JSON is 101 characters, over the 100-byte limit',
    });
    expect(await limited("return 'é'.repeat(50);")).toMatchObject({
      limit_kind: 'result_size',
      issue: 'RangeError: result JSON is 102 bytes, over the 100-byte limit',
    });
  });

  it('reports what JSON.stringify threw for a result it cannot serialise', async () => {
    const { limited } = sandbox();
    expect(await limited("return { toJSON() { throw new RangeError('no'); } };")).toMatchObject({
      limit_kind: 'non_json_result',
      issue: 'RangeError: no (while serialising the result)',
    });
    expect(await limited("return { toJSON() { throw 'plain'; } };")).toMatchObject({
      issue: 'Error: plain (while serialising the result)',
    });
    expect(await limited("return { toJSON() { throw { message: 'bare' }; } };")).toMatchObject({
      issue: 'Error: bare (while serialising the result)',
    });
  });
});

describe('refusals that end the run still throw a named error the script sees first', () => {
  it.each([
    [
      "call_tool('execute', { code: '1' })",
      "InternalError: call_tool('execute') is not allowed inside execute",
      {},
    ],
    [
      "call_tool('echo', { i: 1 }); call_tool('echo', { i: 2 })",
      'InternalError: call_tool limit of 1 calls per run reached',
      { maxCalls: 1 },
    ],
    [
      "call_tool('echo', { t: 'x'.repeat(200) })",
      "InternalError: call_tool('echo') args are too large (208 characters)",
      { maxCallArgsBytes: 100 },
    ],
  ])('%s', async (call, line, options) => {
    const { limited } = sandbox(options as CodeModeOptions);
    const detail = await limited(`try { ${call}; } catch (e) { console.log(e.name + ': ' + e.message); }`);
    expect(detail.logs_tail).toEqual([line]);
  });
});

describe('the run and its host calls', () => {
  it('a tool value QuickJS cannot parse back (too deep for its stack) is a catchable ToolCallError', async () => {
    const { execute } = sandbox();
    const out = await execute(
      "try { await call_tool('deep', {}); return 'taken'; } catch (e) { return e.name + ': ' + e.message; }",
    );
    expect(out.result).toMatch(
      /^ToolCallError: call_tool\('deep'\) returned a value the sandbox cannot take \(.*(stack|call).*\)$/,
    );
  });

  it('installs call_tool under its own name', async () => {
    const { execute } = sandbox();
    expect(await execute('return [typeof call_tool, call_tool.name];')).toMatchObject({
      result: ['function', 'call_tool'],
    });
  });

  it('a tool value JSON has no text for (a function) arrives as undefined', async () => {
    const { execute } = sandbox();
    expect(await execute("const v = await call_tool('function', {}); return v === undefined;")).toMatchObject(
      {
        result: true,
      },
    );
  });

  it('aborts the signal of a call still pending when the run ends, and drops its late reply quietly', async () => {
    const { execute, host } = sandbox();
    expect(await execute("call_tool('watch', {}); call_tool('explode', {}); return 'done';")).toMatchObject({
      result: 'done',
    });
    expect(host.signals).toHaveLength(1);
    expect(host.signals[0]?.aborted).toBe(true);
    await settle();
    expect(await execute('return 1;')).toMatchObject({ result: 1 });
  });

  it('logs a host failure that is not an envelope, with the tool and the error', async () => {
    const limits = resolveLimits();
    const { log, lines } = warnings();
    const run = await runScript(new ModulePool(limits.memoryLimitBytes, () => {}), limits, {
      code: "try { await call_tool('explode', {}); } catch (e) {} return 1;",
      timeoutMs: 5000,
      host: new BoundsHost(),
      log,
    });
    expect(run.outcome).toMatchObject({ status: 'ok', value: 1 });
    expect(lines).toEqual([
      [
        'code mode call_tool failed without an envelope',
        { tool: 'explode', error: new Error('kaboom: internal detail') },
      ],
    ]);
  });

  it('every kind of run ends with its engine disposed cleanly (not poisoned), so the module is reused', async () => {
    const limits = resolveLimits({ maxResultBytes: 100 });
    const modules = new ModulePool(limits.memoryLimitBytes, () => {});
    const scripts = [
      "const r = await call_tool('echo', { a: [1, 2] }); return r;",
      "const v = await call_tool('nothing', {}); return [v];",
      "try { await call_tool('bigint', {}); } catch (e) { return e.message.length > 0; }",
      "try { await call_tool('explode', {}); } catch (e) { return 1; }",
      'try { await call_tool(1); } catch (e) { return 2; }',
      "try { await call_tool('echo', { n: 1n }); } catch (e) { return 3; }",
      "return { toJSON() { throw new Error('x'); } };",
      "return 'x'.repeat(200);",
      "throw new TypeError('t');",
    ];
    for (const code of scripts) {
      const run = await runScript(modules, limits, {
        code,
        timeoutMs: 5000,
        host: new BoundsHost(),
        log: silentLogger,
      });
      expect(run.poisoned, code).toBe(false);
    }
  });
});

describe('LogSink', () => {
  it('counts a line pushed once full as dropped, whoever pushes it', () => {
    const sink = new LogSink({ maxLogLines: 1, maxLogLineChars: 100, maxLogChars: 1000 });
    sink.push('log', 'a');
    expect(sink.accepting).toBe(false);
    sink.push('log', 'b');
    sink.drop();
    expect(sink.lines()).toEqual(['a', '[2 more console line(s) dropped: log limit reached]']);
  });
});
