// Code Mode runs off the main thread: a busy or memory-hungry script never holds up other calls, and a
// run that will not stop is ended by terminating its sandbox thread (still a sandbox_runtime envelope).
import type { Client } from '@modelcontextprotocol/client';
import { defineTool } from '@obmcp/contract';
import { validateEnvelope } from '@obmcp/contract/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeModeTools } from '../src/code-mode-tools.js';
import { connectCodeModeClient } from './connect-client.js';

/** Resolved when the sandbox calls `started` (so the test knows the script is past its first await). */
let markStarted: () => void = () => {};
const started = defineTool<Record<string, never>>({
  name: 'started',
  description: 'Marks that a script is running.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false, examples: [{}] },
  handler: () => {
    markStarted();
    return { ok: true };
  },
});
const ping = defineTool<Record<string, never>>({
  name: 'ping_tool',
  description: 'Answers at once.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false, examples: [{}] },
  handler: () => ({ pong: true }),
});

let client: Client;

beforeAll(async () => {
  const tools = codeModeTools({ defaultTimeoutMs: 3000, maxConcurrentRuns: 2 });
  client = await connectCodeModeClient([started, ping], 'on', tools, 'code-mode-worker-test');
});

afterAll(async () => {
  await client.close();
});

type CallResult = Awaited<ReturnType<Client['callTool']>>;
const envelopeOf = (result: CallResult) =>
  JSON.parse((result.content as Array<{ text: string }>)[0]?.text ?? 'null') as Record<string, unknown> & {
    details: Array<Record<string, unknown>>;
  };

function expectLimitation(result: CallResult, limitKind: string): Record<string, unknown> {
  expect(result.isError).toBe(true);
  const envelope = envelopeOf(result);
  expect(validateEnvelope(envelope).valid).toBe(true);
  expect(envelope).toMatchObject({
    error_kind: 'sandbox_runtime',
    error_code: 'CODE_MODE_SANDBOX_LIMITATION',
  });
  expect(envelope.details[0]).toMatchObject({ limit_kind: limitKind });
  return envelope.details[0] as Record<string, unknown>;
}

describe('Code Mode on a worker thread', () => {
  it('completes 50 other calls while a script spins in while (true) {}', async () => {
    const running = new Promise<void>((resolve) => {
      markStarted = resolve;
    });
    const controller = new AbortController();
    let loopEnded = false;
    // No deadline within reach (30 s): only this test's cancellation below ends the loop.
    const loop = client
      .callTool(
        {
          name: 'execute',
          arguments: { code: "await call_tool('started', {});\nwhile (true) {}", timeout_ms: 30_000 },
        },
        { signal: controller.signal },
      )
      .finally(() => {
        loopEnded = true;
      });
    await running;
    // One after another, each needing the server's event loop: on the main thread none would answer
    // before the loop ended; off it, all 50 finish while the loop is still spinning.
    let completed = 0;
    for (let i = 0; i < 50; i++) {
      const result = await client.callTool({ name: 'ping_tool', arguments: {} });
      expect(result.structuredContent).toMatchObject({ pong: true });
      if (!loopEnded) completed++;
    }
    expect(completed).toBe(50);
    controller.abort();
    await expect(loop).rejects.toThrow();
  });

  it('ends a busy script at its timeout_ms (a sandbox_runtime timeout, the call it made counted)', async () => {
    const running = new Promise<void>((resolve) => {
      markStarted = resolve;
    });
    const loop = client.callTool({
      name: 'execute',
      arguments: { code: "await call_tool('started', {});\nwhile (true) {}", timeout_ms: 1000 },
    });
    await running;
    const detail = expectLimitation(await loop, 'timeout');
    expect(detail).toMatchObject({ limit: 1000, calls: 1 });
  });

  it('ends a memory bomb as sandbox_runtime and the next script still runs', async () => {
    const bomb = "const a = []; while (true) a.push('y'.repeat(1e6) + a.length);";
    // The longest wall-time limit, so that on a loaded machine the heap limit, not the clock, ends it.
    const detail = expectLimitation(
      await client.callTool(
        { name: 'execute', arguments: { code: bomb, timeout_ms: 30_000 } },
        { timeout: 90_000 },
      ),
      'memory',
    );
    // The default heap (32 MiB); limits.test.ts runs its allocation kinds against a smaller one.
    expect(detail).toMatchObject({ limit: 32 * 1024 * 1024 });
    const next = await client.callTool({ name: 'execute', arguments: { code: 'return 40 + 2;' } });
    expect(next.structuredContent).toMatchObject({ result: 42 });
  }, 120_000);

  it('refuses a deeply nested result with a precise limitation instead of aborting the engine (S6)', async () => {
    const deep = (levels: number) =>
      `let o = {}; let c = o; for (let i = 0; i < ${levels}; i++) { c.a = {}; c = c.a; } return o;`;
    const detail = expectLimitation(
      // The longest wall-time limit: on a loaded machine the depth rule, not the clock, must end it.
      await client.callTool(
        { name: 'execute', arguments: { code: deep(5000), timeout_ms: 30_000 } },
        { timeout: 90_000 },
      ),
      'result_depth',
    );
    expect(detail).toMatchObject({ limit: 1000, issue: expect.stringContaining('5001 levels') });
    // Far deeper: QuickJS's own JSON.stringify overflows (or the run is stopped); never a crash.
    const deeper = await client.callTool({
      name: 'execute',
      arguments: { code: deep(100_000), timeout_ms: 1000 },
    });
    expect(deeper.isError).toBe(true);
    expect(envelopeOf(deeper)).toMatchObject({ error_kind: 'sandbox_runtime' });
    const shallow = await client.callTool({
      name: 'execute',
      arguments: { code: deep(500), timeout_ms: 30_000 },
    });
    expect(shallow.isError).toBeFalsy();
  }, 120_000);

  it('a cancelled busy script is ended at once by terminating its thread', async () => {
    const controller = new AbortController();
    const running = new Promise<void>((resolve) => {
      markStarted = resolve;
    });
    const call = client.callTool(
      {
        name: 'execute',
        arguments: { code: "await call_tool('started', {});\nwhile (true) {}", timeout_ms: 30_000 },
      },
      { signal: controller.signal },
    );
    await running;
    controller.abort();
    await expect(call).rejects.toThrow();
    // The slot was freed: with maxConcurrentRuns 2, two more scripts still run.
    const results = await Promise.all(
      [1, 2].map((n) => client.callTool({ name: 'execute', arguments: { code: `return ${n};` } })),
    );
    expect(results.map((r) => (r.structuredContent as { result: number }).result)).toEqual([1, 2]);
  });
});
