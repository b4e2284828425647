// Sandbox limits: each one ends the run with SandboxLimitationError, and the next run still works
// (the sandbox on the calling thread, see same-thread.ts; cancellation needs the worker thread).
import { buildEnvelope, envelopeFromThrown } from '@obmcp/contract/envelope';
import { SandboxLimitationError } from '@obmcp/contract';
import { validateEnvelope } from '@obmcp/contract/envelope';
import { describe, expect, it } from 'vitest';
import { codeModeTools } from '../src/code-mode-tools.js';
import { resolveLimits } from '../src/options.js';
import { FakeHost, profile, rejection, runner } from './fake-host.js';
import { sameThreadCodeModeTools } from './same-thread.js';

const host = new FakeHost();
const run = runner(sameThreadCodeModeTools({ defaultTimeoutMs: 5000 }), host);
const execute = (code: string, timeout_ms?: number) =>
  run('execute', timeout_ms === undefined ? { code } : { code, timeout_ms });
/** An 8 MiB sandbox heap: the allocation tests reach it in a quarter of the work (the default 32 MiB: worker-thread.test.ts). */
const SMALL_HEAP = 8 * 1024 * 1024;
const runSmall = runner(
  sameThreadCodeModeTools({ defaultTimeoutMs: 5000, memoryLimitBytes: SMALL_HEAP }),
  host,
);
const executeSmall = (code: string, timeout_ms?: number) =>
  runSmall('execute', timeout_ms === undefined ? { code } : { code, timeout_ms });

interface Limited {
  error: SandboxLimitationError;
  detail: Record<string, unknown>;
}

async function limited(code: string, timeout_ms?: number, on = execute): Promise<Limited> {
  const error = await rejection(on(code, timeout_ms));
  expect(error).toBeInstanceOf(SandboxLimitationError);
  const e = error as SandboxLimitationError;
  expect(e.summary).toBe('Code mode sandbox hit a known runtime limitation.');
  expect(e.hints.at(-1)).toBe('If needed, call the tool directly outside execute.');
  const detail = e.details[0] as Record<string, unknown>;
  expect(detail).toMatchObject({ path: '', received_type: 'QuickJSRuntimeError' });
  return { error: e, detail };
}

describe('execute limits', () => {
  // Which limit ended a run is read from its detail, never from a clock (the deadline rule: run-state.test.ts).
  it('stops a busy loop at timeout_ms and the next execute still works', async () => {
    // Bounded, not `while (true) {}`: on this thread nothing but the interrupt can stop a loop, so a broken
    // interrupt must fail this test (the loop ends on its own after 10 s and returns), not hang the suite.
    const { detail } = await limited(
      'const end = Date.now() + 10_000;\nwhile (Date.now() < end) {}\nreturn "ran to the end";',
      100,
    );
    expect(detail).toMatchObject({
      limit_kind: 'timeout',
      limit: 100,
      issue: expect.stringMatching(/^InternalError: interrupted/),
    });
    expect(await execute('return 1 + 1;')).toMatchObject({ result: 2 });
  });

  it('stops a script that awaits forever (host-side timer)', async () => {
    const { detail } = await limited('await new Promise(() => {});', 300);
    expect(detail).toMatchObject({ limit_kind: 'timeout', limit: 300 });
    const slow = await limited("return await call_tool('slow', {});", 300);
    expect(slow.detail).toMatchObject({ limit_kind: 'timeout', calls: 1 });
  });

  it.each([
    ['strings', "const a = []; while (true) a.push('y'.repeat(1e6) + a.length);"],
    ['arrays', 'const a = []; while (true) a.push(new Array(1e5).fill(1));'],
    ['typed arrays', 'const a = []; while (true) a.push(new Uint8Array(1e6));'],
    ['small objects', 'const a = []; while (true) a.push({ a: a.length, b: [1, 2] });'],
  ])('stops unbounded allocation of %s at the memory limit', async (_label, code) => {
    // The memory limit, not the 20 s wall-time limit, ended it.
    const { detail } = await limited(code, 20_000, executeSmall);
    expect(detail).toMatchObject({ limit_kind: 'memory', limit: SMALL_HEAP });
    expect(await executeSmall("return 'still alive';")).toMatchObject({ result: 'still alive' });
  });

  it('stops runaway recursion at the stack limit', async () => {
    const { detail } = await limited('function f(n) { return f(n + 1) + 1; }\nreturn f(0);');
    expect(detail).toMatchObject({ limit_kind: 'stack', issue: 'InternalError: stack overflow' });
  });

  it.each([
    ['fetch', "return await fetch('http://x');"],
    ['require', "const fs = require('fs'); return fs.readFileSync('/etc/passwd', 'utf8');"],
    ['process', 'process.exit(1);'],
    ['setTimeout', 'await new Promise((r) => setTimeout(r, 10));'],
    ['XMLHttpRequest', 'new XMLHttpRequest();'],
    ['WebAssembly', 'return WebAssembly.Memory;'],
    ['import()', "const fs = await import('fs');"],
  ])('treats %s as a blocked capability', async (capability, code) => {
    const { error, detail } = await limited(code);
    expect(detail).toMatchObject({ limit_kind: 'blocked_capability', capability });
    expect(error.hints.join(' ')).toMatch(/call_tool\(name, args\) is the only I\/O/);
  });

  it('treats an import statement as unsupported syntax', async () => {
    const { detail } = await limited("const a = 1;\nimport fs from 'fs';\nreturn a;");
    expect(detail).toMatchObject({
      limit_kind: 'unsupported_syntax',
      issue: expect.stringContaining('line 2'),
    });
  });

  it('bounds the result size', async () => {
    const { error, detail } = await limited("return 'x'.repeat(300000);");
    expect(detail).toMatchObject({ limit_kind: 'result_size', limit: 256 * 1024 });
    expect(error.hints[0]).toMatch(/256 KiB/);
    expect(await execute("return 'x'.repeat(200000).length;")).toMatchObject({ result: 200000 });
  });

  it('rejects a non-JSON result', async () => {
    const { detail } = await limited('const o = {}; o.self = o; return o;');
    expect(detail).toMatchObject({ limit_kind: 'non_json_result' });
  });

  it('bounds the number of call_tool calls per run, even when the script catches', async () => {
    const code =
      "for (let i = 0; i < 60; i++) { try { await call_tool('echo', { i }); } catch (e) {} }\nreturn 'finished';";
    const before = host.seen.length;
    const { detail } = await limited(code);
    expect(detail).toMatchObject({ limit_kind: 'calls', limit: 50, calls: 50 });
    // Exactly the allowed 50 reached the host; the 51st was refused inside the sandbox.
    expect(host.seen.length - before).toBe(50);
  });

  it('allows exactly the 50th call and refuses the 51st (the boundary, mutation sample CM1)', async () => {
    const fifty = "for (let i = 0; i < 50; i++) await call_tool('echo', { i }); return 'ok';";
    expect(await execute(fifty)).toMatchObject({ result: 'ok' });
    const { detail } = await limited(
      "for (let i = 0; i < 51; i++) await call_tool('echo', { i }); return 'ok';",
    );
    expect(detail).toMatchObject({ limit_kind: 'calls', limit: 50 });
  });

  it('clamps the default timeout to a smaller maximum, in the limits and the advertised schema (CM3)', () => {
    const limits = resolveLimits({ maxTimeoutMs: 5000 });
    expect(limits.defaultTimeoutMs).toBe(5000);
    const tool = codeModeTools({ maxTimeoutMs: 5000 }).find((t) => t.name === 'execute');
    const properties = (tool?.inputSchema.properties ?? {}) as Record<
      string,
      { description?: string; maximum?: number }
    >;
    const timeout = properties.timeout_ms;
    expect(timeout?.maximum).toBe(5000);
    expect(timeout?.description).not.toContain('10000');
  });

  it('bounds a tool value entering the sandbox', async () => {
    const { detail } = await limited("return await call_tool('big', { bytes: 5000000 });");
    expect(detail).toMatchObject({ limit_kind: 'call_value_size' });
  });

  it('refuses to run execute from inside execute', async () => {
    const { detail } = await limited("return await call_tool('execute', { code: 'return 1' });");
    expect(detail).toMatchObject({ limit_kind: 'nested_execute' });
  });

  it('stops when the request is cancelled while the script awaits a tool', async () => {
    // A busy loop blocks the event loop, so cancellation is only seen while the script awaits.
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const onThread = runner(codeModeTools({ defaultTimeoutMs: 5000 }), host);
    const error = await rejection(
      onThread('execute', { code: "await call_tool('slow', {});" }, controller.signal),
    );
    // Cancelled, not the default 5 s wall-time limit.
    expect((error as SandboxLimitationError).details[0]).toMatchObject({ limit_kind: 'cancelled' });
  });

  it('carries the last log lines into the limitation detail', async () => {
    const { detail } = await limited(
      "console.log('before the loop');\nconst end = Date.now() + 10_000;\nwhile (Date.now() < end) {}",
      200,
    );
    expect(detail['logs_tail']).toEqual(['before the loop']);
  });

  it('becomes a valid sandbox_runtime envelope through the contract classifier', async () => {
    const { error } = await limited("require('fs');");
    const envelope = envelopeFromThrown(error, { profile, tool: 'execute' });
    expect(validateEnvelope(envelope).valid).toBe(true);
    expect(envelope).toMatchObject({
      error_kind: 'sandbox_runtime',
      error_code: 'CODE_MODE_SANDBOX_LIMITATION',
      retryable: false,
      tool: 'execute',
    });
    expect(buildEnvelope).toBeTypeOf('function');
  });
});
