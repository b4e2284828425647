// The Tasks extension on the 2026-07-28 path (in-process, the SDK's HTTP handler): negotiation, shapes, gating.
import { createMcpHandler } from '@modelcontextprotocol/server';
import { exampleProfile, exampleTools } from '@obmcp/contract/internal/example/example-tools.js';
import type { ToolDefinition } from '@obmcp/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { ScopedTaskStore } from '../src/tasks/scoped-task-store.js';
import { createContractServer } from '../src/entries/server.js';
import { silentLogger } from '../src/entries/testing.js';
import { taskFixtureTools } from '../src/example/conformance-fixtures.js';
import { fakeJobs, jobTool } from './job-tool.js';

const MODERN = '2026-07-28';
const TASKS = 'io.modelcontextprotocol/tasks';

/** A tool that throws (a handler bug: internal_error), declared task-supporting. */
const brokenTool: ToolDefinition = {
  name: 'broken_job',
  description: 'Throws (test tool).',
  taskSupport: 'optional',
  inputSchema: { type: 'object', properties: {}, examples: [{}] },
  handler: async () => {
    throw new Error('boom');
  },
};

/** The fields of the answers these tests read. */
interface Wire {
  [key: string]: unknown;
  resultType?: string;
  taskId?: string;
  status?: string;
  content?: unknown[];
  capabilities?: { extensions?: Record<string, unknown>; tasks?: unknown };
  result?: { content: unknown[]; isError?: boolean; _meta?: Record<string, unknown> };
  error?: { code: number; message: string };
}
interface ErrorData {
  requiredCapabilities?: { extensions?: Record<string, unknown> };
}

const handlers: Array<{ close: () => Promise<void> }> = [];
afterEach(async () => {
  for (const h of handlers.splice(0)) await h.close();
});

function serve(pollsToFinish = 3, extra: ToolDefinition[] = []) {
  const contract = createContractServer({
    profile: exampleProfile,
    tools: [...exampleTools, jobTool(fakeJobs(pollsToFinish)), brokenTool, ...taskFixtureTools, ...extra],
    env: { OBMCP_TASK_POLL_INTERVAL_MS: '100' },
    logger: silentLogger,
  });
  const handler = createMcpHandler(() => contract.newServer({ owner: 'alice' }));
  handlers.push({ close: async () => handler.close?.() });
  let id = 0;
  /** One modern request; `tasks`: whether its `_meta` declares the extension. */
  const rpc = async (method: string, params: Record<string, unknown> = {}, tasks = true) => {
    const meta = {
      'io.modelcontextprotocol/protocolVersion': MODERN,
      'io.modelcontextprotocol/clientInfo': { name: 'ext-test', version: '1' },
      'io.modelcontextprotocol/clientCapabilities': tasks
        ? { extensions: { [TASKS]: {} }, elicitation: {} }
        : {},
    };
    const name =
      typeof params.name === 'string'
        ? params.name
        : typeof params.taskId === 'string'
          ? params.taskId
          : undefined;
    const response = await handler.fetch(
      new Request('http://localhost/mcp', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': MODERN,
          'mcp-method': method,
          ...(name === undefined ? {} : { 'mcp-name': name }),
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params: { ...params, _meta: meta } }),
      }),
    );
    const text = await response.text();
    const json = text.startsWith('{')
      ? text
      : (text.split('\n').find((l) => l.startsWith('data: ')) ?? '').slice(6);
    return JSON.parse(json) as { result?: Wire; error?: { code: number; message: string; data?: ErrorData } };
  };
  /** One 2025-11-25 request (stateless legacy path: no `_meta` envelope). */
  const legacy = async (method: string, params: Record<string, unknown> = {}) => {
    const response = await handler.fetch(
      new Request('http://localhost/mcp', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-11-25',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
      }),
    );
    const text = await response.text();
    const json = text.startsWith('{')
      ? text
      : (text.split('\n').find((l) => l.startsWith('data: ')) ?? '').slice(6);
    return JSON.parse(json) as { result?: Wire; error?: { code: number; message: string } };
  };
  const untilEnded = async (taskId: string) => {
    for (let i = 0; i < 100; i++) {
      const got = await rpc('tasks/get', { taskId });
      if (['completed', 'failed', 'cancelled'].includes(got.result?.status ?? '')) return got.result ?? {};
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`task ${taskId} did not end`);
  };
  return { rpc, legacy, untilEnded };
}

describe('server/discover', () => {
  it('advertises the extension under capabilities.extensions, not the 2025-11-25 capabilities.tasks', async () => {
    const { rpc } = serve();
    const { result } = await rpc('server/discover', {}, false);
    expect(result?.capabilities?.extensions?.[TASKS]).toEqual({});
    expect(result?.capabilities?.tasks).toBeUndefined();
  });
});

describe('a request that declares the extension', () => {
  it('gets a flat CreateTaskResult for a task-supporting tool, then the result inlined on tasks/get', async () => {
    const { rpc, untilEnded } = serve();
    const created: Wire = (await rpc('tools/call', { name: 'run_job', arguments: {} })).result ?? {};
    expect(created).toMatchObject({ resultType: 'task', status: 'working' });
    expect(typeof created.taskId).toBe('string');
    expect(Number.isInteger(created.ttlMs)).toBe(true);
    expect(Number.isInteger(created.pollIntervalMs)).toBe(true);
    // A CreateTaskResult, not a CallToolResult: no `content` for a client to take as the call's answer.
    for (const key of ['task', 'ttl', 'pollInterval', 'result', 'requestState', 'content'])
      expect(created).not.toHaveProperty(key);
    const immediate = await rpc('tasks/get', { taskId: String(created.taskId) });
    expect(immediate.result).toMatchObject({ resultType: 'complete', taskId: created.taskId });
    const ended = await untilEnded(String(created.taskId));
    expect(ended.status).toBe('completed');
    expect(ended.result?.content.length).toBeGreaterThan(0);
    expect(ended.result?._meta?.['io.modelcontextprotocol/related-task']).toBeUndefined();
  });

  it('a tool error is completed with result.isError; a handler failure is failed with a JSON-RPC error', async () => {
    const { rpc, untilEnded } = serve();
    const failing = (await rpc('tools/call', { name: 'run_job', arguments: { fail: true } })).result ?? {};
    const toolError = await untilEnded(String(failing.taskId));
    expect(toolError.status).toBe('completed');
    expect(toolError.result?.isError).toBe(true);
    const broken = (await rpc('tools/call', { name: 'broken_job', arguments: {} })).result ?? {};
    const failed = await untilEnded(String(broken.taskId));
    expect(failed.status).toBe('failed');
    expect(failed).not.toHaveProperty('result');
    expect(failed.error).toMatchObject({ code: -32603 });
    expect(typeof failed.error?.message).toBe('string');
  });

  it('tasks/cancel answers an empty ack, on a running task and again on the ended one', async () => {
    const { rpc } = serve(Number.POSITIVE_INFINITY);
    const created: Wire = (await rpc('tools/call', { name: 'run_job', arguments: {} })).result ?? {};
    const ack = await rpc('tasks/cancel', { taskId: String(created.taskId) });
    expect(ack.result).toEqual({ resultType: 'complete', ...pick(ack.result, ['_meta']) });
    expect((await rpc('tasks/get', { taskId: String(created.taskId) })).result?.status).toBe('cancelled');
    const again = await rpc('tasks/cancel', { taskId: String(created.taskId) });
    expect(again.result?.resultType).toBe('complete');
    expect(again.result).not.toHaveProperty('status');
    expect((await rpc('tasks/cancel', { taskId: 'nope' })).error?.code).toBe(-32602);
    expect(
      (await rpc('tasks/update', { taskId: String(created.taskId), inputResponses: {} })).result?.resultType,
    ).toBe('complete');
  });

  it('a sync tool stays sync even with a legacy `task` hint; tasks/result and tasks/list are -32601', async () => {
    const { rpc } = serve();
    const sync = await rpc('tools/call', {
      name: 'get_envelope_contract',
      arguments: {},
      task: { ttl: 60_000 },
    });
    expect(sync.result?.resultType).toBe('complete');
    expect(sync.result).not.toHaveProperty('taskId');
    expect((await rpc('tasks/result', { taskId: 'x' })).error?.code).toBe(-32601);
    expect((await rpc('tasks/list', {})).error?.code).toBe(-32601);
    expect((await rpc('tasks/get', { taskId: 'unknown' })).error?.code).toBe(-32602);
  });
});

describe('a request that does not declare the extension', () => {
  it('runs a task-supporting tool inline and is refused the task methods with -32021', async () => {
    const { rpc } = serve(1);
    const inline = await rpc('tools/call', { name: 'run_job', arguments: {} }, false);
    expect(inline.result?.resultType).toBe('complete');
    expect(inline.result).not.toHaveProperty('taskId');
    expect(Array.isArray(inline.result?.content)).toBe(true);
    for (const [method, params] of [
      ['tasks/get', { taskId: 'gate' }],
      ['tasks/update', { taskId: 'gate', inputResponses: {} }],
      ['tasks/cancel', { taskId: 'gate' }],
    ] as const) {
      const { error } = await rpc(method, params, false);
      expect(error?.code, method).toBe(-32021);
      expect(error?.data?.requiredCapabilities?.extensions?.[TASKS]).toEqual({});
      // The refusal names the method the client called.
      expect(error?.message, method).toMatch(new RegExp(`^${method} needs the ${TASKS} extension`));
    }
  });

  it('tasks/result and tasks/list are not methods of 2026-07-28: -32601, even with the extension declared', async () => {
    const { rpc } = serve(1);
    for (const method of ['tasks/result', 'tasks/list']) {
      const { error } = await rpc(method, method === 'tasks/result' ? { taskId: 'any' } : {});
      expect(error, method).toEqual(expect.objectContaining({ code: -32601, message: 'Method not found' }));
    }
  });
});

describe('a cancel racing the end', () => {
  it('is the same empty ack when the task ended meanwhile (the first end wins), and the task keeps its end', async () => {
    const { rpc } = serve(Number.POSITIVE_INFINITY);
    const created = await rpc('tools/call', { name: 'run_job', arguments: {} });
    const taskId = String(created.result?.taskId);
    const original = ScopedTaskStore.prototype.updateTaskStatus;
    const spy = vi.spyOn(ScopedTaskStore.prototype, 'updateTaskStatus').mockImplementation(async function (
      this: ScopedTaskStore,
      id,
      status,
      message,
    ) {
      if (status !== 'cancelled') return original.call(this, id, status, message);
      // The run stores its end between the cancel's look and its write.
      await this.storeTaskResult(id, 'completed', { content: [] });
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Task ${id} already ended`);
    });
    try {
      const ack = await rpc('tasks/cancel', { taskId });
      expect(ack.error).toBeUndefined();
      expect(ack.result?.resultType).toBe('complete');
      expect((await rpc('tasks/get', { taskId })).result?.status).toBe('completed');
    } finally {
      spy.mockRestore();
    }
  });
});

describe('a task that asks for input (input_required, tasks/update)', () => {
  it('shows its requests on tasks/get, keeps the unanswered ones after a partial update, then completes', async () => {
    const { rpc, untilEnded } = serve();
    const created = (await rpc('tools/call', { name: 'multi_input', arguments: {} })).result ?? {};
    const taskId = String(created.taskId);
    let got: Wire = {};
    for (let i = 0; i < 100 && got.status !== 'input_required'; i++) {
      got = (await rpc('tasks/get', { taskId })).result ?? {};
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(Object.keys((got.inputRequests as object) ?? {}).sort()).toEqual(['first', 'second']);
    const accept = { action: 'accept', content: { name: 'n', confirm: true } };
    const ack = await rpc('tasks/update', { taskId, inputResponses: { first: accept, stray: accept } });
    expect(ack.result).toMatchObject({ resultType: 'complete' });
    expect(ack.result).not.toHaveProperty('status');
    const partial = (await rpc('tasks/get', { taskId })).result ?? {};
    expect(partial.status).toBe('input_required');
    expect(Object.keys((partial.inputRequests as object) ?? {})).toEqual(['second']);
    await rpc('tasks/update', { taskId, inputResponses: { second: accept } });
    const ended = await untilEnded(taskId);
    expect(ended.status).toBe('completed');
    expect(JSON.stringify(ended.result?.content)).toContain('first');
  });

  it('a cancel while it waits ends it cancelled; inline (no task) it does not ask', async () => {
    const { rpc, untilEnded } = serve();
    const created =
      (await rpc('tools/call', { name: 'confirm_delete', arguments: { filename: 'x' } })).result ?? {};
    const taskId = String(created.taskId);
    for (let i = 0; i < 100; i++) {
      if ((await rpc('tasks/get', { taskId })).result?.status === 'input_required') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await rpc('tasks/cancel', { taskId });
    expect((await untilEnded(taskId)).status).toBe('cancelled');
    const inline = await rpc('tools/call', { name: 'confirm_delete', arguments: { filename: 'x' } }, false);
    expect(JSON.stringify(inline.result?.content)).toContain('\\"asked\\":false');
  });
});

describe('a tool that gathers input before its task (gatherInput)', () => {
  it('answers input_required (no task) until it has the answer, then a CreateTaskResult whose run sees it', async () => {
    const { rpc, untilEnded } = serve();
    const first = (await rpc('tools/call', { name: 'test_tool_with_task', arguments: {} })).result ?? {};
    expect(first.resultType).toBe('input_required');
    expect(first).not.toHaveProperty('taskId');
    const inputResponses = { user_name: { action: 'accept', content: { name: 'Alice' } } };
    const created =
      (await rpc('tools/call', { name: 'test_tool_with_task', arguments: {}, inputResponses })).result ?? {};
    expect(created.resultType).toBe('task');
    expect(created).not.toHaveProperty('requestState');
    const ended = await untilEnded(String(created.taskId));
    expect(JSON.stringify(ended.result?.content)).toContain('Hello, Alice!');
  });
});

describe('what a task tool is handed on 2026-07-28', () => {
  it('no gathered answers when none were asked; its own arguments decide what it asks', async () => {
    const seen: unknown[] = [];
    const plain: ToolDefinition = {
      name: 'plain_task',
      description: 'Records what it was handed (test tool).',
      taskSupport: 'optional',
      inputSchema: { type: 'object', properties: {}, examples: [{}] },
      handler: async (_args, call) => {
        seen.push({ gathered: call.gathered });
        return { ok: true };
      },
    };
    const asking: ToolDefinition = {
      name: 'asking_task',
      description: 'Asks for a confirmation unless its arguments carry one (test tool).',
      taskSupport: 'optional',
      inputSchema: { type: 'object', properties: { confirmed: { type: 'boolean' } }, examples: [{}] },
      gatherInput: (args, answers) =>
        args.confirmed === true || answers.confirm !== undefined
          ? undefined
          : {
              confirm: {
                method: 'elicitation/create',
                params: { message: 'Sure?', requestedSchema: { type: 'object', properties: {} } },
              },
            },
      handler: async (_args, call) => {
        seen.push({ asked: call.gathered });
        return { ok: true };
      },
    };
    const { rpc, untilEnded } = serve(3, [plain, asking]);
    const created = (await rpc('tools/call', { name: 'plain_task', arguments: {} })).result ?? {};
    expect(created.resultType).toBe('task');
    await untilEnded(String(created.taskId));
    const confirmed =
      (await rpc('tools/call', { name: 'asking_task', arguments: { confirmed: true } })).result ?? {};
    expect(confirmed.resultType).toBe('task');
    await untilEnded(String(confirmed.taskId));
    const unconfirmed = (await rpc('tools/call', { name: 'asking_task', arguments: {} })).result ?? {};
    expect(unconfirmed.resultType).toBe('input_required');
    expect(seen).toEqual([{ gathered: undefined }, { asked: undefined }]);
  });
});

describe('a tool whose task support is required (the conformance fixture failing_job)', () => {
  it('2026-07-28: a task with the extension, -32021 naming it without; 2025-11-25: -32601 without params.task', async () => {
    const { rpc, legacy, untilEnded } = serve();
    const created = (await rpc('tools/call', { name: 'failing_job', arguments: {} })).result ?? {};
    expect(created.resultType).toBe('task');
    const ended = await untilEnded(String(created.taskId));
    expect(ended).toMatchObject({ status: 'completed', result: { isError: true } });
    const refused = await rpc('tools/call', { name: 'failing_job', arguments: {} }, false);
    expect(refused.error?.code).toBe(-32021);
    expect(refused.error?.data?.requiredCapabilities?.extensions?.[TASKS]).toEqual({});
    expect(refused.error?.message).toMatch(
      new RegExp(`^tools/call failing_job needs the ${TASKS} extension`),
    );
    const old = await legacy('tools/call', { name: 'failing_job', arguments: {} });
    expect(old.error?.code).toBe(-32601);
  });
});

describe('the other conformance fixtures', () => {
  it('greet answers its text; slow_compute runs as a task and settles cancelled on a cancel; protocol_error_job fails', async () => {
    const { rpc, untilEnded } = serve();
    const hello = await rpc('tools/call', { name: 'greet', arguments: { name: 'sep-2243' } });
    expect(hello.result?.content).toEqual([{ type: 'text', text: 'Hello, sep-2243!' }]);
    const quick = (await rpc('tools/call', { name: 'slow_compute', arguments: { seconds: 0 } })).result ?? {};
    expect((await untilEnded(String(quick.taskId))).status).toBe('completed');
    const slow = (await rpc('tools/call', { name: 'slow_compute', arguments: { seconds: 60 } })).result ?? {};
    expect((await rpc('tasks/cancel', { taskId: String(slow.taskId) })).result?.resultType).toBe('complete');
    expect((await untilEnded(String(slow.taskId))).status).toBe('cancelled');
    const broken = (await rpc('tools/call', { name: 'protocol_error_job', arguments: {} })).result ?? {};
    const failed = await untilEnded(String(broken.taskId));
    expect(failed.status).toBe('failed');
    expect(failed.error?.code).toBe(-32603);
  });
});

function pick(value: Record<string, unknown> | undefined, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => value && k in value).map((k) => [k, value?.[k]]));
}
