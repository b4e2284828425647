// The contract server's edges as a client, Code Mode or an operator sees them: the host, 2025 routing, traces, stdio.
import { PassThrough } from 'node:stream';
import {
  CallToolResultSchema,
  CreateTaskResultSchema,
  GetTaskResultSchema,
} from '@modelcontextprotocol/core';
import type { ToolDefinition } from '@obmcp/contract';
import { exampleProfile, exampleTools } from '@obmcp/contract/internal/example/example-tools.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createContractServer } from '../src/server/create-server.js';
import { GuardedStdioTransport } from '../src/server/guarded-stdio-transport.js';
import { serve } from '../src/server/serve.js';
import { parseTraceparent } from '../src/server/trace-context.js';
import { capturingLogger, tool } from './helpers.js';
import { INITIALIZE, rawPost } from './http-harness.js';
import { connectInMemory, envelopeOfResult } from './in-memory-client.js';
import { captureProcessHooks, type ProcessHooks } from './process-hooks.js';

const EMPTY = { type: 'object', properties: {}, examples: [{}] } as const;

let hooks: ProcessHooks | undefined;
afterEach(() => {
  hooks?.restore();
  hooks = undefined;
});

describe('the tool host', () => {
  it('lists exactly the listed tools for Code Mode when a server has no internal tools', () => {
    const c = createContractServer({ profile: exampleProfile, tools: exampleTools, env: {} });
    expect(c.host.tools().map((t) => t.name)).toEqual(c.host.listed().map((t) => t.name));
  });

  it('a tool whose example breaks its schema fails every call the same way; the server and other tools stay', async () => {
    const broken: ToolDefinition = tool('broken_example', {
      type: 'object',
      properties: { n: { type: 'integer' } },
      examples: [{ n: 'not a number' }],
    });
    const ok = tool('fine', EMPTY, () => ({ fine: true }));
    const session = await connectInMemory({ tools: [broken, ok] });
    const first = envelopeOfResult(await session.call('broken_example', { n: 1 }));
    const second = envelopeOfResult(await session.call('broken_example', { n: 2 }));
    expect(first.error_kind).toBe('internal_error');
    expect(first.tool).toBe('broken_example');
    expect({ ...second, request_id: first.request_id }).toEqual(first);
    // The operator's log says why, each time: the example that fails its schema.
    const why = session.records().filter((r) => JSON.stringify(r).includes('fails its own schema'));
    expect(why.length).toBeGreaterThanOrEqual(2);
    expect((await session.call('fine')).structuredContent).toEqual({ fine: true });
    await session.close();
  });

  it('a handler bug (a cyclic result) is an internal_error envelope, the reason only in the log', async () => {
    const cyclic = tool('cyclic', EMPTY, () => {
      const value: Record<string, unknown> = { name: 'loop' };
      value.self = value;
      return value;
    });
    const session = await connectInMemory({ tools: [cyclic] });
    const envelope = envelopeOfResult(await session.call('cyclic'));
    expect(envelope).toMatchObject({ error_kind: 'internal_error', tool: 'cyclic' });
    await session.close();
  });

  it('host.call without options runs the tool with a live signal', async () => {
    const seen: unknown[] = [];
    const probe = tool('probe', EMPTY, (_args, call) => {
      seen.push(call.signal instanceof AbortSignal && !call.signal.aborted);
      return { ok: true };
    });
    const c = createContractServer({ profile: exampleProfile, tools: [probe], env: {} });
    expect(await c.host.call('probe', {})).toMatchObject({ ok: true, value: { ok: true } });
    expect(seen).toEqual([true]);
  });

  it('gather asks only what a listed tool still needs', () => {
    const asking: ToolDefinition = {
      ...tool('asking', EMPTY),
      // Answered: the tool says so with undefined (not an empty object).
      gatherInput: (_args, answers) =>
        answers.first === undefined ? { first: { method: 'elicitation/create' } } : undefined,
    };
    const c = createContractServer({
      profile: exampleProfile,
      tools: [asking, tool('plain', EMPTY)],
      internalTools: [{ ...asking, name: 'hidden_asking' }],
      env: {},
    });
    expect(c.host.gather('asking', {}, {})).toEqual({ first: { method: 'elicitation/create' } });
    expect(c.host.gather('asking', {}, { first: 'yes' })).toBeUndefined();
    expect(c.host.gather('plain', {}, {})).toBeUndefined();
    expect(c.host.gather('hidden_asking', {}, {})).toBeUndefined();
    expect(c.host.gather('nope', {}, {})).toBeUndefined();
  });

  it("a server built without a caller runs its tasks as 'local' (stdio's one client)", async () => {
    const job: ToolDefinition = { ...tool('job', EMPTY, () => ({ done: true })), taskSupport: 'optional' };
    const c = createContractServer({ profile: exampleProfile, tools: [job], env: {} });
    const { Client, InMemoryTransport } = await import('@modelcontextprotocol/client');
    const server = c.newServer();
    const client = new Client({ name: 'owner-test', version: '1' });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(b), client.connect(a)]);
    const created = (await client.request(
      { method: 'tools/call', params: { name: 'job', arguments: {}, task: { ttl: 60_000 } } },
      CreateTaskResultSchema,
    )) as { task: { taskId: string } };
    expect(await c.tasks.storeFor('local').getTask(created.task.taskId)).not.toBeNull();
    expect(await c.tasks.storeFor('someone').getTask(created.task.taskId)).toBeNull();
    await client.close();
    await server.close();
  });
});

describe('2025-11-25 requests the SDK must still validate', () => {
  it('malformed tools/call params are -32602, not a tool call', async () => {
    const session = await connectInMemory({ tools: [tool('echo', EMPTY)] });
    await expect(
      session.client.request(
        { method: 'tools/call', params: { name: 'echo', arguments: 'not an object' } } as never,
        CallToolResultSchema,
      ),
    ).rejects.toMatchObject({ code: -32602 });
    await session.close();
  });

  it('a tasks/get whose taskId is not a string is -32602, whatever else it carries', async () => {
    const session = await connectInMemory({ tools: [tool('echo', EMPTY)] });
    await expect(
      session.client.request(
        { method: 'tasks/get', params: { taskId: 42, task: {} } } as never,
        GetTaskResultSchema,
      ),
    ).rejects.toMatchObject({ code: -32602 });
    await session.close();
  });
});

describe('a fixture server’s extra methods (extend)', () => {
  it('are registered on every server the factory makes', () => {
    const extended: unknown[] = [];
    const c = createContractServer({
      profile: exampleProfile,
      tools: [tool('echo', EMPTY)],
      env: {},
      extend: (server) => extended.push(server),
    });
    const another = c.newServer({ owner: 'someone' });
    expect(extended).toEqual([c.server, another]);
  });
});

describe('what the SDK still checks of a tools/call answer', () => {
  it('a malformed result (a raw tool: content not a list) is -32602 from the server, never sent as is', async () => {
    const sent: unknown[] = [];
    const malformed = {
      tool: { name: 'malformed', inputSchema: { type: 'object' as const } },
      handler: async () => {
        const result = { content: 'not a list' };
        sent.push(result);
        return result as never;
      },
    };
    const session = await connectInMemory({ tools: [tool('echo', EMPTY)], rawTools: [malformed] });
    await expect(session.call('malformed')).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('Invalid tools/call result'),
    });
    expect(sent).toHaveLength(1);
    await session.close();
  });
});

describe('trace context', () => {
  it('an id with leading or trailing zeros is valid; only an all-zero one is refused', () => {
    const trace = '0000f92f3577b34da6a3ce929d0e0000';
    const parent = '00f067aa0ba90000';
    expect(parseTraceparent(`00-${trace}-${parent}-01`)).toEqual({ traceId: trace, parentId: parent });
    expect(parseTraceparent(`00-${'0'.repeat(32)}-${parent}-01`)).toBeUndefined();
    expect(parseTraceparent(`00-${trace}-${'0'.repeat(16)}-01`)).toBeUndefined();
  });
});

describe('the guarded stdio transport before a server attaches', () => {
  it('a line with no listener yet, or a stdin error with no error listener, crashes nothing', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const rejected: unknown[] = [];
    const transport = new GuardedStdioTransport({ stdin, stdout, onRejected: (r) => rejected.push(r) });
    await transport.start();
    stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' })}\n`);
    stdin.emit('error', new Error('stdin broke'));
    await new Promise((r) => setTimeout(r, 20));
    // A blank line is dropped silently; a line that is not JSON is refused and said so.
    stdin.write('\n   \nnot json\n');
    stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/x', params: 5 })}\n`);
    await new Promise((r) => setTimeout(r, 20));
    expect(rejected).toEqual([
      expect.objectContaining({ action: 'answer' }),
      { action: 'drop', reason: 'notification with non-object params' },
    ]);
    await transport.close();
  });

  it('after close, stdin errors no longer reach the transport', async () => {
    const stdin = new PassThrough();
    const transport = new GuardedStdioTransport({ stdin, stdout: new PassThrough() });
    const errors: Error[] = [];
    transport.onerror = (error) => errors.push(error);
    await transport.start();
    stdin.emit('error', new Error('before'));
    await transport.close();
    expect(stdin.listenerCount('error')).toBe(0);
    expect(errors.map((e) => e.message)).toEqual(['before']);
  });
});

describe('serve over HTTP without a task runner', () => {
  it('SIGTERM still closes the listener and exits 0', async () => {
    hooks = captureProcessHooks();
    const captured = capturingLogger();
    const { newServer } = createContractServer({
      profile: exampleProfile,
      tools: exampleTools,
      env: {},
      logger: captured.logger,
    });
    await serve(newServer, { logger: captured.logger, argv: ['--http', '--port', '0'], env: {} });
    const ready = captured.records().find((r) => r.msg === 'server ready') as { port: number };
    const response = await rawPost(`http://127.0.0.1:${ready.port}/mcp`, INITIALIZE);
    expect(response.status).toBe(200);
    await response.text();
    const h = hooks;
    const [listener] = h.added('SIGTERM');
    listener?.();
    await expect.poll(() => h.exits(), { timeout: 10_000 }).toEqual([0]);
    expect(captured.records().map((r) => r.msg)).toContain('http stopped');
  });
});
