// execute: values, call_tool outcomes (value, envelope, host throw) and script errors reported as data
// (the sandbox on the calling thread, see same-thread.ts; concurrency and the run queue on worker threads).
import { describe, expect, it } from 'vitest';
import { codeModeTools } from '../src/code-mode-tools.js';
import { FakeHost, runner } from './fake-host.js';
import { sameThreadCodeModeTools } from './same-thread.js';

const host = new FakeHost();
const run = runner(sameThreadCodeModeTools({ defaultTimeoutMs: 3000 }), host);
const execute = (code: string) => run('execute', { code });

describe('execute', () => {
  it('returns the script value with logs and call count', async () => {
    expect(
      await execute('const x = [1, 2, 3].map((n) => n * 2);\nreturn { x, sum: x.reduce((a, b) => a + b) };'),
    ).toEqual({
      result: { x: [2, 4, 6], sum: 12 },
      logs: [],
      calls: 0,
    });
  });

  it('maps undefined and functions to null', async () => {
    expect(await execute('return undefined')).toMatchObject({ result: null });
    expect(await execute('const a = 1;')).toMatchObject({ result: null });
  });

  it('awaits call_tool and returns the tool value', async () => {
    const out = await execute("const r = await call_tool('echo', { text: 'hi' });\nreturn r.echoed.text;");
    expect(out).toEqual({ result: 'hi', logs: [], calls: 1 });
    expect(host.seen.at(-1)).toEqual({ name: 'echo', args: { text: 'hi' } });
  });

  it('returns a bad-args envelope as a value so the script can fix the call and retry', async () => {
    const code = `
      let r = await call_tool('get_order', { orderId: '123' });
      const first = r && r._envelope_version === 1 ? r.error_kind : 'no envelope';
      if (r && r._envelope_version === 1 && r.error_kind === 'mcp_input_validation') {
        const fixed = r.details[0].did_you_mean[0];
        r = await call_tool('get_order', { [fixed]: '123' });
      }
      return { first, order: r };`;
    expect(await execute(code)).toEqual({
      result: { first: 'mcp_input_validation', order: { order_id: '123', status: 'Shipped' } },
      logs: [],
      calls: 2,
    });
  });

  it('returns the host tool_not_found envelope for an unknown tool', async () => {
    const out = (await execute("return await call_tool('no_such_tool', {});")) as {
      result: Record<string, unknown>;
    };
    expect(out.result).toMatchObject({
      _envelope_version: 1,
      error_kind: 'tool_not_found',
      error_code: 'TOOL_NOT_FOUND',
    });
  });

  it('runs concurrent call_tool calls with Promise.all', async () => {
    const out = await execute(
      "return (await Promise.all(['a', 'b', 'c'].map((text) => call_tool('echo', { text })))).map((r) => r.echoed.text);",
    );
    expect(out).toEqual({ result: ['a', 'b', 'c'], logs: [], calls: 3 });
  });

  it('turns a non-envelope host failure into a catchable exception without leaking its message', async () => {
    const caught = await execute(
      "try { await call_tool('explode', {}); return 'no'; } catch (e) { return { name: e.name, message: e.message }; }",
    );
    expect(caught).toMatchObject({ result: { name: 'ToolCallError' } });
    expect(JSON.stringify(caught)).not.toContain('kaboom');
    const uncaught = await execute("await call_tool('explode', {});");
    expect(uncaught).toMatchObject({ error: { name: 'ToolCallError', line: 1 }, calls: 1 });
  });

  it('reports a thrown Error as data with name, message and line', async () => {
    expect(await execute("const a = 1;\nthrow new Error('boom');")).toEqual({
      error: { name: 'Error', message: 'boom', line: 2 },
      logs: [],
      calls: 0,
    });
  });

  it('reports a ReferenceError on an ordinary name and a TypeError as data', async () => {
    expect(await execute('\n\nreturn undefinedName + 1;')).toMatchObject({
      error: { name: 'ReferenceError', message: "'undefinedName' is not defined", line: 3 },
    });
    expect(await execute('const o = null;\nreturn o.x;')).toMatchObject({
      error: { name: 'TypeError', line: 2 },
    });
  });

  it('reports a syntax error as data with its line', async () => {
    expect(await execute('const a = 1;\nreturn a +;')).toMatchObject({
      error: { name: 'SyntaxError', line: 2 },
    });
  });

  it('reports a thrown non-Error value as data', async () => {
    expect(await execute("throw 'plain string';")).toMatchObject({
      error: { name: 'Error', message: 'script threw a non-Error value: "plain string"' },
    });
  });

  it('captures console output, formatted and bounded', async () => {
    const out = (await execute(
      "console.log('a', 1, { b: [2] }); console.warn('careful'); console.error(new TypeError('bad')); return 0;",
    )) as { logs: string[] };
    expect(out.logs).toEqual(['a 1 {"b":[2]}', '[warn] careful', '[error] TypeError: bad']);
    const flood = (await execute(
      "for (let i = 0; i < 1000; i++) console.log('line ' + i + ' ' + 'x'.repeat(5000)); return 'done';",
    )) as { result: string; logs: string[] };
    expect(flood.result).toBe('done');
    // 5000-character lines: the 16 000-character bound ends the log after a few lines (the line bound: below).
    expect(flood.logs.length).toBeLessThan(100);
    expect(flood.logs.slice(0, -1).join('').length).toBeLessThanOrEqual(16_000);
    expect(flood.logs.at(-1)).toMatch(/more console line\(s\) dropped/);
  });

  it('prints every console level and every kind of value an agent logs', async () => {
    const out = (await execute(
      [
        "console.log('log'); console.info('info'); console.debug('debug');",
        'console.log(undefined, null, true, 2.5, () => 1, Symbol("s"));',
        "console.log({ name: 'n', message: 'not an error' }, new RangeError('r'));",
        "console.log(new String('boxed'), [1, 'two']);",
        "console.log({ get bad() { throw new Error('no'); } });",
        'return 0;',
      ].join('\n'),
    )) as { logs: string[] };
    expect(out.logs).toEqual([
      'log',
      'info',
      '[debug] debug',
      'undefined null true 2.5 [function] [symbol]',
      '{"name":"n","message":"not an error"} RangeError: r',
      'boxed [1,"two"]',
      // A getter that throws: QuickJS falls back to the object's string form.
      '[object Object]',
    ]);
  });

  it('keeps at most 100 console lines, then one line saying how many were dropped (CM2)', async () => {
    // Short lines, so the line bound binds before the character bound.
    const out = (await execute("for (let i = 0; i < 150; i++) console.log('l' + i); return 0;")) as {
      logs: string[];
    };
    expect(out.logs).toHaveLength(101);
    expect(out.logs[99]).toBe('l99');
    expect(out.logs.at(-1)).toMatch(/^\[50 more console line\(s\) dropped/);
  });

  it('exposes only call_tool and console as extra globals', async () => {
    const out = await execute(
      'return { own: Object.keys(globalThis).sort(), req: typeof require, fetch: typeof fetch, proc: typeof process, timer: typeof setTimeout };',
    );
    expect(out).toMatchObject({
      result: {
        own: ['call_tool', 'console'],
        req: 'undefined',
        fetch: 'undefined',
        proc: 'undefined',
        timer: 'undefined',
      },
    });
  });

  it('keeps runs isolated from each other', async () => {
    await execute('globalThis.leak = 42; Object.prototype.polluted = true; return 1;');
    expect(await execute('return [typeof leak, ({}).polluted === undefined];')).toMatchObject({
      result: ['undefined', true],
    });
  });

  it('runs several executes concurrently on worker threads', async () => {
    const onThreads = runner(codeModeTools({ defaultTimeoutMs: 3000 }), host);
    const codes = [1, 2, 3, 4, 5, 6].map(
      (n) => `const r = await call_tool('echo', { n: ${n} }); return r.echoed.n * 10;`,
    );
    const outs = await Promise.all(codes.map((code) => onThreads('execute', { code })));
    expect(outs.map((o) => (o as { result: number }).result)).toEqual([10, 20, 30, 40, 50, 60]);
  });

  it('queues runs beyond maxConcurrentRuns and frees slots after limitations', async () => {
    const small = runner(codeModeTools({ maxConcurrentRuns: 2, defaultTimeoutMs: 300 }), new FakeHost());
    const settled = await Promise.allSettled(
      ['while (true) {}', "require('x')", 'return 1', 'await new Promise(() => {})', 'return 2'].map((code) =>
        small('execute', { code }),
      ),
    );
    expect(settled.map((s) => s.status)).toEqual([
      'rejected',
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(await small('execute', { code: "return 'free'" })).toMatchObject({ result: 'free' });
  });
});
