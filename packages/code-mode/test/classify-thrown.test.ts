// What an agent is told when its script throws: its own error as data, or which sandbox limitation ended the run.
import { describe, expect, it } from 'vitest';
import { type ClassifyInput, classifyThrown } from '../src/sandbox/classify-thrown.js';
import { hostFaultLimitation } from '../src/sandbox/host-fault.js';

const limits = { timeoutMs: 1234, memoryLimitBytes: 8_000_000, maxStackBytes: 65_536 };
const classify = (thrown: unknown, more: Partial<ClassifyInput> = {}) =>
  classifyThrown({ thrown, code: 'line1\nline2\nline3', memoryExhausted: false, limits, ...more });
const error = (name: string, message: string, extra: Record<string, unknown> = {}) => ({
  name,
  message,
  ...extra,
});

describe('classifyThrown', () => {
  it('a non-Error value is the script error "threw a non-Error value", shown as bounded JSON', () => {
    expect(classify({ code: 7 })).toEqual({
      status: 'script_error',
      error: { name: 'Error', message: 'script threw a non-Error value: {"code":7}', line: null },
    });
    const long = classify('x'.repeat(500));
    expect(long.status).toBe('script_error');
    const message = long.status === 'script_error' ? long.error.message : '';
    expect(message.length).toBeLessThan(260);
    expect(classify(undefined)).toMatchObject({
      error: { message: 'script threw a non-Error value: undefined' },
    });
    expect(classify({ name: 'E' })).toMatchObject({ status: 'script_error', error: { name: 'Error' } });
    expect(classify({ message: 'm' })).toMatchObject({ status: 'script_error', error: { name: 'Error' } });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(classify(cyclic)).toMatchObject({
      error: { message: 'script threw a non-Error value: [object Object]' },
    });
  });

  it("nothing thrown while the memory is exhausted is the memory limit; with memory left it is the script's", () => {
    for (const thrown of [null, undefined])
      expect(classify(thrown, { memoryExhausted: true })).toEqual({
        status: 'limitation',
        limitation: { kind: 'memory', issue: 'InternalError: out of memory', limit: limits.memoryLimitBytes },
      });
    expect(classify(null)).toMatchObject({ status: 'script_error' });
    expect(classify(0, { memoryExhausted: true })).toMatchObject({ status: 'script_error' });
  });

  it("the engine's own errors: interrupted, out of memory, stack overflow, any other limit", () => {
    expect(classify(error('InternalError', 'interrupted'))).toEqual({
      status: 'limitation',
      limitation: {
        kind: 'timeout',
        issue: 'InternalError: interrupted (wall-time limit 1234 ms)',
        limit: 1234,
      },
    });
    expect(classify(error('InternalError', 'Out of memory'))).toEqual({
      status: 'limitation',
      limitation: { kind: 'memory', issue: 'InternalError: Out of memory', limit: limits.memoryLimitBytes },
    });
    expect(classify(error('InternalError', 'Stack overflow'))).toEqual({
      status: 'limitation',
      limitation: { kind: 'stack', issue: 'InternalError: Stack overflow', limit: limits.maxStackBytes },
    });
    expect(classify(error('InternalError', 'too many arguments'))).toStrictEqual({
      status: 'limitation',
      limitation: { kind: 'engine_limit', issue: 'InternalError: too many arguments' },
    });
    expect(classify(error('RangeError', 'interrupted'))).toMatchObject({ status: 'script_error' });
  });

  it('an error naming memory is the memory limit only while the memory is exhausted', () => {
    const thrown = error('RangeError', 'cannot allocate memory');
    expect(classify(thrown, { memoryExhausted: true })).toEqual({
      status: 'limitation',
      limitation: {
        kind: 'memory',
        issue: 'RangeError: cannot allocate memory',
        limit: limits.memoryLimitBytes,
      },
    });
    expect(classify(thrown)).toMatchObject({ status: 'script_error', error: { name: 'RangeError' } });
    expect(classify(error('RangeError', 'bad index'), { memoryExhausted: true })).toMatchObject({
      status: 'script_error',
    });
  });

  it("a blocked global or a dynamic import is a blocked capability; an ordinary unknown name is the script's", () => {
    expect(classify(error('ReferenceError', "'fetch' is not defined"))).toEqual({
      status: 'limitation',
      limitation: {
        kind: 'blocked_capability',
        issue: "ReferenceError: 'fetch' is not defined",
        capability: 'fetch',
      },
    });
    expect(classify(error('ReferenceError', "'orders' is not defined"))).toMatchObject({
      status: 'script_error',
    });
    expect(classify(error('ReferenceError', "x 'fetch' is not defined"))).toMatchObject({
      status: 'script_error',
    });
    expect(classify(error('ReferenceError', "'fetch' is not defined!"))).toMatchObject({
      status: 'script_error',
    });
    expect(classify(error('TypeError', "'fetch' is not defined"))).toMatchObject({ status: 'script_error' });
    expect(classify(error('ReferenceError', "could not load module 'fs'"))).toEqual({
      status: 'limitation',
      limitation: {
        kind: 'blocked_capability',
        issue: "ReferenceError: could not load module 'fs'",
        capability: 'import()',
      },
    });
    expect(classify(error('TypeError', "could not load module 'fs'"))).toMatchObject({
      status: 'script_error',
    });
  });

  it("a syntax error on an import, export or import.meta line is unsupported syntax; elsewhere it is the script's", () => {
    const code =
      "const a = 1;\n  import x from 'y';\nexport const b = 2;\nconst u = import.meta.url;\nconst c = (;";
    const at = (wrappedLine: number) =>
      classify(error('SyntaxError', 'unexpected token', { lineNumber: wrappedLine }), { code });
    expect(at(3)).toEqual({
      status: 'limitation',
      limitation: {
        kind: 'unsupported_syntax',
        issue: 'SyntaxError: unexpected token (line 2: import/export statements)',
      },
    });
    expect(at(4)).toMatchObject({ limitation: { kind: 'unsupported_syntax' } });
    expect(at(5)).toMatchObject({ limitation: { kind: 'unsupported_syntax' } });
    expect(at(6)).toEqual({
      status: 'script_error',
      error: { name: 'SyntaxError', message: 'unexpected token', line: 5 },
    });
    expect(classify(error('SyntaxError', 'x'), { code: 'important = 1;\nreexport();' })).toMatchObject({
      status: 'script_error',
    });
    const noLine = classify(error('SyntaxError', 'x'), { code: "import x from 'y';" });
    expect(noLine).toMatchObject({ status: 'script_error', error: { line: null } });
    const imported = (text: string) => classify(error('SyntaxError', 'x', { lineNumber: 2 }), { code: text });
    expect(imported('important = 1;')).toMatchObject({ status: 'script_error' });
    expect(imported('reexport();')).toMatchObject({ status: 'script_error' });
    expect(imported('const m = import.metadata;')).toMatchObject({ status: 'script_error' });
    expect(imported('x.import.meta;')).toMatchObject({ limitation: { kind: 'unsupported_syntax' } });
    // Only a syntax error: a runtime error on an import line is the script's own.
    expect(
      classify(error('TypeError', 'x', { lineNumber: 2 }), { code: "import x from 'y';" }),
    ).toMatchObject({ status: 'script_error', error: { name: 'TypeError', line: 1 } });
  });

  it("a runtime error's line comes from its script.js frame, mapped to the agent's lines", () => {
    const at = (stack: unknown) => classify(error('TypeError', 't', { stack }));
    expect(at('    at <anonymous> (script.js:3:5)\n')).toMatchObject({ error: { line: 2 } });
    expect(at('    at f (other.js:3:5)\n')).toMatchObject({ error: { line: null } });
    expect(at(42)).toMatchObject({ error: { line: null } });
    expect(at(['    at f (script.js:3:5)'])).toMatchObject({ error: { line: null } });
    const long = Array.from({ length: 15 }, (_, i) => `line${i + 1}`).join('\n');
    expect(
      classify(error('TypeError', 't', { stack: '    at f (script.js:12:1)\n' }), { code: long }),
    ).toMatchObject({
      error: { line: 11 },
    });
  });

  it('bounds the name and message an agent is shown', () => {
    const out = classify(error('N'.repeat(200), 'm'.repeat(2000)));
    expect(out.status).toBe('script_error');
    if (out.status !== 'script_error') return;
    expect(out.error.name.length).toBeLessThanOrEqual(60);
    expect(out.error.name.length).toBeGreaterThan(40);
    expect(out.error.message.length).toBeLessThanOrEqual(500);
    expect(out.error.message.length).toBeGreaterThan(400);
  });
});

describe('hostFaultLimitation', () => {
  it('a host stack overflow is the stack limit, a memory failure the memory limit, anything else a crash', () => {
    expect(hostFaultLimitation(new RangeError('Maximum call stack size exceeded'))).toEqual({
      kind: 'stack',
      issue: 'RangeError: Maximum call stack size exceeded',
    });
    expect(hostFaultLimitation(new Error('stack size exceeded'))).toMatchObject({ kind: 'stack' });
    expect(hostFaultLimitation(new Error('Cannot enlarge Memory'))).toEqual({
      kind: 'memory',
      issue: 'Error: Cannot enlarge Memory',
    });
    expect(hostFaultLimitation('RuntimeError: unreachable')).toEqual({
      kind: 'sandbox_crash',
      issue: 'Error: RuntimeError: unreachable',
    });
  });
});
